package understand

import (
	"fmt"
	"slices"

	"github.com/errand-app/errand/engine/page"
)

// oneOptionEach turns a reading that would choose two different options of one dropdown
// that holds one ("heard about you from a podcast and a newspaper": Podcast, then
// Newspaper, the last silently winning) into a question: which of them. Each answer runs
// every command but the other option's. A dropdown that takes several (multiple) keeps
// both.
func oneOptionEach(rd Reading, obs page.Observation) Reading {
	if len(rd.Questions) > 0 {
		return rd // asked before anything runs already
	}
	for a, ca := range rd.Commands {
		if !ca.Bound || ca.Action.Kind != page.Select {
			continue
		}
		n, ok := obs.Node(ca.Action.ID)
		if !ok || n.Role != page.RoleSelect || n.Has("multiple") {
			continue
		}
		for b := a + 1; b < len(rd.Commands); b++ {
			cb := rd.Commands[b]
			if !cb.Bound || cb.Action.Kind != page.Select || cb.Action.ID != ca.Action.ID || cb.Action.Text == ca.Action.Text {
				continue
			}
			without := func(k int) []Command { return slices.Delete(slices.Clone(rd.Commands), k, k+1) }
			q := Question{Kind: AskOption, Command: -1, Words: ca.Words + " " + cb.Words, Element: n.ID,
				Text: fmt.Sprintf("%s holds one choice: %s or %s?", page.Describe(n), ca.Action.Text, cb.Action.Text),
				Choices: []Choice{
					{Label: ca.Action.Text, Value: ca.Action.Text, Then: without(b)},
					{Label: cb.Action.Text, Value: cb.Action.Text, Then: without(a)},
				}}
			rd.Commands, rd.Questions = nil, []Question{q}
			rd.Factors = factors(rd)
			return rd
		}
	}
	return rd
}
