package understand

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// People name an item of a sub-menu by the words of the items that lead to it, in a
// sentence rather than a path: "export the board as CSV" is Board ▾ > Export ▸ > CSV, "sort
// cards by priority" is Sort cards by ▸ > Priority, "Export > CSV" leaves the menu button
// out. Such a clause is the clicks that reach the item when every word it says, but for a
// leading verb and small words, is a word of the item or of what leads to it, when it says
// a word of the item and one of a sub-menu on the way, and when one item alone fits so, or
// one alone by its whole name ("as a PDF" is PDF document) (docs/understanding.md, item 51).

// menuWords reads a clause as the path to one item of a sub-menu, announced.
func (r *reader) menuWords(body []token, changed bool) clause {
	if changed || len(r.obs.Behind) == 0 || commaInside(body) || r.breaksInside(body) {
		return clause{} // one path is one step: "open my account menu, saved places, then add a place" is three
	}
	said := r.saidOfMenus(body)
	if len(said) == 0 {
		return clause{}
	}
	var hits []int
	var chains [][]int
	best := 1
	for k, h := range r.obs.Behind {
		if h.Role != page.RoleMenuItem || h.Via == 0 && !r.byShownItem(h) {
			continue
		}
		// The leaf's own words first: most items are not named at all, and what leads to
		// them need not be walked.
		name := matchKeys(h.Name)
		says := leafSaid(said, name)
		if says < best {
			continue
		}
		id := hiddenPrefix + strconv.Itoa(k+1)
		if r.opensMore(id) {
			continue
		}
		chain, ok := r.revealChain(id)
		if !ok || len(chain) < 2 && !r.subMenuShown(chain) || !r.pathHolds(said, chain, h, name) {
			continue
		}
		if says > best {
			// A leaf named whole beats those named in part.
			best, hits, chains = says, nil, nil
		}
		hits, chains = append(hits, k), append(chains, chain)
	}
	if len(hits) != 1 {
		return clause{}
	}
	leaf, chain := r.obs.Behind[hits[0]], chains[0]
	opener := r.ix.nodes[-1-chain[0]]
	if opener.Occ || opener.Has("expanded") {
		return clause{} // an open menu shows its items; a click would close it
	}
	words := joinRaw(body)
	cmds, ok := r.reachClicks(chain, leaf.Name, words)
	if !ok {
		return clause{}
	}
	phrase := leaf.Name
	if slices.ContainsFunc(r.obs.Behind, func(h page.Hidden) bool { return h.Name == leaf.Name && h.Via != leaf.Via }) {
		phrase += " in " + leaf.Ctx // a Priority under Sort as well as under Group
	}
	cmds = append(cmds, Command{Verb: string(vClick), Phrase: phrase, Words: words, Changes: true,
		Action: page.Action{Kind: page.Click, Todo: fmt.Sprintf("click “%s”", leaf.Name)}})
	cl := clause{cmds: cmds, quality: 0.9, changes: true, deferred: true}
	return cl.readAs(words, "the menu path "+r.pathTo(chain, leaf.Name))
}

// pathTo names the way to a hidden item: the shown control that opens the chain, each
// sub-menu item on it, then the item ("Export ▾ > Download as ▸ > CSV").
func (r *reader) pathTo(chain []int, leaf string) string {
	path := []string{r.ix.nodes[-1-chain[0]].Name}
	for _, k := range chain[1:] {
		path = append(path, r.obs.Behind[k].Name)
	}
	return strings.Join(append(path, leaf), " > ")
}

// saidOfMenus is the words of body that must each be a word of the path: not a leading verb
// of the page's own kind ("click", "choose", "set") nor a small word or a word for a menu.
func (r *reader) saidOfMenus(body []token) []string {
	start := 0
	if v, n := verbAt(body, 0); v != "" {
		start = n
	}
	var out []string
	for _, t := range body[start:] {
		switch t.kind {
		case tokQuoted:
			out = append(out, matchKeys(t.raw)...)
		case tokWord:
			if !smallWord(t.key) && !menuNouns[t.key] {
				out = append(out, t.key)
			}
		}
	}
	return out
}

// fileVerbs all say "give me this as a file"; a menu may call it any of them.
var fileVerbs = set("download", "export", "save", "get")

var menuNouns = set("menu", "menus", "submenu", "sub-menu", "option", "item", "entry")

// leafSaid tells how well the words said name a leaf by its name's words: 0 not at all, 1
// in part ("as a PDF" for PDF document), 2 whole.
func leafSaid(said, name []string) int {
	all, some := true, false
	for _, k := range name {
		if smallWord(k) {
			continue
		}
		if hasLetter(k) && alikeIn(said, k) || !hasLetter(k) && slices.Contains(said, k) {
			some = true
		} else {
			all = false
		}
	}
	switch {
	case !some:
		return 0
	case all:
		return 2
	}
	return 1
}

// pathHolds reports words said that are each a word of the chain's controls, of the menus
// they open or of the leaf, one of them a word of a sub-menu item on the way and not of the
// leaf's name.
func (r *reader) pathHolds(said []string, chain []int, leaf page.Hidden, name []string) bool {
	var way, menus []string
	if r.subMenuShown(chain) {
		way = slices.Clone(r.ix.names[-1-chain[0]]) // "Download statement ▸" in the open menu
	}
	for _, k := range chain[1:] {
		way = append(way, matchKeys(r.obs.Behind[k].Name)...)
		menus = append(menus, matchKeys(r.obs.Behind[k].Ctx)...)
	}
	// A menu is named by what opens it too, an icon's "⋯" as well as its label.
	own := slices.Concat(r.ix.names[-1-chain[0]], way, menus, matchKeys(leaf.Ctx), name)
	for _, k := range said {
		// "download my statement as a CSV" is Statements ▸ Export CSV.
		if !alikeIn(own, k) && !(fileVerbs[k] && slices.ContainsFunc(own, func(w string) bool { return fileVerbs[w] })) {
			return false
		}
	}
	return slices.ContainsFunc(said, func(k string) bool { return !smallWord(k) && alikeIn(way, k) && !alikeIn(name, k) })
}

// byShownItem reports a hidden item a shown menu item opens: CSV under the "Download
// statement ▸" of the open More menu.
func (r *reader) byShownItem(h page.Hidden) bool {
	i := r.ix.nodeOf(h.By)
	return i >= 0 && r.ix.nodes[i].Role == page.RoleMenuItem
}

// subMenuShown reports a chain that starts at a shown item of an open menu that opens a
// sub-menu: once "More" is open, its "Download statement ▸" is on the way to CSV.
func (r *reader) subMenuShown(chain []int) bool {
	n := r.ix.nodes[-1-chain[0]]
	return n.Role == page.RoleMenuItem && opensMenu(n)
}

// alikeIn reports a word of words that is k, its other form or, for a long word, a slip of it.
func alikeIn(words []string, k string) bool {
	return slices.ContainsFunc(words, func(w string) bool {
		return wordEq(k, w) >= 0.95 || len(k) >= 5 && len(w) >= 5 && keySim(k, w) >= typoSim
	})
}
