package understand

import "slices"

// listThenVerb reads "Ringing in my ears and dizziness - tick both of those": the items
// first, then the verb with words that only point back at them. It returns the tokens
// with the verb said first, as a list is read ("tick Ringing in my ears and dizziness").
func listThenVerb(toks []token) ([]token, bool) {
	for m := len(toks) - 2; m >= 1; m-- {
		t := toks[m]
		if !(t.kind == tokPunct && t.raw == "," || isDash(t.raw)) {
			continue
		}
		head, tail := toks[:m], toks[m+1:]
		v, n := verbAt(tail, 0)
		if v == "" || n == len(tail) {
			return nil, false
		}
		for _, w := range tail[n:] {
			if w.kind != tokWord || !pointerWords[w.key] {
				return nil, false
			}
		}
		if hv, _ := verbAt(head, 0); hv != "" || len(head) < 3 {
			return nil, false
		}
		if !slices.ContainsFunc(head, func(w token) bool { return w.key == "and" || w.raw == "," }) {
			return nil, false // one item: "the newsletter - tick it" is read as it is
		}
		out := append(slices.Clone(tail[:n]), head...)
		return out, true
	}
	return nil, false
}

// pointerWords only point back at what was just named.
var pointerWords = set("both", "all", "them", "those", "these", "of", "three", "four", "please", "too", "the")
