package understand

import (
	"slices"
	"strings"
)

// Quantified lists: "set both time fields to 00:00", "Set the tax % to 0 on all three
// lines", "tick all the product checkboxes", "Untick every calendar except Work". The
// clause read without its quantifier names a set of equally good elements (the question
// it would ask lists them); the quantifier says to act on each of them. A count said
// ("both", "all three") must be the set's size, or the question stays.

// exceptWords start the part of a quantified list that is left out.
var exceptWords = set("except", "excluding", "besides", "but")

// quantifier is what a quantified clause says besides its action.
type quantifier struct {
	rest   []token // the clause without the quantifier
	count  int     // 2 for "both", 3 for "all three"; 0 when no count was said
	except [][]token
}

// quantified reads a clause with "both", "all", "every" or "each" as the same clause
// acting on every element it fits.
func (r *reader) quantified(body []token, changed bool) clause {
	qt, ok := quantOf(body)
	if !ok || r.ix.quantInName(body) {
		return clause{}
	}
	cl := r.readClause(qt.rest, carry{}, changed)
	if len(cl.cmds) > 0 || len(cl.unexplained) > 0 || len(cl.questions) != 1 || cl.questions[0].Kind != AskElement {
		return clause{}
	}
	choices := tiedChoices(cl.questions[0].Choices)
	if len(choices) < 2 {
		return clause{}
	}
	first, _ := r.obs.Node(choices[0].ID)
	for _, c := range choices {
		if n, ok := r.obs.Node(c.ID); !ok || n.Role != first.Role {
			return clause{} // one kind of control repeated, not several different ones
		}
	}
	if len(choices) == 6 && qt.count != 6 || len(choices) < 2 {
		return clause{} // more may be left out of the question, or nothing to repeat
	}
	for _, ex := range qt.except {
		k := r.choiceNamed(ex, choices)
		if k < 0 {
			return clause{}
		}
		choices = slices.Delete(choices, k, k+1)
	}
	if qt.count > 0 && len(choices)+len(qt.except) != qt.count || len(choices) == 0 {
		return clause{}
	}
	out := clause{quality: 0.95}
	for _, c := range choices {
		if len(c.Then) == 0 {
			return clause{}
		}
		out.cmds = append(out.cmds, c.Then...)
		out.grounded = append(out.grounded, Grounding{Words: joinRaw(body), As: "element", Element: c.Label, ID: c.ID})
		out.changes = out.changes || c.Then[len(c.Then)-1].Changes
	}
	return out
}

// quantOf finds the quantifier of a clause: a determiner ("both", "all three", "every")
// or a place said with one ("on all three lines", "for both rows"), and the items after
// "except".
func quantOf(body []token) (quantifier, bool) {
	var qt quantifier
	if len(body) < 3 {
		return qt, false
	}
	cut := len(body)
	if k := slices.IndexFunc(body, func(t token) bool { return t.kind == tokWord && exceptWords[t.key] }); k > 1 {
		if body[k].key == "but" && !slices.ContainsFunc(body[:k], func(t token) bool { return allWords[t.key] }) {
			return qt, false // "but" is "except" only after "all" or "every"
		}
		qt.except = splitList(body[k+1:])
		cut = k
	}
	for i := 1; i < cut; i++ {
		t := body[i]
		if t.kind != tokWord || !allWords[t.key] {
			continue
		}
		n, j := 0, i+1
		if t.key == "both" {
			n = 2
		}
		if j < cut {
			if v, ok := countWord(body[j]); ok {
				n, j = v, j+1
			}
		}
		if j < cut && body[j].key == "of" {
			j++ // "all of the lines"
		}
		from := i
		if i > 1 && placeWords[body[i-1].key] || i > 1 && (body[i-1].key == "for" || body[i-1].key == "across" || body[i-1].key == "to") {
			if j < cut && rowNoun(body[j:cut]) {
				// "on all three lines": the place is the rows themselves.
				from, j = i-1, cut
			} else if j == cut {
				from = i - 1 // "… for both"
			}
		}
		qt.rest = slices.Concat(body[:from], body[j:cut])
		qt.count = n
		return qt, len(qt.rest) >= 2
	}
	return qt, false
}

// rowNoun reports words that name the rows or items themselves: "lines", "rows", "of them".
func rowNoun(toks []token) bool {
	for _, t := range toks {
		if t.kind != tokWord || !(isItemNoun(t.key) || isItemNoun(strings.TrimSuffix(t.key, "s")) || t.key == "them" || t.key == "the") {
			return false
		}
	}
	return len(toks) > 0
}

// countWord reads a count of several: "3", "three".
func countWord(t token) (int, bool) {
	n, ok := tokenNumber(t)
	return n, ok && n > 1 && (numberWords[t.key] != "" || n < 50)
}

// tokenNumber reads a word that is a whole number, in digits or spelled out.
func tokenNumber(t token) (int, bool) {
	if t.kind != tokWord {
		return 0, false
	}
	if v, ok := numberWords[t.key]; ok {
		return atoi(v), true
	}
	return atoiKey(t.key)
}

// splitList splits "Work, Family and Birthdays" into its items.
func splitList(toks []token) [][]token {
	var out [][]token
	var cur []token
	for _, t := range toks {
		if t.kind == tokPunct && t.raw == "," || t.kind == tokWord && (t.key == "and" || t.key == "or" || t.key == "&") {
			if len(cur) > 0 {
				out = append(out, cur)
			}
			cur = nil
			continue
		}
		cur = append(cur, t)
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// tiedChoices are the choices about as good as the best one.
func tiedChoices(cs []Choice) []Choice {
	var out []Choice
	for _, c := range cs {
		if c.ID != "" && tied(cs[0].Score, c.Score) {
			out = append(out, c)
		}
	}
	return out
}

// choiceNamed finds the one choice the words name, or -1.
func (r *reader) choiceNamed(toks []token, cs []Choice) int {
	ref := r.ix.resolve(toks, vClick)
	b, ok := ref.best()
	if !ok || ref.ambiguous || len(ref.unexplained) > 0 {
		return -1
	}
	id := r.ix.nodes[b.node].ID
	return slices.IndexFunc(cs, func(c Choice) bool { return c.ID == id })
}

// quantInName reports a quantifier that is part of a name on the page with another word
// of the clause: "Accept all cookies", "Remove all" are buttons, not "all" of something.
func (ix *index) quantInName(body []token) bool {
	for i, t := range body {
		if t.kind != tokWord || !allWords[t.key] {
			continue
		}
		for _, n := range ix.byKey[t.key] {
			for k, u := range body {
				if k == i || u.kind != tokWord || definite[u.key] || ignorable[u.key] {
					continue
				}
				if slices.Contains(ix.names[n], u.key) || slices.ContainsFunc(ix.typosOf(u.key), func(v string) bool { return slices.Contains(ix.names[n], v) }) {
					return true
				}
			}
		}
	}
	return false
}
