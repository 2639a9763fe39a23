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

// rankColumns are a hit's columns but its text: ranking reads many candidates and keeps a
// few, and only those few texts are read (Texts).
const rankColumns = `c.id, s.location, s.site, s.title, c.heading, c.page, c.phase, c.trigger, c.hash, c.ingested_at`

// hitColumns are all of a hit's columns.
const hitColumns = rankColumns + `, c.text`

// lexicalQuery ranks the FTS5 matches of ?1 and keeps the ?3 best live ones of site ?2
// ("" = all) among the ?4 best matches (-1 = all).
//
// bm25() as a column with ORDER BY … LIMIT lets SQLite keep only the best rows as it
// goes; FTS5's own "ORDER BY rank" path sorts every match in a table of its own first,
// which took a third more time over 10,000 chunks. Only the best candidates are joined
// to their chunks and sources, and no text is read.
const lexicalQuery = `WITH ranked AS (
		SELECT rowid AS id, bm25(chunks_fts, ` + bm25Weights + `) AS score FROM chunks_fts
		WHERE chunks_fts MATCH ?1 ORDER BY score LIMIT ?4)
	SELECT ` + rankColumns + `, ranked.score, (SELECT count(*) FROM ranked)
	FROM ranked JOIN chunks c ON c.id = ranked.id JOIN sources s ON s.id = c.source_id
	WHERE c.superseded = 0 AND (?2 = '' OR s.site = ?2)
	ORDER BY ranked.score, c.id LIMIT ?3`

// Lexical returns the n best live chunks of site ("" = all) for query by BM25, without
// their text (Texts reads it).
//
// FTS5 ranks inside its own table first and only the best candidates are joined to their
// chunks and sources; when filtering by site or freshness leaves fewer than n, the search
// runs again without the candidate limit.
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
	rows, err := c.lexicalStmt.QueryContext(ctx, match, site, n, pool)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			pooled int
			bm25   float64
		)
		h, err := scanHit(rows, false, &bm25, &pooled)
		if err != nil {
			return nil, false, err
		}
		h.BM25 = bm25
		full = pool > 0 && pooled >= pool
		hits = append(hits, h)
	}
	return hits, full || (pool > 0 && len(hits) == 0), rows.Err()
}

// Chunks returns the live chunks among ids (superseded or deleted ones are left out),
// keyed by id, without their text (Texts reads it), to resolve vector hits.
func (c *Catalog) Chunks(ctx context.Context, ids []int64) (map[int64]Hit, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	q := `SELECT ` + rankColumns + ` FROM chunks c JOIN sources s ON s.id = c.source_id
		WHERE c.superseded = 0 AND c.id IN (?` + strings.Repeat(",?", len(ids)-1) + `)`
	rows, err := c.db.QueryContext(ctx, q, idArgs(ids)...)
	if err != nil {
		return nil, fmt.Errorf("read chunks: %w", err)
	}
	defer rows.Close()
	out := make(map[int64]Hit, len(ids))
	for rows.Next() {
		h, err := scanHit(rows, false)
		if err != nil {
			return nil, fmt.Errorf("read chunks: %w", err)
		}
		out[h.ID] = h
	}
	return out, rows.Err()
}

// Texts returns the text of each chunk among ids, keyed by id.
func (c *Catalog) Texts(ctx context.Context, ids []int64) (map[int64]string, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	rows, err := c.db.QueryContext(ctx, `SELECT id, text FROM chunks WHERE id IN (?`+
		strings.Repeat(",?", len(ids)-1)+`)`, idArgs(ids)...)
	if err != nil {
		return nil, fmt.Errorf("read chunk texts: %w", err)
	}
	defer rows.Close()
	out := make(map[int64]string, len(ids))
	for rows.Next() {
		var id int64
		var text string
		if err := rows.Scan(&id, &text); err != nil {
			return nil, fmt.Errorf("read chunk texts: %w", err)
		}
		out[id] = text
	}
	return out, rows.Err()
}

func idArgs(ids []int64) []any {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return args
}

type rowScanner interface{ Scan(dest ...any) error }

// scanHit reads a hit's columns (with its text or not), then the extra columns into extra.
func scanHit(r rowScanner, withText bool, extra ...any) (Hit, error) {
	var h Hit
	var at int64
	dest := []any{&h.ID, &h.Location, &h.Site, &h.Title, &h.Heading, &h.Page, &h.Phase, &h.Trigger, &h.Hash, &at}
	if withText {
		dest = append(dest, &h.Text)
	}
	if err := r.Scan(append(dest, extra...)...); err != nil {
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
