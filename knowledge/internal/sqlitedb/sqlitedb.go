// Package sqlitedb opens the SQLite files of Errand's memory (skills, replay scripts) with
// the conventions of store/: WAL, a busy timeout, foreign keys, immediate transactions, and
// a schema version with one migration per version. Several schemas may share one file;
// each keeps its own version under its name, so the skills and the replay scripts can
// live in one memory.db and still evolve apart.
package sqlitedb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/errand-app/errand/store"
)

// Migration brings a schema from version i to i+1, where i is its index in Schema.Migrations.
type Migration func(ctx context.Context, tx *sql.Tx) error

// Schema is one package's tables in a file: a name and its migrations, oldest first.
type Schema struct {
	Name       string
	Migrations []Migration
}

// ErrSchemaTooNew is returned when the file was written by a newer Errand.
var ErrSchemaTooNew = errors.New("database schema is newer than this build supports")

// Open opens (creating it and its directory if needed) the database at path with store's
// connection settings and brings schema up to date.
func Open(ctx context.Context, path string, schema Schema) (*sql.DB, error) {
	db, err := store.OpenDB(ctx, path)
	if err != nil {
		return nil, err
	}
	if err := Migrate(ctx, db, schema); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// Migrate applies schema's migrations one version at a time, each in its own transaction
// that re-reads the version inside it, so two processes opening the file at once cannot
// both apply a step.
func Migrate(ctx context.Context, db *sql.DB, schema Schema) error {
	for {
		done, err := migrateOnce(ctx, db, schema)
		if err != nil || done {
			return err
		}
	}
}

func migrateOnce(ctx context.Context, db *sql.DB, schema Schema) (done bool, err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("migrate %s: begin: %w", schema.Name, err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_versions (
		name TEXT PRIMARY KEY CHECK (name <> ''),
		version INTEGER NOT NULL CHECK (version >= 0))`); err != nil {
		return false, fmt.Errorf("migrate %s: %w", schema.Name, err)
	}
	var from int
	err = tx.QueryRowContext(ctx, `SELECT version FROM schema_versions WHERE name = ?`, schema.Name).Scan(&from)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return false, fmt.Errorf("migrate %s: read version: %w", schema.Name, err)
	}
	want := len(schema.Migrations)
	switch {
	case from == want:
		return true, tx.Commit()
	case from > want:
		return false, fmt.Errorf("migrate %s: %w: the file is v%d, this build knows up to v%d; use a newer errand",
			schema.Name, ErrSchemaTooNew, from, want)
	}
	if err := schema.Migrations[from](ctx, tx); err != nil {
		return false, fmt.Errorf("migrate %s v%d to v%d: %w", schema.Name, from, from+1, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_versions (name, version) VALUES (?, ?)
		ON CONFLICT (name) DO UPDATE SET version = excluded.version`, schema.Name, from+1); err != nil {
		return false, fmt.Errorf("migrate %s v%d to v%d: set version: %w", schema.Name, from, from+1, err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("migrate %s v%d to v%d: commit: %w", schema.Name, from, from+1, err)
	}
	return false, nil
}

// Snapshot returns the SQL of every table, index and trigger in the file, in name order,
// for a test to compare with the snapshot kept for the schema's version.
func Snapshot(ctx context.Context, db *sql.DB) (string, error) {
	rows, err := db.QueryContext(ctx, `SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name`)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return "", err
		}
		b.WriteString(strings.TrimSpace(s) + ";\n\n")
	}
	return b.String(), rows.Err()
}
