package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/store"
)

// Trace is a past task as the History screen opens it (frontend/src/transport.ts Trace).
type Trace struct {
	Task  TaskRow     `json:"task"`
	Steps []TraceStep `json:"steps"`
	Calls []Call      `json:"calls"`
}

// TraceStep is one step of a trace.
type TraceStep struct {
	Step       int       `json:"step"`
	Thought    string    `json:"thought"`
	StartedAt  time.Time `json:"startedAt"`
	DurationMs int64     `json:"durationMs"`
	Actions    []Action  `json:"actions"`
	Calls      []Call    `json:"calls"`
}

// Action is one executed action with its verification.
type Action struct {
	Index       int    `json:"index"`
	Action      string `json:"action"`
	Description string `json:"description"`
	Verified    bool   `json:"verified"`
	Tier        int    `json:"tier"`
	Evidence    string `json:"evidence"`
	Error       string `json:"error,omitempty"`
	DurationMs  int64  `json:"durationMs"`
	BeforeURL   string `json:"beforeUrl"`
	AfterURL    string `json:"afterUrl"`
}

// Call is one model call.
type Call struct {
	Purpose          string    `json:"purpose"`
	Model            string    `json:"model"`
	PromptTokens     int       `json:"promptTokens"`
	CompletionTokens int       `json:"completionTokens"`
	DurationMs       int64     `json:"durationMs"`
	Cost             float64   `json:"cost"`
	At               time.Time `json:"at"`
}

// Trace opens one past task.
func (b *Bridge) Trace(taskID string) (Trace, error) {
	tr, err := b.d.trace(b.ctx, taskID)
	if errors.Is(err, store.ErrNotFound) {
		return Trace{}, fmt.Errorf("%w %q", ErrNoTask, taskID)
	}
	if err != nil {
		return Trace{}, fmt.Errorf("open task: %w", err)
	}
	out := Trace{Task: taskRow(tr.Task), Steps: []TraceStep{}, Calls: calls(tr.Calls)}
	for _, s := range tr.Steps {
		st := TraceStep{Step: s.Step, Thought: s.Thought, StartedAt: s.StartedAt, DurationMs: s.DurationMs,
			Actions: []Action{}, Calls: calls(s.Calls)}
		for _, a := range s.Actions {
			var v struct {
				Tier     int    `json:"tier"`
				Evidence string `json:"evidence"`
			}
			_ = json.Unmarshal(a.Verification, &v) // opaque to the store; an old row lacks it
			st.Actions = append(st.Actions, Action{Index: a.Index, Action: a.Action, Description: a.Description,
				Verified: a.Verified, Tier: v.Tier, Evidence: v.Evidence, Error: a.Error, DurationMs: a.DurationMs,
				BeforeURL: a.BeforeURL, AfterURL: a.AfterURL})
		}
		out.Steps = append(out.Steps, st)
	}
	return out, nil
}

func calls(cs []app.TraceCall) []Call {
	out := make([]Call, 0, len(cs))
	for _, c := range cs {
		out = append(out, Call{Purpose: string(c.Purpose), Model: c.Model, PromptTokens: c.PromptTokens,
			CompletionTokens: c.CompletionTokens, DurationMs: c.DurationMs, Cost: c.Cost, At: c.At})
	}
	return out
}

// Settings are the settings the app runs with, defaults filled in.
func (b *Bridge) Settings() app.Settings { return b.d.settings() }

// SaveSettings saves and applies settings; the error names the field at fault.
func (b *Bridge) SaveSettings(s app.Settings) (app.Settings, error) {
	return b.d.save(b.ctx, s)
}

// ModelStatus is what the Settings screen says about Ollama: llm.Status with the roles'
// models and one sentence of advice.
type ModelStatus struct {
	llm.Status
	Offline bool   `json:"offline"`
	Planner string `json:"planner"`
	Fast    string `json:"fast"`
	Advice  string `json:"advice"`
}

// statusWait bounds the Ollama heartbeat, so a screen never waits on a dead address.
const statusWait = 3 * time.Second

// ModelStatus asks Ollama whether it runs and has the models.
func (b *Bridge) ModelStatus() ModelStatus {
	set := b.d.settings()
	out := ModelStatus{Offline: set.Offline, Planner: set.PlannerModel, Fast: set.FastModel}
	if set.Offline {
		out.Host = set.OllamaHost
		out.Advice = "Errand is set to run offline: only explicit commands, no model. Turn offline off to use Ollama."
		return out
	}
	ctx, cancel := context.WithTimeout(b.ctx, statusWait)
	defer cancel()
	out.Status = b.d.status(ctx)
	if !out.Ready() {
		out.Advice = out.Status.Advice()
	}
	return out
}

// EventPullProgress is the Bridge's event for a model download.
const EventPullProgress agent.EventType = "pullProgress"

// PullProgress is the payload of a pullProgress event.
type PullProgress struct {
	Type agent.EventType `json:"type"` // always "pullProgress"
	llm.Progress
	Done  bool   `json:"done,omitempty"`
	Error string `json:"error,omitempty"`
}

// PullModel starts downloading a model into Ollama and returns; progress arrives as
// pullProgress events, the last with done or error.
func (b *Bridge) PullModel(name string) error {
	name = strings.TrimSpace(name)
	if name == "" {
		return errors.New("which model? the name is empty")
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ctx.Err() != nil {
		return ErrClosed
	}
	if b.pulling[name] {
		return fmt.Errorf("%s is already being pulled", name)
	}
	b.pulling[name] = true
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		err := b.d.pull(b.ctx, name, func(p llm.Progress) {
			p.Model = name
			b.d.emit(EventName, PullProgress{Type: EventPullProgress, Progress: p})
		})
		last := PullProgress{Type: EventPullProgress, Progress: llm.Progress{Model: name, Status: "success", Fraction: 1}, Done: err == nil}
		if err != nil {
			last.Status, last.Error = "failed", err.Error()
		}
		b.mu.Lock()
		delete(b.pulling, name)
		b.mu.Unlock()
		b.d.emit(EventName, last)
	}()
	return nil
}
