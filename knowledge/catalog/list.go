package catalog

import (
	"context"
	"fmt"
)

// SourceChunks returns the live (not superseded) chunks of the source at location, in the
// order they were stored, with their phase and trigger: what a person (or a test) sees of
// one source.
func (c *Catalog) SourceChunks(ctx context.Context, location string) ([]Hit, error) {
	rows, err := c.db.QueryContext(ctx, `SELECT `+hitColumns+` FROM chunks c JOIN sources s ON s.id = c.source_id
		WHERE s.location = ? AND c.superseded = 0 ORDER BY c.ingested_at, c.id`, location)
	if err != nil {
		return nil, fmt.Errorf("chunks of %s: %w", location, err)
	}
	defer rows.Close()
	var out []Hit
	for rows.Next() {
		h, err := scanHit(rows, true)
		if err != nil {
			return nil, fmt.Errorf("chunks of %s: %w", location, err)
		}
		out = append(out, h)
	}
	return out, rows.Err()
}
