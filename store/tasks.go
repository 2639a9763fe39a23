package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Terminal task statuses. Any other status is an unfinished task, which
// ExpireIdle may turn into StatusInterrupted.
const (
	StatusCompleted   = "completed"
	StatusFailed      = "failed"
	StatusCancelled   = "cancelled"
	StatusInterrupted = "interrupted"
)

// terminalIn is the SQL list of terminal statuses; interrupted counts as
// terminal here so an expired task is not expired again.
const terminalIn = `('completed', 'failed', 'cancelled', 'interrupted')`

// Task is one errand: the indexed columns the UI lists and filters by, plus
// the engine's full resumable state.
type Task struct {
	ID, SessionID, Goal, Status, StartURL, CurrentURL string
	Steps, ModelCalls, Tokens                         int // Tokens = prompt + completion
	CreatedAt, UpdatedAt                              time.Time
	FinishedAt                                        *time.Time
	DurationMs                                        int64
	Summary                                           string
	State                                             json.RawMessage // opaque engine state
}

// TaskFilter selects tasks for Tasks. The zero value lists the 50 newest.
type TaskFilter struct {
	Limit     int      // 0 (or less) = 50
	Status    []string // empty = any status
	SessionID string   // empty = any session
}

const defaultTaskLimit = 50

const taskColumns = `id, session_id, goal, status, start_url, current_url, steps, model_calls,
	tokens, created_at, updated_at, finished_at, duration_ms, summary, state`

// Task returns the task with the given id, or ErrNotFound.
func (s *Store) Task(ctx context.Context, id string) (Task, error) {
	row := s.db.QueryRowContext(ctx, `SELECT `+taskColumns+` FROM tasks WHERE id = ?`, id)
	t, err := scanTask(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Task{}, fmt.Errorf("task %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return Task{}, fmt.Errorf("task %q: %w", id, err)
	}
	return t, nil
}

// Tasks lists tasks newest first (by creation time).
func (s *Store) Tasks(ctx context.Context, f TaskFilter) ([]Task, error) {
	var where []string
	var args []any
	if f.SessionID != "" {
		where = append(where, "session_id = ?")
		args = append(args, f.SessionID)
	}
	if len(f.Status) > 0 {
		where = append(where, "status IN (?"+strings.Repeat(", ?", len(f.Status)-1)+")")
		for _, st := range f.Status {
			args = append(args, st)
		}
	}
	q := `SELECT ` + taskColumns + ` FROM tasks`
	if len(where) > 0 {
		q += ` WHERE ` + strings.Join(where, " AND ")
	}
	limit := f.Limit
	if limit <= 0 {
		limit = defaultTaskLimit
	}
	// rowid breaks ties between tasks created in the same millisecond.
	q += ` ORDER BY created_at DESC, rowid DESC LIMIT ?`
	args = append(args, limit)

	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("list tasks: %w", err)
	}
	defer rows.Close()
	var out []Task
	for rows.Next() {
		t, err := scanTask(rows)
		if err != nil {
			return nil, fmt.Errorf("list tasks: %w", err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list tasks: %w", err)
	}
	return out, nil
}

// DeleteTask removes a task and, by cascade, its actions, events and usage.
// The audit log keeps its entries. Deleting a missing task is ErrNotFound.
func (s *Store) DeleteTask(ctx context.Context, id string) error {
	res, err := s.db.ExecContext(ctx, `DELETE FROM tasks WHERE id = ?`, id)
	if err != nil {
		return fmt.Errorf("delete task %q: %w", id, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("delete task %q: %w", id, err)
	}
	if n == 0 {
		return fmt.Errorf("delete task %q: %w", id, ErrNotFound)
	}
	return nil
}

// ExpireIdle marks unfinished tasks untouched for longer than idle as
// interrupted (the lazy expiry of docs/decisions.md D-4: a closed tab never sends the request
// that would end its task) and returns how many it marked. UpdatedAt becomes
// now; the engine state is left as it was, so the task resumes from its last
// saved step.
func (s *Store) ExpireIdle(ctx context.Context, idle time.Duration) (int, error) {
	if idle <= 0 {
		return 0, fmt.Errorf("expire idle tasks: idle must be positive, got %v", idle)
	}
	now := s.now()
	res, err := s.db.ExecContext(ctx,
		`UPDATE tasks SET status = ?, updated_at = ?
		 WHERE status NOT IN `+terminalIn+` AND updated_at < ?`,
		StatusInterrupted, now.UnixMilli(), now.Add(-idle).UnixMilli())
	if err != nil {
		return 0, fmt.Errorf("expire idle tasks: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("expire idle tasks: %w", err)
	}
	return int(n), nil
}

// ActiveTask returns the newest unfinished task of a session, restricted to
// tasks whose current or start URL equals url when url is not empty (seed
// 002's recovery endpoint for a client that lost its task id). It returns
// ErrNotFound when there is none.
func (s *Store) ActiveTask(ctx context.Context, sessionID, url string) (Task, error) {
	q := `SELECT ` + taskColumns + ` FROM tasks
		WHERE session_id = ? AND status NOT IN ` + terminalIn
	args := []any{sessionID}
	if url != "" {
		q += ` AND (current_url = ? OR start_url = ?)`
		args = append(args, url, url)
	}
	q += ` ORDER BY created_at DESC, rowid DESC LIMIT 1`
	t, err := scanTask(s.db.QueryRowContext(ctx, q, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return Task{}, fmt.Errorf("active task of session %q: %w", sessionID, ErrNotFound)
	}
	if err != nil {
		return Task{}, fmt.Errorf("active task of session %q: %w", sessionID, err)
	}
	return t, nil
}

func scanTask(sc scanner) (Task, error) {
	var (
		t                Task
		created, updated int64
		finished         sql.NullInt64
		state            sql.NullString
	)
	err := sc.Scan(&t.ID, &t.SessionID, &t.Goal, &t.Status, &t.StartURL, &t.CurrentURL,
		&t.Steps, &t.ModelCalls, &t.Tokens, &created, &updated, &finished,
		&t.DurationMs, &t.Summary, &state)
	if err != nil {
		return Task{}, err
	}
	t.CreatedAt, t.UpdatedAt = fromMillis(created), fromMillis(updated)
	if finished.Valid {
		f := fromMillis(finished.Int64)
		t.FinishedAt = &f
	}
	t.State = jsonValue(state)
	return t, nil
}
