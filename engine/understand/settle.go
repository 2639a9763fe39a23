package understand

import (
	"fmt"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Ties a value or the verb settles. When several elements fit the words equally ("Pick-up"
// for "Pick-up location" and "Pick-up date & time"), what is to go into them and what is
// to be done with them may leave one: a date goes to the date field, a value that is an
// option of one select goes to that select, "tick" goes to the checkbox among buttons of
// the same words. Only an element made for the value or the verb settles a tie, never one
// that would merely take it (any text field takes a date), and only when it is the one
// such element; otherwise the person is asked (docs/understanding.md, "When it asks
// instead").

// fit is how an element takes a value or a verb.
type fit int

const (
	fitNot  fit = iota // it would refuse it: a word into a date field, a value no option has
	fitTake            // it would take it, as any text field takes any text
	fitMade            // it is made for it: its type is the value's kind, or the value is its option
)

// fitFor rates element i for verb v with value (empty for element verbs).
func (r *reader) fitFor(v verb, i int, value string) fit {
	n := r.ix.nodes[i]
	if value == "" {
		if (v == vCheck || v == vUncheck) && toggles(n) {
			return fitMade
		}
		return fitTake
	}
	if v != vType && v != vSelect {
		return fitTake
	}
	if len(n.Options) > 0 && (n.Role == page.RoleSelect || n.Has("autocomplete")) {
		if k, s := r.ix.optionOf(value, i); k >= 0 && s >= 0.95 {
			return fitMade
		}
		if n.Role == page.RoleSelect {
			return fitNot
		}
	}
	if !isField(n) {
		return fitNot
	}
	return r.typeFit(n, i, value)
}

// typeFit rates a field's input type against the value's shape.
func (r *reader) typeFit(n page.Node, i int, value string) fit {
	whole := wholeShape(value)
	made := func(ok bool) fit {
		if ok {
			return fitMade
		}
		return fitNot
	}
	switch n.Type {
	case "date":
		if _, ok := parseDate(value, r.opts.DayFirst, r.opts.year()); ok {
			return fitMade
		}
		_, ok := parseDateTime(value, r.opts)
		return made(ok && r.timeBeside(i) >= 0)
	case "datetime-local":
		_, ok := parseDateTime(value, r.opts)
		return made(ok)
	case "time":
		_, ok := parseClock(value)
		return made(ok)
	case "number", "range":
		return made(whole == "number")
	case "email":
		return made(whole == "email")
	case "url":
		return made(whole == "url")
	}
	return fitTake
}

// wholeShape is the kind of a value that is one shaped value and nothing else.
func wholeShape(value string) string {
	toks := tokenize(value)
	if sh, ok := shapeAt(toks, 0); ok && sh.n == len(toks) {
		return sh.kind
	}
	return ""
}

// settle picks, among the candidates tied with the best, the one element made for the
// value or the verb, when exactly one is.
func (r *reader) settle(v verb, vw string, cands []cand, value string) (cand, bool) {
	var good []cand
	for _, c := range cands {
		if c.score >= minMatch {
			good = append(good, c)
		}
	}
	tiedWith := withinGap(good)
	if len(tiedWith) < 2 {
		return cand{}, false
	}
	hit, made := cand{}, 0
	for _, c := range tiedWith {
		if r.fitFor(v, c.node, value) == fitMade || r.renames(vw, c.node, value) {
			hit = c
			made++
		}
	}
	if made == 0 && v == vType && value != "" {
		// "Emergency contact is Ruth Adeyemi": the name of "Emergency contact name" says
		// what it takes, beside "Emergency contact phone". Between "Phone (mobile)" and
		// "Phone (home)" both say it, and which is not told.
		for _, c := range tiedWith {
			if r.ofKind(c.node, value) {
				hit = c
				made++
			}
		}
	}
	return hit, made == 1
}

// settled binds the candidate a tie was settled for and announces why it was chosen.
func (r *reader) settled(v verb, vw string, c cand, value, words string) clause {
	cl := r.bindClause(v, vw, c.node, c.score, value, false, words)
	// The reading that acts is the question it replaces, answered by the value or verb:
	// it is rated as that question would be.
	cl.quality = max(cl.quality, 0.9)
	n := r.ix.nodes[c.node]
	why := "the one made for it"
	if value != "" {
		why = fmt.Sprintf("the one that takes %q", value)
	}
	cl.assumed = append(cl.assumed, fmt.Sprintf("%q read as %s, %s", strings.TrimSpace(words), page.Describe(n), why))
	return cl
}

// settleRef settles a tie of a definite phrase; "a button", "some boxes" and "any
// option" leave the choice to the person, whatever fits.
func (r *reader) settleRef(v verb, vw string, ref ref, value string) (cand, bool) {
	if ref.indefinite || ref.det == "some" || ref.det == "several" {
		return cand{}, false
	}
	if r.after >= 0 {
		if c, ok := r.nearestTo(r.after, ref.cands); ok {
			return c, true
		}
	}
	return r.settle(v, vw, ref.cands, value)
}

// madeValueAt reports the words from toks[m] to the next clause boundary as one value
// element i is made for ("21 May 2026 at 6pm" for a date-and-time field).
func (r *reader) madeValueAt(i int, toks []token, m int) bool {
	end := clauseEnd(toks, m)
	if m >= end {
		return false
	}
	return r.fitFor(vType, i, joinRaw(toks[m:end])) == fitMade
}

// clauseEnd is where the clause holding toks[m] ends: the next boundary after it.
func clauseEnd(toks []token, m int) int {
	for _, b := range boundaries(toks) {
		if b.from > m {
			return b.from
		}
	}
	return len(toks)
}

// asksToType reports questions whose choices would type a value: the value may have run
// into the next assignment as a command's would.
func asksToType(qs []Question) bool {
	for _, q := range qs {
		for _, c := range q.Choices {
			if typesValue(c.Then) {
				return true
			}
		}
	}
	return false
}

// intoBoth types one value into the two fields "both" names ("set both time fields to
// 00:00"), asking as the first field would when the value fits either of them badly.
func (r *reader) intoBoth(vw string, ref ref, words, value string, explained float64) clause {
	out := clause{quality: explained}
	for _, n := range goodNodes(ref) {
		b := r.bindClause(vType, vw, n, 1, value, false, words)
		if len(b.questions) > 0 || len(b.cmds) == 0 {
			b.quality *= explained
			return b
		}
		out.cmds = append(out.cmds, b.cmds...)
		out.grounded = append(out.grounded, b.grounded...)
		out.assumed = append(out.assumed, b.assumed...)
	}
	return out
}

// ordinalOfRole reports a word of order that counts the role word after it: "first
// dropdown: Deutsch" is the first of the dropdowns, not "first, dropdown: Deutsch".
func ordinalOfRole(a, b token) bool {
	return a.kind == tokWord && b.kind == tokWord && ordinals[a.key] != 0 && isRoleWord(b.key)
}

// nthOne reads "the second one" with a value: the one the words point back at is of the
// kind the value is made for ("put A in the first date field and B in the second one"),
// counted in page order among the elements made for the value.
func (r *reader) nthOne(v verb, target []token, ref ref, value string) (cand, bool) {
	if _, ok := ref.best(); ok || value == "" {
		return cand{}, false
	}
	var keys []string
	for _, t := range target {
		if t.kind != tokWord {
			return cand{}, false
		}
		if !definite[t.key] {
			keys = append(keys, t.key)
		}
	}
	if len(keys) != 2 || keys[1] != "one" || ordinals[keys[0]] == 0 {
		return cand{}, false
	}
	var made []cand
	for i, n := range r.ix.nodes {
		if !n.Occ && r.ix.inScope(i) && r.fitFor(v, i, value) == fitMade {
			made = append(made, cand{node: i, score: roleOnlyScore, option: -1})
		}
	}
	if len(made) < 2 {
		return cand{}, false // one alone would need no counting: the words say more
	}
	got := pickOrdinal(made, ordinals[keys[0]])
	if len(got) == 0 {
		return cand{}, false
	}
	return got[0], true
}

// renames reports "rename" said of a text field that holds a name or title: what renaming
// changes ("rename the doc to …" for "Document title" beside "Document content").
func (r *reader) renames(vw string, i int, value string) bool {
	if strings.ToLower(strings.TrimSpace(vw)) != "rename" || value == "" || r.fitFor(vType, i, value) == fitNot {
		return false
	}
	for _, k := range r.ix.names[i] {
		if k == "name" || k == "title" {
			return true
		}
	}
	return false
}

// askQuality rates the question a tie asks: as good a reading as its words are a
// grounding of the tied elements, so a question among weak matches ("passport" for
// "Passport number" and "Passport expiry date") does not outrank a reading that names one
// of them better ("passport expiry").
func askQuality(ref ref) float64 {
	if ref.indefinite || ref.roleOnly || len(ref.cands) == 0 {
		return 0.9
	}
	return min(0.9, max(ref.cands[0].score, actMin))
}
