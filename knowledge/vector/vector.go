// Package vector keeps chunk embeddings in a persistent chromem-go database (one gob file
// per vector under the data directory), one collection per site and embedding model, and
// finds the nearest chunks to a query vector. Vectors always come from the knowledge
// base's embedder: a collection's own embedding function refuses to run, so chromem-go can
// never fall back to a remote service. Queries scan a flat copy of the vectors kept beside
// chromem-go's (flat.go); chromem-go is what is written to disk and read back at Open.
package vector

import (
	"context"
	"errors"
	"fmt"
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
	// wmu serialises writers (Add, Delete, DropOtherModels), so chromem-go's collections
	// and the flat copies change in the same order.
	wmu sync.Mutex
	// mu guards flats: queries read them, writers swap vectors in and out.
	mu    sync.RWMutex
	db    *chromem.DB
	flats map[string]*flat // by collection name
	dir   string
	dims  map[string]int // each collection's vector length, as recorded in dimsFile; wmu guards it
}

// Hit is a chunk id and its cosine similarity to the query.
type Hit struct {
	ID         int64
	Similarity float32
}

// Open loads (or creates) the database in dir, with the flat copy of every collection.
func Open(dir string) (*Store, error) {
	db, err := chromem.NewPersistentDB(dir, false)
	if err != nil {
		return nil, fmt.Errorf("open vector store %s: %w", dir, err)
	}
	dims := readDims(dir)
	flats, err := mirror(context.Background(), db, dims)
	if err != nil {
		return nil, fmt.Errorf("open vector store %s: %w", dir, err)
	}
	s := &Store{db: db, flats: flats, dir: dir, dims: dims}
	s.recordDims()
	return s, nil
}

func name(site, model string) string { return site + sep + model }

// Add stores vecs[i] for ids[i] in site's collection for model, replacing any earlier one.
func (s *Store) Add(ctx context.Context, site, model string, ids []int64, vecs [][]float32) error {
	if len(ids) != len(vecs) {
		return fmt.Errorf("vector add: %d ids for %d vectors", len(ids), len(vecs))
	}
	if len(ids) == 0 {
		return nil
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	n := name(site, model)
	s.mu.RLock()
	f := s.flats[n]
	s.mu.RUnlock()
	if f == nil {
		f = newFlat()
	}
	for _, v := range vecs {
		if err := f.fits(len(v)); err != nil {
			return fmt.Errorf("vector add to %s: %w", site, err)
		}
	}
	c, err := s.db.GetOrCreateCollection(n, map[string]string{"site": site, "model": model}, refuse)
	if err != nil {
		return fmt.Errorf("vector collection %s: %w", site, err)
	}
	docs := make([]chromem.Document, len(ids))
	for i, id := range ids {
		docs[i] = chromem.Document{ID: strconv.FormatInt(id, 10), Embedding: vecs[i]}
	}
	if err := c.AddDocuments(ctx, docs, 4); err != nil {
		return fmt.Errorf("vector add to %s: %w", site, err)
	}
	// The copy takes the vectors as chromem-go stored them (normalised), so both rank alike.
	stored := make([][]float32, len(ids))
	for i, d := range docs {
		doc, err := c.GetByID(ctx, d.ID)
		if err != nil {
			return fmt.Errorf("vector add to %s: %w", site, err)
		}
		stored[i] = doc.Embedding
	}
	s.mu.Lock()
	for i, id := range ids {
		_ = f.put(id, stored[i]) // fits was checked above
	}
	s.flats[n] = f
	s.mu.Unlock()
	s.recordDims()
	return nil
}

// recordDims writes each collection's vector length to dimsFile when it changed; wmu is
// held (or the Store not shared yet). A failed write is no failure: the next Open reads
// those vectors through the export instead.
func (s *Store) recordDims() {
	s.mu.RLock()
	changed := len(s.dims) != len(s.flats)
	dims := make(map[string]int, len(s.flats))
	for n, f := range s.flats {
		dims[n] = f.dims
		changed = changed || s.dims[n] != f.dims
	}
	s.mu.RUnlock()
	if changed && writeDims(s.dir, dims) == nil {
		s.dims = dims
	}
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
	s.wmu.Lock()
	defer s.wmu.Unlock()
	for n, c := range s.db.ListCollections() {
		if cs, _, _ := strings.Cut(n, sep); cs != site {
			continue
		}
		err := c.Delete(ctx, nil, nil, strs...)
		s.mu.Lock()
		if f := s.flats[n]; f != nil {
			for _, id := range ids {
				f.remove(id)
			}
		}
		s.mu.Unlock()
		if err != nil {
			return fmt.Errorf("vector delete from %s: %w", site, err)
		}
	}
	return nil
}

// DropOtherModels deletes every collection whose vectors were made by another model than
// model: they cannot be compared with the new model's query vectors.
func (s *Store) DropOtherModels(model string) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	for n := range s.db.ListCollections() {
		if _, m, _ := strings.Cut(n, sep); m != model {
			s.mu.Lock()
			delete(s.flats, n)
			s.mu.Unlock()
			if err := s.db.DeleteCollection(n); err != nil {
				return fmt.Errorf("drop vectors of %s: %w", n, err)
			}
		}
	}
	s.recordDims()
	return nil
}

// Count returns how many vectors site ("" = all sites) has for model.
func (s *Store) Count(site, model string) int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	n := 0
	for _, f := range s.matching(site, model) {
		n += len(f.ids)
	}
	return n
}

// matching lists the flat copies of site ("" = all) and model ("" = all); mu is held.
func (s *Store) matching(site, model string) []*flat {
	var out []*flat
	for n, f := range s.flats {
		cs, cm, _ := strings.Cut(n, sep)
		if (site == "" || cs == site) && (model == "" || cm == model) {
			out = append(out, f)
		}
	}
	return out
}

// Query returns the n chunks of site ("" = all sites) nearest to vec among model's
// vectors, most similar first; equal similarities are ordered by id so results are stable.
// It ranks as chromem-go's own query does (the vector is normalised the same way).
func (s *Store) Query(ctx context.Context, site, model string, vec []float32, n int) ([]Hit, error) {
	if n <= 0 {
		return nil, nil
	}
	if len(vec) == 0 {
		return nil, errors.New("vector query: empty query vector")
	}
	q := normalised(vec)
	top := &topK{n: n, h: make([]Hit, 0, n)}
	s.mu.RLock()
	defer s.mu.RUnlock()
	for _, f := range s.matching(site, model) {
		if len(f.ids) == 0 {
			continue
		}
		if f.dims != len(q) {
			return nil, fmt.Errorf("vector query: the query has %d dimensions, %s's vectors %d", len(q), site, f.dims)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		f.scan(q, top)
	}
	return top.sorted(), nil
}
