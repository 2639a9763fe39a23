package understand

import (
	"slices"

	"github.com/errand-app/errand/engine/page"
)

// A stepper is two buttons side by side that move one number up and down: "Fewer
// servings" and "More servings", "Decrease adults" and "Increase adults", drawn as − and
// +. Pages name them for a screen reader and draw them as symbols, so a person says "+",
// "plus" or "minus" for what the observation calls "More servings".
var (
	stepUp   = map[string]bool{"more": true, "increase": true, "add": true, "plus": true, "raise": true, "increment": true, "up": true}
	stepDown = map[string]bool{"fewer": true, "less": true, "decrease": true, "remove": true, "minus": true, "reduce": true, "lower": true, "decrement": true, "down": true}
	// upAlias and downAlias are the words and symbols a stepper's buttons go by.
	upAlias   = []string{"+", "plus", "increase"}
	downAlias = []string{"-", "−", "minus", "decrease"}
)

// stepperAliases gives the two buttons of each stepper the words they are drawn as. Two
// buttons make a stepper when they sit side by side, one name starts with a word for up and
// the other with a word for down, and the rest of their names is the same ("servings").
func (ix *index) stepperAliases() {
	for _, p := range ix.stepperPairs() {
		ix.addAlias(p[0], downAlias)
		ix.addAlias(p[1], upAlias)
	}
}

// stepperPairs lists each stepper's down and up buttons.
func (ix *index) stepperPairs() [][2]int {
	var out [][2]int
	for i, n := range ix.nodes {
		if n.Role != page.RoleButton || len(ix.names[i]) == 0 || !stepDown[ix.names[i][0]] {
			continue
		}
		for j := max(0, i-3); j < min(len(ix.nodes), i+4); j++ {
			m := ix.nodes[j]
			if j == i || m.Role != page.RoleButton || len(ix.names[j]) == 0 || !stepUp[ix.names[j][0]] {
				continue
			}
			if !slices.Equal(ix.names[i][1:], ix.names[j][1:]) || !besideBox(n.Box, m.Box) && n.Box != [4]int{} {
				continue
			}
			out = append(out, [2]int{i, j})
			break
		}
	}
	return out
}

func (ix *index) addAlias(i int, words []string) {
	for _, w := range words {
		if slices.Contains(ix.alias[i], w) {
			continue
		}
		// Clipped: an icon's aliases are shared with iconWords, which must not grow.
		ix.alias[i] = append(slices.Clip(ix.alias[i]), w)
		if k, found := slices.BinarySearch(ix.byKey[w], i); !found {
			ix.byKey[w] = slices.Insert(ix.byKey[w], k, i) // kept in document order
		}
	}
}
