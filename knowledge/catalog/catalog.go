// Package catalog is the knowledge base's SQLite file (knowledge.db): the sources ingested
// with what is needed to skip them when unchanged, their chunks with metadata, the FTS5
// index that lexical retrieval ranks with BM25, and which embedding model each chunk's
// vector was made with, so that embedding resumes after a restart.
package catalog

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/errand-app/errand/store"
)

// currentVersion is the schema this build writes; bump it with a new migration.
const currentVersion = 1

// Catalog is a handle on knowledge.db, safe for concurrent use.
type Catalog struct {
	db  *sql.DB
	now func() time.Time
	// lexicalStmt is lexicalQuery prepared once: parsing and planning it took a tenth of
	// a search's time.
	lexicalStmt *sql.Stmt
}

// Open opens or creates the catalog at path. now stamps ingestions; nil = time.Now.
func Open(ctx context.Context, path string, now func() time.Time) (*Catalog, error) {
	db, err := store.OpenDB(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("open knowledge catalog: %w", err)
	}
	if now == nil {
		now = time.Now
	}
	c := &Catalog{db: db, now: now}
	if err := c.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open knowledge catalog: %w", err)
	}
	if c.lexicalStmt, err = db.PrepareContext(ctx, lexicalQuery); err != nil {
		db.Close()
		return nil, fmt.Errorf("open knowledge catalog: prepare the search: %w", err)
	}
	return c, nil
}

// Close releases the file.
func (c *Catalog) Close() error {
	c.lexicalStmt.Close()
	if err := c.db.Close(); err != nil {
		return fmt.Errorf("close knowledge catalog: %w", err)
	}
	return nil
}

func (c *Catalog) migrate(ctx context.Context) error {
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrate: begin: %w", err)
	}
	defer tx.Rollback()
	var v int
	err = tx.QueryRowContext(ctx, `SELECT version FROM schema_version WHERE id = 1`).Scan(&v)
	switch {
	case err != nil && !isNoTable(err) && !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("migrate: read version: %w", err)
	case v == currentVersion:
		return nil
	case v > currentVersion:
		return fmt.Errorf("migrate: knowledge.db is v%d, this build knows up to v%d; use a newer errand", v, currentVersion)
	}
	if v == 0 {
		if _, err := tx.ExecContext(ctx, schemaV1); err != nil {
			return fmt.Errorf("migrate v0 to v1: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (id, version) VALUES (1, ?)
		ON CONFLICT (id) DO UPDATE SET version = excluded.version`, currentVersion); err != nil {
		return fmt.Errorf("migrate: set version: %w", err)
	}
	return tx.Commit()
}

func isNoTable(err error) bool {
	return err != nil && containsFold(err.Error(), "no such table")
}

// schemaV1: a chunk belongs to a source and cascades with it; its FTS row follows it by
// trigger. "superseded" marks a chunk that a newer ingestion of the same source and
// heading path replaced (freshness), kept for its history but never retrieved.
// embed_model names the model of the chunk's stored vector; "" means none yet.
const schemaV1 = `
CREATE TABLE schema_version (
	id INTEGER PRIMARY KEY CHECK (id = 1),
	version INTEGER NOT NULL
);
CREATE TABLE sources (
	id INTEGER PRIMARY KEY,
	location TEXT NOT NULL UNIQUE,
	site TEXT NOT NULL,
	title TEXT NOT NULL DEFAULT '',
	kind TEXT NOT NULL DEFAULT '',
	etag TEXT NOT NULL DEFAULT '',
	last_modified TEXT NOT NULL DEFAULT '',
	hash TEXT NOT NULL DEFAULT '',
	ingested_at INTEGER NOT NULL
);
CREATE INDEX sources_site ON sources(site);
CREATE TABLE chunks (
	id INTEGER PRIMARY KEY,
	source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
	seq INTEGER NOT NULL,
	heading TEXT NOT NULL DEFAULT '',
	page INTEGER NOT NULL DEFAULT 0,
	phase TEXT NOT NULL DEFAULT '',
	trigger TEXT NOT NULL DEFAULT '',
	text TEXT NOT NULL,
	hash TEXT NOT NULL,
	ingested_at INTEGER NOT NULL,
	superseded INTEGER NOT NULL DEFAULT 0,
	embed_model TEXT NOT NULL DEFAULT ''
);
CREATE INDEX chunks_container ON chunks(source_id, heading);
CREATE INDEX chunks_embed ON chunks(embed_model, superseded);
CREATE VIRTUAL TABLE chunks_fts USING fts5(title, heading, text, tokenize = 'porter unicode61');
CREATE TRIGGER chunks_fts_delete AFTER DELETE ON chunks BEGIN
	DELETE FROM chunks_fts WHERE rowid = old.id;
END;
`
