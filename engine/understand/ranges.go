package understand

import (
	"fmt"
	"slices"

	"github.com/errand-app/errand/engine/page"
)

// Ranges: "From Oslo to Rome", "do not disturb from 11pm until 6:45 am". Two values go
// into the two fields that take a range: the fields called From and To (or Until), or
// the two fields of the values' kind under the words before "from".

// rangeWords end the first value of a range and start the second.
var rangeWords = set("to", "until", "till", "through", "thru")

// fromTo reads a range into its two fields.
func (r *reader) fromTo(body []token, changed bool) clause {
	p := slices.IndexFunc(body, func(t token) bool { return t.kind == tokWord && t.key == "from" })
	if p < 0 && !r.bareRange(body) {
		return clause{}
	}
	if p < 0 && rangeLeads[body[0].key] {
		p = 0 // "Times 2pm till 10.30pm": the kind of the two values, said as "from" would be
	}
	q := -1
	for k := p + 2; k < len(body)-1; k++ {
		if body[k].kind == tokWord && rangeWords[body[k].key] {
			q = k
			break
		}
	}
	if q < 0 {
		return clause{}
	}
	group := contentKeys(keysOfToks(body[:max(p, 0)]))
	first, second, ok := r.rangeFields(group, body[p+1:q], body[q+1:])
	if !ok {
		return clause{}
	}
	words := joinRaw(body)
	for _, v := range [][]token{body[p+1 : q], body[q+1:]} {
		if hasComma(v) || swallows(r, v) {
			// "to Rome, then swap them": the value ran into the next step. Asked about,
			// as a reading of the range: read apart, the rest is a guess.
			return clause{quality: 0.95, questions: []Question{{Kind: AskUnclear, Command: -1, Words: words,
				Text: fmt.Sprintf("I am not sure where %q ends. What should I do?", joinRaw(v))}}}
		}
	}
	out := clause{quality: 0.97} // above "From" read as a field with the value "Oslo to Rome"
	for _, fv := range []struct {
		node  int
		value []token
	}{{first, body[p+1 : q]}, {second, body[q+1:]}} {
		val, quoted := r.valueText(fv.value)
		cl := r.bindClause(vType, "", fv.node, 1, val, quoted, words)
		if len(cl.cmds) != 1 || len(cl.questions) > 0 {
			return clause{}
		}
		out.cmds = append(out.cmds, cl.cmds...)
		out.grounded = append(out.grounded, cl.grounded...)
		out.assumed = append(out.assumed, cl.assumed...)
	}
	return out
}

// rangeLeads say the kind of a range's two values before them, in place of "from".
var rangeLeads = set("times", "time", "hours", "dates", "date")

// rangeFields finds the two fields of a range: called (or captioned) From and To, or the
// only two fields of the values' kind; under the group's words when some were said.
func (r *reader) rangeFields(group []string, a, b []token) (int, int, bool) {
	var from, to, typed []int
	sa, oka := shapeAt(a, 0)
	sb, okb := shapeAt(b, 0)
	kind := ""
	if oka && okb && sa.n == len(a) && sb.n == len(b) && sa.kind == sb.kind {
		kind = sa.kind
	}
	for i, n := range r.ix.nodes {
		if !isField(n) || n.Occ || n.Role == page.RoleSelect {
			continue
		}
		if len(group) > 0 && !r.ix.underWords(i, group) {
			continue
		}
		if _, _, bad := convert(n, joinRaw(a), r.opts); bad != "" {
			continue // "Oslo" is no time: the time fields are another range's
		}
		switch head := r.rangeHead(i); {
		case head == "from":
			from = append(from, i)
		case rangeWords[head]:
			to = append(to, i)
		}
		if kind != "" && shapeFits(a, n) {
			typed = append(typed, i)
		}
	}
	if len(from) == 1 && len(to) == 1 && from[0] < to[0] {
		return from[0], to[0], true
	}
	if len(typed) == 2 {
		return typed[0], typed[1], true
	}
	return 0, 0, false
}

// underWords reports an element whose context, or the text just before it or before
// the field before it, holds every word: "do not disturb" over its From and Until.
func (ix *index) underWords(i int, keys []string) bool {
	if c, _ := containment(keys, ix.ctx(i), nil); c == 1 {
		return true
	}
	ix.rowText(i) // builds the text before each element
	for _, k := range []int{i, i - 1} {
		if k < 0 {
			continue
		}
		var text []string
		for _, t := range ix.before[k] {
			text = append(text, ix.keysFor(t)...)
		}
		if c, _ := containment(keys, text, nil); c == 1 {
			return true
		}
	}
	return false
}

// rangeHead is the word a field of a range is called by: the first word of its name
// ("From", "Until date"), or its caption when the caption is that one word ("From" over
// a "City or airport" box).
func (r *reader) rangeHead(i int) string {
	if keys := r.ix.names[i]; len(keys) > 0 && (keys[0] == "from" || rangeWords[keys[0]]) {
		return keys[0]
	}
	if cap := r.ix.keysFor(r.ix.rowText(i)); len(cap) == 1 {
		return cap[0]
	}
	return ""
}
