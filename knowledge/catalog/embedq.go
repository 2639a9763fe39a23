package catalog

import (
	"context"
	"fmt"
	"strings"
)

// Pending is a live chunk whose stored vector is missing or made by another model.
type Pending struct {
	ID      int64
	Site    string
	Title   string
	Heading string
	Text    string
}

// EmbedText is what is embedded for a chunk: its title and heading path give the text
// the context a reader has.
func (p Pending) EmbedText() string {
	var b strings.Builder
	b.WriteString(p.Title)
	if p.Heading != "" {
		b.WriteString(" > " + p.Heading)
	}
	b.WriteString("\n\n" + p.Text)
	return b.String()
}

// PendingEmbeds returns up to n chunks not yet embedded with model, oldest first. The
// queue is the table itself, so it survives a restart.
func (c *Catalog) PendingEmbeds(ctx context.Context, model string, n int) ([]Pending, error) {
	rows, err := c.db.QueryContext(ctx, `SELECT c.id, s.site, s.title, c.heading, c.text
		FROM chunks c JOIN sources s ON s.id = c.source_id
		WHERE c.superseded = 0 AND c.embed_model <> ? ORDER BY c.id LIMIT ?`, model, n)
	if err != nil {
		return nil, fmt.Errorf("embedding queue: %w", err)
	}
	defer rows.Close()
	var out []Pending
	for rows.Next() {
		var p Pending
		if err := rows.Scan(&p.ID, &p.Site, &p.Title, &p.Heading, &p.Text); err != nil {
			return nil, fmt.Errorf("embedding queue: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// EmbedCounts returns how many live chunks have a vector from model, and how many there are.
func (c *Catalog) EmbedCounts(ctx context.Context, model string) (done, total int, err error) {
	err = c.db.QueryRowContext(ctx, `SELECT count(*) FILTER (WHERE embed_model = ?), count(*)
		FROM chunks WHERE superseded = 0`, model).Scan(&done, &total)
	if err != nil {
		return 0, 0, fmt.Errorf("embedding counts: %w", err)
	}
	return done, total, nil
}

// MarkEmbedded records that ids now have a vector from model.
func (c *Catalog) MarkEmbedded(ctx context.Context, model string, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	args := []any{model}
	for _, id := range ids {
		args = append(args, id)
	}
	_, err := c.db.ExecContext(ctx, `UPDATE chunks SET embed_model = ? WHERE id IN (?`+
		strings.Repeat(",?", len(ids)-1)+`)`, args...)
	if err != nil {
		return fmt.Errorf("mark embedded: %w", err)
	}
	return nil
}
