package knowledge

import (
	"context"
	"fmt"
)

// EmbedPending gives every live chunk a vector of the configured model, a batch at a time,
// reporting progress after each batch. The queue is knowledge.db itself, so work stopped
// by a cancel, an error or a restart resumes where it was. With no Embedder it does
// nothing.
func (b *Base) EmbedPending(ctx context.Context, progress ProgressFunc) error {
	if b.cfg.Embedder == nil {
		return nil
	}
	b.embedMu.Lock()
	defer b.embedMu.Unlock()
	store, err := b.vectors(ctx)
	if err != nil {
		return err
	}
	model := b.cfg.EmbedModel
	done, total, err := b.cat.EmbedCounts(ctx, model)
	if err != nil || done == total {
		return err
	}
	progress.emit(Progress{Type: EventEmbedding, Model: model, Done: done, Total: total})
	for {
		batch, err := b.cat.PendingEmbeds(ctx, model, b.cfg.EmbedBatch)
		if err != nil {
			return err
		}
		if len(batch) == 0 {
			return nil
		}
		texts := make([]string, len(batch))
		for i, p := range batch {
			texts[i] = p.EmbedText()
		}
		vecs, err := b.cfg.Embedder.Embed(ctx, model, texts)
		if err != nil {
			return fmt.Errorf("embed with %s: %w", model, err)
		}
		if len(vecs) != len(batch) {
			return fmt.Errorf("embed with %s: %d vectors for %d chunks", model, len(vecs), len(batch))
		}
		bySite := map[string][]int{}
		for i, p := range batch {
			bySite[p.Site] = append(bySite[p.Site], i)
		}
		ids := make([]int64, 0, len(batch))
		for site, idx := range bySite {
			siteIDs := make([]int64, len(idx))
			siteVecs := make([][]float32, len(idx))
			for j, i := range idx {
				siteIDs[j], siteVecs[j] = batch[i].ID, vecs[i]
			}
			if err := store.Add(ctx, site, model, siteIDs, siteVecs); err != nil {
				return err
			}
			ids = append(ids, siteIDs...)
		}
		// Vectors first, then the mark: a crash between the two re-embeds a batch, never
		// leaves a chunk marked without a vector.
		if err := b.cat.MarkEmbedded(ctx, model, ids); err != nil {
			return err
		}
		done += len(batch)
		progress.emit(Progress{Type: EventEmbedding, Model: model, Done: done, Total: max(total, done)})
	}
}

// StartEmbedding runs EmbedPending in the background now and after every ingestion until
// Close. A failure (no Ollama, model not pulled) is reported and retried at the next
// ingestion; retrieval stays lexical meanwhile. progress may be nil; it runs on the
// background goroutine.
func (b *Base) StartEmbedding(progress ProgressFunc) {
	if b.cfg.Embedder == nil {
		return
	}
	b.bgOnce.Do(func() {
		b.bgWG.Add(1)
		go func() {
			defer b.bgWG.Done()
			for {
				if err := b.EmbedPending(b.bgCtx, progress); err != nil && b.bgCtx.Err() == nil {
					b.log.Warn("knowledge embedding stopped", "err", err)
					progress.emit(Progress{Type: EventError, Source: "embedding", Model: b.cfg.EmbedModel, Error: err.Error()})
				}
				select {
				case <-b.bgCtx.Done():
					return
				case <-b.wake:
				}
			}
		}()
	})
}

// nudge wakes the background embedder, if it runs, without blocking.
func (b *Base) nudge() {
	select {
	case b.wake <- struct{}{}:
	default:
	}
}
