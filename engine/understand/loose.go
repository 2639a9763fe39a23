package understand

import (
	"slices"
	"strings"
	"unicode"

	"github.com/errand-app/errand/engine/page"
)

// Loosely named fields. People name a field by its head noun and say more around it than
// the page does: "pop the currency over to GBP" (the Currency dropdown), "passport expires
// March 9th, 2031" (one of the Passport fields), "rename the doc to …" (the Document title
// field), "the 4th quantity box" (a Qty field). A word the page does not use anywhere
// cannot tell its elements apart, so when it follows the words the page does use (the
// head noun), it may be left out; a word the page uses must still match, and a word before
// the head (a modifier: "the billing address" where the page has only a shipping address)
// is never left out, since it may name what the page does not show. A word that shortens
// one word of a field's name ("doc", "qty" for "quantity" where the page says "Qty") is read
// as that word. Each such reading is announced, and the value must still fit the field.

// looseTarget rewrites a target phrase the page does not explain whole: trailing words the
// page never uses are dropped and shortened words read as the name's word. ok is false when
// nothing changed, when a modifier before the head is foreign, or when no page word is left.
func (r *reader) looseTarget(target []token, modifiers bool) ([]token, bool) {
	head := -1
	for k, t := range target {
		if t.kind == tokWord && r.pageWord(t.key) {
			head = k
		}
	}
	var out []token
	changed := false
	for k, t := range target {
		if numberShorts[t.key] && k > 0 && r.numbered(target[k-1].key) {
			t.key, t.raw = "number", "number" // "membership no" for "Membership number"
			out = append(out, t)
			changed, head = true, max(head, k)
			continue
		}
		if t.kind != tokWord || r.known(t.key) || r.pageWord(t.key) {
			out = append(out, t)
			continue
		}
		if lexiconWords[t.key] {
			if particles[t.key] && k > head && head >= 0 {
				changed = true // "pop the currency over to GBP"
				continue
			}
			return nil, false // a verb or frame word inside a target: the split is wrong
		}
		if full := r.foreignWord(t, false).short; full != "" {
			t.key, t.raw = full, full
			out = append(out, t)
			changed, head = true, max(head, k)
			continue
		}
		if k < head && !modifiers || head < 0 || r.foreignWord(t, true).slip {
			return nil, false // a modifier, or a slip the typo reader owns
		}
		if k > 0 && t.raw != strings.ToLower(t.raw) {
			return nil, false // "name Daniel Reid": a name is a value, never a word to leave out
		}
		if r.namesOtherField(t, -1) {
			return nil, false // "card expires": a form of Expiry's word names that field
		}
		changed = true // said after the head: "the currency over", "passport expires"
	}
	return out, changed && head >= 0
}

// numberShorts are the ways "number" is written short, after the word it numbers.
var numberShorts = set("no", "nr", "nbr")

// numbered reports a field whose name has the word k and "number".
func (r *reader) numbered(k string) bool {
	return slices.ContainsFunc(r.ix.byKey[k], func(i int) bool {
		return isField(r.ix.nodes[i]) && slices.Contains(r.ix.names[i], "number")
	})
}

// pageWord reports a key some element's name, option or context uses.
// A word of a control the page holds hidden (behind.go) counts: it names that control.
func (r *reader) pageWord(k string) bool {
	return len(r.ix.byKey[k]) > 0 || len(r.ix.ctxIndex()[k]) > 0 || r.hiddenWord(k)
}

// known reports a word of the phrase's own grammar: a determiner, an ordinal, a role word.
func (r *reader) known(k string) bool {
	return ignorable[k] || definite[k] || indefinite[k] || ordinals[k] != 0 || isRoleWord(k) || typeWords[k] != nil
}

// shortFor finds the one word of a field's name that k shortens: "doc" for "document"
// (its start), "qty" for "quantity" when the page writes "Qty" (k holds the page word's
// letters in order, from the same first to the same last letter).
func (r *reader) shortFor(k string) (string, bool) {
	if len(k) < 3 || !hasLetter(k) {
		return "", false
	}
	found := ""
	for w, nodes := range r.ix.byKey {
		if w == found || !shortens(k, w) && !shortens(w, k) || !r.anyField(nodes, w) {
			continue
		}
		if found != "" {
			return "", false
		}
		found = w
	}
	return found, found != ""
}

// anyField reports a field among nodes whose own name uses the key w (not only an option).
func (r *reader) anyField(nodes []int, w string) bool {
	for _, i := range nodes {
		if n := r.ix.nodes[i]; isField(n) && !n.Occ && slices.Contains(r.ix.names[i], w) {
			return true
		}
	}
	return false
}

