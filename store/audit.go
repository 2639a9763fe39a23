package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// AuditEntry records one question, answer, approval or decision with the
// request it came from. Entries are not tied to a task's lifetime: deleting
// a task keeps its audit trail.
type AuditEntry struct {
	RequestID, TaskID, Kind string
	Data                    json.RawMessage
	CreatedAt               time.Time // zero = now
}

// Audit appends an entry to the audit log.
func (s *Store) Audit(ctx context.Context, e AuditEntry) error {
	if e.Kind == "" {
		return errors.New("audit: entry has no kind")
	}
	_, err := s.db.ExecContext(ctx, `
		INSERT INTO audit (request_id, task_id, kind, data, created_at) VALUES (?, ?, ?, ?, ?)`,
		e.RequestID, e.TaskID, e.Kind, jsonArg(e.Data), millis(e.CreatedAt, s.now()))
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	return nil
}

// AuditLog returns a task's audit entries in the order they were written.
func (s *Store) AuditLog(ctx context.Context, taskID string) ([]AuditEntry, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT request_id, task_id, kind, data, created_at FROM audit
		WHERE task_id = ? ORDER BY id`, taskID)
	if err != nil {
		return nil, fmt.Errorf("audit log of task %q: %w", taskID, err)
	}
	defer rows.Close()
	var out []AuditEntry
	for rows.Next() {
		var (
			e       AuditEntry
			data    sql.NullString
			created int64
		)
		if err := rows.Scan(&e.RequestID, &e.TaskID, &e.Kind, &data, &created); err != nil {
			return nil, fmt.Errorf("audit log of task %q: %w", taskID, err)
		}
		e.Data, e.CreatedAt = jsonValue(data), fromMillis(created)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("audit log of task %q: %w", taskID, err)
	}
	return out, nil
}
