package vector

import (
	"context"
	"path/filepath"
	"slices"
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
