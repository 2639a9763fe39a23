package vector

import (
	"errors"
	"fmt"
	"math"
)

// flat is one collection's vectors side by side in one slice: the query path. chromem-go
// stays the persistent store, but its query hands every document to a goroutine through
// filterDocs even with no filter, which cost most of a query's time over 10,000 chunks;
// a scan of one contiguous slice with a small heap costs a tenth of it.
type flat struct {
	dims int
	ids  []int64
	vecs []float32     // vector i is vecs[i*dims : (i+1)*dims], normalised as chromem-go stores it
	at   map[int64]int // id → i
}

func newFlat() *flat { return &flat{at: map[int64]int{}} }

// put stores v (already normalised) for id, replacing an earlier one.
func (f *flat) put(id int64, v []float32) error {
	if err := f.fits(len(v)); err != nil {
		return err
	}
	if f.dims == 0 {
		f.dims = len(v)
	}
	if i, ok := f.at[id]; ok {
		copy(f.vecs[i*f.dims:], v)
		return nil
	}
	f.at[id] = len(f.ids)
	f.ids = append(f.ids, id)
	f.vecs = append(f.vecs, v...)
	return nil
}

// fits says whether a vector of n dimensions can join the collection: vectors of one
// model all have the same length, and chromem-go could not compare others.
func (f *flat) fits(n int) error {
	if n == 0 {
		return errors.New("empty vector")
	}
	if f.dims != 0 && n != f.dims {
		return fmt.Errorf("a vector of %d dimensions among vectors of %d", n, f.dims)
	}
	return nil
}

// remove deletes id's vector by moving the last one into its place (order does not
// matter: results are ordered by similarity, then id).
func (f *flat) remove(id int64) {
	i, ok := f.at[id]
	if !ok {
		return
	}
	last := len(f.ids) - 1
	if i != last {
		f.ids[i] = f.ids[last]
		f.at[f.ids[i]] = i
		copy(f.vecs[i*f.dims:(i+1)*f.dims], f.vecs[last*f.dims:])
	}
	delete(f.at, id)
	f.ids = f.ids[:last]
	f.vecs = f.vecs[:last*f.dims]
}

// scan offers every vector's similarity to q to top.
func (f *flat) scan(q []float32, top *topK) {
	d := f.dims
	for i, id := range f.ids {
		top.offer(Hit{ID: id, Similarity: dot(q, f.vecs[i*d:(i+1)*d:(i+1)*d])})
	}
}

// dot is the dot product of two vectors of equal length, the cosine similarity of
// normalised ones. Four running sums instead of one let the CPU overlap the additions
// (more lanes gain nothing: a scan of 10,000 vectors is bound by reading their 10 MB);
// the result differs from chromem-go's one-by-one sum by rounding only (below 1e-6).
func dot(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// normalised returns v scaled to length 1, exactly as chromem-go does to a query (or v
// itself when it is already within chromem-go's tolerance), so both rank alike.
func normalised(v []float32) []float32 {
	var sq float64
	for _, x := range v {
		sq += float64(x) * float64(x)
	}
	if math.Abs(math.Sqrt(sq)-1) < 1e-6 {
		return v
	}
	var norm float32
	for _, x := range v {
		norm += x * x
	}
	norm = float32(math.Sqrt(float64(norm)))
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = x / norm
	}
	return out
}

// topK keeps the n best hits offered: a min-heap whose root is the worst kept.
type topK struct {
	n int
	h []Hit
}

// worse orders hits: lower similarity, then (equal ones) the higher id is worse, so the
// result does not depend on the order of the scan.
func worse(a, b Hit) bool {
	if a.Similarity != b.Similarity {
		return a.Similarity < b.Similarity
	}
	return a.ID > b.ID
}

func (t *topK) offer(h Hit) {
	if len(t.h) < t.n {
		t.h = append(t.h, h)
		t.up(len(t.h) - 1)
		return
	}
	if !worse(t.h[0], h) {
		return
	}
	t.h[0] = h
	t.down(0)
}

func (t *topK) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !worse(t.h[i], t.h[p]) {
			return
		}
		t.h[i], t.h[p] = t.h[p], t.h[i]
		i = p
	}
}

func (t *topK) down(i int) {
	for {
		l, m := 2*i+1, i
		if l < len(t.h) && worse(t.h[l], t.h[m]) {
			m = l
		}
		if r := l + 1; r < len(t.h) && worse(t.h[r], t.h[m]) {
			m = r
		}
		if m == i {
			return
		}
		t.h[i], t.h[m] = t.h[m], t.h[i]
		i = m
	}
}

// sorted empties the heap into a slice, best first.
func (t *topK) sorted() []Hit {
	out := make([]Hit, len(t.h))
	for i := len(out) - 1; i >= 0; i-- {
		out[i] = t.h[0]
		last := len(t.h) - 1
		t.h[0] = t.h[last]
		t.h = t.h[:last]
		t.down(0)
	}
	return out
}
