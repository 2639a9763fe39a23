package app

import (
	"context"
	"errors"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/knowledge"
)

// The window's Knowledge and Skills screens reach the same stores the errands draw on,
// through the Service's siteKnowledge: each opens on first use, and the files are never
// opened twice by one process (docs/knowledge.md, docs/memory.md).

// Knowledge returns the knowledge base, opened on first use.
func (s *Service) Knowledge(ctx context.Context) (*knowledge.Base, error) {
	return s.know.knowledgeBase(ctx)
}

// Memory returns the learned memory (skills and replay scripts), opened on first use.
func (s *Service) Memory(ctx context.Context) (*Memory, error) {
	return s.know.mem(ctx)
}

// Ingest reads sources (URLs, files, folders) into the knowledge base, then gives what it
// stored vectors when an embedding model answers. Progress is knowledge's: one event per
// source and page, each failure an error event naming its source, then done with the
// totals, then the embedding's. An embedding that fails is one more error event: the text
// is stored and lexical search works without it. The error returned is only ctx's or the
// base's failing to open.
func (s *Service) Ingest(ctx context.Context, sources []string, opts knowledge.IngestOptions,
	progress knowledge.ProgressFunc) (knowledge.Progress, error) {
	kb, err := s.Knowledge(ctx)
	if err != nil {
		return knowledge.Progress{}, err
	}
	if opts.Timeout == 0 {
		opts.Timeout = s.live.Load().cfg.PageTimeout
	}
	total, err := kb.Ingest(ctx, sources, opts, progress)
	if err != nil || total.Stored == 0 {
		return total, err
	}
	if err := kb.EmbedPending(ctx, progress); err != nil && ctx.Err() == nil && progress != nil {
		progress(knowledge.Progress{Type: knowledge.EventError, Source: "embedding", Error: EmbedAdvice(err)})
	}
	return total, ctx.Err()
}

// EmbedAdvice explains a failed embedding pass: the knowledge is stored and searchable.
func EmbedAdvice(err error) string {
	msg := err.Error()
	if errors.Is(err, llm.ErrModelMissing) || errors.Is(err, llm.ErrUnavailable) {
		msg += "; the text is stored and lexical search works; for vectors start Ollama and `ollama pull " +
			knowledge.DefaultEmbedModel + "` (or the model in ERRAND_EMBED_MODEL), then ingest again"
	}
	return msg
}
