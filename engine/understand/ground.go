package understand

import (
	"slices"
	"strings"
	"unicode"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/internal/round"
)

// index is the page's vocabulary: every element's name, options and context as match
// keys, with an inverted index so a goal word finds the elements that use it without a
// scan of the whole tree.
type index struct {
	nodes []page.Node
	obs   page.Observation
	names [][]string   // name keys per node
	alias [][]string   // the icon words of a name made of one symbol ("🗑": bin, delete)
	syms  [][]string   // the symbols and emoji of each name ("🌱", "+", "★★★")
	opts  [][][]string // option keys per option per node
	ctxs  [][]string   // context keys per node
	// byKey maps a key to the nodes whose name or options use it.
	byKey map[string][]int
	// ctxKey maps a key to the nodes whose context uses it (see ctxIndex).
	ctxKey map[string][]int
	// vocab lists the distinct keys, for typo matching.
	vocab []string
	// before and byID serve rowText, built on first use.
	before     map[int][]string
	labelAfter map[int]bool     // elements whose label is the text after them on their line
	itemHead   map[int][]string // the text before each element that is not on the line of the one before
	lineAfter  map[int][]string // the text right after each element, on its line
	byID       map[string]int
	shared     map[string]int // how many elements have each name
	// Memos: the same words are looked up many times while a goal's readings are tried.
	typos    map[string][]string
	resolved map[string]ref
	roles    map[string][]int
	memo     map[string][]string
}

func newIndex(obs page.Observation) *index {
	n := len(obs.Tree)
	ix := &index{
		nodes:    obs.Tree,
		obs:      obs,
		names:    make([][]string, n),
		alias:    make([][]string, n),
		syms:     make([][]string, n),
		opts:     make([][][]string, n),
		ctxs:     make([][]string, n),
		byKey:    make(map[string][]int, n),
		typos:    make(map[string][]string),
		resolved: make(map[string]ref),
		roles:    make(map[string][]int),
		memo:     make(map[string][]string, n/2),
	}
	for i, nd := range obs.Tree {
		ix.names[i] = ix.keysFor(nd.Name)
		if hasSymbol(nd.Name) {
			ix.syms[i] = symbolKeys(nd.Name)
		}
		for _, k := range ix.names[i] {
			ix.post(k, i)
		}
		for _, k := range ix.syms[i] {
			ix.post(k, i)
		}
		if ix.alias[i] = iconAliases(ix.names[i]); ix.alias[i] != nil {
			for _, k := range ix.alias[i] {
				ix.post(k, i)
			}
		}
		if len(nd.Options) > 0 {
			ix.opts[i] = make([][]string, len(nd.Options))
			for j, o := range nd.Options {
				ix.opts[i][j] = ix.keysFor(o)
				for _, k := range ix.opts[i][j] {
					ix.post(k, i)
				}
			}
		}
	}
	return ix
}

// keysFor is matchKeys remembered per text: rows repeat their labels ("Edit" 2,500 times).
func (ix *index) keysFor(s string) []string {
	if k, ok := ix.memo[s]; ok {
		return k
	}
	k := matchKeys(s)
	ix.memo[s] = k
	return k
}

func (ix *index) post(k string, i int) {
	l := ix.byKey[k]
	if len(l) == 0 || l[len(l)-1] != i {
		ix.byKey[k] = append(l, i)
	}
}

// ctx returns an element's context keys, read the first time they are asked for: most
// readings never look at most elements' context.
func (ix *index) ctx(i int) []string {
	if ix.ctxs[i] == nil {
		ctx := ix.nodes[i].Ctx
		if row := ix.rowText(i); row != "" {
			ctx += " · " + row
		}
		if d := ix.dialogOf(i); d != "" && !strings.Contains(ctx, d) {
			// A dialog's own controls may come before its heading, so the text before
			// them is the page's: the dialog's name says where they are ("the What's new
			// box").
			ctx += " · " + d
		}
		ix.ctxs[i] = ix.keysFor(ctx)
		if ix.ctxs[i] == nil {
			ix.ctxs[i] = []string{}
		}
	}
	return ix.ctxs[i]
}

