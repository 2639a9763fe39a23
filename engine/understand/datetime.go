package understand

import (
	"fmt"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// splitDateTime reads a date said with its time ("14 March 2025, 7.30pm", "May 14 at
// 9:30am") for a date field whose time is a field of its own beside it: the date goes
// into the one and the time into the other, as a person fills them.
func (r *reader) splitDateTime(cl clause, cmd Command, node int, value string, ground Grounding) (clause, bool) {
	n := r.ix.nodes[node]
	if n.Type != "date" {
		return clause{}, false
	}
	if _, ok := parseDate(value, r.opts.DayFirst, r.opts.year()); ok && !saysTimeFirst(value, r.opts) {
		return clause{}, false
	}
	dt, ok := parseDateTime(value, r.opts)
	if !ok {
		return clause{}, false
	}
	t := r.timeBeside(node)
	if t < 0 {
		return clause{}, false
	}
	day, clock := dt[:10], dt[11:]
	tn := r.ix.nodes[t]
	date := cmd
	date.Value = day
	date.Action = said(page.Action{ID: n.ID, Kind: page.SetValue, Text: day}, "type", fmt.Sprintf("%q into %s", day, page.Describe(n)))
	tm := cmd
	tm.Phrase, tm.Value = tn.Name, clock
	tm.Action = said(page.Action{ID: tn.ID, Kind: page.SetValue, Text: clock}, "type", fmt.Sprintf("%q into %s", clock, page.Describe(tn)))
	if tn.Role == page.RoleSelect {
		opt, ok := timeOption(tn, clock)
		if !ok {
			return clause{}, false
		}
		tm.Value = opt
		tm.Action = said(page.Action{ID: tn.ID, Kind: page.Select, Text: opt}, "select", fmt.Sprintf("%q in %s", opt, page.Describe(tn)))
	}
	cl.cmds = []Command{date, tm}
	cl.grounded = append(cl.grounded, Grounding{Words: value, As: "value"}, ground)
	return cl, true
}

// timeBeside finds the time field that goes with a date field (a time input, or a list of
// times): one of the next few elements, in the same group and context.
func (r *reader) timeBeside(node int) int {
	n := r.ix.nodes[node]
	for j := node + 1; j < len(r.ix.nodes) && j <= node+3; j++ {
		m := r.ix.nodes[j]
		if (m.Type == "time" || m.Role == page.RoleSelect && timeOptions(m)) && m.Group == n.Group && m.Ctx == n.Ctx {
			return j
		}
	}
	return -1
}

// timeOptions reports a select whose options are times of day ("08:00", "8:30 am"): a
// time field drawn as a list.
func timeOptions(n page.Node) bool {
	times := 0
	for _, o := range n.Options {
		if _, ok := parseClock(o); ok {
			times++
		}
	}
	return times >= 2 && times >= len(n.Options)-1 // a placeholder may lead the list
}

// timeOption is the option of a list of times that is the clock time hh:mm.
func timeOption(n page.Node, clock string) (string, bool) {
	for _, o := range n.Options {
		if t, ok := parseClock(o); ok && t == clock {
			return o, true
		}
	}
	return "", false
}

// saysTimeFirst reports a date said after its time ("noon on July 1st, 2027"), which the
// date reader alone would read as the date without the time.
func saysTimeFirst(value string, opts Options) bool {
	_, ok := timeThenDate(tokenize(strings.TrimSpace(value)), opts)
	return ok
}