// shortens reports a short word that abbreviates a long one: its start ("doc",
// "document"), or its letters in order from the first to the last ("qty", "quantity").
func shortens(short, long string) bool {
	if len(short) < 3 || len(long) < len(short)+2 || short[0] != long[0] {
		return false
	}
	if strings.HasPrefix(long, short) {
		return true
	}
	// Letters in order abbreviate only when the short word is mostly consonants ("qty",
	// "amt", "pwd"): "name" is a word of its own, not short for "nickname".
	if short[len(short)-1] != long[len(long)-1] || strings.ContainsFunc(short[1:], func(c rune) bool { return strings.ContainsRune("aeiou", c) }) && len(short) > 3 {
		return false
	}
	j := 0
	for i := 0; i < len(long) && j < len(short); i++ {
		if long[i] == short[j] {
			j++
		}
	}
	return j == len(short)
}

// looseRef resolves a target the page does not explain whole by its loose reading, when
// that names a field with every word explained. A foreign word before the head ("the site
// language") is left out only when the value is one the field is made for (an option of
// it: "Русский"), which says which field is meant better than the word could.
func (r *reader) looseRef(target []token, v verb, ref ref, value string) ([]token, ref, bool) {
	if b, ok := ref.best(); ok && len(ref.unexplained) == 0 && b.score >= 0.8 {
		return nil, ref, false
	}
	if lt, alt, ok := r.looseWith(target, v, false); ok {
		return lt, alt, true
	}
	if value == "" {
		return nil, ref, false
	}
	if lt, alt, ok := r.looseWith(target, v, true); ok && !alt.ambiguous && r.fitFor(v, alt.cands[0].node, value) == fitMade {
		return lt, alt, true
	}
	if alt, ok := r.reordered(target); ok {
		return target, alt, true
	}
	if alt, ok := r.oneWordField(target, v, value); ok {
		return target, alt, true
	}
	return nil, ref, false
}

func (r *reader) looseWith(target []token, v verb, modifiers bool) ([]token, ref, bool) {
	lt, ok := r.looseTarget(target, modifiers)
	if !ok {
		return nil, ref{}, false
	}
	alt := r.ix.resolve(lt, v)
	b, ok := alt.best()
	if !ok || len(alt.unexplained) > 0 || alt.indefinite || !isField(r.ix.nodes[b.node]) {
		return nil, ref{}, false
	}
	return lt, alt, true
}

// reordered finds the one field whose name holds every word of the target in another
// order: "the kitchen notes" for "Notes for the kitchen".
func (r *reader) reordered(target []token) (ref, bool) {
	keys, hit := r.fieldWithAll(target)
	if len(keys) < 2 || hit < 0 {
		return ref{}, false
	}
	return ref{cands: []cand{{node: hit, score: 0.9, option: -1}}}, true
}

// oneWordField finds the one field whose name holds the target's one word when the value
// is made for that field: "set the tip to £5.00" for the number field "Tip amount in
// pounds", beside the buttons "Add tip" and "Increase tip".
func (r *reader) oneWordField(target []token, v verb, value string) (ref, bool) {
	keys, hit := r.fieldWithAll(target)
	if len(keys) != 1 || hit < 0 || value == "" || r.fitFor(v, hit, value) != fitMade {
		return ref{}, false
	}
	return ref{cands: []cand{{node: hit, score: 0.85, option: -1}}}, true
}

// kindEnds are the words a field's name holds to say what kind of value it takes, beside
// the head that says whose, by the kind valueKind reads in a value: "Landlord name",
// "Landlord email", "Account number". Said with a value of that kind, the head alone names
// the field among those it names (settle.go): "the landlord is Colin Hart".
var kindEnds = map[string][]string{
	"name":  {"name"},
	"email": {"email", "mail"},
	"date":  {"date", "day"},
	"tel":   {"phone", "mobile", "telephone", "tel", "number", "no"},
	"other": {"number", "no", "reference", "ref", "code"},
}

// ofKind reports a field whose name has a kind noun of the value's kind.
func (r *reader) ofKind(i int, value string) bool {
	ends := kindEnds[r.kindOf(value)]
	return slices.ContainsFunc(r.ix.names[i], func(k string) bool { return slices.Contains(ends, k) })
}

// kindOf is valueKind's kind of a value, or "name" for a person's name: one to four
// capitalised words, none of them the page's.
func (r *reader) kindOf(value string) string {
	toks := tokenize(value)
	if k := valueKind(toks); k == "other" && len(toks) > 1 {
		return "" // "runs out 4 May 2030": words and a number, no one code
	} else if k != "" {
		return k
	}
	if len(toks) == 0 || len(toks) > 4 {
		return ""
	}
	for _, t := range toks {
		if t.kind != tokWord || !unicode.IsUpper([]rune(t.raw)[0]) || !hasLetter(t.key) || r.pageWord(t.key) {
			return ""
		}
	}
	return "name"
}

// fieldWithAll reads a target's own words (every one the page uses) and finds the one
// shown field whose name holds them all, in any order; hit is -1 when none or several do.
func (r *reader) fieldWithAll(target []token) (keys []string, hit int) {
	keys, fields := r.fieldsWithAll(target)
	if len(fields) != 1 {
		return keys, -1
	}
	return keys, fields[0]
}

