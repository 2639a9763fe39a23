package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/errand-app/errand/engine/llm"
)

// Knowledge is what the agent needs of "Knowledge and memory" (docs/decisions.md D-40,
// D-41): retrieved chunks for a page and a query, and skills hints (fixes that worked on
// this site before). The knowledge package implements it; nil means none.
type Knowledge interface {
	Retrieve(ctx context.Context, url, query string) ([]string, error)
	Hints(ctx context.Context, url, goal string) ([]string, error)
}

// Plan is the model's plan of a goal the rules model cannot run (docs/decisions.md D-20).
type Plan struct {
	Steps []PlanStep `json:"steps"`
	// Current is the first step not yet carried out.
	Current int      `json:"current"`
	Score   float64  `json:"score"`
	Sources []string `json:"sources,omitempty"`
	// Subtasks, for a long errand, are planned one at a time with a fresh context
	// (hierarchical planning); Sub is the one under way.
	Subtasks []Subtask `json:"subtasks,omitempty"`
	Sub      int       `json:"sub,omitempty"`
	Replans  int       `json:"replans,omitempty"`
	// Note is the model's finish() summary, for the task's summary.
	Note string `json:"note,omitempty"`
	// Stalled counts verified steps in a row that moved neither the plan nor the page
	// (the velocity check).
	Stalled int `json:"stalled,omitempty"`
	// Reflected is set once a stall made the plan be regenerated; a second stall stops.
	Reflected bool `json:"reflected,omitempty"`
}

// PlanStep is one step of a plan with what should follow it.
type PlanStep struct {
	Description     string        `json:"description"`
	ExpectedOutcome string        `json:"expectedOutcome"`
	NextGoal        string        `json:"nextGoal,omitempty"`
	Contingencies   []Contingency `json:"contingencies,omitempty"`
	Status          string        `json:"status,omitempty"` // "", done, skipped
}

// Contingency is conditional planning: if the text appears, run the command first.
type Contingency struct {
	If   string `json:"if" max:"60" desc:"a short text visible on the page when this happens"`
	Then string `json:"then" max:"80" desc:"an explicit command, such as: click Got it"`
}

// Subtask is a part of a long errand with its contract.
type Subtask struct {
	Goal   string `json:"goal" max:"100"`
	Input  string `json:"input,omitempty" max:"60"`
	Output string `json:"output,omitempty" max:"60"`
	Done   bool   `json:"done,omitempty"`
}

// Refined records, for a command the model wrote, the plan steps it carries out, its
// confidence and what should be visible afterwards (look-ahead).
type Refined struct {
	FirstStep  int     `json:"firstStep"`
	Steps      int     `json:"steps"`
	Confidence float64 `json:"confidence"`
	NextGoal   string  `json:"nextGoal,omitempty"`
	// Correction is set on commands written by self-correction; Failed is what they replace.
	Correction bool   `json:"correction,omitempty"`
	Failed     string `json:"failed,omitempty"`
}

// UsagePayload is the usage event: one model call.
type UsagePayload struct {
	llm.Usage
	TaskCalls  int `json:"taskCalls"`
	TaskTokens int `json:"taskTokens"`
}

// modelFailed ends a task whose model could not be used, saying what to do about it.
func (s *step) modelFailed(err error) (State, Output, []Event, error) {
	if s.ctx.Err() != nil {
		return s.st, Output{}, s.events, fmt.Errorf("step: %w", s.ctx.Err())
	}
	if st, out, evs, err, ok := s.handOverFailed(err); ok {
		return st, out, evs, err
	}
	var missing *llm.MissingError
	if r := s.unread; r != nil && (errors.Is(err, llm.ErrUnavailable) || errors.As(err, &missing)) {
		// The model was to plan what the reader could not; without it, the reader's
		// reading is what there is.
		s.unread = nil
		s.st.NoModel = s.noModel(err)
		return s.planOffline(*r, s.lastObs)
	}
	switch {
	case errors.As(err, &missing), errors.Is(err, llm.ErrUnavailable):
		return s.finish(PhaseFailed, s.noModel(err))
	case errors.Is(err, llm.ErrMalformed):
		return s.finish(PhaseFailed, "The model's replies could not be used ("+err.Error()+"); nothing more was done.")
	}
	return s.finish(PhaseFailed, "The model failed: "+err.Error())
}

// noModel says why no model could be used and how to get one.
func (s *step) noModel(err error) string {
	var missing *llm.MissingError
	if errors.As(err, &missing) {
		return "This errand needs a model: " + missing.Error() + "."
	}
	msg := "This errand needs a model, and none answers."
	if s.a.offline != "" {
		msg += " " + s.a.offline
	}
	return msg
}

// promptCtx gathers what every prompt shows besides the page.
func (s *step) promptCtx() promptContext {
	return promptContext{Goal: s.st.Goal, Rest: s.st.Rest, Answers: s.st.Clarified, Knowledge: s.st.Knowledge,
		Hints: s.st.Hints, History: historyText(s.st.History), Failed: failureNote(s.st.HandOver)}
}

// rawHistory is how many verified actions prompts show one by one; older ones are
// summarised (rolling summarisation, docs/decisions.md D-5).
const rawHistory = 10

func historyText(h []Done) string {
	var b strings.Builder
	start := 0
	if len(h) > rawHistory {
		start = len(h) - rawHistory
		var older []string
		for _, d := range h[:start] {
			older = append(older, d.Action.Description)
		}
		fmt.Fprintf(&b, "(earlier, %d actions: %s)\n", start, clipText(strings.Join(older, "; "), 300))
	}
	for _, d := range h[start:] {
		fmt.Fprintf(&b, "- %s\n", d.Action.Description)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
