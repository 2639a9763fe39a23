package understand

import (
	"slices"
	"strconv"
	"strings"
)

// Renaming: "Rename the board to Sprint 15", "rename Budget.xlsx to 'Budget final'". A
// page renames a thing with a control named for it ("Rename board", a row's "Rename…",
// often in a menu) that opens a box with its name and a button to save it. The control is
// the one, shown or behind a menu, whose name starts with "Rename" and whose name or row
// holds the words said of the thing; the new name is then typed into the name field the
// click shows, and saved (docs/understanding.md, item 57).

func (r *reader) renameTo(body []token, changed bool) clause {
	if len(body) < 4 || body[0].kind != tokWord || body[0].key != "rename" || changed && r.revealed {
		return clause{}
	}
	to := -1
	for k := len(body) - 2; k >= 2; k-- {
		if body[k].kind == tokWord && (body[k].key == "to" || body[k].key == "as") {
			to = k
			break
		}
	}
	if to < 0 {
		return clause{}
	}
	object, value := body[1:to], trimEnd(slices.Clone(body[to+1:]))
	if len(value) == 0 || r.instructionLike(value) || isVague(value) {
		return clause{}
	}
	var facts []token
	for _, t := range object {
		if t.kind == tokWord && !factGlue[t.key] && !possessive[t.key] {
			facts = append(facts, t)
		}
	}
	if len(facts) == 0 {
		return clause{}
	}
	fits := fitting(r.verbButtons("rename"), facts)
	if len(fits) != 1 {
		return clause{}
	}
	words := joinRaw(body)
	cl, ok := r.press(fits[0], joinRaw(body[:to]))
	if !ok {
		return clause{}
	}
	name := joinRaw(value)
	if len(value) == 1 && value[0].kind == tokQuoted {
		name = value[0].raw
	}
	// The box the click opens is filled as a clause would be: its one name field takes the
	// quoted new name; then its save button.
	typed := "name: " + strconv.Quote(strings.ReplaceAll(name, `"`, "'"))
	cl.cmds = append(cl.cmds,
		Command{Verb: verbClause, Phrase: typed, Words: joinRaw(body[to:])},
		Command{Verb: verbClause, Phrase: "save", Words: words})
	cl.quality, cl.changes, cl.reveals, cl.deferred = 0.92, true, true, true
	cl.grounded = append(cl.grounded, Grounding{Words: joinRaw(value), As: "value"})
	return cl.readAs(words, "renaming with "+r.buttonPath(fits[0])+", then typing “"+name+"” and saving")
}
