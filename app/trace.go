package app

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/store"
)

// Trace is one past task as History opens it: each step's intent, actions, verification,
// timings and model calls.
type Trace struct {
	Task  store.Task
	Steps []TraceStep
	// Calls are the model calls made outside a step: context analysis, planning, the
	// plan's critic, re-planning and the final check of the goal.
	Calls []TraceCall
}

// TraceStep is one step: the chain of actions it ran and the calls that chose them.
type TraceStep struct {
	Step       int
	Thought    string
	StartedAt  time.Time
	DurationMs int64
	Actions    []store.Action
	Calls      []TraceCall
}

// TraceCall is one model call, from the task's usage events.
type TraceCall struct {
	agent.UsagePayload
	At time.Time
}

// Trace assembles a task's trace from its stored events and actions.
func (s *Service) Trace(ctx context.Context, id string) (Trace, error) {
	task, err := s.db.Task(ctx, id)
	if err != nil {
		return Trace{}, fmt.Errorf("trace of %s: %w", id, err)
	}
	events, err := s.db.Events(ctx, id, -1)
	if err != nil {
		return Trace{}, fmt.Errorf("trace of %s: %w", id, err)
	}
	actions, err := s.db.Actions(ctx, id)
	if err != nil {
		return Trace{}, fmt.Errorf("trace of %s: %w", id, err)
	}
	tr := buildTrace(events, actions)
	tr.Task = task
	return tr, nil
}

// buildTrace files each usage event under the step it chose: the calls between one step's
// start and the next belong to the next (a step's refinement comes before its
// stepStarted), except the task-level purposes, and a critic counts as the step's only
// after the step's own refinement or correction.
func buildTrace(events []store.Event, actions []store.Action) Trace {
	var (
		tr      Trace
		pending []TraceCall
		byStep  = map[int]int{} // step number → index in tr.Steps
	)
	for _, e := range events {
		switch e.Type {
		case string(agent.EventUsage):
			var u agent.UsagePayload
			if json.Unmarshal(e.Data, &u) == nil {
				pending = append(pending, TraceCall{UsagePayload: u, At: e.CreatedAt})
			}
		case string(agent.EventStepStarted):
			var st agent.StepStarted
			if json.Unmarshal(e.Data, &st) != nil {
				continue
			}
			step := TraceStep{Step: st.Step, Thought: thought(st), StartedAt: e.CreatedAt}
			ownCalls := false
			for _, c := range pending {
				switch c.Purpose {
				case llm.PurposeRefinement, llm.PurposeSelfCorrection:
					ownCalls = true
					step.Calls = append(step.Calls, c)
				case llm.PurposeCritic:
					if ownCalls {
						step.Calls = append(step.Calls, c)
					} else {
						tr.Calls = append(tr.Calls, c)
					}
				default:
					tr.Calls = append(tr.Calls, c)
				}
			}
			pending = nil
			byStep[st.Step] = len(tr.Steps)
			tr.Steps = append(tr.Steps, step)
		}
	}
	tr.Calls = append(tr.Calls, pending...)
	for _, a := range actions {
		i, ok := byStep[a.Step]
		if !ok {
			// A step saved without its event (an older store): give it a row of its own.
			i = len(tr.Steps)
			byStep[a.Step] = i
			tr.Steps = append(tr.Steps, TraceStep{Step: a.Step, Thought: a.Description, StartedAt: a.CreatedAt})
		}
		tr.Steps[i].Actions = append(tr.Steps[i].Actions, a)
		tr.Steps[i].DurationMs += a.DurationMs
	}
	return tr
}

// thought says what a step set out to do, in words.
func thought(st agent.StepStarted) string {
	var parts []string
	for i, d := range st.Descriptions {
		if d == "" && i < len(st.Actions) {
			d = st.Actions[i]
		}
		if d != "" {
			parts = append(parts, d)
		}
	}
	return strings.Join(parts, "; ")
}
