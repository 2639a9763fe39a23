// Package fuse merges the lexical and the vector ranking of one query into one list:
// reciprocal rank fusion with the lexical ranking weighted at least as much as the vector
// one, newer chunks of a container superseding older ones, duplicates merged, and the
// lexical top hits always kept. It is pure and tested on crafted rankings.
package fuse

import (
	"cmp"
	"slices"
	"time"
)

// Hit is one ranked candidate. Rankings are best first.
type Hit struct {
	ID int64
	// Container identifies what a chunk is a version of: its source and heading path. Of
	// the candidates sharing one, only those of the latest ingestion count (freshness).
	Container string
	// Hash is the content hash; chunks with equal text (a footer on every page) are one.
	Hash       string
	IngestedAt time.Time
}

// Result is a fused hit with its score and the 1-based ranks it came from (0 = absent).
type Result struct {
	Hit
	Score       float64
	LexicalRank int
	VectorRank  int
}

// Weights tune the fusion. Zero values take the defaults.
type Weights struct {
	Lexical float64 // 0 = 1
	// Vector is capped at Lexical: lexical retrieval is the path measured on real
	// questions, the vector path only adds what words miss. 0 = 0.7.
	Vector float64
	// K is reciprocal rank fusion's constant (60 in Cormack et al. 2009); 0 = 60.
	K float64
	// Keep is how many lexical top hits are never displaced by vector hits; 0 = 5.
	Keep int
}

func (w Weights) withDefaults() Weights {
	if w.Lexical <= 0 {
		w.Lexical = 1
	}
	if w.Vector <= 0 {
		w.Vector = 0.7
	}
	w.Vector = min(w.Vector, w.Lexical)
	if w.K <= 0 {
		w.K = 60
	}
	if w.Keep <= 0 {
		w.Keep = 5
	}
	return w
}

// Fuse returns at most k results, best first.
func Fuse(lexical, vector []Hit, k int, w Weights) []Result {
	w = w.withDefaults()
	lexical, vector = fresh(lexical, vector)
	byID := map[int64]*Result{}
	var all []*Result
	add := func(h Hit, rank int, lex bool) {
		r, ok := byID[h.ID]
		if !ok {
			r = &Result{Hit: h}
			byID[h.ID] = r
			all = append(all, r)
		}
		if lex && r.LexicalRank == 0 {
			r.LexicalRank = rank
			r.Score += w.Lexical / (w.K + float64(rank))
		}
		if !lex && r.VectorRank == 0 {
			r.VectorRank = rank
			r.Score += w.Vector / (w.K + float64(rank))
		}
	}
	for i, h := range lexical {
		add(h, i+1, true)
	}
	for i, h := range vector {
		add(h, i+1, false)
	}
	slices.SortStableFunc(all, func(a, b *Result) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return cmp.Compare(rankOrMax(a.LexicalRank), rankOrMax(b.LexicalRank))
	})
	all = dedupByHash(all)
	return keepLexicalTop(all, k, w.Keep)
}

// fresh drops candidates older than another candidate of the same container.
func fresh(lexical, vector []Hit) ([]Hit, []Hit) {
	latest := map[string]time.Time{}
	for _, list := range [][]Hit{lexical, vector} {
		for _, h := range list {
			if h.Container != "" && h.IngestedAt.After(latest[h.Container]) {
				latest[h.Container] = h.IngestedAt
			}
		}
	}
	keep := func(list []Hit) []Hit {
		return slices.DeleteFunc(slices.Clone(list), func(h Hit) bool {
			return h.Container != "" && h.IngestedAt.Before(latest[h.Container])
		})
	}
	return keep(lexical), keep(vector)
}

// dedupByHash keeps the best-placed of results with equal text, folding the others' ranks in.
func dedupByHash(sorted []*Result) []*Result {
	seen := map[string]*Result{}
	out := sorted[:0:0]
	for _, r := range sorted {
		if r.Hash == "" {
			out = append(out, r)
			continue
		}
		if first, ok := seen[r.Hash]; ok {
			if r.LexicalRank != 0 && (first.LexicalRank == 0 || r.LexicalRank < first.LexicalRank) {
				first.LexicalRank = r.LexicalRank
			}
			continue
		}
		seen[r.Hash] = r
		out = append(out, r)
	}
	return out
}

// keepLexicalTop cuts to k, then swaps in any of the first keep lexical hits that fell
// below the cut, each replacing the lowest result that is not itself a kept lexical hit.
func keepLexicalTop(sorted []*Result, k, keep int) []Result {
	k = min(k, len(sorted))
	top := slices.Clone(sorted[:k])
	pinned := func(r *Result) bool { return r.LexicalRank > 0 && r.LexicalRank <= keep }
	for _, r := range sorted[k:] {
		if !pinned(r) {
			continue
		}
		for i := len(top) - 1; i >= 0; i-- {
			if !pinned(top[i]) {
				top = append(top[:i], top[i+1:]...)
				top = append(top, r)
				break
			}
		}
	}
	slices.SortStableFunc(top, func(a, b *Result) int { return cmp.Compare(b.Score, a.Score) })
	out := make([]Result, len(top))
	for i, r := range top {
		out[i] = *r
	}
	return out
}

func rankOrMax(r int) int {
	if r == 0 {
		return int(^uint(0) >> 1)
	}
	return r
}
