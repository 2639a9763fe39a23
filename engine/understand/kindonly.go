package understand

import (
	"slices"
	"strings"
)

// kindOnly reports a tail that says only what kind of item is meant, and a kind every one
// of the hits is under: "cancel my appointment" below the heading "Your upcoming
// appointments" names no row, however one row happens to read "Hygienist appointment".
// Such a tail must not pick that row; with several hits it asks which
// (docs/understanding.md item 54).
func (ix *index) kindOnly(tail []token, tailKeys []string, hits []cand) bool {
	if len(tailKeys) != 1 {
		return false
	}
	nodes := make([]int, len(hits))
	for k, h := range hits {
		nodes[k] = h.node
	}
	for _, t := range tail {
		if t.kind == tokWord && t.key == tailKeys[0] {
			return ix.kindOver(t, nodes)
		}
	}
	return false
}

// kindNear is kindOnly for an element phrase: "cancel my appointment", "Cancel for my
// appointment", where what is left once a kind noun is put aside is a name several
// elements under that kind share. It returns the kind noun's position in toks.
func (ix *index) kindNear(toks []token, p phrase) (int, bool) {
	isKind := func(k int) bool { return rowKind(toks[k]) }
	if !slices.ContainsFunc(p.name, isKind) && !slices.ContainsFunc(p.near, isKind) {
		return 0, false // most phrases name no kind: nothing to build (score is hot)
	}
	content := func(at []int) []int {
		var out []int
		for _, k := range at {
			if kindWord(toks[k]) {
				out = append(out, k)
			}
		}
		return out
	}
	name, near := content(p.name), content(p.near)
	var noun int
	switch {
	case len(near) == 1 && len(name) > 0:
		noun = near[0]
	case len(near) == 0 && len(name) > 1:
		noun, name = name[len(name)-1], name[:len(name)-1]
	default:
		return 0, false
	}
	if !rowKind(toks[noun]) {
		return 0, false
	}
	keys := make([]string, len(name))
	for k, at := range name {
		keys[k] = toks[at].key
	}
	var named []int
	for _, i := range ix.nodesWith(keys) {
		if s, _ := phraseMatch(keys, ix.names[i]); s >= 0.9 && ix.inScope(i) {
			named = append(named, i)
		}
	}
	return noun, ix.kindOver(toks[noun], named)
}

// kindOver reports a row-kind noun that a heading above each of two or more nodes names.
func (ix *index) kindOver(noun token, nodes []int) bool {
	if len(nodes) < 2 || !rowKind(noun) {
		return false
	}
	for _, i := range nodes {
		if !slices.ContainsFunc(ix.headingsOver(i), func(hd heading) bool { return namesKind(hd.text, noun.key) }) {
			return false
		}
	}
	return true
}

// kindKeys are the keys of the words of toks that are neither grammar nor the person's.
func kindKeys(toks []token) []string {
	var out []string
	for _, t := range toks {
		if kindWord(t) {
			out = append(out, t.key)
		}
	}
	return out
}

// kindWord reports a word that may say what kind of thing is meant: not an article, "my"
// or a relation ("for", "of", "on").
func kindWord(t token) bool {
	return t.kind == tokWord && !definite[t.key] && !possessive[t.key] && t.key != "a" && t.key != "an" &&
		!relations[t.key] && t.key != "for" && t.key != "of"
}

// namesKind reports a heading that holds the noun, singular or plural.
func namesKind(heading, noun string) bool {
	base := strings.TrimSuffix(noun, "s")
	for _, k := range matchKeys(heading) {
		if k == noun || k == base || k == base+"s" || k == base+"es" {
			return true
		}
	}
	return false
}
