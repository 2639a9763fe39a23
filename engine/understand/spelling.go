package understand

import "unicode/utf8"

// How near two words are, letter by letter: the typo reader (typos.go) and the fuzzy
// matching of names (ground.go) share one measure.

// keySim is 1 − edit distance / longer length (optimal string alignment, so a swapped
// pair of letters is one edit). Words more than two letters apart in length are 0.
func keySim(a, b string) float64 {
	la, lb := utf8.RuneCountInString(a), utf8.RuneCountInString(b)
	if la == 0 || lb == 0 || la-lb > 2 || lb-la > 2 {
		return 0
	}
	n := max(la, lb)
	return 1 - float64(editDistance(a, b, n))/float64(n)
}

// shortWord is the length up to which editDistance works without allocating: matching
// compares the page's words by the thousand.
const shortWord = 32

// editDistance is the optimal string alignment distance between a and b (a swapped pair
// of letters is one edit), or limit+1 when it is over limit.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b) // on the stack for short words
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	var r2, r1, r0 [shortWord + 1]int
	prev2, prev, cur := r2[:], r1[:], r0[:]
	if len(rb) > shortWord {
		prev2, prev, cur = make([]int, len(rb)+1), make([]int, len(rb)+1), make([]int, len(rb)+1)
	}
	for j := 0; j <= len(rb); j++ {
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
