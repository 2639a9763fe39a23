package agent

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/errand-app/errand/engine/clarify"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/understand"
)

// binding is one command turned into an action on this page, or the reason it cannot be.
type binding struct {
	action   page.Action
	node     page.Node
	match    float64
	risky    bool
	why      string
	deferred bool // the target is not on this page (yet)
	question *understand.Question
}

// bind turns command i into an action on this page. A command the reader bound keeps its
// element while that element is still the one it described; otherwise (the page changed,
// or it was read before the click that opens its page) it is read again here.
func (s *step) bind(i int, obs page.Observation) binding {
	c := s.st.Commands[i].Command
	if c.Action.Kind != "" && !c.Action.Kind.NeedsElement() {
		a := c.Action
		if a.Kind == page.Navigate {
			a.Text = absURL(obs.URL, a.Text)
		}
		return binding{action: a, match: 1, why: c.Words}
	}
	n, ok := obs.Node(c.Action.ID)
	if el := s.st.Commands[i].Recorded; el != nil && (!c.Bound || !ok || !stillDescribes(c, n)) {
		// A replayed step: the element it acted on last time, when the page has it.
		if nc, found := boundRecorded(c, *el, obs); found {
			s.st.Commands[i].Command, c = nc, nc
			n, ok = obs.Node(c.Action.ID)
		}
	}
	if !c.Bound || !ok || !stillDescribes(c, n) {
		ncs, q := understand.RebindAll(c, obs, s.readOpts())
		switch {
		case q != nil && q.Kind == understand.AskMissing:
			return binding{deferred: true}
		case q != nil:
			return binding{question: q, match: 0.5}
		}
		if len(ncs) > 1 {
			// What was one clause read before the page changed runs as the commands it
			// reads as now ("tick bank, GP and dentist" on the tab just opened).
			more := make([]Planned, len(ncs)-1)
			for k, nc := range ncs[1:] {
				more[k] = Planned{Command: nc, Announced: s.st.Commands[i].Announced}
			}
			s.splice(i+1, 0, more)
		}
		nc := ncs[0]
		s.st.Commands[i].Command = nc
		c = nc
		if s.st.Commands[i].Recorded != nil {
			s.healedByName(i, obs)
		}
		if !c.Action.Kind.NeedsElement() {
			return binding{action: c.Action, match: 1, why: c.Words}
		}
		if n, ok = obs.Node(c.Action.ID); !ok {
			return binding{deferred: true}
		}
	}
	b := binding{action: c.Action, node: n, match: c.Match, why: fmt.Sprintf("%q is %s", c.Words, page.Describe(n))}
	if r := s.st.Commands[i].Refined; r != nil {
		b.why = fmt.Sprintf("the model chose %s (%.2f)", page.Describe(n), r.Confidence)
	}
	b.risky = isRisky(b.action, n)
	return b
}

// stillDescribes reports whether the element under a command's id is still the one the
// command was bound to: ids are per document, so after navigation an id may name another.
func stillDescribes(c understand.Command, n page.Node) bool {
	return c.Action.Description == "" || strings.Contains(c.Action.Description, page.Describe(n))
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// absURL resolves what a person typed as an address against the current page.
func absURL(base, ref string) string {
	if !strings.Contains(ref, "://") && !strings.HasPrefix(ref, "/") {
		ref = "https://" + ref
	}
	b, err := url.Parse(base)
	if err != nil || base == "" {
		return ref
	}
	r, err := url.Parse(ref)
	if err != nil {
		return ref
	}
	return b.ResolveReference(r).String()
}

// Question binds: what an answer changes.
const (
	bindsElement  = "element"
	bindsValue    = "value"
	bindsApproval = "approval"
	bindsGoal     = "goal"    // the answer says what the errand is; planning restarts
	bindsPlan     = "plan"    // the answer confirms or replaces the reading of the goal
	bindsReading  = "reading" // the reader's question: the answer's commands take its place
)

// timeoutFor is a question's timeout in milliseconds by clarify's rule (docs/decisions.md
// D-15); a freeform question is high whatever options it suggests.
func timeoutFor(q Question) int {
	c := clarify.ComplexityFor(len(q.Options))
	if q.Type == Freeform {
		c = clarify.High
	}
	return int(clarify.TimeoutFor(c).Milliseconds())
}

// isoDate reads the date forms people type: 1990-03-05, 05/03/1990 (day first when the
// first number cannot be a month; month first otherwise, as US forms do), and
// "March 5, 1990" or "5 March 1990".
func isoDate(s string) (string, bool) {
	s = strings.TrimSpace(s)
	var y, m, d int
	if n, _ := fmt.Sscanf(s, "%4d-%2d-%2d", &y, &m, &d); n == 3 {
		return fmt.Sprintf("%04d-%02d-%02d", y, m, d), validDate(y, m, d)
	}
	if n, _ := fmt.Sscanf(s, "%d/%d/%d", &m, &d, &y); n == 3 {
		if m > 12 {
			m, d = d, m
		}
		return fmt.Sprintf("%04d-%02d-%02d", y, m, d), validDate(y, m, d)
	}
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ' ' || r == ',' || r == '.' })
	if len(f) == 3 {
		if mm := monthNumber(f[0]); mm > 0 {
			d, _ = strconv.Atoi(strings.TrimRight(f[1], "stndrh"))
			y, _ = strconv.Atoi(f[2])
			return fmt.Sprintf("%04d-%02d-%02d", y, mm, d), validDate(y, mm, d)
		}
		if mm := monthNumber(f[1]); mm > 0 {
			d, _ = strconv.Atoi(strings.TrimRight(f[0], "stndrh"))
			y, _ = strconv.Atoi(f[2])
			return fmt.Sprintf("%04d-%02d-%02d", y, mm, d), validDate(y, mm, d)
		}
	}
	return "", false
}

func validDate(y, m, d int) bool { return y > 0 && m >= 1 && m <= 12 && d >= 1 && d <= 31 }

func monthNumber(s string) int {
	for i, name := range []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"} {
		if strings.HasPrefix(s, name) {
			return i + 1
		}
	}
	return 0
}
