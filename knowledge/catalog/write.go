package catalog

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Source is one ingested URL or file.
type Source struct {
	ID           int64
	Location     string // URL or absolute path
	Site         string // host for a URL; the --site given or "local" for a file
	Title        string
	Kind         string // extract.Kind
	ETag         string
	LastModified string
	Hash         string // of the raw bytes, to skip an unchanged source
	IngestedAt   time.Time
	Chunks       int // live (not superseded) chunks
}

// NewChunk is a chunk to store.
type NewChunk struct {
	Heading string // heading path, "A > B"
	Page    int
	Text    string
}

// Document is one ingestion of a source: its chunks of one phase. Phase "" is the page as
// loaded (or a file); a chunk revealed by an interaction has Phase "interaction" and its
// Trigger ("after clicking tab Pricing").
type Document struct {
	Source
	Phase   string
	Trigger string
	Chunks  []NewChunk
}

// PutResult says which chunk ids appeared and which went (for the vector store).
type PutResult struct {
	SourceID int64
	Added    []int64
	Removed  []int64
}

// Put stores doc in one transaction: the source row is upserted, the chunks the source
// had for the same phase and trigger are replaced, and older chunks of the same heading
// path from other phases are marked superseded. The source's hash and validators are the
// load's: what an interaction revealed leaves them, so an unchanged page is still skipped.
func (c *Catalog) Put(ctx context.Context, doc Document) (PutResult, error) {
	now := c.now().UnixMilli()
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return PutResult{}, fmt.Errorf("store %s: %w", doc.Location, err)
	}
	defer tx.Rollback()
	var res PutResult
	err = tx.QueryRowContext(ctx, `
		INSERT INTO sources (location, site, title, kind, etag, last_modified, hash, ingested_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (location) DO UPDATE SET site = excluded.site, title = excluded.title,
			kind = excluded.kind, ingested_at = excluded.ingested_at,
			etag = iif(?9 = '', excluded.etag, etag),
			last_modified = iif(?9 = '', excluded.last_modified, last_modified),
			hash = iif(?9 = '', excluded.hash, hash)
		RETURNING id`, doc.Location, doc.Site, doc.Title, doc.Kind, doc.ETag, doc.LastModified,
		doc.Hash, now, doc.Phase).Scan(&res.SourceID)
	if err != nil {
		return PutResult{}, fmt.Errorf("store %s: %w", doc.Location, err)
	}
	if res.Removed, err = idsOf(ctx, tx, `DELETE FROM chunks WHERE source_id = ? AND phase = ? AND trigger = ? RETURNING id`,
		res.SourceID, doc.Phase, doc.Trigger); err != nil {
		return PutResult{}, fmt.Errorf("store %s: replace chunks: %w", doc.Location, err)
	}
	if res.Added, err = insertChunks(ctx, tx, res.SourceID, doc, now); err != nil {
		return PutResult{}, fmt.Errorf("store %s: %w", doc.Location, err)
	}
	if err := tx.Commit(); err != nil {
		return PutResult{}, fmt.Errorf("store %s: commit: %w", doc.Location, err)
	}
	return res, nil
}

func insertChunks(ctx context.Context, tx *sql.Tx, sourceID int64, doc Document, now int64) ([]int64, error) {
	ins, err := tx.PrepareContext(ctx, `INSERT INTO chunks (source_id, seq, heading, page, phase, trigger, text, hash, ingested_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`)
	if err != nil {
		return nil, err
	}
	defer ins.Close()
	fts, err := tx.PrepareContext(ctx, `INSERT INTO chunks_fts (rowid, title, heading, text) VALUES (?, ?, ?, ?)`)
	if err != nil {
		return nil, err
	}
	defer fts.Close()
	ids := make([]int64, 0, len(doc.Chunks))
	headings := map[string]bool{}
	for i, ch := range doc.Chunks {
		var id int64
		if err := ins.QueryRowContext(ctx, sourceID, i, ch.Heading, ch.Page, doc.Phase, doc.Trigger, ch.Text,
			Hash(ch.Text), now).Scan(&id); err != nil {
			return nil, fmt.Errorf("insert chunk %d: %w", i, err)
		}
		if _, err := fts.ExecContext(ctx, id, doc.Title, ch.Heading, ch.Text); err != nil {
			return nil, fmt.Errorf("index chunk %d: %w", i, err)
		}
		ids = append(ids, id)
		headings[ch.Heading] = true
	}
	for h := range headings {
		if _, err := tx.ExecContext(ctx, `UPDATE chunks SET superseded = 1
			WHERE source_id = ? AND heading = ? AND ingested_at < ? AND superseded = 0`, sourceID, h, now); err != nil {
			return nil, fmt.Errorf("supersede %q: %w", h, err)
		}
	}
	return ids, nil
}

