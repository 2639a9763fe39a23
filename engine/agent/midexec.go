package agent

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/understand"
	"github.com/errand-app/errand/internal/round"
)

// MidExec is the mid-execution dialog (docs/decisions.md D-28): the failed step, what went
// wrong, and the four ways on.
type MidExec struct {
	RequestID       string     `json:"requestId"`
	FailedStep      FailedStep `json:"failedStep"`
	Analysis        Analysis   `json:"analysis"`
	Options         []string   `json:"options"`
	SuggestedAction string     `json:"suggestedAction"`
}

// FailedStep names the action that failed.
type FailedStep struct {
	StepIndex         int    `json:"stepIndex"`
	Command           int    `json:"command"`
	Action            string `json:"action"`
	TargetDescription string `json:"targetDescription"`
	Error             string `json:"error"`
}

// Analysis is a failed step's analysis (docs/decisions.md D-28).
type Analysis struct {
	Cause             string    `json:"cause"`
	Suggestion        string    `json:"suggestion"`
	CanRetry          bool      `json:"canRetry"`
	CanSkip           bool      `json:"canSkip"`
	CanReplan         bool      `json:"canReplan"`
	SuggestedTargetID string    `json:"suggestedTargetId,omitempty"`
	Similar           []Similar `json:"similar,omitempty"`
	RecommendedAction string    `json:"recommendedAction"`
}

// Similar is an element that may be the one that failed, moved or renamed.
type Similar struct {
	ID    string  `json:"id"`
	Text  string  `json:"text"`
	Score float64 `json:"score"`
	Why   string  `json:"why"`
}

// MidExecPayload is the midExecDialog event.
type MidExecPayload struct{ MidExec }

// Failure causes (docs/decisions.md D-28), in the words of the specification Errand
// replaces where it has them.
const (
	causeMoved   = "Element moved or changed after the page updated"
	causeGone    = "The element is no longer on the page"
	causeTimeout = "Page took too long to respond"
	causeChanged = "The page changed under the step"
	causeCovered = "Something covers the element"
	causeUnknown = "Unknown error"
)

// analyzeFailure is the failure analysis of docs/decisions.md D-28: element not found →
// similar elements by name, role and position with the best as the suggested target;
// timeout; page changed; anything else unknown.
func analyzeFailure(want page.Node, o page.Outcome, v verdict, beforeURL string, obs page.Observation) Analysis {
	kind := page.ErrorKind("")
	if o.Err != nil {
		kind = o.Err.Kind
	}
	switch {
	case kind == page.ErrNotFound || (o.Err == nil && want.ID != "" && !hasNode(obs, want.ID)):
		sim := similarElements(want, obs)
		if len(sim) > 0 {
			return Analysis{Cause: causeMoved, Suggestion: fmt.Sprintf("Found similar: %s", sim[0].Text), CanRetry: true,
				CanSkip: true, CanReplan: true, SuggestedTargetID: sim[0].ID, Similar: sim, RecommendedAction: DecisionRetry}
		}
		return Analysis{Cause: causeGone, Suggestion: "Nothing like it is on the page now; make a new plan from here or skip it.",
			CanRetry: true, CanSkip: true, CanReplan: true, RecommendedAction: DecisionReplan}
	case kind == page.ErrCovered:
		suggestion := "Close what covers it, then retry; or make a new plan from here."
		if obs.Modal != "" {
			suggestion = fmt.Sprintf("The dialog %q is open; close it or answer it, then retry.", obs.Modal)
		}
		return Analysis{Cause: causeCovered + ": " + v.evidence, Suggestion: suggestion, CanRetry: true, CanSkip: true,
			CanReplan: true, RecommendedAction: DecisionReplan}
	case kind == page.ErrTimeout:
		return Analysis{Cause: causeTimeout, Suggestion: "Try again; the page may answer now.", CanRetry: true, CanSkip: true,
			CanReplan: true, RecommendedAction: DecisionRetry}
	case !endsChain(o.Action) && !sameURL(obs.URL, beforeURL):
		return Analysis{Cause: causeChanged, Suggestion: "Make a new plan from the page as it is now.", CanRetry: true, CanSkip: true,
			CanReplan: true, RecommendedAction: DecisionReplan}
	}
	return Analysis{Cause: causeUnknown + ": " + v.evidence, Suggestion: "Make a new plan from here, or skip this step.",
		CanRetry: true, CanSkip: true, CanReplan: true, RecommendedAction: DecisionReplan}
}

func hasNode(obs page.Observation, id string) bool {
	_, ok := obs.Node(id)
	return ok
}

