package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Checkpoint is everything one agent step produced: the task as it now
// stands and the step's new actions, events, usage and messages.
//
// Child rows may leave TaskID (and a message its SessionID) empty: they
// belong to Task. A zero CreatedAt on a child row takes Task.UpdatedAt (or,
// when that is zero too, the store's clock): the time of the step, so that
// re-saving the same checkpoint value writes the same rows.
type Checkpoint struct {
	Task     Task
	Actions  []Action
	Events   []Event
	Usage    []Usage
	Messages []Message
	// Audit entries of the step; an empty TaskID takes Task.ID. They are written in the
	// same transaction, so a decision is never logged for a step that was not saved.
	Audit []AuditEntry
}

// SaveStep writes a checkpoint in one transaction: all of it or nothing.
//
// The task row is upserted; a zero Task.CreatedAt or Task.UpdatedAt takes
// the store's clock, and an existing task keeps its original CreatedAt.
// Re-saving is idempotent, so a resumed task that saves its last checkpoint
// again never duplicates rows: an action with the same (task, step, index)
// replaces the stored one (the latest outcome of a retried action wins); an
// event with the same (task, seq) and usage with the same (task, CreatedAt,
// Purpose, Model) are kept as first saved; a message with an ID is kept as
// first saved, and one without an ID is skipped when an identical message
// (session, role, content, CreatedAt) exists.
func (s *Store) SaveStep(ctx context.Context, c Checkpoint) error {
	if err := c.validate(); err != nil {
		return fmt.Errorf("save step: %w", err)
	}
	now := s.now()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("save step: begin: %w", err)
	}
	defer tx.Rollback()

	stepAt := c.Task.UpdatedAt
	if stepAt.IsZero() {
		stepAt = now
	}
	if err := upsertTask(ctx, tx, c.Task, now, stepAt); err != nil {
		return fmt.Errorf("save step: %w", err)
	}
	for i, a := range c.Actions {
		if err := upsertAction(ctx, tx, c.Task.ID, a, stepAt); err != nil {
			return fmt.Errorf("save step: action %d (step %d, index %d): %w", i, a.Step, a.Index, err)
		}
	}
	for i, e := range c.Events {
		if err := insertEvent(ctx, tx, c.Task.ID, e, stepAt); err != nil {
			return fmt.Errorf("save step: event %d (seq %d): %w", i, e.Seq, err)
		}
	}
	for i, u := range c.Usage {
		if err := insertUsage(ctx, tx, c.Task.ID, u, stepAt); err != nil {
			return fmt.Errorf("save step: usage %d: %w", i, err)
		}
	}
	for i, m := range c.Messages {
		if m.SessionID == "" {
			m.SessionID = c.Task.SessionID
		}
		if err := insertMessage(ctx, tx, m, stepAt); err != nil {
			return fmt.Errorf("save step: message %d: %w", i, err)
		}
	}
	for i, e := range c.Audit {
		if e.TaskID == "" {
			e.TaskID = c.Task.ID
		}
		if err := insertAudit(ctx, tx, e, stepAt); err != nil {
			return fmt.Errorf("save step: audit %d (%s): %w", i, e.Kind, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("save step: commit: %w", err)
	}
	return nil
}

// validate rejects a checkpoint that mixes in another task's rows: that is
// a caller bug, and storing it would attach history to the wrong task.
func (c Checkpoint) validate() error {
	id := c.Task.ID
	switch {
	case id == "":
		return errors.New("task has no id")
	case c.Task.Status == "":
		return fmt.Errorf("task %q has no status", id)
	}
	for i, a := range c.Actions {
		if a.TaskID != "" && a.TaskID != id {
			return fmt.Errorf("action %d belongs to task %q, not %q", i, a.TaskID, id)
		}
	}
	for i, e := range c.Events {
		if e.TaskID != "" && e.TaskID != id {
			return fmt.Errorf("event %d belongs to task %q, not %q", i, e.TaskID, id)
		}
	}
	for i, u := range c.Usage {
		if u.TaskID != "" && u.TaskID != id {
			return fmt.Errorf("usage %d belongs to task %q, not %q", i, u.TaskID, id)
		}
	}
	for i, e := range c.Audit {
		switch {
		case e.Kind == "":
			return fmt.Errorf("audit entry %d has no kind", i)
		case e.TaskID != "" && e.TaskID != id:
			return fmt.Errorf("audit entry %d belongs to task %q, not %q", i, e.TaskID, id)
		}
	}
	for i, m := range c.Messages {
		if m.SessionID == "" && c.Task.SessionID == "" {
			return fmt.Errorf("message %d has no session and task %q has none", i, id)
		}
	}
	return nil
}

func upsertTask(ctx context.Context, tx *sql.Tx, t Task, now, updated time.Time) error {
	var finished any
	if t.FinishedAt != nil {
		finished = t.FinishedAt.UnixMilli()
	}
	if t.SessionID != "" {
		if err := ensureSession(ctx, tx, t.SessionID, now); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, `
		INSERT INTO tasks (`+taskColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET
			session_id = excluded.session_id, goal = excluded.goal, status = excluded.status,
			start_url = excluded.start_url, current_url = excluded.current_url,
			steps = excluded.steps, model_calls = excluded.model_calls, tokens = excluded.tokens,
			updated_at = excluded.updated_at, finished_at = excluded.finished_at,
			duration_ms = excluded.duration_ms, summary = excluded.summary, state = excluded.state`,
		t.ID, t.SessionID, t.Goal, t.Status, t.StartURL, t.CurrentURL,
		t.Steps, t.ModelCalls, t.Tokens, millis(t.CreatedAt, now), updated.UnixMilli(), finished,
		t.DurationMs, t.Summary, jsonArg(t.State))
	if err != nil {
		return fmt.Errorf("upsert task %q: %w", t.ID, err)
	}
	return nil
}

func upsertAction(ctx context.Context, tx *sql.Tx, taskID string, a Action, at time.Time) error {
	_, err := tx.ExecContext(ctx, `
		INSERT INTO task_actions (task_id, step, idx, action, description, before_url, after_url,
			before_hash, after_hash, verified, verification, error, duration_ms, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (task_id, step, idx) DO UPDATE SET
			action = excluded.action, description = excluded.description,
			before_url = excluded.before_url, after_url = excluded.after_url,
			before_hash = excluded.before_hash, after_hash = excluded.after_hash,
			verified = excluded.verified, verification = excluded.verification,
			error = excluded.error, duration_ms = excluded.duration_ms`,
		taskID, a.Step, a.Index, a.Action, a.Description, a.BeforeURL, a.AfterURL,
		a.BeforeHash, a.AfterHash, a.Verified, jsonArg(a.Verification), a.Error, a.DurationMs,
		millis(a.CreatedAt, at))
	return err
}

func insertEvent(ctx context.Context, tx *sql.Tx, taskID string, e Event, at time.Time) error {
	// Events are a log that readers may already have streamed past
	// (Events with afterSeq), so a re-saved seq never rewrites history.
	_, err := tx.ExecContext(ctx, `
		INSERT INTO task_events (task_id, seq, type, data, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (task_id, seq) DO NOTHING`,
		taskID, e.Seq, e.Type, jsonArg(e.Data), millis(e.CreatedAt, at))
	return err
}

func insertUsage(ctx context.Context, tx *sql.Tx, taskID string, u Usage, at time.Time) error {
	_, err := tx.ExecContext(ctx, `
		INSERT INTO model_usage (task_id, purpose, model, prompt_tokens, completion_tokens,
			duration_ms, cost, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (task_id, created_at, purpose, model) DO NOTHING`,
		taskID, u.Purpose, u.Model, u.PromptTokens, u.CompletionTokens, u.DurationMs, u.Cost,
		millis(u.CreatedAt, at))
	return err
}

// insertAudit appends an audit entry unless the same entry was saved already, so a
// re-saved checkpoint does not log its decisions twice.
func insertAudit(ctx context.Context, tx *sql.Tx, e AuditEntry, at time.Time) error {
	created := millis(e.CreatedAt, at)
	data := jsonArg(e.Data)
	_, err := tx.ExecContext(ctx, `
		INSERT INTO audit (request_id, task_id, kind, data, created_at)
		SELECT ?, ?, ?, ?, ?
		WHERE NOT EXISTS (SELECT 1 FROM audit WHERE task_id = ? AND request_id = ? AND kind = ?
			AND created_at = ? AND data IS ?)`,
		e.RequestID, e.TaskID, e.Kind, data, created, e.TaskID, e.RequestID, e.Kind, created, data)
	return err
}
