// Package vector keeps chunk embeddings in a persistent chromem-go database (one gob file
// per vector under the data directory), one collection per site and embedding model, and
// finds the nearest chunks to a query vector. Vectors always come from the knowledge
// base's embedder: a collection's own embedding function refuses to run, so chromem-go can
// never fall back to a remote service.
package vector

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/philippgille/chromem-go"
)

// sep joins site and model in a collection's name; neither a host nor a model name holds it.
const sep = "|"

// errNoEmbedder is what a collection's embedding function says if chromem-go ever calls it.
var errNoEmbedder = errors.New("vector: embeddings come from the knowledge base, not the collection")

func refuse(context.Context, string) ([]float32, error) { return nil, errNoEmbedder }

// Store is the vector database. It is safe for concurrent use.
type Store struct {
	mu sync.Mutex // serialises collection creation and deletion
	db *chromem.DB
}

// Hit is a chunk id and its cosine similarity to the query.
type Hit struct {
	ID         int64
	Similarity float32
}

// Open loads (or creates) the database in dir.
func Open(dir string) (*Store, error) {
	db, err := chromem.NewPersistentDB(dir, false)
	if err != nil {
		return nil, fmt.Errorf("open vector store %s: %w", dir, err)
	}
	return &Store{db: db}, nil
}

func name(site, model string) string { return site + sep + model }

// collection returns site's collection for model, creating it on first use.
func (s *Store) collection(site, model string) (*chromem.Collection, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, err := s.db.GetOrCreateCollection(name(site, model), map[string]string{"site": site, "model": model}, refuse)
	if err != nil {
		return nil, fmt.Errorf("vector collection %s: %w", site, err)
	}
	return c, nil
}

// Add stores vecs[i] for ids[i] in site's collection for model, replacing any earlier one.
func (s *Store) Add(ctx context.Context, site, model string, ids []int64, vecs [][]float32) error {
	if len(ids) != len(vecs) {
		return fmt.Errorf("vector add: %d ids for %d vectors", len(ids), len(vecs))
	}
	if len(ids) == 0 {
		return nil
	}
	c, err := s.collection(site, model)
	if err != nil {
		return err
	}
	docs := make([]chromem.Document, len(ids))
	for i, id := range ids {
		docs[i] = chromem.Document{ID: strconv.FormatInt(id, 10), Embedding: vecs[i]}
	}
	if err := c.AddDocuments(ctx, docs, 4); err != nil {
		return fmt.Errorf("vector add to %s: %w", site, err)
	}
	return nil
}

// Delete removes ids from every collection of site.
func (s *Store) Delete(ctx context.Context, site string, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	strs := make([]string, len(ids))
	for i, id := range ids {
		strs[i] = strconv.FormatInt(id, 10)
	}
	for _, c := range s.collections(site, "") {
		if err := c.Delete(ctx, nil, nil, strs...); err != nil {
			return fmt.Errorf("vector delete from %s: %w", site, err)
		}
	}
	return nil
}

// DropOtherModels deletes every collection whose vectors were made by another model than
// model: they cannot be compared with the new model's query vectors.
func (s *Store) DropOtherModels(model string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for n := range s.db.ListCollections() {
		if _, m, _ := strings.Cut(n, sep); m != model {
			if err := s.db.DeleteCollection(n); err != nil {
				return fmt.Errorf("drop vectors of %s: %w", n, err)
			}
		}
	}
	return nil
}

// Count returns how many vectors site ("" = all sites) has for model.
func (s *Store) Count(site, model string) int {
	n := 0
	for _, c := range s.collections(site, model) {
		n += c.Count()
	}
	return n
}

// collections lists the collections of site ("" = all) and model ("" = all).
func (s *Store) collections(site, model string) []*chromem.Collection {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*chromem.Collection
	for n, c := range s.db.ListCollections() {
		cs, cm, _ := strings.Cut(n, sep)
		if (site == "" || cs == site) && (model == "" || cm == model) {
			out = append(out, c)
		}
	}
	return out
}

// Query returns the n chunks of site ("" = all sites) nearest to vec among model's
// vectors, most similar first; equal similarities are ordered by id so results are stable.
func (s *Store) Query(ctx context.Context, site, model string, vec []float32, n int) ([]Hit, error) {
	var out []Hit
	for _, c := range s.collections(site, model) {
		k := min(n, c.Count())
		if k == 0 {
			continue
		}
		res, err := c.QueryEmbedding(ctx, vec, k, nil, nil)
		if err != nil {
			return nil, fmt.Errorf("vector query %s: %w", c.Name, err)
		}
		for _, r := range res {
			id, err := strconv.ParseInt(r.ID, 10, 64)
			if err != nil {
				continue // not ours
			}
			out = append(out, Hit{ID: id, Similarity: r.Similarity})
		}
	}
	slices.SortFunc(out, func(a, b Hit) int {
		if a.Similarity != b.Similarity {
			if a.Similarity > b.Similarity {
				return -1
			}
			return 1
		}
		return int(a.ID - b.ID)
	})
	return out[:min(n, len(out))], nil
}
