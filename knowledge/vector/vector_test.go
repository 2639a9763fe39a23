package vector

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func unit(i int) []float32 {
	v := make([]float32, 4)
	v[i] = 1
	return v
}

func TestAddQueryDeleteReopen(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "vectors")
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Add(ctx, "a.test", "m1", []int64{1, 2, 3}, [][]float32{unit(0), unit(1), {0.9, 0.1, 0, 0}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Add(ctx, "b.test", "m1", []int64{4}, [][]float32{unit(0)}); err != nil {
		t.Fatal(err)
	}
	hits, err := s.Query(ctx, "a.test", "m1", unit(0), 10)
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(hits); !slices.Equal(got, []int64{1, 3, 2}) {
		t.Errorf("a.test hits %v, want [1 3 2]", got)
	}
	hits, _ = s.Query(ctx, "", "m1", unit(0), 2)
	if got := ids(hits); !slices.Equal(got, []int64{1, 4}) {
		t.Errorf("all-site hits %v, want [1 4]", got)
	}
	if err := s.Delete(ctx, "a.test", []int64{1}); err != nil {
		t.Fatal(err)
	}
	// Reopening reads the vectors back from disk.
	s, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	hits, _ = s.Query(ctx, "a.test", "m1", unit(0), 10)
	if got := ids(hits); !slices.Equal(got, []int64{3, 2}) {
		t.Errorf("after delete and reopen %v, want [3 2]", got)
	}
	if n := s.Count("", "m1"); n != 3 {
		t.Errorf("count %d, want 3", n)
	}
}

func TestModelsAreSeparateAndOthersDropped(t *testing.T) {
	ctx := context.Background()
	s, _ := Open(filepath.Join(t.TempDir(), "v"))
	s.Add(ctx, "a.test", "old", []int64{1}, [][]float32{unit(0)})
	s.Add(ctx, "a.test", "new", []int64{2}, [][]float32{unit(0)})
	hits, _ := s.Query(ctx, "a.test", "new", unit(0), 5)
	if got := ids(hits); !slices.Equal(got, []int64{2}) {
		t.Errorf("new model's hits %v, want [2]", got)
	}
	if err := s.DropOtherModels("new"); err != nil {
		t.Fatal(err)
	}
	if s.Count("", "old") != 0 || s.Count("", "new") != 1 {
		t.Errorf("old %d new %d", s.Count("", "old"), s.Count("", "new"))
	}
}

func ids(hs []Hit) []int64 {
	var out []int64
	for _, h := range hs {
		out = append(out, h.ID)
	}
	return out
}

// chromemQuery is the query through chromem-go itself, which the flat copy must equal.
func chromemQuery(ctx context.Context, s *Store, site, model string, vec []float32, n int) ([]Hit, error) {
	var out []Hit
	for name, c := range s.db.ListCollections() {
		cs, cm, _ := strings.Cut(name, sep)
		if (site != "" && cs != site) || cm != model || c.Count() == 0 {
			continue
		}
		res, err := c.QueryEmbedding(ctx, vec, min(n, c.Count()), nil, nil)
		if err != nil {
			return nil, err
		}
		for _, r := range res {
			id, _ := strconv.ParseInt(r.ID, 10, 64)
			out = append(out, Hit{ID: id, Similarity: r.Similarity})
		}
	}
	slices.SortFunc(out, func(a, b Hit) int {
		if a.Similarity != b.Similarity {
			return cmp.Compare(b.Similarity, a.Similarity)
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return out[:min(n, len(out))], nil
}

func randomVecs(r *rand.Rand, n, dims int) [][]float32 {
	out := make([][]float32, n)
	for i := range out {
		out[i] = make([]float32, dims)
		for j := range out[i] {
			out[i][j] = float32(r.NormFloat64())
		}
	}
	return out
}

// TestFlatEqualsChromem checks the flat copy's answers against chromem-go's own query on
// random vectors: the same ids in the same order, similarities within 1e-6, after adds,
// replacements, deletes, a change of model and a reopen.
func TestFlatEqualsChromem(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(7, 11))
	dir := filepath.Join(t.TempDir(), "v")
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	add := func(site, model string, from, n, dims int) {
		t.Helper()
		ids := make([]int64, n)
		for i := range ids {
			ids[i] = int64(from + i)
		}
		if err := s.Add(ctx, site, model, ids, randomVecs(r, n, dims)); err != nil {
			t.Fatal(err)
		}
	}
	steps := []struct {
		name  string
		do    func()
		model string
		dims  int
	}{
		{"added", func() { add("a.test", "m1", 1, 400, 48); add("b.test", "m1", 1000, 300, 48) }, "m1", 48},
		{"replaced", func() { add("a.test", "m1", 100, 50, 48) }, "m1", 48},
		{"deleted", func() {
			if err := s.Delete(ctx, "a.test", []int64{1, 2, 3, 150, 399, 400, 9999}); err != nil {
				t.Fatal(err)
			}
		}, "m1", 48},
		{"reopened", func() {
			if s, err = Open(dir); err != nil {
				t.Fatal(err)
			}
		}, "m1", 48},
		// Without the record of each collection's length, Open reads the vectors through
		// chromem-go's export instead, and records them again.
		{"reopened without the lengths", func() {
			if err := os.Remove(filepath.Join(dir, dimsFile)); err != nil {
				t.Fatal(err)
			}
			if s, err = Open(dir); err != nil {
				t.Fatal(err)
			}
			if len(readDims(dir)) != 2 {
				t.Errorf("lengths recorded again: %v", readDims(dir))
			}
		}, "m1", 48},
		{"model changed", func() {
			if err := s.DropOtherModels("m2"); err != nil {
				t.Fatal(err)
			}
			add("a.test", "m2", 1, 200, 20)
			add("b.test", "m2", 1000, 100, 20)
		}, "m2", 20},
	}
	for _, st := range steps {
		st.do()
		for _, site := range []string{"", "a.test", "b.test", "none.test"} {
			for q, vec := range randomVecs(r, 20, st.dims) {
				n := []int{1, 5, 30, 1000}[q%4]
				want, err := chromemQuery(ctx, s, site, st.model, vec, n)
				if err != nil {
					t.Fatal(err)
				}
				got, err := s.Query(ctx, site, st.model, vec, n)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(ids(got), ids(want)) {
					t.Fatalf("%s, site %q, n %d: flat %v, chromem %v", st.name, site, n, ids(got), ids(want))
				}
				for i := range got {
					if d := math.Abs(float64(got[i].Similarity - want[i].Similarity)); d > 1e-6 {
						t.Fatalf("%s: hit %d similarity %v, chromem %v", st.name, i, got[i].Similarity, want[i].Similarity)
					}
				}
			}
		}
		if got, want := s.Count("", st.model), chromemCount(s, st.model); got != want {
			t.Errorf("%s: count %d, chromem %d", st.name, got, want)
		}
	}
	if s.Count("", "m1") != 0 {
		t.Errorf("m1 has %d vectors after the model change", s.Count("", "m1"))
	}
}

func chromemCount(s *Store, model string) int {
	n := 0
	for name, c := range s.db.ListCollections() {
		if _, m, _ := strings.Cut(name, sep); m == model {
			n += c.Count()
		}
	}
	return n
}

// TestAddRefusesOtherDimensions: vectors of one model have one length; another cannot
// be compared with them, so it is refused before anything is written.
func TestAddRefusesOtherDimensions(t *testing.T) {
	ctx := context.Background()
	s, _ := Open(filepath.Join(t.TempDir(), "v"))
	if err := s.Add(ctx, "a.test", "m", []int64{1}, [][]float32{unit(0)}); err != nil {
		t.Fatal(err)
	}
	if err := s.Add(ctx, "a.test", "m", []int64{2}, [][]float32{{1, 0}}); err == nil {
		t.Error("a 2-dimension vector joined 4-dimension ones")
	}
	if _, err := s.Query(ctx, "a.test", "m", []float32{1, 0}, 1); err == nil {
		t.Error("a 2-dimension query was compared with 4-dimension vectors")
	}
	if n := chromemCount(s, "m"); n != 1 {
		t.Errorf("chromem holds %d vectors, want 1", n)
	}
}
