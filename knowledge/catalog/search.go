package catalog

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode"
)

// Hit is a stored chunk with its source, as retrieval returns it.
type Hit struct {
	ID         int64
	Location   string
	Site       string
	Title      string
	Heading    string
	Page       int
	Phase      string
	Trigger    string
	Text       string
	Hash       string
	IngestedAt time.Time
	// BM25 is FTS5's rank for a lexical hit (lower is better); 0 otherwise.
	BM25 float64
}

// Column weights for bm25(): a word in a heading says more about a chunk than one in
// its text; the title is shared by every chunk of a document and says least.
const bm25Weights = "0.5, 3.0, 1.0"

const hitColumns = `c.id, s.location, s.site, s.title, c.heading, c.page, c.phase, c.trigger, c.text, c.hash, c.ingested_at`

// Lexical returns the n best live chunks of site ("" = all) for query by BM25.
//
// FTS5 ranks inside its own table first (ORDER BY rank LIMIT is its fast path) and only
// the best candidates are joined to their chunks and sources; when filtering by site or
// freshness leaves fewer than n, the search runs again without the candidate limit.
func (c *Catalog) Lexical(ctx context.Context, site, query string, n int) ([]Hit, error) {
	match := MatchQuery(query)
	if match == "" || n <= 0 {
		return nil, nil
	}
	out, full, err := c.lexical(ctx, site, match, n, 4*n)
	if err == nil && len(out) < n && full {
		out, _, err = c.lexical(ctx, site, match, n, -1)
	}
	if err != nil {
		return nil, fmt.Errorf("lexical search: %w", err)
	}
	return out, nil
}

// lexical ranks up to pool candidates (-1 = all) and keeps the n best that pass the
// filters; full reports whether the pool was filled, so more candidates may exist.
func (c *Catalog) lexical(ctx context.Context, site, match string, n, pool int) (hits []Hit, full bool, err error) {
	q := `WITH ranked AS (
			SELECT rowid AS id, rank FROM chunks_fts
			WHERE chunks_fts MATCH ?1 AND rank MATCH 'bm25(` + bm25Weights + `)'
			ORDER BY rank LIMIT ?4)
		SELECT ` + hitColumns + `, ranked.rank, (SELECT count(*) FROM ranked)
		FROM ranked JOIN chunks c ON c.id = ranked.id JOIN sources s ON s.id = c.source_id
		WHERE c.superseded = 0 AND (?2 = '' OR s.site = ?2)
		ORDER BY ranked.rank LIMIT ?3`
	rows, err := c.db.QueryContext(ctx, q, match, site, n, pool)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	for rows.Next() {
		var pooled int
		h, err := scanHit(rows, &extraCols{rank: true, pooled: &pooled})
		if err != nil {
			return nil, false, err
		}
		full = pool > 0 && pooled >= pool
		hits = append(hits, h)
	}
	return hits, full || (pool > 0 && len(hits) == 0), rows.Err()
}

// Chunks returns the live chunks among ids (superseded or deleted ones are left out),
// keyed by id, to resolve vector hits.
func (c *Catalog) Chunks(ctx context.Context, ids []int64) (map[int64]Hit, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	q := `SELECT ` + hitColumns + ` FROM chunks c JOIN sources s ON s.id = c.source_id
		WHERE c.superseded = 0 AND c.id IN (?` + strings.Repeat(",?", len(ids)-1) + `)`
	rows, err := c.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("read chunks: %w", err)
	}
	defer rows.Close()
	out := make(map[int64]Hit, len(ids))
	for rows.Next() {
		h, err := scanHit(rows, nil)
		if err != nil {
			return nil, fmt.Errorf("read chunks: %w", err)
		}
		out[h.ID] = h
	}
	return out, rows.Err()
}

type rowScanner interface{ Scan(dest ...any) error }

// extraCols says which extra columns follow the hit's.
type extraCols struct {
	rank   bool
	pooled *int
}

func scanHit(r rowScanner, extra *extraCols) (Hit, error) {
	var h Hit
	var at int64
	dest := []any{&h.ID, &h.Location, &h.Site, &h.Title, &h.Heading, &h.Page, &h.Phase, &h.Trigger, &h.Text, &h.Hash, &at}
	if extra != nil && extra.rank {
		dest = append(dest, &h.BM25)
	}
	if extra != nil && extra.pooled != nil {
		dest = append(dest, extra.pooled)
	}
	if err := r.Scan(dest...); err != nil {
		return Hit{}, err
	}
	h.IngestedAt = time.UnixMilli(at).UTC()
	return h, nil
}

// stopwords are words too common to rank by; the FTS5 query leaves them out, which also
// keeps "the" from matching every chunk.
// It is read only.
var stopwords = func() map[string]bool {
	m := map[string]bool{}
	for w := range strings.FieldsSeq(`a an and are as at be by can do does for from has have how i if in
		is it its me my of on or so that the their then there these this to was what when where which
		who why will with you your should would could into about`) {
		m[w] = true
	}
	return m
}()

// MatchQuery turns a question into an FTS5 query: its words, quoted (so no word is read
// as FTS5 syntax), joined by OR so BM25 ranks partial matches too. A question of
// stopwords alone keeps them.
func MatchQuery(q string) string {
	words := strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
	})
	var kept, all []string
	seen := map[string]bool{}
	for _, w := range words {
		if seen[w] {
			continue
		}
		seen[w] = true
		all = append(all, `"`+w+`"`)
		if !stopwords[w] {
			kept = append(kept, `"`+w+`"`)
		}
	}
	if len(kept) == 0 {
		kept = all
	}
	return strings.Join(kept, " OR ")
}
