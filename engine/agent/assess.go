package agent

import (
	"context"
	"fmt"

	"github.com/errand-app/errand/engine/page"
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
}

// Assess runs the first step of a task on a copy and reports its decision.
func (a *Agent) Assess(ctx context.Context, goal string, obs page.Observation) (Assessment, error) {
	st, out, _, err := a.Step(ctx, State{TaskID: "assess", Phase: PhaseIdle}, Input{Kind: InputStart, Goal: goal, Observation: obs})
	if err != nil {
		return Assessment{}, fmt.Errorf("assess: %w", err)
	}
	as := Assessment{Validation: st.Validation, Complexity: st.Complexity.Level, Questions: out.Questions, Profile: a.set.Profile}
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
