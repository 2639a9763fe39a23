package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// Session groups the conversation and the tasks of one person's sitting.
type Session struct {
	ID, Title string
	CreatedAt time.Time
}

// Message is one conversation turn in a session.
type Message struct {
	ID                       int64
	SessionID, Role, Content string
	CreatedAt                time.Time
}

// CreateSession creates a session with a fresh id ("ses-" + 12 hex chars).
func (s *Store) CreateSession(ctx context.Context, title string) (Session, error) {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return Session{}, fmt.Errorf("create session: %w", err)
	}
	ses := Session{ID: "ses-" + hex.EncodeToString(b[:]), Title: title, CreatedAt: s.now()}
	_, err := s.db.ExecContext(ctx, `INSERT INTO sessions (id, title, created_at) VALUES (?, ?, ?)`,
		ses.ID, ses.Title, ses.CreatedAt.UnixMilli())
	if err != nil {
		return Session{}, fmt.Errorf("create session: %w", err)
	}
	ses.CreatedAt = fromMillis(ses.CreatedAt.UnixMilli())
	return ses, nil
}

// Session returns the session with the given id, or ErrNotFound.
func (s *Store) Session(ctx context.Context, id string) (Session, error) {
	var (
		ses     Session
		created int64
	)
	err := s.db.QueryRowContext(ctx, `SELECT id, title, created_at FROM sessions WHERE id = ?`, id).
		Scan(&ses.ID, &ses.Title, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Session{}, fmt.Errorf("session %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return Session{}, fmt.Errorf("session %q: %w", id, err)
	}
	ses.CreatedAt = fromMillis(created)
	return ses, nil
}

// AddMessage appends a message outside a task step (chat before any task)
// and returns it with its id. The session is created if it does not exist,
// since ids may come from a client (the thin client's sessionId, docs/decisions.md D-42).
func (s *Store) AddMessage(ctx context.Context, m Message) (Message, error) {
	if m.SessionID == "" {
		return Message{}, errors.New("add message: no session id")
	}
	now := s.now()
	if m.CreatedAt.IsZero() {
		m.CreatedAt = now
	}
	m.CreatedAt = fromMillis(m.CreatedAt.UnixMilli())
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return Message{}, fmt.Errorf("add message: begin: %w", err)
	}
	defer tx.Rollback()
	if err := ensureSession(ctx, tx, m.SessionID, now); err != nil {
		return Message{}, fmt.Errorf("add message: %w", err)
	}
	err = tx.QueryRowContext(ctx, `
		INSERT INTO messages (session_id, role, content, created_at) VALUES (?, ?, ?, ?)
		RETURNING id`, m.SessionID, m.Role, m.Content, m.CreatedAt.UnixMilli()).Scan(&m.ID)
	if err != nil {
		return Message{}, fmt.Errorf("add message: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return Message{}, fmt.Errorf("add message: commit: %w", err)
	}
	return m, nil
}

// Messages returns a session's messages in the order they were written.
func (s *Store) Messages(ctx context.Context, sessionID string) ([]Message, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT id, session_id, role, content, created_at FROM messages
		WHERE session_id = ? ORDER BY created_at, id`, sessionID)
	if err != nil {
		return nil, fmt.Errorf("messages of session %q: %w", sessionID, err)
	}
	defer rows.Close()
	var out []Message
	for rows.Next() {
		var (
			m       Message
			created int64
		)
		if err := rows.Scan(&m.ID, &m.SessionID, &m.Role, &m.Content, &created); err != nil {
			return nil, fmt.Errorf("messages of session %q: %w", sessionID, err)
		}
		m.CreatedAt = fromMillis(created)
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("messages of session %q: %w", sessionID, err)
	}
	return out, nil
}

// ensureSession creates an untitled session row for an id first seen in a
// task or message, so messages' foreign key holds for client-chosen ids.
func ensureSession(ctx context.Context, tx *sql.Tx, id string, now time.Time) error {
	_, err := tx.ExecContext(ctx, `
		INSERT INTO sessions (id, title, created_at) VALUES (?, '', ?)
		ON CONFLICT (id) DO NOTHING`, id, now.UnixMilli())
	if err != nil {
		return fmt.Errorf("ensure session %q: %w", id, err)
	}
	return nil
}

// insertMessage writes a checkpoint's message idempotently (see SaveStep).
func insertMessage(ctx context.Context, tx *sql.Tx, m Message, at time.Time) error {
	if err := ensureSession(ctx, tx, m.SessionID, at); err != nil {
		return err
	}
	created := millis(m.CreatedAt, at)
	var err error
	if m.ID != 0 {
		_, err = tx.ExecContext(ctx, `
			INSERT INTO messages (id, session_id, role, content, created_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (id) DO NOTHING`, m.ID, m.SessionID, m.Role, m.Content, created)
	} else {
		_, err = tx.ExecContext(ctx, `
			INSERT INTO messages (session_id, role, content, created_at)
			SELECT ?1, ?2, ?3, ?4 WHERE NOT EXISTS (
				SELECT 1 FROM messages
				WHERE session_id = ?1 AND created_at = ?4 AND role = ?2 AND content = ?3)`,
			m.SessionID, m.Role, m.Content, created)
	}
	return err
}
