package understand

import (
	"strings"

	"slices"

	"github.com/errand-app/errand/engine/page"
)

// Options named with an indefinite article: "I want an SUV", "hire a yoga mat and a
// towel". "a" leaves the choice open only when what follows is a kind of thing ("a
// size", "a button", "an email"); when it is the whole name of one option on the page,
// that option is meant.

// namedExactly reports a phrase whose words, article aside, are the whole name of node,
// an option-like element no other element shares its name with, and not a word for a
// kind of thing.
func (r *reader) namedExactly(phrase []token, node int) bool {
	words, _ := optionWords(phrase)
	keys := keysOfToks(words)
	if len(keys) == 0 || !slices.Equal(keys, r.ix.names[node]) {
		return false
	}
	n := r.ix.nodes[node]
	if !optionLike(n) || n.Role == page.RoleSwitch {
		return false
	}
	for _, k := range keys {
		if isRoleWord(k) || kindNouns[k] || genericObjects[k] || typeWords[k] != nil || indefinite[k] {
			return false
		}
	}
	for i := range r.ix.nodes {
		if i != node && slices.Equal(r.ix.names[i], keys) {
			return false
		}
	}
	return true
}

// atLeast reads a lower bound said in words as the option that shows it: "at least
// three", "3 or more", "three plus", "min. 3", "3+" are the option "3+".
func atLeast(opt []token) (string, bool) {
	var ws []string
	for _, t := range opt {
		if t.kind != tokPunct || t.raw == "+" {
			ws = append(ws, t.key)
		}
	}
	num := func(w string) (string, bool) {
		n, ok := parseNumber(w)
		return n, ok && !strings.ContainsAny(n, ".,")
	}
	switch {
	case len(ws) == 3 && ws[0] == "at" && ws[1] == "least":
		if n, ok := num(ws[2]); ok {
			return n + "+", true
		}
	case len(ws) == 3 && ws[1] == "or" && (ws[2] == "more" || ws[2] == "over" || ws[2] == "above"):
		if n, ok := num(ws[0]); ok {
			return n + "+", true
		}
	case len(ws) == 2 && (ws[1] == "plus" || ws[1] == "+"):
		if n, ok := num(ws[0]); ok {
			return n + "+", true
		}
	case len(ws) == 2 && (ws[0] == "min" || ws[0] == "minimum"):
		if n, ok := num(ws[1]); ok {
			return n + "+", true
		}
	}
	return "", false
}

// asideMatch is how well an option said without its aside fits: enough to be taken with
// no verb ("cover: plus"), and announced.
const asideMatch = 0.95

// withoutAside reports an option-like element whose name, once its aside is left out (a
// price or note after a dash or in brackets: "Plus – €9.90/day", "Basic (included)"), is
// what was said.
func (r *reader) withoutAside(keys []string, node int) bool {
	name := r.ix.nodes[node].Name
	cut := asideCut(name)
	return cut < len(name) && slices.Equal(r.ix.keysFor(name[:cut]), keys)
}
