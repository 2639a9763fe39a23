package app

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/store"
)

// taskStore adapts the SQLite store to the engine's Store: one checkpoint, one transaction.
type taskStore struct{ db *store.Store }

var _ agent.Store = taskStore{}

func (t taskStore) SaveCheckpoint(ctx context.Context, cp agent.Checkpoint) error {
	state, err := json.Marshal(cp.State)
	if err != nil {
		return fmt.Errorf("encode state: %w", err)
	}
	st := cp.State
	task := store.Task{
		ID: st.TaskID, Goal: st.Goal, Status: string(st.Phase), StartURL: st.StartURL, CurrentURL: st.LastURL,
		Steps: st.Step, CreatedAt: cp.Started, UpdatedAt: cp.At, FinishedAt: cp.Finished,
		DurationMs: cp.At.Sub(cp.Started).Milliseconds(), Summary: st.Summary, State: state,
	}
	c := store.Checkpoint{Task: task}
	for _, a := range cp.Actions {
		ver, err := json.Marshal(struct {
			Tier     int    `json:"tier"`
			Evidence string `json:"evidence"`
		}{a.Tier, a.Evidence})
		if err != nil {
			return fmt.Errorf("encode verification: %w", err)
		}
		c.Actions = append(c.Actions, store.Action{TaskID: st.TaskID, Step: a.Step, Index: a.Index,
			Action: a.Action.String(), Description: a.Action.Description, BeforeURL: a.BeforeURL, AfterURL: a.AfterURL,
			BeforeHash: a.BeforeHash, AfterHash: a.AfterHash, Verified: a.Verified, Verification: ver,
			Error: a.Error, DurationMs: a.DurationMs, CreatedAt: cp.At})
	}
	for _, e := range cp.Events {
		data, err := json.Marshal(e)
		if err != nil {
			return fmt.Errorf("encode event: %w", err)
		}
		c.Events = append(c.Events, store.Event{TaskID: st.TaskID, Seq: e.Seq, Type: string(e.Type), Data: data, CreatedAt: cp.At})
	}
	for _, a := range cp.Audit {
		data, err := json.Marshal(a.Data)
		if err != nil {
			return fmt.Errorf("encode audit %s: %w", a.Kind, err)
		}
		c.Audit = append(c.Audit, store.AuditEntry{RequestID: a.RequestID, TaskID: st.TaskID, Kind: a.Kind, Data: data, CreatedAt: cp.At})
	}
	for i, u := range cp.Usage {
		// The store keys usage by (task, time, purpose, model) so a re-saved checkpoint does
		// not count a call twice; a step's calls are a millisecond apart so a repaired call
		// and its repair both count.
		at := cp.At.Add(time.Duration(i) * time.Millisecond)
		c.Usage = append(c.Usage, store.Usage{TaskID: st.TaskID, Purpose: string(u.Purpose), Model: u.Model,
			PromptTokens: u.PromptTokens, CompletionTokens: u.CompletionTokens, DurationMs: u.DurationMs, Cost: u.Cost, CreatedAt: at})
	}
	return t.db.SaveStep(ctx, c)
}

func (t taskStore) LoadState(ctx context.Context, id string) (agent.State, error) {
	task, err := t.db.Task(ctx, id)
	if err != nil {
		return agent.State{}, err
	}
	var st agent.State
	if err := json.Unmarshal(task.State, &st); err != nil {
		return agent.State{}, fmt.Errorf("decode state of %s: %w", id, err)
	}
	return st, nil
}

// idleExpiry is the lazy expiry of docs/decisions.md D-4: a task untouched this long is
// interrupted.
const idleExpiry = 30 * time.Minute

// Tasks lists recent tasks, newest first, after marking abandoned ones interrupted.
func (s *Service) Tasks(ctx context.Context, limit int) ([]store.Task, error) {
	if _, err := s.db.ExpireIdle(ctx, idleExpiry); err != nil {
		return nil, fmt.Errorf("expire idle tasks: %w", err)
	}
	tasks, err := s.db.Tasks(ctx, store.TaskFilter{Limit: limit})
	if err != nil {
		return nil, fmt.Errorf("list tasks: %w", err)
	}
	for i := range tasks {
		calls, tokens, _, err := s.db.UsageTotals(ctx, tasks[i].ID)
		if err != nil {
			return nil, fmt.Errorf("usage of %s: %w", tasks[i].ID, err)
		}
		tasks[i].ModelCalls, tasks[i].Tokens = calls, tokens
	}
	return tasks, nil
}
