package agent

import (
	"errors"
	"fmt"
	"strings"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/page"
)

// handOver gives a running model a step the reader's commands cannot get past — covered
// by a dialog with no obvious way to close it, its element gone, the page changed under
// it — so the model plans from the page as it is, told what failed. Without a model, or
// when the model does not answer, or once it has had its turn, the person decides in the
// failed-step dialog as before. A slow page is retried, not handed over; a safety rule's
// refusal or a closed browser never is.
func (s *step) handOver(p Pending, k int, o page.Outcome, v verdict, obs page.Observation) (State, Output, []Event, error, bool) {
	if s.a.model == nil || s.st.Plan != nil || s.st.HandOver != nil {
		return State{}, Output{}, nil, nil, false
	}
	if o.Err != nil && (o.Err.Kind == page.ErrTimeout || o.Err.Kind == page.ErrBlocked || o.Err.Kind == page.ErrClosed) {
		return State{}, Output{}, nil, nil, false
	}
	m := s.failure(p, k, o, v, obs)
	s.st.HandOver = &m
	s.emit(EventSelfCorrection, SelfCorrection{Goal: s.st.Goal, URL: obs.URL, Failed: o.Action.String(),
		Cause: m.Analysis.Cause, Source: "handover"})
	s.st.Complexity = Complexity{levelComplex, "the fast path could not go on: " + lowerFirst(m.Analysis.Cause)}
	st, out, evs, err := s.planWithModel(obs)
	return st, out, evs, err, true
}

// handOverFailed is a hand-over whose model could not plan: the person gets the
// failed-step dialog the model was to spare them.
func (s *step) handOverFailed(err error) (State, Output, []Event, error, bool) {
	m := s.st.HandOver
	var missing *llm.MissingError
	if m == nil || s.st.Plan != nil || !(errors.Is(err, llm.ErrUnavailable) || errors.As(err, &missing) || errors.Is(err, llm.ErrMalformed)) {
		return State{}, Output{}, nil, nil, false
	}
	s.st.NoModel = s.noModel(err)
	st, out, evs, derr := s.openMidExec(*m)
	return st, out, evs, derr, true
}

// failureNote is what the model is told of the step it takes over.
func failureNote(m *MidExec) string {
	if m == nil {
		return ""
	}
	what := m.FailedStep.Action
	if m.FailedStep.TargetDescription != "" {
		what = m.FailedStep.TargetDescription
	}
	// The element's name, the cause's evidence and a dialog's name are the page's words:
	// they stay inside a page note (docs/decisions.md D-38).
	note := fmt.Sprintf("%s failed: %s.", what, strings.TrimSuffix(m.Analysis.Cause, "."))
	if m.Analysis.Suggestion != "" {
		note += " " + m.Analysis.Suggestion
	}
	return "A step failed: " + pageNote(note) + " Plan from the page as it is now."
}
