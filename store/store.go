// Package store keeps Errand's durable state in one SQLite file: tasks and
// their resumable engine state, the actions and events of every step, model
// usage, chat sessions and the audit log.
//
// The engine persists a [Checkpoint] after every step with [Store.SaveStep],
// which writes it in one transaction, so a crash or a closed window resumes
// exactly where the task stopped. The store knows nothing of the engine: it
// keeps plain records and treats the engine's state as opaque JSON.
//
// Times are stored as Unix milliseconds (UTC); values read back are UTC and
// truncated to the millisecond.
package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver; only this package imports it
)

// ErrNotFound is returned when a requested task (or other record) does not exist.
var ErrNotFound = errors.New("not found")

// Options configures a Store. The zero value is ready to use.
type Options struct {
	// Now is the clock used for defaulted timestamps and idle expiry.
	// nil = time.Now.
	Now func() time.Time
	// Logger receives migration notices. nil = discard.
	Logger *slog.Logger
}

// Store is a handle on one database file. It is safe for concurrent use, and
// several Stores (even in several processes) may open the same file: writers
// are serialised by SQLite's locks and wait up to the busy timeout.
type Store struct {
	db     *sql.DB
	now    func() time.Time
	logger *slog.Logger
}

// Open opens (creating it and its directory if needed) the database at path
// and brings its schema up to date.
func Open(ctx context.Context, path string, opts Options) (*Store, error) {
	if path == "" {
		return nil, errors.New("open store: empty path")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	s := &Store{db: db, now: opts.Now, logger: opts.Logger}
	if s.now == nil {
		s.now = time.Now
	}
	if s.logger == nil {
		s.logger = slog.New(slog.DiscardHandler)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open store: %w", err)
	}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open store: %w", err)
	}
	return s, nil
}

// Close releases the database. SQLite checkpoints the WAL when the last
// connection to the file closes.
func (s *Store) Close() error {
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("close store: %w", err)
	}
	return nil
}

// dsn builds the connection string. busy_timeout lets concurrent writers
// wait instead of failing with SQLITE_BUSY; _txlock=immediate takes the write
// lock at BEGIN, so a transaction never fails to upgrade a read lock halfway
// through (which busy_timeout cannot retry); synchronous(NORMAL) is durable
// enough under WAL (a power cut may lose the last commit, never corrupt).
func dsn(path string) string {
	// The path is part of a URI: escape the characters SQLite would read as
	// escapes or delimiters.
	escaped := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	return "file:" + escaped +
		"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)" +
		"&_pragma=synchronous(NORMAL)&_txlock=immediate"
}

// millis converts t to stored form; a zero t takes def instead.
func millis(t, def time.Time) int64 {
	if t.IsZero() {
		t = def
	}
	return t.UnixMilli()
}

func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// jsonArg stores empty JSON as NULL so "nothing" round-trips as nil.
func jsonArg(m json.RawMessage) any {
	if len(m) == 0 {
		return nil
	}
	return string(m)
}

func jsonValue(ns sql.NullString) json.RawMessage {
	if !ns.Valid {
		return nil
	}
	return json.RawMessage(ns.String)
}

// scanner is satisfied by *sql.Row and *sql.Rows.
type scanner interface {
	Scan(dest ...any) error
}
