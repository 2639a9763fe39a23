package understand

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// menuItemAsked turns a reading that only opens a menu into a question about its items
// when the goal named the menu's button by its own verb and said nothing else but a
// general object: "Export the data" on a page whose Export ▾ menu holds Download as ▸
// CSV, Excel and PDF, Email report and Print wants one of those done, not the menu
// opened (a wrong action before: the run opened the menu and said it was done). "open the
// Export menu" and "click Export" say to open it and do so.
func (r *reader) menuItemAsked(rd Reading, goal string) Reading {
	if len(rd.Questions) > 0 || len(rd.Commands) != 1 || !rd.Commands[0].Bound || rd.Commands[0].Action.Kind != page.Click {
		return rd
	}
	i := r.ix.nodeOf(rd.Commands[0].Action.ID)
	if i < 0 {
		return rd
	}
	n := r.ix.nodes[i]
	if !n.Has("popup") || n.Has("expanded") || len(r.ix.names[i]) == 0 {
		return rd
	}
	toks := tokenize(goal)
	first := -1
	for k, t := range toks {
		if t.kind == tokWord && !ignorable[t.key] {
			first = k
			break
		}
	}
	if first < 0 || toks[first].key != r.ix.names[i][0] {
		return rd // "click Export", "open the Export menu": the menu itself
	}
	for _, t := range toks[first+1:] {
		if t.kind != tokWord || !(smallWord(t.key) || genericObjects[t.key] || t.key == "my" || t.key == "our") {
			return rd // "Export as PDF" names its item; other readers have it
		}
	}
	var choices []Choice
	for k, h := range r.obs.Behind {
		id := hiddenPrefix + strconv.Itoa(k+1)
		if r.opensMore(id) {
			continue
		}
		chain, ok := r.revealChain(id)
		if !ok || -1-chain[0] != i {
			continue
		}
		cmds, ok := r.reachClicks(chain, h.Name, goal)
		if !ok {
			continue
		}
		cmds = append(cmds, Command{Verb: string(vClick), Phrase: h.Name, Words: goal, Changes: true,
			Action: page.Action{Kind: page.Click, Todo: fmt.Sprintf("click “%s”", h.Name)}})
		choices = append(choices, Choice{Label: r.pathTo(chain, h.Name), Value: h.Name, Then: cmds})
	}
	if len(choices) < 2 {
		return rd
	}
	labels := make([]string, len(choices))
	for k, c := range choices {
		labels[k] = c.Label
	}
	q := Question{Kind: AskElement, Command: -1, Words: goal, Choices: choices,
		Text: fmt.Sprintf("Which of %s do you mean: %s?", page.Describe(n), strings.Join(labels, ", "))}
	rd.Commands, rd.Questions = nil, []Question{q}
	rd.Factors = factors(rd)
	return rd
}
