package understand

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/errand-app/errand/engine/page"
)

// How many people: "we're 3", "there'll be 3 of us travelling", "table for 4", "party of
// two", "3 passengers". Every booking page has a field for it, named by a word for people
// (Guests, Passengers, Party size, Travellers). The number goes there when one such field
// is on the page; with two (Adults and Children) the sentence does not say how many of
// each, so it asks (docs/understanding.md, item 12).

// headWords name a count of people, in a field's name or in what is said.
var headWords = set("people", "person", "persons", "guest", "guests", "traveller", "travellers", "traveler",
	"travelers", "passenger", "passengers", "party", "diner", "diners", "attendee", "attendees", "visitors",
	"visitor", "pax", "group", "covers")

// headGlue are the other words a headcount is said with; any other word is not explained.
var headGlue = set("we", "were", "are", "re", "there", "therell", "will", "ll", "be", "of", "us", "a",
	"table", "for", "travelling", "traveling", "coming", "going", "in", "total", "just", "it", "its",
	"is", "the", "our", "booking", "all", "together", "size", "number")

// headcount reads a clause that is only a number of people.
func (r *reader) headcount(body []token, changed bool) clause {
	if len(body) > 2 && headWords[body[0].key] && body[1].raw == ":" {
		// "Travellers: 2 adults, 1 child": the word for all of them heads the counts of each.
		cl := r.readClause(body[2:], carry{}, changed)
		if len(cl.cmds) > 0 && len(cl.questions) == 0 && len(cl.unexplained) == 0 {
			cl.quality *= 0.98
			return cl
		}
	}
	num, said, ok := headSaid(body)
	if !ok {
		return clause{}
	}
	fields := r.headFields(said)
	words := joinRaw(body)
	switch len(fields) {
	case 0:
		return clause{}
	case 1:
		if cl := r.bindHeadcount(fields[0], num, words, false); len(cl.cmds) > 0 {
			return cl
		}
	}
	cands := make([]cand, len(fields))
	for k, i := range fields {
		cands[k] = cand{node: i, score: 1, option: -1}
	}
	q := r.whichElement(words, cands, func(c cand) clause { return r.bindHeadcount(c.node, num, words, true) })
	q.Text = fmt.Sprintf("Which count should %d go into?", num)
	return clause{questions: []Question{q}, quality: 0.9}
}

// headSaid finds the one number of a headcount and the people words said with it; ok is
// false when a word is neither.
func headSaid(body []token) (num int, said []string, ok bool) {
	people := false
	for _, t := range body {
		if t.kind == tokPunct {
			continue
		}
		if n, ok := tokenNumber(t); ok {
			if num != 0 {
				return 0, nil, false
			}
			num = n
			continue
		}
		switch {
		case headWords[t.key]:
			said = append(said, t.key)
			people = true
		case t.key == "us" || t.key == "were" || t.key == "therell" || t.key == "table":
			people = true
		case !headGlue[t.key]:
			return 0, nil, false
		}
	}
	return num, said, num > 0 && num <= 50 && people
}

// headFields lists the fields a headcount may go into: those whose name says one of the
// people words said, else any people word.
func (r *reader) headFields(said []string) []int {
	var any, named []int
	for i, n := range r.ix.nodes {
		if n.Occ || !(n.Role == page.RoleSelect || n.Role == page.RoleInput && (n.Type == "number" || n.Type == "")) {
			continue
		}
		keys := r.ix.names[i]
		if !slices.ContainsFunc(keys, func(k string) bool { return headWords[k] }) {
			if slices.Contains(keys, "adults") || slices.Contains(keys, "children") {
				any = append(any, i) // counted apart: how many of each was not said
			}
			continue
		}
		any = append(any, i)
		if slices.ContainsFunc(said, func(s string) bool { return slices.Contains(keys, s) }) {
			named = append(named, i)
		}
	}
	if len(named) > 0 {
		return named
	}
	return any
}

// bindHeadcount sets the field to the number: a select's option that starts with it. A
// count of adults or children only when the person chose it.
func (r *reader) bindHeadcount(i, num int, words string, chosen bool) clause {
	n := r.ix.nodes[i]
	keys := r.ix.names[i]
	if !chosen && (slices.Contains(keys, "adults") || slices.Contains(keys, "children")) {
		return clause{} // "we're 3" does not say they are all adults
	}
	value := strconv.Itoa(num)
	if n.Role == page.RoleSelect {
		for _, o := range n.Options {
			if lead, ok := leadingNumber(o); ok && lead == num {
				value = o
				break
			}
		}
	}
	cl := r.bindClause(vType, "", i, 0.95, value, false, words)
	cl.quality = min(cl.quality, 0.95)
	return cl
}

// leadingNumber reads the number an option starts with ("3 people", "2 guests").
func leadingNumber(s string) (int, bool) {
	keys := keysOf(s)
	if len(keys) == 0 {
		return 0, false
	}
	n, err := strconv.Atoi(keys[0])
	return n, err == nil
}
