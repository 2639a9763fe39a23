package understand

import (
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
