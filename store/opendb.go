package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// OpenDB opens (creating it and its directory if needed) another SQLite database with the
// store's connection settings: WAL, busy timeout, foreign keys, immediate transactions.
// It is for a package that owns its own file and schema, such as the knowledge base's
// knowledge.db, so that the SQLite driver is still imported by this package alone.
// modernc's SQLite includes FTS5.
func OpenDB(ctx context.Context, path string) (*sql.DB, error) {
	if path == "" {
		return nil, errors.New("open database: empty path")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	return db, nil
}
