package agent

import (
	"context"
	"fmt"
	"strconv"

	"github.com/errand-app/errand/engine/clarify"
	"github.com/errand-app/errand/engine/page"
)

// bindsContext marks a question whose answer is context for planning: it is merged into
// the request with the other clarifications and planning restarts (docs/decisions.md
// D-17).
const bindsContext = "context"

// AskDetected puts questions found elsewhere to the person: those the question detector
// found in free model text (clarify.Detect) or a planner's needs_clarification
// (clarify.NeedsClarification.Questions). Options come first with "Other" allowed, ranked
// by the answer guesser, timed by complexity; the rounds limit applies as to any question.
func (a *Agent) AskDetected(ctx context.Context, st State, ds []clarify.Detected, obs page.Observation) (State, Output, []Event, error) {
	if err := ctx.Err(); err != nil {
		return st, Output{}, nil, fmt.Errorf("ask detected: %w", err)
	}
	if len(ds) == 0 {
		return st, Output{}, nil, fmt.Errorf("ask detected: no questions")
	}
	s := &step{ctx: ctx, a: a, st: st, lastObs: obs}
	var qs []Question
	for _, d := range ds {
		q := Question{Type: Freeform, Text: d.Question, AllowFreeform: true, Command: -1, Binds: bindsContext,
			Reason: "the plan needs this", TimeoutMs: d.TimeoutMs}
		for i, c := range d.Options {
			q.Type = OptionSelect
			q.Options = append(q.Options, Option{ID: "opt-" + strconv.Itoa(i+1), Text: c.Label, Value: c.Value,
				Confidence: c.Confidence, Reasoning: c.Reasoning})
		}
		if len(q.Options) > 0 {
			q.Default = q.Options[0].ID
		}
		if q.TimeoutMs == 0 {
			q.TimeoutMs = timeoutFor(q)
		}
		qs = append(qs, q)
	}
	return s.ask(qs, []factor{{target: 1, value: 0.2, determinism: 1}}, nil)
}

// QA is one answered question merged into the task's context (State.Clarified); clarify
// owns it.
type QA = clarify.QA

// mergeContext folds every clarification so far into the request (docs/decisions.md D-17).
func (s *step) mergeContext() {
	s.st.Goal = clarify.Merge(s.st.Request, s.st.Clarified)
}
