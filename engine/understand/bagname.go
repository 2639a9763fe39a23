package understand

import "github.com/errand-app/errand/engine/page"

// A control named at length by an attribute ("Copy password for GitHub (alexm-dev)") is
// said with fewer words, in another order: "copy my GitHub password". When every word of
// the clause is a word of one control's name, its verb first, and no other control's name
// holds them all, that control is meant. The reading is announced.

// bagName reads a clause whose words are all in one clickable control's name.
func (r *reader) bagName(body []token, changed bool) clause {
	var keys []string
	for _, t := range body {
		switch {
		case t.kind == tokPunct:
		case t.kind != tokWord:
			return clause{}
		case definite[t.key] || possessive[t.key] || ignorable[t.key]:
		case indefinite[t.key] || connectives[t.key]:
			return clause{} // "copy a password", "copy and paste": not one control's name
		default:
			keys = append(keys, t.key)
		}
	}
	if len(keys) < 3 {
		return clause{} // two words are read as a name and its item elsewhere
	}
	hit := onlyOneOf(r.ix.byKey[keys[0]], func(i int) bool {
		n := r.ix.nodes[i]
		return !n.Occ && clickable(n) && len(r.ix.names[i]) > 0 && r.ix.names[i][0] == keys[0] && r.ix.inScope(i) && r.allInName(keys[1:], i)
	})
	if hit < 0 {
		return clause{}
	}
	words := joinRaw(body)
	cl := r.bindClause(vClick, "", hit, 0.9, "", false, words)
	cl.quality *= 0.95
	return cl.readAs(words, page.Describe(r.ix.nodes[hit]))
}

// allInName reports keys that are each a word of element i's name, in any order.
func (r *reader) allInName(keys []string, i int) bool {
	for _, k := range keys {
		found := false
		for _, w := range r.ix.names[i] {
			if wordEq(k, w) >= 0.95 {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// clickable reports the roles a click acts on by their name.
func clickable(n page.Node) bool {
	switch n.Role {
	case page.RoleButton, page.RoleLink, page.RoleMenuItem, page.RoleTab:
		return true
	}
	return false
}
