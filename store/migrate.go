package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// currentSchemaVersion is the schema this build writes. Bump it together
// with a new migrateVnToVn+1 function, a case in migrateOnce, and a
// testdata/schema_vN.sql snapshot of the new schema.
const currentSchemaVersion = 1

// ErrSchemaTooNew is returned by Open when the database was written by a
// newer Errand whose schema this build does not know.
var ErrSchemaTooNew = errors.New("database schema is newer than this build supports")

// migrate applies migrations one version at a time until the database is
// current. Each step runs in its own immediate transaction and re-reads the
// version inside it, so two processes opening the same file at once cannot
// both apply a step.
func (s *Store) migrate(ctx context.Context) error {
	for {
		from, done, err := s.migrateOnce(ctx)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		s.logger.InfoContext(ctx, "store schema migrated", "from", from, "to", from+1)
	}
}

// migrateOnce applies the one migration that follows the stored version.
func (s *Store) migrateOnce(ctx context.Context) (from int, done bool, err error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, false, fmt.Errorf("migrate: begin: %w", err)
	}
	defer tx.Rollback()

	from, err = schemaVersion(ctx, tx)
	if err != nil {
		return 0, false, fmt.Errorf("migrate: %w", err)
	}
	switch {
	case from == currentSchemaVersion:
		return from, true, nil
	case from > currentSchemaVersion:
		return from, false, fmt.Errorf("migrate: %w: database is v%d, this build knows up to v%d; use a newer errand",
			ErrSchemaTooNew, from, currentSchemaVersion)
	}

	switch from {
	case 0:
		if err := migrateV0ToV1(ctx, tx); err != nil {
			return from, false, fmt.Errorf("migrate v0 to v1: %w", err)
		}
	default:
		return from, false, fmt.Errorf("migrate: no migration from v%d", from)
	}
	if _, err := tx.ExecContext(ctx,
		`INSERT INTO schema_version (id, version) VALUES (1, ?)
		 ON CONFLICT (id) DO UPDATE SET version = excluded.version`, from+1); err != nil {
		return from, false, fmt.Errorf("migrate v%d to v%d: set version: %w", from, from+1, err)
	}
	if err := tx.Commit(); err != nil {
		return from, false, fmt.Errorf("migrate v%d to v%d: commit: %w", from, from+1, err)
	}
	return from, false, nil
}

// schemaVersion reads the stored version; 0 means an empty database. A file
// with tables but no version table is someone else's database, and
// migrating it would mix our tables into it.
func schemaVersion(ctx context.Context, tx *sql.Tx) (int, error) {
	var hasVersion, tables int
	err := tx.QueryRowContext(ctx,
		`SELECT count(*) FILTER (WHERE name = 'schema_version'), count(*)
		 FROM sqlite_schema WHERE type = 'table'`).Scan(&hasVersion, &tables)
	if err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	if hasVersion == 0 {
		if tables > 0 {
			return 0, errors.New("database has tables but no schema_version: not an errand store")
		}
		return 0, nil
	}
	var v int
	err = tx.QueryRowContext(ctx, `SELECT version FROM schema_version WHERE id = 1`).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errors.New("read schema version: schema_version is empty")
	}
	if err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	return v, nil
}

// migrateV0ToV1 creates the first schema. Child rows of a task cascade on
// its deletion; the audit log deliberately does not, so it outlives the
// tasks it describes. JSON columns are checked with json_valid so a bad
// document fails the whole step instead of being stored.
func migrateV0ToV1(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, `
CREATE TABLE schema_version (
	id INTEGER PRIMARY KEY CHECK (id = 1),
	version INTEGER NOT NULL
);

CREATE TABLE sessions (
	id TEXT PRIMARY KEY CHECK (id <> ''),
	title TEXT NOT NULL DEFAULT '',
	created_at INTEGER NOT NULL
);

CREATE TABLE messages (
	id INTEGER PRIMARY KEY,
	session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
	role TEXT NOT NULL CHECK (role <> ''),
	content TEXT NOT NULL DEFAULT '',
	created_at INTEGER NOT NULL
);
CREATE INDEX idx_messages_session ON messages (session_id, created_at);

CREATE TABLE tasks (
	id TEXT PRIMARY KEY CHECK (id <> ''),
	session_id TEXT NOT NULL DEFAULT '',
	goal TEXT NOT NULL DEFAULT '',
	status TEXT NOT NULL CHECK (status <> ''),
	start_url TEXT NOT NULL DEFAULT '',
	current_url TEXT NOT NULL DEFAULT '',
	steps INTEGER NOT NULL DEFAULT 0,
	model_calls INTEGER NOT NULL DEFAULT 0,
	tokens INTEGER NOT NULL DEFAULT 0,
	created_at INTEGER NOT NULL,
	updated_at INTEGER NOT NULL,
	finished_at INTEGER,
	duration_ms INTEGER NOT NULL DEFAULT 0,
	summary TEXT NOT NULL DEFAULT '',
	state TEXT CHECK (state IS NULL OR json_valid(state))
);
CREATE INDEX idx_tasks_status ON tasks (status, created_at);
CREATE INDEX idx_tasks_session ON tasks (session_id, created_at);
CREATE INDEX idx_tasks_updated ON tasks (updated_at);
CREATE INDEX idx_tasks_created ON tasks (created_at);

CREATE TABLE task_actions (
	task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
	step INTEGER NOT NULL CHECK (step >= 0),
	idx INTEGER NOT NULL CHECK (idx >= 0),
	action TEXT NOT NULL DEFAULT '',
	description TEXT NOT NULL DEFAULT '',
	before_url TEXT NOT NULL DEFAULT '',
	after_url TEXT NOT NULL DEFAULT '',
	before_hash TEXT NOT NULL DEFAULT '',
	after_hash TEXT NOT NULL DEFAULT '',
	verified INTEGER NOT NULL DEFAULT 0,
	verification TEXT CHECK (verification IS NULL OR json_valid(verification)),
	error TEXT NOT NULL DEFAULT '',
	duration_ms INTEGER NOT NULL DEFAULT 0,
	created_at INTEGER NOT NULL,
	PRIMARY KEY (task_id, step, idx)
);

CREATE TABLE task_events (
	task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
	seq INTEGER NOT NULL CHECK (seq >= 0),
	type TEXT NOT NULL CHECK (type <> ''),
	data TEXT CHECK (data IS NULL OR json_valid(data)),
	created_at INTEGER NOT NULL,
	PRIMARY KEY (task_id, seq)
);

CREATE TABLE model_usage (
	id INTEGER PRIMARY KEY,
	task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
	purpose TEXT NOT NULL DEFAULT '',
	model TEXT NOT NULL DEFAULT '',
	prompt_tokens INTEGER NOT NULL DEFAULT 0,
	completion_tokens INTEGER NOT NULL DEFAULT 0,
	duration_ms INTEGER NOT NULL DEFAULT 0,
	cost REAL NOT NULL DEFAULT 0,
	created_at INTEGER NOT NULL,
	UNIQUE (task_id, created_at, purpose, model)
);

CREATE TABLE audit (
	id INTEGER PRIMARY KEY,
	request_id TEXT NOT NULL DEFAULT '',
	task_id TEXT NOT NULL DEFAULT '',
	kind TEXT NOT NULL CHECK (kind <> ''),
	data TEXT CHECK (data IS NULL OR json_valid(data)),
	created_at INTEGER NOT NULL
);
CREATE INDEX idx_audit_task ON audit (task_id, id);
CREATE INDEX idx_audit_request ON audit (request_id);
`)
	return err
}
