package understand

import (
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// index is the page's vocabulary: every element's name, options and context as match
// keys, with an inverted index so a goal word finds the elements that use it without a
// scan of the whole tree.
type index struct {
	nodes []page.Node
	names [][]string   // name keys per node
	syms  [][]string   // the symbols and emoji of each name ("🌱", "+", "★★★")
	opts  [][][]string // option keys per option per node
	ctxs  [][]string   // context keys per node
	// byKey maps a key to the nodes whose name or options use it.
	byKey map[string][]int
	// ctxKey maps a key to the nodes whose context uses it.
	ctxKey map[string][]int
	// vocab lists the distinct keys, for typo matching.
	vocab []string
}

func newIndex(obs page.Observation) *index {
	ix := &index{
		nodes:  obs.Tree,
		names:  make([][]string, len(obs.Tree)),
		syms:   make([][]string, len(obs.Tree)),
		opts:   make([][][]string, len(obs.Tree)),
		ctxs:   make([][]string, len(obs.Tree)),
		byKey:  make(map[string][]int),
		ctxKey: make(map[string][]int),
	}
	add := func(m map[string][]int, k string, i int) {
		l := m[k]
		if len(l) == 0 || l[len(l)-1] != i {
			m[k] = append(l, i)
		}
	}
	for i, n := range obs.Tree {
		ix.names[i] = matchKeys(n.Name)
		ix.syms[i] = symbolKeys(n.Name)
		for _, k := range ix.names[i] {
			add(ix.byKey, k, i)
		}
		if len(n.Options) > 0 {
			ix.opts[i] = make([][]string, len(n.Options))
			for j, o := range n.Options {
				ix.opts[i][j] = matchKeys(o)
				for _, k := range ix.opts[i][j] {
					add(ix.byKey, k, i)
				}
			}
		}
		ix.ctxs[i] = matchKeys(n.Ctx)
		for _, k := range ix.ctxs[i] {
			add(ix.ctxKey, k, i)
		}
	}
	for k := range ix.byKey {
		ix.vocab = append(ix.vocab, k)
	}
	slices.Sort(ix.vocab)
	return ix
}

// matchKeys are the keys a page text is matched by. Decoration ("Name *", "• Home") is
// dropped when the text has words; a text made only of symbols ("★★★", "×") keeps them.
func matchKeys(s string) []string {
	keys := keysOf(s)
	words := keys[:0:0]
	for _, k := range keys {
		if hasWordRune(k) {
			words = append(words, k)
		}
	}
	if len(words) > 0 {
		return dropArticles(words)
	}
	return keys
}

// dropArticles removes "the", "a" and "an" from a name of several words: people add and
// leave them out freely ("Read the docs", "save the changes"), but "A" alone is a name.
func dropArticles(keys []string) []string {
	out := keys[:0:0]
	for _, k := range keys {
		if k != "the" && k != "a" && k != "an" {
			out = append(out, k)
		}
	}
	if len(out) == 0 {
		return keys
	}
	return out
}

// symbolKeys are the symbol runs of a text that has words too: the decoration matchKeys
// leaves out, for a person who names an element by its emoji.
func symbolKeys(s string) []string {
	var out []string
	for _, k := range keysOf(s) {
		if !hasWordRune(k) {
			out = append(out, k)
		}
	}
	return out
}

func hasWordRune(s string) bool {
	for _, r := range s {
		if isWordRune(r) && r != '#' && r != '&' && r != '@' {
			return true
		}
	}
	return false
}

// nodesWith returns the nodes whose name or options use one of keys (typos included),
// each once, in document order.
func (ix *index) nodesWith(keys []string) []int {
	seen := make(map[int]bool)
	var out []int
	for k := 0; k+1 < len(keys); k++ { // "check in" finds "Check-in"
		for _, i := range ix.byKey[keys[k]+keys[k+1]] {
			if !seen[i] {
				seen[i] = true
				out = append(out, i)
			}
		}
	}
	for _, k := range keys {
		for _, i := range ix.byKey[k] {
			if !seen[i] {
				seen[i] = true
				out = append(out, i)
			}
		}
		if len([]rune(k)) < 4 {
			continue
		}
		for _, v := range ix.vocab {
			if v != k && keySim(k, v) >= typoSim {
				for _, i := range ix.byKey[v] {
					if !seen[i] {
						seen[i] = true
						out = append(out, i)
					}
				}
			}
		}
	}
	sortInts(out)
	return out
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// typoSim is how alike two words of four letters or more must be to be one word typed
// wrong ("Sumbit", "Adress").
const typoSim = 0.75

// wordEq compares a goal key with a page key: 1 equal, 0.95 another form of the word
// ("orders", "ordering" for "order"), 0.8 a typo, 0 different.
func wordEq(a, b string) float64 {
	if a == b {
		return 1
	}
	if len(a) >= 4 && len(b) >= 4 && stem(a) == stem(b) {
		return 0.95
	}
	if a+"s" == b || b+"s" == a {
		return 0.95
	}
	if len([]rune(a)) >= 4 && len([]rune(b)) >= 4 && keySim(a, b) >= typoSim {
		return 0.8
	}
	return 0
}

// stem cuts the common English endings, enough to meet "recommending" with "recommend"
// and "easy" with "ease"; it is used only to compare two words, never shown.
func stem(w string) string {
	for range 2 { // "ordering" → "order" → "ord", where "order" meets it
		cut := false
		for _, suf := range []string{"ing", "ed", "es", "ly", "er", "s", "y", "e"} {
			if len(w)-len(suf) >= 3 && strings.HasSuffix(w, suf) {
				w, cut = w[:len(w)-len(suf)], true
				break
			}
		}
		if !cut {
			break
		}
	}
	return w
}

// phraseMatch scores how well the words a person wrote (q) name a page text (n), and
// which of q's words it explains. Equal is 1; the person's words inside a longer name
// ("Save" for "Save changes") score by the share of the name they cover; a name inside a
// longer phrase explains only its own words.
func phraseMatch(q, n []string) (float64, []bool) {
	if len(q) == 0 || len(n) == 0 {
		return 0, make([]bool, len(q))
	}
	if qm, back, ok := joinCompounds(q, n); ok {
		// "check in" for "Check-in", "e mail" for "email": score the joined words and
		// give each of the person's words the verdict of its compound.
		s, u := phraseMatch(qm, n)
		used := make([]bool, len(q))
		for i := range q {
			used[i] = u[back[i]]
		}
		return s, used
	}
	if nm, _, ok := joinCompounds(n, q); ok {
		return phraseMatch(q, nm)
	}
	used := make([]bool, len(q))
	// Align greedily in order: each query word takes the first unused equal name word.
	taken := make([]bool, len(n))
	matched, quality := 0, 1.0
	lastPos, inOrder := -1, true
	for i, w := range q {
		for j, x := range n {
			if taken[j] {
				continue
			}
			if e := wordEq(w, x); e > 0 {
				taken[j], used[i] = true, true
				matched++
				quality *= e
				if j < lastPos {
					inOrder = false
				}
				lastPos = j
				break
			}
		}
	}
	if matched == 0 {
		return 0, used
	}
	if !inOrder {
		quality *= 0.9
	}
	switch {
	case matched == len(q) && matched == len(n):
		return round2(quality), used
	case matched == len(q) && inOrder && prefixOf(q, n): // the name's head: "Reason" for "Reason for visit"
		return round2(quality * (0.75 + 0.2*float64(matched)/float64(len(n)))), used
	case matched == len(q): // the person named part of a longer name
		return round2(quality * (0.6 + 0.3*float64(matched)/float64(len(n)))), used
	default: // some of the person's words are not in the name
		return round2(quality * 0.6 * float64(matched) / float64(len(q)+len(n)-matched)), used
	}
}

// prefixOf reports that q's words are n's first words, typos allowed.
func prefixOf(q, n []string) bool {
	for i, w := range q {
		if wordEq(w, n[i]) == 0 {
			return false
		}
	}
	return true
}

// joinCompounds joins two neighbouring words of a that together are one word of b. back
// maps each word of a to its place in the joined list.
func joinCompounds(a, b []string) ([]string, []int, bool) {
	for i := 0; i+1 < len(a); i++ {
		j := a[i] + a[i+1]
		for _, w := range b {
			if w == j {
				out := slices.Concat(a[:i:i], []string{j}, a[i+2:])
				back := make([]int, len(a))
				for k := range a {
					switch {
					case k <= i:
						back[k] = k
					case k == i+1:
						back[k] = i
					default:
						back[k] = k - 1
					}
				}
				return out, back, true
			}
		}
	}
	return nil, nil, false
}

// keySim is 1 − edit distance / longer length (optimal string alignment, so a swapped
// pair of letters is one edit).
func keySim(a, b string) float64 {
	ra, rb := []rune(a), []rune(b)
	if len(ra) == 0 || len(rb) == 0 {
		return 0
	}
	if d := len(ra) - len(rb); d > 2 || d < -2 {
		return 0
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return 1 - float64(prev[len(rb)])/float64(max(len(ra), len(rb)))
}

func round2(f float64) float64 { return float64(int(f*100+0.5)) / 100 }