// dialogOf is the name of the innermost dialog an element is in, or "".
func (ix *index) dialogOf(i int) string {
	for g, seen := ix.nodes[i].Group, 0; g > 0 && g <= len(ix.obs.Groups) && seen < 8; seen++ {
		grp := ix.obs.Groups[g-1]
		if grp.Kind == page.GroupDialog {
			return grp.Name
		}
		g = grp.Parent
	}
	return ""
}

// ctxIndex maps a key to the elements whose context holds it, built on first use.
func (ix *index) ctxIndex() map[string][]int {
	if ix.ctxKey == nil {
		ix.ctxKey = make(map[string][]int)
		for i := range ix.nodes {
			for _, k := range ix.ctx(i) {
				if l := ix.ctxKey[k]; len(l) == 0 || l[len(l)-1] != i {
					ix.ctxKey[k] = append(l, i)
				}
			}
		}
	}
	return ix.ctxKey
}

// vocabulary lists the page's words that may be typed wrong, built on first use.
func (ix *index) vocabulary() []string {
	if ix.vocab == nil {
		ix.vocab = []string{}
		for k := range ix.byKey {
			if len(k) >= 4 && hasLetter(k) { // numbers are never typos of each other
				ix.vocab = append(ix.vocab, k)
			}
		}
		slices.Sort(ix.vocab)
	}
	return ix.vocab
}

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// hasSymbol reports a text with a character that is neither a letter, a digit nor
// ordinary punctuation: an emoji, a star, a plus.
func hasSymbol(s string) bool {
	for _, r := range s {
		if !isWordRune(r) && !unicode.IsSpace(r) && !strings.ContainsRune(",;.:()!?'\"-–—/", r) {
			return true
		}
	}
	return false
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
		for _, alt := range iconNouns[k] {
			for _, i := range ix.byKey[alt] {
				if !seen[i] {
					seen[i] = true
					out = append(out, i)
				}
			}
		}
		for _, v := range ix.typosOf(k) {
			for _, i := range ix.byKey[v] {
				if !seen[i] {
					seen[i] = true
					out = append(out, i)
				}
			}
		}
	}
	sortInts(out)
	return out
}

// typosOf lists the page's words that k may be a slip for, once per word.
func (ix *index) typosOf(k string) []string {
	if out, ok := ix.typos[k]; ok {
		return out
	}
	var out []string
	if len(k) >= 4 {
		for _, v := range ix.vocabulary() {
			if v != k && len(v) >= len(k)-2 && len(v) <= len(k)+2 && keySim(k, v) >= typoSim {
				out = append(out, v)
			}
		}
	}
	ix.typos[k] = out
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
	if len(a) < 3 || len(b) < 3 {
		return 0
	}
	if len(a) >= 4 && len(b) >= 4 && a[:2] == b[:2] && stem(a) == stem(b) {
		return 0.95
	}
	if a+"s" == b || b+"s" == a || irregularPlurals[a] == b || irregularPlurals[b] == a {
		return 0.95
	}
	if d := len(a) - len(b); d > 2 || d < -2 || len(a) < 4 || len(b) < 4 {
		return 0
	}
	if keySim(a, b) >= typoSim {
		return 0.8
	}
	return 0
}

// irregularPlurals are the plurals no ending rule makes ("1 child" fills "Children").
var irregularPlurals = map[string]string{"child": "children", "person": "people", "man": "men",
	"woman": "women", "foot": "feet", "tooth": "teeth", "mouse": "mice", "goose": "geese"}

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
		return round.Hundredths(quality), used
	case matched == len(q) && inOrder && prefixOf(q, n): // the name's head: "Reason" for "Reason for visit"
		return round.Hundredths(quality * (0.75 + 0.2*float64(matched)/float64(len(n)))), used
	case matched == len(q): // the person named part of a longer name
		return round.Hundredths(quality * (0.6 + 0.3*float64(matched)/float64(len(n)))), used
	default: // some of the person's words are not in the name
		return round.Hundredths(quality * 0.6 * float64(matched) / float64(len(q)+len(n)-matched)), used
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
