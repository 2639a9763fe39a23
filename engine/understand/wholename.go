package understand

import "slices"

// namedWhole reports a reading whose best element's name is the phrase's words exactly
// ("client email" for "Client email"). Between two readings that score the same, it is
// the one the person meant: the other took a word of the name for a role or type word
// ("email") and matched a shorter name ("Client").
func (ix *index) namedWhole(toks []token, r ref) bool {
	b, ok := r.best()
	if !ok {
		return false
	}
	return slices.Equal(dropArticles(keysOfToks(toks)), ix.names[b.node])
}
