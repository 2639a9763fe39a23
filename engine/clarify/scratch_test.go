package clarify

import (
	"math/rand"
	"strings"
	"testing"
	"time"
)

func TestScratchPerf(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	alpha := []string{"a", " ", "?", "\"", "`", " or ", ",", "\n", "- ", "1. ", "{", "}", "Should ", "x", ". ", ":"}
	for _, n := range []int{1000, 10000, 100000} {
		var b strings.Builder
		for b.Len() < n {
			b.WriteString(alpha[r.Intn(len(alpha))])
		}
		s := b.String()
		start := time.Now()
		Detect(s)
		ParseNeedsClarification(s + `"needs_clarification"`)
		t.Logf("n=%d %v", n, time.Since(start))
		long := strings.Repeat("word ", n/5) + "?"
		start = time.Now()
		Detect(long)
		Detect(strings.Repeat("a or ", n/5) + "b?")
		ParseNeedsClarification(strings.Repeat("{", n) + `"needs_clarification"`)
		t.Logf("long n=%d %v", n, time.Since(start))
	}
}