func idsOf(ctx context.Context, tx *sql.Tx, query string, args ...any) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// Hash is the content hash stored with a chunk or source: 128 bits of SHA-256, in hex.
func Hash[T string | []byte](b T) string {
	sum := sha256.Sum256([]byte(b))
	return hex.EncodeToString(sum[:16])
}

// ErrNotFound is returned when no source matches.
var ErrNotFound = errors.New("no such source")

// Lookup returns the source stored for location, for the crawler's unchanged checks.
func (c *Catalog) Lookup(ctx context.Context, location string) (Source, error) {
	rows, err := c.sources(ctx, `WHERE s.location = ?`, location)
	if err != nil {
		return Source{}, err
	}
	if len(rows) == 0 {
		return Source{}, ErrNotFound
	}
	return rows[0], nil
}

// Sources lists the sources of site ("" = every site), newest first.
func (c *Catalog) Sources(ctx context.Context, site string) ([]Source, error) {
	if site == "" {
		return c.sources(ctx, ``)
	}
	return c.sources(ctx, `WHERE s.site = ?`, site)
}

func (c *Catalog) sources(ctx context.Context, where string, args ...any) ([]Source, error) {
	rows, err := c.db.QueryContext(ctx, `SELECT s.id, s.location, s.site, s.title, s.kind, s.etag,
		s.last_modified, s.hash, s.ingested_at,
		(SELECT count(*) FROM chunks c WHERE c.source_id = s.id AND c.superseded = 0)
		FROM sources s `+where+` ORDER BY s.ingested_at DESC, s.id DESC`, args...)
	if err != nil {
		return nil, fmt.Errorf("list sources: %w", err)
	}
	defer rows.Close()
	var out []Source
	for rows.Next() {
		var s Source
		var at int64
		if err := rows.Scan(&s.ID, &s.Location, &s.Site, &s.Title, &s.Kind, &s.ETag, &s.LastModified,
			&s.Hash, &at, &s.Chunks); err != nil {
			return nil, fmt.Errorf("list sources: %w", err)
		}
		s.IngestedAt = time.UnixMilli(at).UTC()
		out = append(out, s)
	}
	return out, rows.Err()
}

// Forget deletes the sources whose location is target, or every source of the site
// target names, with their chunks. It returns the removed chunk ids grouped by site.
func (c *Catalog) Forget(ctx context.Context, target string) (map[string][]int64, error) {
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("forget %s: %w", target, err)
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT s.site, c.id FROM sources s LEFT JOIN chunks c ON c.source_id = s.id
		WHERE s.location = ?1 OR s.site = ?1`, target)
	if err != nil {
		return nil, fmt.Errorf("forget %s: %w", target, err)
	}
	removed := map[string][]int64{}
	for rows.Next() {
		var site string
		var id sql.NullInt64
		if err := rows.Scan(&site, &id); err != nil {
			rows.Close()
			return nil, fmt.Errorf("forget %s: %w", target, err)
		}
		removed[site] = append(removed[site], id.Int64)
		if !id.Valid {
			removed[site] = removed[site][:len(removed[site])-1]
		}
	}
	rows.Close()
	res, err := tx.ExecContext(ctx, `DELETE FROM sources WHERE location = ?1 OR site = ?1`, target)
	if err != nil {
		return nil, fmt.Errorf("forget %s: %w", target, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, fmt.Errorf("forget %s: %w", target, ErrNotFound)
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("forget %s: %w", target, err)
	}
	return removed, nil
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}
