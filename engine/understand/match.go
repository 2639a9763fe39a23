package understand

import (
	"slices"
	"unicode"

	"github.com/errand-app/errand/internal/round"
)

// How well a phrase's words match an element: its own name, its symbols, the group or
// row it sits in (docs/understanding.md, element phrases).

// groupScore is the match of an element named only by its group ("a size", "the 3rd
// size"): like a role word, it fits every member equally.
const groupScore = 0.9

// groupMembers lists the elements whose context holds every key: the members of the
// group the words name.
func (ix *index) groupMembers(keys []string) []int {
	if len(keys) == 0 {
		return nil
	}
	if len(keys) == 1 && len(ix.ctxIndex()[keys[0]]) == 0 && ix.isInitialism(keys[0]) {
		// "DOB" for the Day, Month and Year of "Date of birth".
		var out []int
		for i, n := range ix.nodes {
			if ck := ix.keysFor(n.Ctx); len(ck) >= 3 && len(ck) <= 5 && initials(ck) == keys[0] {
				out = append(out, i)
			}
		}
		return out
	}
	var out []int
	for _, i := range ix.ctxIndex()[keys[0]] {
		if ix.inGroup(keys, i) {
			out = append(out, i)
		}
	}
	return out
}

// alike reports elements that are alternatives of one kind: one role, and, for fields that
// take text, one name.
func (ix *index) alike(members []int) bool {
	for _, i := range members {
		a, b := ix.nodes[members[0]], ix.nodes[i]
		if a.Role != b.Role || isField(a) && len(a.Options) == 0 && a.Name != b.Name {
			return false
		}
	}
	return true
}

func (ix *index) inGroup(keys []string, i int) bool {
	c, _ := containment(keys, ix.ctx(i), nil)
	return c == 1
}

// groupExplains scores a phrase whose words are partly the element's name and partly its
// group's: every word must be one or the other, and the name must be matched whole.
func groupExplains(q []string, used []bool, name, ctx []string) (float64, []bool, bool) {
	var rest, named []string
	for k, w := range q {
		if used[k] {
			named = append(named, w)
		} else if !possessive[w] {
			// "download my reading history as csv": the person's "my" before the group's
			// name is no word the group must have.
			rest = append(rest, w)
		}
	}
	if len(rest) == 0 || len(named) == 0 {
		return 0, nil, false
	}
	if c, _ := containment(rest, ctx, nil); c < 1 {
		return 0, nil, false
	}
	if k := punctOnly(named); k > 0 && k < len(named) {
		named = slices.DeleteFunc(slices.Clone(named), isPunctKey)
	}
	s, _ := phraseMatch(named, name)
	return round.Hundredths(s * 0.97), fill(len(q)), true
}

// nameMatch scores the person's words against an element's name. Symbols the person
// wrote ("the 🌱 one", "+ Add card") must be among the name's symbols and the words are
// scored alone; a name made only of symbols ("★★★") is matched as words are.
func (ix *index) nameMatch(q []string, i int) (float64, []bool) {
	if k := punctOnly(q); k > 0 && k < len(q) {
		// "MM/DD/YYYY", "English [CC]": the slashes and brackets are how the words are
		// written, on the page and in the goal alike; the page's keys leave them out.
		kept, back := make([]string, 0, len(q)-k), make([]int, 0, len(q)-k)
		for j, w := range q {
			if !isPunctKey(w) {
				kept, back = append(kept, w), append(back, j)
			}
		}
		s, u := ix.nameMatch(kept, i)
		used := make([]bool, len(q))
		for j, w := range q {
			used[j] = isPunctKey(w)
		}
		for j, b := range back {
			used[b] = u[j]
		}
		return s, used
	}
	var words, syms []int
	for k, w := range q {
		if hasWordRune(w) {
			words = append(words, k)
		} else {
			syms = append(syms, k)
		}
	}
	if len(q) == 1 && len(ix.names[i]) >= 3 && ix.isInitialism(q[0]) && initials(ix.names[i]) == q[0] {
		return 0.9, []bool{true} // "DOB" for "Date of birth"
	}
	if len(syms) == 0 && len(ix.syms[i]) > 0 {
		if drawn, ok := ix.drawnLook(i, q); ok {
			// "the dots" for a button drawn ⋮, unless its name fits better ("the heart
			// on Japanese Maple" is its "Save Japanese Maple").
			if s, used := ix.nameMatch(drawn, i); s >= 0.9 {
				return s, used
			}
		}
	}
	if len(syms) == 0 || len(ix.syms[i]) == 0 {
		if look, ok := ix.byLook(i, q); ok {
			s, used := phraseMatch(look, ix.names[i])
			return round.Hundredths(s * 0.95), used // the control named by its look
		}
		if name := ix.nameFor(i, q); len(ix.alias[i]) > 0 && name[0] != ix.names[i][0] {
			s, used := phraseMatch(q, name)
			return round.Hundredths(s * 0.95), used // an icon word is a reading of the symbol
		}
		return ix.nameOrBare(q, i)
	}
	used := make([]bool, len(q))
	for _, k := range syms {
		if !slices.Contains(ix.syms[i], q[k]) {
			return phraseMatch(q, ix.names[i])
		}
		used[k] = true
	}
	if len(words) == 0 {
		return 0.9, used // the emoji alone picks the element out
	}
	wq := make([]string, len(words))
	for j, k := range words {
		wq[j] = q[k]
	}
	s, u := phraseMatch(wq, ix.names[i])
	if s == 0 {
		return symbolsAlone(len(syms), len(q)), used
	}
	for j, k := range words {
		used[k] = u[j]
	}
	return s, used
}

// punctOnly counts the keys made only of punctuation ("/", "[", "·").
func punctOnly(q []string) int {
	n := 0
	for _, w := range q {
		if isPunctKey(w) {
			n++
		}
	}
	return n
}

func isPunctKey(w string) bool {
	for _, r := range w {
		if !unicode.IsPunct(r) {
			return false
		}
	}
	return w != ""
}

func fill(n int) []bool {
	b := make([]bool, n)
	for i := range b {
		b[i] = true
	}
	return b
}

func orInto(dst, src []bool) {
	for i := range dst {
		if i < len(src) && src[i] {
			dst[i] = true
		}
	}
}

func mergeInts(a, b []int) []int {
	seen := make(map[int]bool, len(a))
	for _, x := range a {
		seen[x] = true
	}
	for _, x := range b {
		if !seen[x] {
			a = append(a, x)
		}
	}
	sortInts(a)
	return a
}

// containment is the share of the qualifier's keys found in an element's context or name,
// and which ones.
func containment(q, ctx, name []string) (float64, []bool) {
	used := make([]bool, len(q))
	n := 0
	for i, w := range q {
		for _, x := range ctx {
			if wordEq(w, x) > 0 {
				used[i] = true
				break
			}
		}
		for k := 0; !used[i] && k+1 < len(ctx); k++ {
			// "login" for "log in", "checkin" for "check-in": one word written as two.
			used[i] = len(w) >= 5 && len(ctx[k]) < len(w) && w == ctx[k]+ctx[k+1]
		}
		if !used[i] {
			for _, x := range name {
				if wordEq(w, x) > 0 {
					used[i] = true
					break
				}
			}
		}
		if used[i] {
			n++
		}
	}
	return float64(n) / float64(len(q)), used
}
