package understand

import (
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// A form of one field and its button is used by saying the button's verb with the value:
// "Apply the promo code SPRING25", "track parcel JD014600003", "redeem gift card 1234 5678",
// "subscribe with jo@example.com". The verb is the button's name, and the rest names the
// field beside it (or nothing, when the button has one field) and what to type into it.
// The value is typed, then the button pressed (docs/understanding.md, item 11).

// fieldsAhead is how many controls before a button may be its fields.
const fieldsAhead = 3

// fieldAndButton reads body as a button's verb, its field and a value.
func (r *reader) fieldAndButton(body []token, changed bool) clause {
	if len(body) < 2 || body[0].kind != tokWord || indefinite[body[0].key] {
		return clause{}
	}
	var best clause
	ties := 0
	said := keysOfToks(body[1:])
	// Only the elements whose name holds the verb's word can be its button: the page's
	// index finds them without a pass over every element (this frame runs for every clause).
	buttons := slices.Clip(r.ix.byKey[body[0].key]) // appended to below: never into the index
	if useVerbs[body[0].key] {
		// "use promo code SLICE20", "redeem voucher X": the verb says the value is to take
		// effect, which the field's own Apply or Redeem button does.
		for _, k := range commitNames {
			for _, b := range r.ix.byKey[k] {
				if !slices.Contains(buttons, b) {
					buttons = append(buttons, b)
				}
			}
		}
	}
	for _, b := range buttons {
		n := r.ix.nodes[b]
		if n.Occ || n.Role != page.RoleButton && n.Role != page.RoleLink || len(r.ix.names[b]) == 0 {
			continue
		}
		if v := r.ix.names[b][0]; !r.namedByVerb(b, body[0].key, said) && !(useVerbs[body[0].key] && slices.Contains(commitNames, v) && r.namedByVerb(b, v, said)) {
			continue
		}
		fields, named := r.fieldsBefore(b)
		if len(named) == 1 && !continuesName(body[:1], body[1:], r.ix.nodes[named[0]].Name) {
			// "add oat milk" beside an "Add an item…" field and its Add button: the verb
			// names both, and the words do not go on with the field's name as "schedule
			// for 14 March" does with "Schedule for", so that field is the one sent.
			fields = named
		}
		if len(fields) == 0 {
			continue
		}
		cl, ok := r.fillThenPress(body, b, fields, changed)
		switch {
		case !ok:
		case cl.quality > best.quality+1e-9:
			best, ties = cl, 0
		case cl.quality > best.quality-1e-9:
			ties++
		}
	}
	if ties > 0 {
		return clause{} // two such forms fit alike: the other frames ask
	}
	return best
}

// namedByVerb reports a button whose name starts with the verb ("Apply", "Track parcel",
// "Apply code") and whose other words are said too.
func (r *reader) namedByVerb(b int, verb string, said []string) bool {
	keys := r.ix.names[b]
	if len(keys) == 0 || len(keys) > 3 || formWide[keys[0]] || keys[0] != verb {
		return false
	}
	for _, k := range keys[1:] {
		if !slices.ContainsFunc(said, func(s string) bool { return stem(s) == stem(k) }) {
			return false
		}
	}
	return true
}

// fieldsBefore lists the text fields among the few controls just before a button, in its
// own section: the fields it sends; named are those the button's verb names too.
func (r *reader) fieldsBefore(b int) (out, named []int) {
	for i := b - 1; i >= 0 && i >= b-fieldsAhead; i-- {
		n := r.ix.nodes[i]
		if n.Ctx != r.ix.nodes[b].Ctx || n.Group != r.ix.nodes[b].Group {
			break
		}
		// A field named by the verb too ("Schedule for" before "Schedule") is what the
		// words name: "schedule for 14 March" fills it and presses nothing.
		if !isField(n) || n.Role == page.RoleSelect {
			continue
		}
		if len(r.ix.names[i]) > 0 && r.ix.names[i][0] == r.ix.names[b][0] {
			named = append(named, i)
		} else {
			out = append(out, i)
		}
	}
	return out, named
}

// fillThenPress reads what follows the verb as field and value (or as the value alone when
// the button has one field), then presses the button.
func (r *reader) fillThenPress(body []token, b int, fields []int, changed bool) (clause, bool) {
	rest := body[1:]
	for len(rest) > 1 && rest[0].kind == tokWord && (rest[0].key == "with" || rest[0].key == "for" || rest[0].key == "using") {
		rest = rest[1:]
	}
	if k := rest[0].key; rest[0].kind == tokWord && (indefinite[k] || possessive[k]) && !codeLike(r.dropNameWords(rest[1:], fields[0], b)) {
		return clause{}, false // "apply my student discount" says no code; "track my parcel JD0146" does
	}
	if swallows(r, rest) || slices.ContainsFunc(rest, func(t token) bool { return t.kind == tokWord && connectives[t.key] }) {
		return clause{}, false // "submit the survey and send me a code" is two errands
	}
	rest = r.withoutButtonPlace(rest, b)
	fill := r.fieldValue(rest, changed, true)
	if !(len(fill.cmds) == 1 && fill.cmds[0].Bound && len(fill.questions) == 0 && len(fill.unexplained) == 0 &&
		slices.ContainsFunc(fields, func(i int) bool { return r.ix.nodes[i].ID == fill.cmds[0].Action.ID }) &&
		!namesField(fill.cmds[0].Value, r.ix.nodes[fields[0]].Name)) {
		// The value alone must not be something the page shows: "Delete Buy milk" names a
		// row to delete, not a text to type before pressing Delete.
		if len(fields) != 1 {
			return clause{}, false
		}
		rest = r.dropNameWords(rest, fields[0], b)
		if len(rest) == 0 || isVague(rest) || !cleanValue(rest) || r.ix.onPage(rest) && !r.suggests(fields[0], rest) {
			return clause{}, false
		}
		val, quoted := r.valueText(rest)
		fill = r.bindClause(vType, "", fields[0], 0.95, val, quoted, joinRaw(rest))
		// A field that suggests as one types ("Add something" with "Porridge oats 1kg")
		// is typed into, its suggestion picked, then the button pressed.
		picked := len(fill.cmds) == 2 && fill.cmds[1].Verb == verbSuggest
		if len(fill.cmds) != 1 && !picked || len(fill.questions) > 0 {
			return clause{}, false
		}
	}
	press := r.bindClause(vClick, body[0].raw, b, 1, "", false, body[0].raw)
	out := fill
	out.cmds = append(slices.Clone(fill.cmds), press.cmds...)
	out.grounded = append(slices.Clone(fill.grounded), press.grounded...)
	out.changes = true
	out.quality = min(fill.quality, 0.95)
	return out, true
}

// dropNameWords drops the words before a value that name the field or the button in part
// ("code" of "Promo code", "parcel" of "Track parcel"): "apply code WELCOME10".
func (r *reader) dropNameWords(rest []token, field, button int) []token {
	for len(rest) > 1 && rest[0].kind == tokWord && (rest[0].key == "the" || possessive[rest[0].key] ||
		slices.Contains(r.ix.names[field], rest[0].key) || slices.Contains(r.ix.names[button], rest[0].key)) {
		rest = rest[1:]
	}
	return rest
}

// codeLike reports one token that can only be a value: quoted, or holding a digit or an @.
func codeLike(toks []token) bool {
	if len(toks) != 1 {
		return false
	}
	return toks[0].kind == tokQuoted || strings.ContainsAny(toks[0].raw, "0123456789@")
}

// useVerbs put a code or card to use; commitNames are the buttons that do so.
var (
	useVerbs    = set("use", "redeem", "apply")
	commitNames = []string{"apply", "redeem", "use", "add", "go"}
)

// formWide are the buttons that send a whole form, not the one field before them: "submit
// the survey" never types into the field that happens to precede Submit.
var formWide = set("submit", "send", "save", "continue", "next", "ok", "done", "confirm", "finish", "update")

// namesField reports a value made of the field's own words ("code" for "Promo code").
func namesField(value, field string) bool {
	name := matchKeys(field)
	for _, k := range matchKeys(value) {
		if !slices.Contains(name, k) {
			return false
		}
	}
	return true
}

// suggests reports words all held by one of the suggestions a field offers as one types:
// what is on the page as that field's own suggestion is what to type, not a row to act on.
func (r *reader) suggests(field int, words []token) bool {
	if !r.ix.nodes[field].Has("autocomplete") {
		return false
	}
	keys := matchKeys(joinRaw(words))
	return len(keys) > 0 && slices.ContainsFunc(r.ix.opts[field], func(o []string) bool { return containsAll(o, keys) })
}

// withoutButtonPlace drops the place said after the value when it is where the button is:
// "add porridge oats to the basket" beside the Add of "Your basket".
func (r *reader) withoutButtonPlace(rest []token, b int) []token {
	ctx := r.ix.ctx(b)
	for j := len(rest) - 2; j > 0; j-- {
		if t := rest[j]; t.kind != tokWord || !intoWords[t.key] {
			continue
		}
		keys := dropArticles(keysOfToks(rest[j+1:]))
		keys = slices.DeleteFunc(keys, func(k string) bool { return possessive[k] })
		if len(keys) > 0 && containsAll(ctx, keys) {
			return rest[:j]
		}
		break
	}
	return rest
}
