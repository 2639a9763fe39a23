package knowledge

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/errand-app/errand/knowledge/catalog"
	"github.com/errand-app/errand/knowledge/fuse"
	"github.com/errand-app/errand/knowledge/vector"
)

// Passage is a retrieved chunk with where it came from.
type Passage struct {
	Text       string    `json:"text"`              // the chunk as stored (Markdown)
	Source     string    `json:"source"`            // URL or file path
	Title      string    `json:"title,omitempty"`   // the source's title
	Heading    string    `json:"heading"`           // heading path, "A > B"
	Page       int       `json:"page,omitempty"`    // PDF page
	Trigger    string    `json:"trigger,omitempty"` // the interaction that revealed it
	Score      float64   `json:"score"`             // fused score, higher is better
	IngestedAt time.Time `json:"ingestedAt"`
}

// candidates is how many hits each ranking contributes to the fusion.
const candidates = 30

// Retrieve returns the k passages of site ("" = every site) that best answer query, best
// first: lexical always, fused with the vector ranking when an embedding model answers.
func (b *Base) Retrieve(ctx context.Context, site, query string, k int) ([]Passage, error) {
	var qvec []float32
	if vecs := b.vectorsNow(); b.cfg.Embedder != nil && vecs != nil && vecs.Count(site, b.cfg.EmbedModel) > 0 {
		vecs, err := b.cfg.Embedder.Embed(ctx, b.cfg.EmbedModel, []string{query})
		if err != nil {
			// No model now: the lexical answer is still an answer.
			b.log.Debug("knowledge query embedding failed; lexical only", "err", err)
		} else if len(vecs) == 1 {
			qvec = vecs[0]
		}
	}
	return b.retrieve(ctx, site, query, qvec, k)
}

// retrieve is Retrieve with the query's vector given (nil = lexical only).
func (b *Base) retrieve(ctx context.Context, site, query string, qvec []float32, k int) ([]Passage, error) {
	if k <= 0 {
		k = 5
	}
	// The two rankings are independent: run them side by side.
	var (
		wg         sync.WaitGroup
		lex        []catalog.Hit
		vh         []vector.Hit
		lErr, vErr error
	)
	vecs := b.vectorsNow()
	if qvec != nil && vecs != nil {
		wg.Go(func() { vh, vErr = vecs.Query(ctx, site, b.cfg.EmbedModel, qvec, max(candidates, k)) })
	}
	lex, lErr = b.cat.Lexical(ctx, site, query, max(candidates, k))
	wg.Wait()
	if err := errors.Join(lErr, vErr); err != nil {
		return nil, err
	}
	hits := make(map[int64]catalog.Hit, len(lex)+len(vh))
	lexical := make([]fuse.Hit, len(lex))
	for i, h := range lex {
		hits[h.ID] = h
		lexical[i] = fuseHit(h)
	}
	var vec []fuse.Hit
	if len(vh) > 0 {
		// A lexical hit is live already; only the others are looked up.
		var ids []int64
		for _, h := range vh {
			if _, ok := hits[h.ID]; !ok {
				ids = append(ids, h.ID)
			}
		}
		live, err := b.cat.Chunks(ctx, ids)
		if err != nil {
			return nil, err
		}
		for _, h := range vh {
			c, ok := hits[h.ID]
			if !ok {
				if c, ok = live[h.ID]; ok { // deleted or superseded chunks drop out
					hits[h.ID] = c
				}
			}
			if ok {
				vec = append(vec, fuseHit(c))
			}
		}
	}
	fused := fuse.Fuse(lexical, vec, k, fuse.Weights{})
	// Ranking read no text: only the passages kept need theirs.
	ids := make([]int64, len(fused))
	for i, r := range fused {
		ids[i] = r.ID
	}
	texts, err := b.cat.Texts(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]Passage, len(fused))
	for i, r := range fused {
		h := hits[r.ID]
		out[i] = Passage{Text: texts[r.ID], Source: h.Location, Title: h.Title, Heading: h.Heading, Page: h.Page,
			Trigger: h.Trigger, Score: r.Score, IngestedAt: h.IngestedAt}
	}
	return out, nil
}

func fuseHit(h catalog.Hit) fuse.Hit {
	return fuse.Hit{ID: h.ID, Container: h.Location + "#" + h.Heading, Hash: h.Hash, IngestedAt: h.IngestedAt}
}
