package llm

import (
	"context"
	"fmt"
	"time"

	"github.com/ollama/ollama/api"
)

// DefaultEmbedModel is the embedding model knowledge retrieval asks for when none is set:
// small (274 MB), 768 dimensions, and trained for retrieval.
const DefaultEmbedModel = "nomic-embed-text"

// embedTimeout bounds one embedding batch when no fixed call limit is configured.
const embedTimeout = 2 * time.Minute

// Embed returns one vector per text from an Ollama embedding model, in order. Long texts
// are truncated to the model's window by the server. An absent model is a *MissingError,
// an absent server ErrUnavailable, as for Chat.
func (o *Ollama) Embed(ctx context.Context, model string, texts []string) ([][]float32, error) {
	if model == "" {
		model = DefaultEmbedModel
	}
	if len(texts) == 0 {
		return nil, nil
	}
	// Embedding has no streamed tokens to time by: a fixed limit, the configured one when set.
	limit := o.cfg.Timeout
	if limit <= 0 {
		limit = embedTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	truncate := true
	resp, err := o.client.Embed(ctx, &api.EmbedRequest{Model: model, Input: texts, Truncate: &truncate})
	if err != nil {
		return nil, o.classify(ctx, model, err)
	}
	if len(resp.Embeddings) != len(texts) {
		return nil, fmt.Errorf("ollama %s: %d embeddings for %d texts", model, len(resp.Embeddings), len(texts))
	}
	return resp.Embeddings, nil
}
