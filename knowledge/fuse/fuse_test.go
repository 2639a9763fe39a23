package fuse

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// hits makes a ranking from ids; each id is its own container and text.
func hits(ids ...int64) []Hit {
	var out []Hit
	for _, id := range ids {
		out = append(out, Hit{ID: id, Container: fmt.Sprint("c", id), Hash: fmt.Sprint("h", id), IngestedAt: t0})
	}
	return out
}

func ids(rs []Result) []int64 {
	var out []int64
	for _, r := range rs {
		out = append(out, r.ID)
	}
	return out
}

func TestFuse(t *testing.T) {
	tests := []struct {
		name            string
		lexical, vector []Hit
		k               int
		w               Weights
		want            []int64
	}{
		{"lexical alone keeps its order", hits(1, 2, 3), nil, 5, Weights{}, []int64{1, 2, 3}},
		{"vector alone keeps its order", nil, hits(7, 8), 5, Weights{}, []int64{7, 8}},
		{"agreement rises", hits(1, 2, 3), hits(3, 9), 3, Weights{}, []int64{3, 1, 2}},
		{"a hit in both merges into one", hits(1, 2), hits(2, 1), 5, Weights{}, []int64{1, 2}},
		{"equal weights tie goes to lexical", hits(1), hits(2), 2, Weights{Lexical: 1, Vector: 1}, []int64{1, 2}},
		{"vector weight above lexical is capped", hits(1), hits(2), 2, Weights{Lexical: 1, Vector: 3}, []int64{1, 2}},
		// Vector hits 10 and 11 at ranks 1 and 2 outscore lexical 4 and 5 at ranks 4 and 5
		// when weights are equal; lexical 4 and 5 are kept anyway and the vector hits give way.
		{"lexical top 5 never displaced", hits(1, 2, 3, 4, 5, 6), hits(10, 11, 1), 5, Weights{Lexical: 1, Vector: 1},
			[]int64{1, 2, 3, 4, 5}},
		{"below the lexical top 5 vectors may win", hits(1, 2, 3, 4, 5, 6), hits(10, 1), 6, Weights{Lexical: 1, Vector: 1},
			[]int64{1, 10, 2, 3, 4, 5}},
		{"k smaller than the kept set keeps the best lexical", hits(1, 2, 3), hits(9), 2, Weights{Keep: 2}, []int64{1, 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ids(Fuse(tc.lexical, tc.vector, tc.k, tc.w))
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestFuseNeverLosesALexicalTop5Hit(t *testing.T) {
	// Every arrangement of five vector-only hits ahead of a lexical list.
	for n := 1; n <= 8; n++ {
		lex := hits(1, 2, 3, 4, 5, 6, 7, 8)[:n]
		vec := hits(21, 22, 23, 24, 25, 26)
		got := ids(Fuse(lex, vec, 5, Weights{Lexical: 1, Vector: 1}))
		for _, h := range lex[:min(n, 5)] {
			if !slices.Contains(got, h.ID) {
				t.Errorf("n=%d: lexical hit %d lost: %v", n, h.ID, got)
			}
		}
		if len(got) != 5 {
			t.Errorf("n=%d: %d results, want 5", n, len(got))
		}
	}
}

func TestFreshnessNewerChunkOfContainerWins(t *testing.T) {
	old := Hit{ID: 1, Container: "https://a/help#Fees", Hash: "old", IngestedAt: t0}
	newer := Hit{ID: 2, Container: "https://a/help#Fees", Hash: "new", IngestedAt: t0.Add(time.Hour)}
	other := Hit{ID: 3, Container: "https://a/help#Hours", Hash: "x", IngestedAt: t0}
	got := ids(Fuse([]Hit{old, other}, []Hit{newer}, 5, Weights{}))
	if !slices.Equal(got, []int64{3, 2}) {
		t.Errorf("got %v, want [3 2]: the older Fees chunk is superseded", got)
	}
	// Two chunks of the same ingestion of one container both stay.
	sibling := Hit{ID: 4, Container: "https://a/help#Fees", Hash: "new2", IngestedAt: newer.IngestedAt}
	got = ids(Fuse([]Hit{newer, sibling}, nil, 5, Weights{}))
	if !slices.Equal(got, []int64{2, 4}) {
		t.Errorf("got %v, want [2 4]", got)
	}
}

func TestDuplicateTextIsOneResultAndKeepsItsLexicalPin(t *testing.T) {
	lex := []Hit{{ID: 1, Hash: "a"}, {ID: 2, Hash: "footer"}, {ID: 3, Hash: "b"}}
	vec := []Hit{{ID: 9, Hash: "footer"}}
	got := Fuse(lex, vec, 5, Weights{})
	if g := ids(got); !slices.Equal(g, []int64{1, 2, 3}) {
		t.Fatalf("got %v, want [1 2 3]", g)
	}
}

func TestScoresAreReciprocalRanks(t *testing.T) {
	got := Fuse(hits(1, 2), hits(2), 5, Weights{Lexical: 1, Vector: 0.5, K: 10})
	want := map[int64]float64{1: 1.0 / 11, 2: 1.0/12 + 0.5/11}
	for _, r := range got {
		if d := r.Score - want[r.ID]; d > 1e-12 || d < -1e-12 {
			t.Errorf("score of %d = %v, want %v", r.ID, r.Score, want[r.ID])
		}
	}
	if got[0].ID != 2 || got[0].LexicalRank != 2 || got[0].VectorRank != 1 {
		t.Errorf("first = %+v", got[0])
	}
}
