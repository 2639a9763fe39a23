package agent

import (
	"context"
	"fmt"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/understand"
)

// Assessment is `errand assess`: what Errand would do with a goal on a page, acting on
// nothing.
type Assessment struct {
	Validation Validation `json:"validation"`
	Confidence struct {
		Overall   float64   `json:"overall"`
		Breakdown Breakdown `json:"breakdown"`
	} `json:"confidence"`
	Route       string       `json:"route"` // proceed | assume_announce | approval | ask | rejected
	Questions   []Question   `json:"questions"`
	Assumptions []Assumption `json:"assumptions,omitempty"`
	Profile     Profile      `json:"profile"`
	Complexity  string       `json:"complexity"`
	Actions     []string     `json:"actions,omitempty"`
	Reason      string       `json:"reason,omitempty"`
	// Grounded says which words of the goal were read as which part of the page.
	Grounded []understand.Grounding `json:"grounded,omitempty"`
}

// Assess runs the first step of a task on a copy and reports its decision. It runs the
// runner's loop up to the first decision, model calls included when a model runs, and
// acts on nothing.
func (a *Agent) Assess(ctx context.Context, goal string, obs page.Observation) (Assessment, error) {
	st, out, _, err := a.Step(ctx, State{TaskID: "assess", Phase: PhaseIdle}, Input{Kind: InputStart, Goal: goal, Observation: obs})
	for err == nil && out.Kind == OutputEffect {
		reply := out.Effect.Perform(ctx)
		if ctx.Err() != nil {
			return Assessment{}, fmt.Errorf("assess: %w", ctx.Err())
		}
		st, out, _, err = a.Step(ctx, st, Input{Kind: InputEffect, Effect: &reply})
	}
	if err != nil {
		return Assessment{}, fmt.Errorf("assess: %w", err)
	}
	as := Assessment{Validation: st.Validation, Complexity: st.Complexity.Level, Questions: out.Questions, Profile: a.set.Profile,
		Grounded: st.Grounded}
	if as.Questions == nil {
		as.Questions = []Question{}
	}
	as.Confidence.Overall, as.Confidence.Breakdown = st.Conf.Overall, st.Conf.Breakdown
	switch out.Kind {
	case OutputAct:
		as.Route = RouteProceed
	case OutputAnnounce:
		as.Route = RouteAssumeAnnounce
		as.Assumptions = out.Announcement.Assumptions
	case OutputAwaitApproval:
		as.Route, as.Reason = RouteApproval, out.Approval.Reason
	case OutputAsk:
		as.Route = RouteAsk
		if out.Questions[0].Type == Confirm {
			as.Route, as.Reason = RouteApproval, out.Questions[0].Reason
		}
	default:
		as.Route, as.Reason = RouteRejected, out.Summary
	}
	if st.Pending != nil {
		for _, act := range st.Pending.Actions() {
			as.Actions = append(as.Actions, act.String())
		}
	}
	return as, nil
}
