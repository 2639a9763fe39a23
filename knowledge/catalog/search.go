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
func (c *Catalog) Lexical(ctx context.Context, site, query string, n int) ([]Hit, error) {
	match := MatchQuery(query)
	if match == "" || n <= 0 {
		return nil, nil
	}
	q := `SELECT ` + hitColumns + `, bm25(chunks_fts, ` + bm25Weights + `) AS rank
		FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid JOIN sources s ON s.id = c.source_id
		WHERE chunks_fts MATCH ?1 AND c.superseded = 0 AND (?2 = '' OR s.site = ?2)
		ORDER BY rank LIMIT ?3`
	rows, err := c.db.QueryContext(ctx, q, match, site, n)
	if err != nil {
		return nil, fmt.Errorf("lexical search: %w", err)
	}
	defer rows.Close()
	var out []Hit
	for rows.Next() {
		h, err := scanHit(rows, true)
		if err != nil {
			return nil, fmt.Errorf("lexical search: %w", err)
		}
		out = append(out, h)
	}
	return out, rows.Err()
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
		h, err := scanHit(rows, false)
		if err != nil {
			return nil, fmt.Errorf("read chunks: %w", err)
		}
		out[h.ID] = h
	}
	return out, rows.Err()
}

type rowScanner interface{ Scan(dest ...any) error }

func scanHit(r rowScanner, withRank bool) (Hit, error) {
	var h Hit
	var at int64
	dest := []any{&h.ID, &h.Location, &h.Site, &h.Title, &h.Heading, &h.Page, &h.Phase, &h.Trigger, &h.Text, &h.Hash, &at}
	if withRank {
		dest = append(dest, &h.BM25)
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
