package knowledge

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"sync"
	"time"

	"github.com/errand-app/errand/knowledge/catalog"
	"github.com/errand-app/errand/knowledge/vector"
)

// DefaultEmbedModel is the Ollama embedding model used when none is configured.
const DefaultEmbedModel = "nomic-embed-text"

// Embedder turns texts into vectors; the app passes engine/llm's Ollama.
type Embedder interface {
	Embed(ctx context.Context, model string, texts []string) ([][]float32, error)
}

// EmbedderFunc adapts a func to an Embedder.
type EmbedderFunc func(ctx context.Context, model string, texts []string) ([][]float32, error)

// Embed calls f.
func (f EmbedderFunc) Embed(ctx context.Context, model string, texts []string) ([][]float32, error) {
	return f(ctx, model, texts)
}

// Config configures a Base. Zero values take the defaults.
type Config struct {
	// Dir holds knowledge.db and the vectors/ directory (the app uses DATA_DIR/knowledge).
	Dir string
	// Embedder makes vectors; nil = lexical retrieval only.
	Embedder Embedder
	// EmbedModel is the embedding model; "" = nomic-embed-text. Changing it re-embeds
	// every chunk in the background.
	EmbedModel string
	// EmbedBatch is how many chunks one embedding call carries; 0 = 32.
	EmbedBatch int
	// HTTP fetches URLs; nil = a client with no overall timeout (each page has its own).
	HTTP   *http.Client
	Now    func() time.Time // nil = time.Now
	Logger *slog.Logger     // nil = discard
}

// Base is an open knowledge base. Its methods are safe for concurrent use.
type Base struct {
	cfg Config
	cat *catalog.Catalog
	log *slog.Logger

	// The vectors load in the background (10,000 of them take a few hundred ms): until
	// vecsReady is closed retrieval is lexical, and writers wait for them.
	vecsReady chan struct{}
	vecs      *vector.Store
	vecsErr   error

	// The background embedder: owned by the Base, cancelled and awaited by Close.
	bgCtx    context.Context
	bgCancel context.CancelFunc
	bgWG     sync.WaitGroup
	wake     chan struct{}
	embedMu  sync.Mutex // one embedding pass at a time
	bgOnce   sync.Once
}

// Open opens (creating) the knowledge base in cfg.Dir. Lexical retrieval is ready when it
// returns; the vectors load in the background.
func Open(ctx context.Context, cfg Config) (*Base, error) {
	if cfg.Dir == "" {
		return nil, errors.New("open knowledge: no directory")
	}
	if cfg.EmbedModel == "" {
		cfg.EmbedModel = DefaultEmbedModel
	}
	if cfg.EmbedBatch <= 0 {
		cfg.EmbedBatch = 32
	}
	if cfg.HTTP == nil {
		cfg.HTTP = &http.Client{}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	cat, err := catalog.Open(ctx, filepath.Join(cfg.Dir, "knowledge.db"), cfg.Now)
	if err != nil {
		return nil, err
	}
	b := &Base{cfg: cfg, cat: cat, log: cfg.Logger, wake: make(chan struct{}, 1), vecsReady: make(chan struct{})}
	b.bgCtx, b.bgCancel = context.WithCancel(context.WithoutCancel(ctx))
	b.bgWG.Add(1)
	go b.loadVectors()
	return b, nil
}

// loadVectors opens the vector store and drops vectors of another embedding model than
// the configured one: they cannot be compared with its query vectors, and their chunks
// are embedded again by the next pass.
func (b *Base) loadVectors() {
	defer b.bgWG.Done()
	defer close(b.vecsReady)
	vecs, err := vector.Open(filepath.Join(b.cfg.Dir, "vectors"))
	if err == nil && b.cfg.Embedder != nil {
		err = vecs.DropOtherModels(b.cfg.EmbedModel)
	}
	if err != nil {
		b.vecsErr = fmt.Errorf("open knowledge vectors: %w", err)
		b.log.Warn("knowledge vectors unavailable; retrieval is lexical", "err", err)
		return
	}
	b.vecs = vecs
}

// vectors waits for the vector store.
func (b *Base) vectors(ctx context.Context) (*vector.Store, error) {
	select {
	case <-b.vecsReady:
		return b.vecs, b.vecsErr
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// vectorsNow is the vector store if it has loaded, else nil.
func (b *Base) vectorsNow() *vector.Store {
	select {
	case <-b.vecsReady:
		return b.vecs
	default:
		return nil
	}
}

// WaitVectors blocks until the vectors have loaded (for measurements and tests).
func (b *Base) WaitVectors(ctx context.Context) error {
	_, err := b.vectors(ctx)
	return err
}

// Close stops background embedding, waits for it, and closes the files. Work not done is
// EmbedModel is the embedding model the base's vectors come from.
func (b *Base) EmbedModel() string { return b.cfg.EmbedModel }

// resumed by the next Open.
func (b *Base) Close() error {
	b.bgCancel()
	b.bgWG.Wait()
	return b.cat.Close()
}

// Source is one ingested URL or file, for listing.
type Source = catalog.Source

// Sources lists what was ingested for site ("" = everything), newest first.
func (b *Base) Sources(ctx context.Context, site string) ([]Source, error) {
	return b.cat.Sources(ctx, site)
}

// ErrNotFound is returned by Forget when nothing matches.
var ErrNotFound = catalog.ErrNotFound

// Forget deletes a source (by its URL or path) or a whole site (by its name), with its
// chunks and vectors, and returns how many chunks went.
func (b *Base) Forget(ctx context.Context, target string) (int, error) {
	removed, err := b.cat.Forget(ctx, target)
	if err != nil {
		return 0, err
	}
	vecs, err := b.vectors(ctx)
	n := 0
	for site, ids := range removed {
		n += len(ids)
		if vecs == nil {
			continue // no vector store: nothing to delete there
		}
		if err := vecs.Delete(ctx, site, ids); err != nil {
			return n, fmt.Errorf("forget %s: %w", target, err)
		}
	}
	return n, nil
}

// Chunk is a stored chunk with its phase and trigger, for listing.
type Chunk = catalog.Hit

// Chunks lists the live chunks of one source (its URL or absolute path) in the order they
// were stored: the page as loaded first, then what each interaction revealed.
func (b *Base) Chunks(ctx context.Context, location string) ([]Chunk, error) {
	return b.cat.SourceChunks(ctx, location)
}
