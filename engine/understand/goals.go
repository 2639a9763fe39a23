package understand

import (
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Clauses with no verb that still say what to do, because the page says it: an option's
// exact text ("Dermatology"), a value whose shape fits one field ("14/06/2027 at 10:40"),
// "5 for ease of ordering", "2 rooms", and "delete Renew passport" where the item's row
// has a remove control.

// optionGoal reads a clause that is word for word one option of the page: a select's
// option, a radio, a listbox option or a tab.
//
// After another step it may come with a preposition ("…, at the Harrogate centre"), as
// the tail of that step (tails.go).
func (r *reader) optionGoal(body []token, changed bool) clause {
	lead := ""
	if len(body) > 1 && body[0].kind == tokWord && tailPreps[body[0].key] {
		lead, body = body[0].raw, body[1:]
	}
	cl := r.optionAnywhere(lead, body, changed)
	// A suggestion is typed and then picked: two commands, one choice.
	picked := len(cl.cmds) == 2 && cl.cmds[1].Verb == verbSuggest
	if len(cl.cmds) != 1 && !picked || len(cl.cmds) == 0 || !cl.cmds[0].Bound || cl.quality < 0.8 || len(cl.unexplained) > 0 {
		return clause{}
	}
	if b, ok := r.ix.resolve(body, vSelect).best(); ok && b.member && r.ix.nodes[b.node].ID == cl.cmds[0].Action.ID {
		// ", 1 L," beside a Whole milk row holding "1 L": words that name only the row or
		// group an element is in, none of its own, say no choice of it.
		return clause{}
	}
	cl.quality *= 0.97
	return cl
}

// shapedGoal reads a clause that is only a value whose shape fits exactly one field: a date
// with the one date input, an e-mail with the one e-mail field.
func (r *reader) shapedGoal(body []token, changed bool) clause {
	said, lead := r.saidWhen(body)
	if said != nil {
		body = said
	} else {
		body, lead = r.whenLead(body)
	}
	sh, ok := shapeAt(body, 0)
	if !ok || sh.n != len(body) {
		if _, dt := parseDateTime(joinRaw(body), r.opts); !dt {
			return clause{}
		}
		sh.kind = "datetime"
	}
	want := map[string][]string{"date": {"date", "datetime-local"}, "time": {"time"}, "datetime": {"datetime-local"},
		"email": {"email"}, "url": {"url"}}[sh.kind]
	if len(want) == 0 {
		return clause{}
	}
	if sh.kind == "datetime" && !r.hasType("datetime-local") {
		// "on Saturday 3rd May 2025 at quarter past two": a date field with its time
		// field beside it takes both (splitDateTime).
		want = []string{"date"}
	}
	var fits, named []int
	for i, n := range r.ix.nodes {
		if isField(n) && slices.Contains(want, n.Type) && !n.Occ && (sh.kind != "datetime" || n.Type != "date" || r.timeBeside(i) >= 0) {
			fits = append(fits, i)
			if lead != "" && namesEvent(lead, r.ix.names[i]) {
				named = append(named, i) // "visiting on 14 March": Date of visit, not Date of birth
			}
		}
	}
	var hit int
	switch {
	case len(named) == 1:
		hit = named[0]
	case len(named) == 0 && len(fits) == 1 && said == nil && (lead == "" || goingWords[lead]):
		hit = fits[0]
	default:
		return clause{}
	}
	val, _ := r.valueText(body)
	cl := r.bindClause(vType, "", hit, 0.9, val, false, joinRaw(body))
	cl.quality *= 0.9
	return cl
}

// subjects are who a going word is said of ("it happened", "we'll be getting in").
var subjects = set("it", "we", "i", "we're", "i'm", "we’re", "i’m", "they", "they're", "we'll", "i'll", "we’ll", "i’ll")

// hasType reports a field of that input type on the page.
func (r *reader) hasType(t string) bool {
	return slices.ContainsFunc(r.ix.nodes, func(n page.Node) bool { return isField(n) && n.Type == t })
}

// whenLead drops the words that only say a date or time is when something happens: "on 14
// March 2026", "visiting on 14 March", "arriving 18 Sept" — a preposition, after at most one
// word of coming and going (a closed list), which it returns: it may say which date field.
// The going word may come with its subject ("it happened on", "we'll be getting in
// around").
func (r *reader) whenLead(body []token) ([]token, string) {
	lead := ""
	if len(body) > 3 && body[0].kind == tokWord && (subjects[body[0].key] || subjects[strings.ToLower(body[0].raw)]) {
		// "it happened on …", "we're arriving on …", "we'll be getting in around …", "I
		// was born on …"
		k := 1
		for k < 3 && k+1 < len(body) && eventAux[body[k].key] {
			k++
		}
		if k+1 < len(body) && (goingWords[body[k].key] || eventNouns[body[k].key] != nil) {
			body = body[k:]
		}
	}
	if len(body) > 2 && body[0].kind == tokWord && (goingWords[body[0].key] || eventNouns[body[0].key] != nil) {
		lead, body = body[0].key, body[1:]
		if len(body) > 1 && (body[0].key == "in" || body[0].key == "there" || body[0].key == "back") {
			body = body[1:] // "getting in at 9", "back on the 14th"
		}
	}
	if len(body) > 1 && body[0].kind == tokWord && whenWords[body[0].key] {
		body = body[1:]
	}
	if len(body) > 1 && body[0].kind == tokWord && (body[0].key == "around" || body[0].key == "about" || body[0].key == "roughly") {
		body = body[1:] // "arrive around half past nine": when, said as a guess
	}
	return body, lead
}

// eventAux are the words between a subject and the word of what happened: "I was born",
// "we'll be arriving", "I got married".
var eventAux = set("be", "was", "were", "got", "get", "will", "am", "are", "is", "have", "has", "had", "been", "did", "should")

// eventNouns are the words a field names an event by, for the verb a person tells it with:
// "I was born on …" is Date of birth, "we'll arrive around 9pm" Estimated arrival time.
// Such a word must name one field: unlike a word of going, it never settles on the only
// date field there is ("born" says nothing of an appointment date).
var eventNouns = map[string][]string{
	"born": {"birth", "birthday"}, "married": {"marriage", "wedding"}, "wed": {"marriage", "wedding"},
	"arrive": {"arrival"}, "arrived": {"arrival"}, "arriving": {"arrival"}, "land": {"arrival"}, "landing": {"arrival"},
	"leave": {"departure"}, "leaving": {"departure"}, "depart": {"departure"}, "departing": {"departure"},
	"died": {"death"}, "moved": {"move"}, "start": {"start"}, "started": {"start"}, "starting": {"start"},
	"began": {"start"}, "finished": {"end", "finish"}, "ended": {"end"}, "return": {"return"}, "returning": {"return"},
}

// namesEvent reports a word of a field's name that is the lead's own word or its event noun.
func namesEvent(lead string, name []string) bool {
	return slices.ContainsFunc(name, func(k string) bool { return wordEq(lead, k) > 0 || slices.Contains(eventNouns[lead], k) })
}

var whenWords = set("on", "for", "at", "from", "by")

// saidWhen reads "I took the readings on 2 Feb 2025 at quarter to eight": a statement of
// what the person did, then when. It returns the date and its time, and the word of the
// statement that names the date field ("readings" for Date of reading), which must; with
// none, the date is said of something else ("I was born on …").
func (r *reader) saidWhen(body []token) ([]token, string) {
	if len(body) < 4 || body[0].kind != tokWord || !subjects[statementRaw(body[0])] {
		return nil, ""
	}
	for k := 2; k < len(body)-1 && k <= 6; k++ {
		if body[k].kind != tokWord || strings.ContainsAny(body[k].raw, "0123456789") {
			return nil, ""
		}
		if !whenWords[body[k].key] {
			continue
		}
		for _, t := range body[1:k] {
			if smallWord(t.key) {
				continue
			}
			for _, w := range []string{t.key, strings.TrimSuffix(t.key, "s")} {
				if slices.ContainsFunc(r.ix.byKey[w], func(i int) bool {
					n := r.ix.nodes[i]
					return (n.Type == "date" || n.Type == "datetime-local") && slices.Contains(r.ix.names[i], w)
				}) {
					return body[k+1:], w
				}
			}
		}
		return nil, "" // said of something else, or a going word's (whenLead)
	}
	return nil, ""
}

// namedWhen reads a date field named, then when: "First lesson on the 9th of January 2026
// at half past four" is the First lesson date field (and its time beside it). The words
// before the preposition must all be words of one shown date field's name; what follows
// must be a date, with or without its time.
func (r *reader) namedWhen(body []token, changed bool) clause {
	for m := 1; m+1 < len(body) && m <= 4; m++ {
		if body[m].kind != tokWord || !whenWords[body[m].key] {
			continue
		}
		value := body[m+1:]
		text, _ := r.valueText(value)
		_, isDate := parseDate(text, r.opts.DayFirst, r.opts.year())
		if _, dt := parseDateTime(text, r.opts); !isDate && !dt {
			return clause{}
		}
		_, hit := r.fieldWithAll(body[:m])
		if hit < 0 || r.ix.nodes[hit].Type != "date" && r.ix.nodes[hit].Type != "datetime-local" {
			return clause{}
		}
		for _, t := range body[:m] {
			if t.kind == tokWord && !definite[t.key] && !slices.ContainsFunc(r.ix.names[hit], func(k string) bool { return wordEq(t.key, k) > 0 }) {
				return clause{} // "last lesson": a word the name does not have may name another
			}
		}
		cl := r.bindClause(vType, "", hit, 0.9, text, false, joinRaw(body))
		if len(cl.cmds) == 0 || !cl.cmds[0].Bound {
			return clause{}
		}
		return looseNoted(cl, body[:m], r.obs)
	}
	return clause{}
}

var goingWords = set("happened", "getting", "visit", "visiting", "arriving", "moving", "starting", "leaving", "departing", "travelling",
	"traveling", "coming", "returning", "staying", "flying", "going")

// removeItem reads "delete Renew passport": the item is named on the page, and the remove
// control (×, Delete, Remove, a bin) is the first one after it in its group.
func (r *reader) removeItem(body []token, changed bool) clause {
	if len(body) < 2 || body[0].kind != tokWord || !isRemoveVerb(body[0].key) {
		return clause{}
	}
	item := body[1:]
	ref := r.ix.resolve(item, vClick)
	b, ok := ref.best()
	if !ok || ref.ambiguous || b.score < 0.85 || len(ref.unexplained) > 0 {
		return r.removeByContext(body, item)
	}
	n := r.ix.nodes[b.node]
	for i := b.node + 1; i < len(r.ix.nodes) && i <= b.node+4; i++ {
		m := r.ix.nodes[i]
		if m.Role != page.RoleButton && m.Role != page.RoleLink {
			continue
		}
		if m.Ctx != n.Ctx {
			break
		}
		keys := r.ix.names[i]
		if len(keys) == 0 || !removeWords[keys[0]] {
			continue
		}
		cl := r.bindClause(vClick, "", i, b.score, "", false, joinRaw(body))
		cl.quality *= 0.95
		return cl
	}
	return clause{}
}

// removeByContext finds the one remove control whose row names the item, when the item
// itself is text and not a control: "remove the USB-C cable".
func (r *reader) removeByContext(body, item []token) clause {
	want := itemKeys(r.withoutPlace(item))
	if len(want) == 0 {
		return clause{}
	}
	hit := -1
	for i, n := range r.ix.nodes {
		keys := r.ix.names[i]
		if n.Role != page.RoleButton && n.Role != page.RoleLink || len(keys) == 0 || !removeWords[keys[0]] {
			continue
		}
		if c, _ := containment(want, r.ix.ctx(i), keys); c < 1 {
			continue
		}
		if hit >= 0 {
			return clause{}
		}
		hit = i
	}
	if hit < 0 {
		return clause{}
	}
	cl := r.bindClause(vClick, "", hit, 0.9, "", false, joinRaw(body))
	cl.quality *= 0.93
	return cl
}

// optionForGroup reads "5 for ease of ordering", "Other as how you heard", "★★★★ overall":
// an option and the group it belongs to, in either order.
func (r *reader) optionForGroup(body []token, changed bool) clause {
	for _, t := range body {
		if t.kind == tokWord && indefinite[t.key] {
			return clause{} // "add a task" leaves the task open
		}
	}
	if v, _ := verbAt(body, 0); v != "" && slices.ContainsFunc(body, func(t token) bool { return t.kind == tokQuoted }) {
		// "Rename the board to 'Archive board'": a quoted value is what the verb said
		// first does with it, never an option whose group is the verb and the rest.
		return clause{}
	}
	var best clause
	for m := 1; m < len(body); m++ {
		k := body[m].key
		if body[m].kind == tokWord && (k == "for" || k == "as" || k == "in" || k == "on") && m+1 < len(body) {
			if cl := r.optionIn("", body[:m], body[m+1:], changed); len(cl.cmds) > 0 && cl.quality*0.96 > best.quality {
				cl.quality *= 0.96
				best = cl
			}
		}
		// No marker: the option is the last word or the first ("overall ★★★★").
		for _, split := range [][2][]token{{body[:m], body[m:]}, {body[m:], body[:m]}} {
			if cl := r.optionIn("", split[0], split[1], changed); len(cl.cmds) > 0 && cl.quality*0.94 > best.quality {
				cl.quality *= 0.94
				best = cl
			}
		}
	}
	if len(best.cmds) == 0 || !best.cmds[0].Bound || best.cmds[0].Match < 0.95 {
		return clause{} // with no verb, only an option named exactly says what to do
	}
	return best
}

// reversedPair reads "2 rooms", "4 adults": a value by shape, then the field it fills.
func (r *reader) reversedPair(body []token, changed bool) clause {
	sh, ok := shapeAt(body, 0)
	if !ok || sh.n >= len(body) {
		if v, isNum := numberWords[body[0].key]; !isNum || v == "" || len(body) < 2 {
			return clause{}
		}
		sh = shaped{n: 1, kind: "number"}
	}
	target := body[sh.n:]
	b, ok := r.ix.resolve(target, vType).best()
	if !ok || b.score < 0.85 {
		if _, one := r.oneWordField(target, vType, body[0].raw); one && sh.kind == "number" {
			// "14 windows" for "Number of windows": the one field named with the word,
			// made for a number. Announced.
			cl := looseNoted(r.typeReading(vType, "", target, body[:sh.n], changed), target, r.obs)
			if len(cl.cmds) == 1 {
				return cl
			}
		}
		if sh.kind == "number" {
			return r.countForItem(body, sh.n, changed)
		}
		return clause{}
	}
	cl := r.typeReading(vType, "", target, body[:sh.n], changed)
	cl.quality *= 0.95
	return cl
}

// isRemoveVerb reports "delete", "remove" and their slips ("delte", "remvoe").
func isRemoveVerb(k string) bool {
	if removeVerbs[k] {
		return true
	}
	for v := range removeVerbs {
		if len(v) >= 6 && keySim(k, v) >= typoSim {
			return true
		}
	}
	return false
}
