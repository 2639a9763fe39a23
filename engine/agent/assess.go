package agent

import (
	"context"
	"fmt"

	"github.com/errand-app/errand/engine/page"
)

// Validation is seed 004's PreValidationResult.
type Validation struct {
	Status               string    `json:"status"` // passed | failed
	Failures             []Failure `json:"failures"`
	TotalConfidenceDelta float64   `json:"total_confidence_delta"`
	SuggestedQuestions   []string  `json:"suggested_questions"`
}

// Failure is one failed validation check.
type Failure struct {
	Check   string `json:"check"`
	Message string `json:"message"`
}

// Assessment is `errand assess`: what Errand would do with a goal on a page, acting on
// nothing.
type Assessment struct {
	Validation Validation `json:"validation"`
	Confidence struct {
		Overall   float64   `json:"overall"`
		Breakdown Breakdown `json:"breakdown"`
	} `json:"confidence"`
	Route      string     `json:"route"` // proceed | assume_announce | approval | ask | rejected
	Questions  []Question `json:"questions"`
	Complexity string     `json:"complexity"`
	Actions    []string   `json:"actions,omitempty"`
	Reason     string     `json:"reason,omitempty"`
}

// Assess runs the first step of a task on a copy and reports its decision.
func (a *Agent) Assess(ctx context.Context, goal string, obs page.Observation) (Assessment, error) {
	st, out, _, err := a.Step(ctx, State{TaskID: "assess", Phase: PhaseIdle}, Input{Kind: InputStart, Goal: goal, Observation: obs})
	if err != nil {
		return Assessment{}, fmt.Errorf("assess: %w", err)
	}
	as := Assessment{Validation: st.Validation, Complexity: st.Complexity.Level, Questions: out.Questions}
	if as.Questions == nil {
		as.Questions = []Question{}
	}
	as.Confidence.Overall, as.Confidence.Breakdown = st.Conf.Overall, st.Conf.Breakdown
	switch out.Kind {
	case OutputAct:
		as.Route = "proceed"
		for _, act := range out.Actions {
			as.Actions = append(as.Actions, act.String())
		}
	case OutputAsk:
		as.Route = "ask"
		if out.Questions[0].Type == Confirm {
			as.Route = "approval"
		}
	default:
		as.Route, as.Reason = "rejected", out.Summary
	}
	return as, nil
}

// shortGoalPenalty lowers confidence for goals under the short length; seed 004's own
// "Help me" passes validation but should be asked about.
const shortGoalPenalty = -0.1

// validate runs the checks that need no page: non-empty and length. Empty and over-long
// goals fail; a short goal passes with a confidence penalty and a suggested question.
func (a *Agent) validate(goal string) Validation {
	v := Validation{Status: "passed", Failures: []Failure{}, SuggestedQuestions: []string{}}
	switch n := len([]rune(goal)); {
	case n == 0:
		v.Status = "failed"
		v.Failures = append(v.Failures, Failure{Check: "non_empty",
			Message: "The goal is empty. Say what to do, for example: type 'Jas' into Name and click Save."})
	case n > a.limits.MaxGoalLength:
		v.Status = "failed"
		v.Failures = append(v.Failures, Failure{Check: "length",
			Message: fmt.Sprintf("The goal is %d characters long; the limit is %d. Split it into shorter errands.", n, a.limits.MaxGoalLength)})
	case n < a.limits.ShortGoalLength:
		v.TotalConfidenceDelta = shortGoalPenalty
		v.SuggestedQuestions = append(v.SuggestedQuestions, "What would you like me to do on this page?")
	}
	return v
}
