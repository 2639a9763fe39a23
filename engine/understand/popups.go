package understand

import (
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Choices made in a control named by its label: a dropdown, or a button that opens a
// list or menu and shows the value chosen ("Sort by: Most recent"). People say the
// label and the value: "sort by lowest price", "Sort the results by Guest rating",
// "sort by: lowest price", "set the language menu to Deutsch". A button's label is its
// name before the colon; its items are read once it has opened (menuItem).

// sortedThings are what people call the list a control orders or filters ("sort the
// results by …"): words that only point at what the page lists.
var sortedThings = set("results", "result", "list", "items", "them", "these", "those", "it", "everything", "all",
	"entries", "rows", "listings", "options", "page", "view", "table")

// popupLabel is what a menu button is called, without the value it shows.
func popupLabel(name string) string {
	if i := strings.Index(name, ":"); i > 0 {
		return name[:i]
	}
	return name
}

// labelChoice reads a clause that names a control by its label and says the value to
// choose in it. With no control that fits exactly one way it reads nothing.
func (r *reader) labelChoice(body []token, changed bool) clause {
	start, vw := 0, ""
	if v, n := verbAt(body, 0); v == vType || v == vSelect {
		start, vw = n, joinRaw(body[:n])
	} else if v != "" {
		return clause{} // "open Share …" clicks; it names no value
	}
	var hits []clause
	for i, n := range r.ix.nodes {
		if n.Occ || !(n.Role == page.RoleSelect || n.Role == page.RoleButton && n.Has("popup") && currentValue(n.Name) != "") {
			// A menu button that shows no value ("Board ▾") holds actions, not values.
			continue
		}
		label := r.ix.keysFor(popupLabel(n.Name))
		if len(label) == 0 {
			continue
		}
		if value, ok := r.saidLabel(body[start:], label); ok {
			hits = append(hits, r.chooseIn(i, vw, value, joinRaw(body), changed))
		}
	}
	if len(hits) != 1 || len(hits[0].cmds) == 0 {
		return clause{}
	}
	cl := hits[0]
	cl.quality *= 0.95
	return cl
}

// saidLabel finds a control's label at the start of toks ("the sort order", "Sort by",
// "sort the results by") and returns the value after it and its marker ("to", ":").
func (r *reader) saidLabel(toks []token, label []string) ([]token, bool) {
	k := 0
	for k < len(toks) && toks[k].kind == tokWord && definite[toks[k].key] {
		k++
	}
	at := k
	for j, l := range label {
		if at < len(toks) && toks[at].kind == tokWord && toks[at].key == l {
			at++
			continue
		}
		if j != len(label)-1 || j == 0 {
			return nil, false
		}
		// "Sort the results by": what is sorted may stand between the label's words.
		m := at
		for m < len(toks) && m-at <= 3 && toks[m].key != l {
			m++
		}
		if m >= len(toks) || m == at || !r.pointsAtList(toks[at:m]) {
			return nil, false
		}
		at = m + 1
	}
	for at < len(toks) && (toks[at].kind == tokPunct && (toks[at].raw == ":" || toks[at].raw == "=") || toks[at].kind == tokWord && toks[at].key == "to") {
		at++
	}
	if at >= len(toks) || commaInside(toks[at:]) || r.breaksInside(toks[at:]) || toks[at].kind == tokWord && connectives[toks[at].key] {
		return nil, false // the value ends where the next command begins
	}
	return toks[at:], true
}

// pointsAtList reports words that name what the page lists: "the results", "cards",
// "the 63 properties" (words of the page).
func (r *reader) pointsAtList(toks []token) bool {
	for _, t := range toks {
		switch {
		case t.kind == tokPunct, definite[t.key], sortedThings[t.key], kindNouns[t.key] || kindNouns[strings.TrimSuffix(t.key, "s")]:
		case r.ix.onPage([]token{t}):
		default:
			return false
		}
	}
	return true
}

// chooseIn chooses value in a dropdown, or opens a menu button and chooses the item
// that value names once it shows.
func (r *reader) chooseIn(node int, vw string, value []token, words string, changed bool) clause {
	val, quoted := r.valueText(value)
	if r.ix.nodes[node].Role == page.RoleSelect {
		return r.bindClause(vSelect, vw, node, 1, val, quoted, words)
	}
	if cur := currentValue(r.ix.nodes[node].Name); cur != "" && slices.Equal(matchKeys(cur), matchKeys(val)) {
		// Already the value shown: nothing to change.
		return clause{quality: 1, cmds: []Command{{Bound: true, Verb: string(vClick), Words: words, Match: 1,
			Action: page.Action{Kind: page.Wait, Description: val + " is already chosen"}}}}
	}
	open := r.bindClause(vClick, "", node, 1, "", false, words)
	open.cmds = append(open.cmds, Command{Verb: menuItemVerb + string(vClick), Phrase: val, Words: joinRaw(value)})
	open.changes, open.reveals = true, true
	return open
}

// currentValue is the value a menu button shows after its label ("Most recent").
func currentValue(name string) string {
	if i := strings.Index(name, ":"); i > 0 {
		return strings.TrimSpace(name[i+1:])
	}
	return ""
}