// similarElements ranks the page's elements by how much they look like want: name 0.5,
// role 0.3, position 0.2. Only elements that share the role or half the name count.
func similarElements(want page.Node, obs page.Observation) []Similar {
	var out []Similar
	for _, n := range obs.Tree {
		if n.ID == want.ID || n.Has("disabled") {
			continue
		}
		name := understand.Similar(want.Name, n.Name)
		role := 0.0
		if n.Role == want.Role {
			role = 1
		}
		if role == 0 && name < 0.5 {
			continue
		}
		pos := 0.5 // unknown position counts neither way
		if want.XY != ([2]int{}) && n.XY != ([2]int{}) {
			d := math.Hypot(float64(want.XY[0]-n.XY[0]), float64(want.XY[1]-n.XY[1]))
			pos = math.Max(0, 1-d/400)
		}
		sc := 0.5*name + 0.3*role + 0.2*pos
		if want.Type != "" && n.Type == want.Type {
			sc += 0.1 // a submit button for a submit button
		}
		sc = round.Hundredths(min(1, sc))
		if sc < 0.35 {
			continue
		}
		var why []string
		if name >= 0.5 {
			why = append(why, "similar name")
		}
		if role == 1 {
			why = append(why, "same kind of element")
		}
		if pos > 0.5 {
			why = append(why, "same place")
		}
		out = append(out, Similar{ID: n.ID, Text: page.Describe(n), Score: sc, Why: strings.Join(why, ", ")})
	}
	slices.SortStableFunc(out, func(a, b Similar) int { return cmp.Compare(b.Score, a.Score) })
	if len(out) > 3 {
		out = out[:3]
	}
	return out
}

// midExec pauses the task on a failed step for the person's decision.
func (s *step) midExec(p Pending, k int, o page.Outcome, v verdict, obs page.Observation) (State, Output, []Event, error) {
	return s.openMidExec(s.failure(p, k, o, v, obs))
}

// failure is the failed-step dialog for the k-th action of p, analysed.
func (s *step) failure(p Pending, k int, o page.Outcome, v verdict, obs page.Observation) MidExec {
	want := p.Chain[k].Target
	an := analyzeFailure(want, o, v, p.BeforeURL, obs)
	if s.st.Dialogs >= s.a.limits.MaxRetries {
		// The same step has failed through dialogs before: do not suggest a loop.
		an.RecommendedAction = DecisionAbort
	}
	target := page.Describe(want)
	if want.ID == "" {
		target = o.Action.Description
	}
	return MidExec{Analysis: an, Options: []string{DecisionRetry, DecisionSkip, DecisionReplan, DecisionAbort},
		SuggestedAction: an.RecommendedAction,
		FailedStep: FailedStep{StepIndex: p.Step, Command: p.Chain[k].Command, Action: o.Action.String(), TargetDescription: target,
			Error: v.evidence}}
}

// openMidExec puts a failed step to the person.
func (s *step) openMidExec(m MidExec) (State, Output, []Event, error) {
	s.st.Dialogs++
	m.RequestID = s.requestID()
	s.st.MidExec = &m
	s.setPhase(PhaseMidExecDialog)
	s.emit(EventMidExecDialog, MidExecPayload{m})
	return s.st, Output{Kind: OutputMidExecDialog, MidExec: &m}, s.events, nil
}

// onMidExec carries out the person's decision exactly as the transitions say
// (docs/decisions.md D-3, D-28): retry → executing (the same step, on the suggested
// element); skip → executing (the next step); replan → replanning; abort → idle, i.e. the
// task ends cancelled.
func (s *step) onMidExec(in Input) (State, Output, []Event, error) {
	m := s.st.MidExec
	cmd := m.FailedStep.Command
	switch in.Decision {
	case DecisionRetry:
		s.st.MidExec, s.st.Retries = nil, 0
		if id := m.Analysis.SuggestedTargetID; id != "" {
			if _, ok := in.Observation.Node(id); ok {
				s.onElement(cmd, id, in.Observation)
			}
		}
		s.setPhase(PhaseExecuting)
		return s.decide(in.Observation)
	case DecisionSkip:
		s.st.MidExec, s.st.Retries, s.st.Dialogs = nil, 0, 0
		s.st.Cursor = cmd + 1
		if r := s.refined(cmd); r != nil && r.Steps > 0 && s.st.Plan != nil {
			s.st.Plan.Current = max(s.st.Plan.Current, r.FirstStep+r.Steps)
		}
		s.setPhase(PhaseExecuting)
		return s.decide(in.Observation)
	case DecisionReplan:
		s.st.MidExec, s.st.Retries = nil, 0
		if s.st.Plan != nil {
			return s.replan(in.Observation, "regenerate", "you asked for a new plan after: "+lowerFirst(m.Analysis.Cause), nil)
		}
		s.setPhase(PhaseReplanning)
		for i := s.st.Cursor; i < len(s.st.Commands); i++ {
			s.st.Commands[i].Command.Bound = false // read again on the page as it is
		}
		s.st.PlanBase = s.st.Cursor
		s.planReady(PlanReady{Route: "replan", Complexity: s.st.Complexity.Level, Steps: s.remainingSteps()}, in.Observation)
		return s.decide(in.Observation)
	case DecisionAbort, DecisionCancel:
		return s.finish(PhaseCancelled, fmt.Sprintf("Stopped at step %d (%s): %s.", m.FailedStep.StepIndex,
			m.FailedStep.TargetDescription, lowerFirst(m.Analysis.Cause)))
	}
	return s.st, Output{}, nil, fmt.Errorf("step: %q is not a decision on a failed step", in.Decision)
}

func (s *step) remainingSteps() []string {
	var out []string
	for _, c := range s.st.Commands[s.st.Cursor:] {
		out = append(out, c.Raw())
	}
	return out
}
