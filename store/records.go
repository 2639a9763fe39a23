package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// Action is one executed action of a task. (TaskID, Step, Index) is unique.
type Action struct {
	TaskID                                     string
	Step, Index                                int    // step number and index in its chain
	Action, Description                        string // e.g. `setValue("14", "Jas")`
	BeforeURL, AfterURL, BeforeHash, AfterHash string
	Verified                                   bool
	Verification                               json.RawMessage // tier, evidence, …; opaque
	Error                                      string
	DurationMs                                 int64
	CreatedAt                                  time.Time
}

// Event is one event a task emitted. (TaskID, Seq) is unique.
type Event struct {
	TaskID    string
	Seq       int
	Type      string
	Data      json.RawMessage
	CreatedAt time.Time
}

// Usage is one model call made for a task.
type Usage struct {
	TaskID, Purpose, Model         string
	PromptTokens, CompletionTokens int
	DurationMs                     int64
	Cost                           float64
	CreatedAt                      time.Time
}

// Actions returns a task's actions ordered by step, then index in the chain.
func (s *Store) Actions(ctx context.Context, taskID string) ([]Action, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT task_id, step, idx, action, description, before_url, after_url, before_hash,
			after_hash, verified, verification, error, duration_ms, created_at
		FROM task_actions WHERE task_id = ? ORDER BY step, idx`, taskID)
	if err != nil {
		return nil, fmt.Errorf("actions of task %q: %w", taskID, err)
	}
	defer rows.Close()
	var out []Action
	for rows.Next() {
		var (
			a       Action
			verif   sql.NullString
			created int64
		)
		if err := rows.Scan(&a.TaskID, &a.Step, &a.Index, &a.Action, &a.Description,
			&a.BeforeURL, &a.AfterURL, &a.BeforeHash, &a.AfterHash, &a.Verified, &verif,
			&a.Error, &a.DurationMs, &created); err != nil {
			return nil, fmt.Errorf("actions of task %q: %w", taskID, err)
		}
		a.Verification, a.CreatedAt = jsonValue(verif), fromMillis(created)
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("actions of task %q: %w", taskID, err)
	}
	return out, nil
}

// Events returns a task's events with Seq > afterSeq, in order; afterSeq -1
// returns them all, including seq 0.
func (s *Store) Events(ctx context.Context, taskID string, afterSeq int) ([]Event, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT task_id, seq, type, data, created_at FROM task_events
		WHERE task_id = ? AND seq > ? ORDER BY seq`, taskID, afterSeq)
	if err != nil {
		return nil, fmt.Errorf("events of task %q: %w", taskID, err)
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var (
			e       Event
			data    sql.NullString
			created int64
		)
		if err := rows.Scan(&e.TaskID, &e.Seq, &e.Type, &data, &created); err != nil {
			return nil, fmt.Errorf("events of task %q: %w", taskID, err)
		}
		e.Data, e.CreatedAt = jsonValue(data), fromMillis(created)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("events of task %q: %w", taskID, err)
	}
	return out, nil
}

// UsageTotals sums a task's model calls: the number of calls, prompt plus
// completion tokens, and cost. A task with no usage gives zeros.
func (s *Store) UsageTotals(ctx context.Context, taskID string) (calls, tokens int, cost float64, err error) {
	err = s.db.QueryRowContext(ctx, `
		SELECT count(*), coalesce(sum(prompt_tokens + completion_tokens), 0), coalesce(sum(cost), 0)
		FROM model_usage WHERE task_id = ?`, taskID).Scan(&calls, &tokens, &cost)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("usage totals of task %q: %w", taskID, err)
	}
	return calls, tokens, cost, nil
}
