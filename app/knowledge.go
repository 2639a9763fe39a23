package app

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/knowledge"
)

// The Ollama client makes the knowledge base's vectors.
var _ knowledge.Embedder = (*llm.Ollama)(nil)

// KnowledgeOptions open the knowledge base for the CLI (and, later, the Service).
type KnowledgeOptions struct {
	// Offline opens it without an embedder: lexical retrieval only, nothing sent to Ollama.
	Offline bool
}

// OpenKnowledge opens the knowledge base in DATA_DIR/knowledge. Embeddings come from the
// Ollama at cfg.OllamaHost with cfg.EmbedModel (ERRAND_EMBED_MODEL, else the one saved in
// Settings, else nomic-embed-text) unless offline; whether that model answers is found
// out on first use, and retrieval is lexical until it does.
func OpenKnowledge(ctx context.Context, cfg Config, opts Options, kopts KnowledgeOptions) (*knowledge.Base, error) {
	if opts.Getenv == nil {
		opts.Getenv = func(string) string { return "" }
	}
	dir, err := ResolveDataDir(cfg, opts.Getenv)
	if err != nil {
		return nil, err
	}
	saved, err := loadSettings(dir)
	if err != nil {
		return nil, err
	}
	cfg = saved.under(cfg)
	kc := knowledge.Config{Dir: filepath.Join(dir, "knowledge"), EmbedModel: cfg.EmbedModel, Logger: opts.Logger, Now: opts.Now}
	if !kopts.Offline && !cfg.Offline {
		o, err := llm.NewOllama(llm.Config{Host: cfg.OllamaHost})
		if err != nil {
			return nil, fmt.Errorf("open knowledge: %w", err)
		}
		kc.Embedder = o
	}
	return knowledge.Open(ctx, kc)
}
