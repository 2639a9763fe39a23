package agent

import (
	"fmt"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/rules"
	"github.com/errand-app/errand/engine/understand"
)

// isFillForm reports "fill in the form": every empty field, values asked for.
func isFillForm(goal string) bool {
	ok := rules.FillForm(goal)
	return ok
}

// emptyFields are the page's fillable fields that hold nothing yet.
func emptyFields(obs page.Observation) []page.Node {
	var out []page.Node
	for _, n := range obs.Tree {
		if (n.Role == page.RoleInput || n.Role == page.RoleTextarea) && n.Value == "" && n.Name != "" && !n.Has("disabled") &&
			!n.Has("readonly") && n.Type != "search" && n.Type != "hidden" && n.Type != "password" && !n.Occ {
			out = append(out, n)
		}
	}
	return out
}

// expandFill replaces a "fill in the form" command with one question per empty field,
// whose answer is typed into it.
func (s *step) expandFill(obs page.Observation) (State, Output, []Event, error) {
	fields := emptyFields(obs)
	if len(fields) == 0 {
		return s.finish(PhaseFailed, fmt.Sprintf("There is no empty field to fill on %q.", obs.Title))
	}
	i := s.st.Cursor
	fill := make([]Planned, len(fields))
	links := make([]Link, len(fields))
	for k, f := range fields {
		fill[k] = Planned{Ask: &understand.Question{Kind: understand.AskValue, Command: -1, Element: f.ID, Verb: "type",
			Words: "type into " + f.Name, Text: fmt.Sprintf("What should I type into %s?", page.Describe(f))}}
		links[k] = Link{Command: i + k, Target: f}
	}
	s.splice(i, 1, fill)
	steps := make([]string, 0, len(s.st.Commands)-i)
	for _, c := range s.st.Commands[i:] {
		steps = append(steps, c.Raw())
	}
	s.st.PlanBase = i
	s.planReady(PlanReady{Route: "fast_path", Complexity: s.st.Complexity.Level, Steps: steps}, obs)
	// The plan is routed before its values are asked for: a form filler is less certain
	// than a single click, and its values are all missing (docs/decisions.md, fill in the form).
	conf := score(s.a.set, intentScore{value: 1}, s.st.Validation.TotalConfidenceDelta,
		[]factor{{target: 1, value: 0.2, determinism: fillDeterminism}}, []string{fmt.Sprintf("%d empty fields found", len(fields))})
	route := s.a.set.routeFor(conf.Overall, s.st.PlanApproved, false, s.st.Step == 0)
	conf.Recommendation = route
	s.st.Conf = conf
	s.emit(EventConfidenceReport, conf)
	s.st.Pending = &Pending{Chain: links, BeforeURL: obs.URL, BeforeHash: obs.DOMHash}
	switch route {
	case RouteApproval:
		return s.requestApproval("a form filler fills every empty field, and no values were given")
	case RouteAssumeAnnounce:
		return s.announce()
	}
	s.st.Pending = nil
	return s.decide(obs)
}

// fillDeterminism is action determinism for filling a whole form: which fields it touches
// is read from the page, not said by the person.
const fillDeterminism = 0.8
