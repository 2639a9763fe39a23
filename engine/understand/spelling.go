package understand

import "unicode/utf8"

// How near two words are, letter by letter: the typo reader (typos.go) and the fuzzy
// matching of names (ground.go) share one measure.

// keySim is 1 − edit distance / longer length (optimal string alignment, so a swapped
// pair of letters is one edit).
func keySim(a, b string) float64 {
	if s, ok := asciiSim(a, b); ok {
		return s
	}
	la, lb := utf8.RuneCountInString(a), utf8.RuneCountInString(b)
	if la == 0 || lb == 0 || la-lb > 2 || lb-la > 2 {
		return 0
	}
	n := max(la, lb)
	return 1 - float64(editDistance(a, b, n))/float64(n)
}

// asciiSim is keySim for short ASCII words without allocating; ok is false otherwise.
func asciiSim(a, b string) (float64, bool) {
	const maxLen = 31
	if len(a) > maxLen || len(b) > maxLen {
		return 0, false
	}
	for i := 0; i < len(a); i++ {
		if a[i] >= 0x80 {
			return 0, false
		}
	}
	for i := 0; i < len(b); i++ {
		if b[i] >= 0x80 {
			return 0, false
		}
	}
	if len(a) == 0 || len(b) == 0 {
		return 0, true
	}
	if d := len(a) - len(b); d > 2 || d < -2 {
		return 0, true
	}
	var prev2, prev, cur [maxLen + 1]int
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return 1 - float64(prev[len(b)])/float64(max(len(a), len(b))), true
}

// editDistance is the optimal string alignment distance between a and b (a swapped pair
// of letters is one edit), or limit+1 when it is over limit.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(rb)], limit+1)
}
