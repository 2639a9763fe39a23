package understand

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Time ranges said aloud: "between 12 and 4", "from 8 till noon", "9 to 12" name the option
// "12pm – 4pm" of an arrival window, whichever of am and pm each end is, when exactly one
// option on the page has those ends. Said with am or pm, an end must agree. Announced
// (docs/understanding.md item 34).

// reSaidRange reads a range as said: two clock times, with or without minutes and am/pm.
var reSaidRange = regexp.MustCompile(`(?i)^(?:between|from)?\s*(\d{1,2}|noon|midday)(?:[:.](\d{2}))?\s*(am|pm)?\s*(?:and|to|till|until|til|-|–|—)\s*(\d{1,2}|noon|midday)(?:[:.](\d{2}))?\s*(am|pm)?$`)

// saidRangeWords join the two ends of a range said aloud.
var saidRangeWords = set("and", "to", "till", "until", "til", "-", "–", "—")

// reShownRange finds a range in an option's text: "12pm – 4pm", "08:00-12:00", "8am to 12pm".
var reShownRange = regexp.MustCompile(`(?i)(\d{1,2}|noon|midday)(?:[:.](\d{2}))?\s*(am|pm)?\s*(?:-|–|—|to)\s*(\d{1,2}|noon|midday)(?:[:.](\d{2}))?\s*(am|pm)?`)

// clockEnd is one end of a range: the hour on a 24-hour clock when am or pm (or 13–23)
// says it, or on a 12-hour one otherwise.
type clockEnd struct {
	hour, min int
	known     bool // the hour is on a 24-hour clock
}

func endOf(h, m, ampm string) clockEnd {
	e := clockEnd{}
	switch strings.ToLower(h) {
	case "noon", "midday":
		return clockEnd{hour: 12, known: true}
	}
	e.hour = atoi(h)
	if m != "" {
		e.min = atoi(m)
	}
	switch strings.ToLower(ampm) {
	case "am":
		e.hour, e.known = e.hour%12, true
	case "pm":
		e.hour, e.known = e.hour%12+12, true
	default:
		e.known = e.hour > 12 || e.hour == 0 || len(h) == 2 && h[0] == '0'
	}
	return e
}

// same reports two ends that may be one time: equal on the clock they share.
func (a clockEnd) same(b clockEnd) bool {
	if a.min != b.min {
		return false
	}
	if a.known && b.known {
		return a.hour == b.hour
	}
	return a.hour%12 == b.hour%12
}

// rangeOf reads the range a text says, said or shown.
func rangeOf(re *regexp.Regexp, s string) (from, to clockEnd, ok bool) {
	m := re.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return clockEnd{}, clockEnd{}, false
	}
	from, to = endOf(m[1], m[2], m[3]), endOf(m[4], m[5], m[6])
	if !to.known && from.known && from.hour >= 12 && to.hour < 12 {
		to.hour, to.known = to.hour+12, true // "2pm to 5": both afternoon
	}
	return from, to, from.hour <= 24 && to.hour <= 24 && from.min < 60 && to.min < 60
}

// timeRange reads a clause that is only a time range as the one option that has its ends.
func (r *reader) timeRange(body []token, changed bool) clause {
	if len(body) < 3 || len(body) > 8 || !slices.ContainsFunc(body, func(t token) bool { return saidRangeWords[t.key] }) {
		return clause{} // most clauses: no range word, no range
	}
	said := joinRaw(body)
	from, to, ok := rangeOf(reSaidRange, said)
	if !ok || !strings.ContainsAny(said, "0123456789") {
		return clause{}
	}
	var cands []cand
	for i, n := range r.ix.nodes {
		if n.Occ || n.Has("disabled") {
			continue
		}
		if n.Role == page.RoleSelect {
			for k, o := range n.Options {
				if f, t, ok := rangeOf(reShownRange, o); ok && f.same(from) && t.same(to) && !strings.Contains(strings.ToLower(o), "any") {
					cands = append(cands, cand{node: i, option: k, score: 0.9})
				}
			}
			continue
		}
		if slotRole(n) {
			if f, t, ok := rangeOf(reShownRange, n.Name); ok && f.same(from) && t.same(to) {
				cands = append(cands, cand{node: i, option: -1, score: 0.9})
			}
		}
	}
	if len(cands) != 1 {
		return clause{} // none, or several: the other readings ask
	}
	c := cands[0]
	n := r.ix.nodes[c.node]
	var cl clause
	if c.option >= 0 {
		cl = r.bindClause(vSelect, "", c.node, 0.9, n.Options[c.option], false, said)
		cl.assumed = append(cl.assumed, fmt.Sprintf("%q read as %q in %s", said, n.Options[c.option], page.Describe(n)))
	} else {
		cl = r.bindClause(vClick, "", c.node, 0.9, "", false, said)
		cl = cl.readAs(said, page.Describe(n))
	}
	cl.quality = min(cl.quality, 0.9)
	return cl
}