// fieldsWithAll reads a target's own words and finds every shown field whose name holds
// them all: the words of its grammar (determiners, ordinals, role words) left out, two
// words the page writes as one joined ("pick up" for "Pick-up"). A word the page does not
// use finds none.
func (r *reader) fieldsWithAll(target []token) (keys []string, fields []int) {
	for k := 0; k < len(target); k++ {
		t := target[k]
		switch {
		case t.kind != tokWord:
			return nil, nil
		case r.known(t.key):
		case k+1 < len(target) && r.pageWord(t.key+target[k+1].key):
			keys = append(keys, t.key+target[k+1].key)
			k++
		case !r.pageWord(t.key):
			return nil, nil
		default:
			keys = append(keys, t.key)
		}
	}
	if len(keys) == 0 {
		return nil, nil
	}
	for _, i := range r.ix.nodesWith(keys) {
		if n := r.ix.nodes[i]; isField(n) && !n.Occ && r.ix.inScope(i) && containsAll(r.ix.names[i], keys) {
			fields = append(fields, i)
		}
	}
	return keys, fields
}

// resolveLoose is the target's reference, read loosely when the page does not explain it
// whole.
func (r *reader) resolveLoose(target []token, v verb, value string) ref {
	ref := r.ix.resolve(target, v)
	if _, alt, ok := r.looseRef(target, v, ref, value); ok {
		return alt
	}
	return ref
}

// looseNoted announces the loose reading of a target on the field a clause types into,
// and rates it a little under a reading of every word (but over the question among the
// fields its head alone would ask, which it answers).
func looseNoted(cl clause, said []token, obs page.Observation) clause {
	cl.quality *= 0.95
	if len(cl.cmds) == 0 || !cl.cmds[0].Bound {
		return cl
	}
	if n, ok := obs.Node(cl.cmds[0].Action.ID); ok {
		cl = cl.readAs(joinRaw(said), page.Describe(n))
	}
	return cl
}

// slipFor reports a word the typo reader reads as one of the page's words: it is not
// foreign to the page, only misspelt.
func (r *reader) slipFor(t token) bool {
	_, ok := r.closest(t.key, false)
	return ok && plainWord(t.raw)
}

// fieldFor is the element a verbless clause's target names for its value: the best
// candidate of the target read loosely, or the one of a tie the value settles.
func (r *reader) fieldFor(target, value []token) (cand, bool) {
	val, _ := r.valueText(value)
	target = r.whose(target)
	ref := r.resolveLoose(target, vType, val)
	if len(ref.unexplained) > 0 {
		// "About you name Daniel Reid, email …": a field's name with words it does not
		// explain is no field, or those words would be lost.
		return cand{}, false
	}
	if ref.ambiguous {
		if c, ok := r.settleRef(vType, "", ref, val); ok {
			return c, true
		}
	}
	return ref.best()
}

// looseOption reads an option said with a trailing noun the page never uses ("Business
// class please" for the Business option of Cabin): the words before it name the option
// alone, and the noun after the head cannot tell options apart. Announced.
func (r *reader) looseOption(body []token, changed bool) clause {
	n := len(body)
	for n > 1 && r.foreignAfterHead(body[n-1]) {
		n--
	}
	if n == len(body) || n == 0 || !r.pageWord(body[n-1].key) {
		return clause{}
	}
	cl := r.optionGoal(body[:n], changed)
	if len(cl.cmds) != 1 {
		return clause{}
	}
	cl.quality *= 0.95
	return cl.readAs(joinRaw(body), cl.cmds[0].Action.Description)
}

// foreignAfterHead reports a word the page does not use and that is not a slip for one
// of its words nor a word of the phrase's grammar.
func (r *reader) foreignAfterHead(t token) bool {
	return t.kind == tokWord && !r.known(t.key) && !r.pageWord(t.key) &&
		!lexiconWords[t.key] && !r.foreignWord(t, true).slip
}

// foreignWord is what a word the page does not use may be: a shortening of one word of a
// field's name, or a slip (or not a plain word) that is never left out.
type foreignWord struct {
	short           string
	slip            bool
	shortOK, slipOK bool // which of the two has been looked up
}

// foreignWord looks a word up once per goal, and only as far as asked (slip too when
// withSlip): the look-ups scan the page's vocabulary.
func (r *reader) foreignWord(t token, withSlip bool) foreignWord {
	if r.foreign == nil {
		r.foreign = make(map[string]foreignWord)
	}
	w := r.foreign[t.raw]
	if !w.shortOK {
		w.short, _ = r.shortFor(t.key)
		w.shortOK = true
	}
	if withSlip && !w.slipOK {
		w.slip = !plainWord(t.raw) || r.slipFor(t)
		w.slipOK = true
	}
	r.foreign[t.raw] = w
	return w
}
