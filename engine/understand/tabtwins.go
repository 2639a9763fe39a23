package understand

import (
	"fmt"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Tabs that hold the same controls, one for each child, person or day: "Tick nut allergy"
// with Amelia's tab open and Oliver's behind it names a box both tabs have. The open tab
// is only where the page happens to be, so which child is asked, unless the goal names the
// tab (docs/understanding.md item 36). Only a tab whose panel mirrors the open one counts:
// a settings tab with a Reset button of its own is another section, and what is shown wins.

// tabTwin turns a clause acting on a control of the open tab into a question when a tab
// beside it holds a control of the same name and role and no word of the clause is either
// tab's. The clause as read is the first choice; the second opens the other tab first.
func (r *reader) tabTwin(body []token, cl clause) clause {
	if len(cl.cmds) != 1 || !cl.cmds[0].Bound || len(cl.questions) > 0 || len(r.obs.Behind) == 0 {
		return cl
	}
	cmd := cl.cmds[0]
	i := r.ix.nodeOf(cmd.Action.ID)
	if i < 0 {
		return cl
	}
	n := r.ix.nodes[i]
	said := keysOfToks(body)
	for _, h := range r.obs.Behind {
		same := h.Name == n.Name
		if h.Role != n.Role || h.Via != 0 || !same && !r.describesBoth(said, i, h) {
			continue
		}
		other := r.ix.nodeOf(h.By)
		if other < 0 || r.ix.nodes[other].Role != page.RoleTab || r.ix.nodes[other].Has("selected") {
			continue
		}
		open := r.openTabBeside(other)
		if open < 0 || same && !r.mirrors(h.By) || r.saysAny(said, open) || r.saysAny(said, other) || r.placedBy(said, i, open, h) {
			continue
		}
		tab := r.ix.nodes[other]
		then := Command{Verb: cmd.Verb, Phrase: h.Name, Value: cmd.Value, Quoted: true, Words: cmd.Words, Changes: cmd.Changes}
		click := r.bindClause(vClick, "", other, 1, "", false, cmd.Words)
		if len(click.cmds) != 1 {
			return cl
		}
		words := joinRaw(body)
		return clause{quality: 0.9, questions: []Question{{Kind: AskElement, Command: -1, Words: words,
			Text: fmt.Sprintf("Which one do you mean: %s under “%s”, or the one under “%s”?", page.Describe(n), r.ix.nodes[open].Name, tab.Name),
			Choices: []Choice{
				{Label: fmt.Sprintf("%s under “%s”", page.Describe(n), r.ix.nodes[open].Name), ID: n.ID, Then: cl.cmds},
				{Label: fmt.Sprintf("“%s” under “%s”", h.Name, tab.Name), ID: tab.ID, Then: []Command{click.cmds[0], then}},
			}}}}
	}
	return cl
}

// describesBoth reports a hidden control whose name holds every word said of the shown
// one's (i): "Delete the dinner" with "Delete Dinner in Alfama (fado)" on the open day and
// "Delete Dinner at Tascantiga" behind the next day's tab. Each day's controls carry their
// item's name, so the panels never mirror by name; the goal tells them apart only by a
// word one has and the other lacks. Names only: a hidden control's context may be the
// last heading shown before its panel, another item's.
func (r *reader) describesBoth(said []string, i int, h page.Hidden) bool {
	theirs := matchKeys(h.Name)
	own := r.ix.names[i]
	used := 0
	for _, k := range said {
		if smallWord(k) || !slices.ContainsFunc(own, func(o string) bool { return wordEq(k, o) >= 0.95 }) {
			continue
		}
		if !slices.ContainsFunc(theirs, func(o string) bool { return wordEq(k, o) >= 0.95 }) {
			return false
		}
		used++
	}
	return used >= 2
}

// mirrors reports a tab whose hidden panel is mostly the controls the page shows, by role
// and name: one tab for each child, not a Notifications tab that also has a Reset button.
func (r *reader) mirrors(tab string) bool {
	all, same := 0, 0
	for _, h := range r.obs.Behind {
		if h.By != tab || h.Via != 0 {
			continue
		}
		all++
		if slices.ContainsFunc(r.ix.nodes, func(n page.Node) bool { return n.Role == h.Role && n.Name == h.Name }) {
			same++
		}
	}
	return same >= 2 && 2*same >= all
}

// placedBy reports a word said that is of the shown control's surroundings (its context
// or section) and not of its twin's: the goal places it on the open tab.
func (r *reader) placedBy(said []string, i, open int, twin page.Hidden) bool {
	theirs := slices.Concat(matchKeys(twin.Ctx), matchKeys(twin.Name))
	own := r.ix.ctx(i)
	if sec := r.ix.section(i); sec != r.ix.section(open) {
		// The section the tab list is in holds both panels: its heading ("Book a class")
		// places neither.
		own = slices.Concat(own, matchKeys(sec))
	}
	for _, k := range own {
		if !smallWord(k) && !slices.Contains(theirs, k) && slices.Contains(said, k) {
			return true
		}
	}
	return false
}

// openTabBeside is the selected tab of the tab list tab is in (the same context and
// group), or -1.
func (r *reader) openTabBeside(tab int) int {
	t := r.ix.nodes[tab]
	for j, n := range r.ix.nodes {
		if j != tab && n.Role == page.RoleTab && n.Has("selected") && n.Ctx == t.Ctx && n.Group == t.Group {
			return j
		}
	}
	return -1
}

// saysAny reports a word said that is a word of element i's name ("Oliver's" says Oliver).
func (r *reader) saysAny(said []string, i int) bool {
	return slices.ContainsFunc(r.ix.names[i], func(k string) bool {
		return slices.ContainsFunc(said, func(s string) bool { return s == k || strings.TrimSuffix(s, "s") == k })
	})
}
