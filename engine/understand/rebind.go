package understand

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Rebind binds a command whose element was not on the page it was read on, now that an
// earlier action has changed the page. It answers a question instead when the element is
// still missing or no longer unique, or when the command now reads as several (RebindAll).
func Rebind(cmd Command, obs page.Observation, opts Options) (Command, *Question) {
	cmds, q := RebindAll(cmd, obs, opts)
	switch {
	case q != nil:
		return cmd, q
	case len(cmds) > 1:
		return cmd, &Question{Kind: AskUnclear, Command: -1, Words: cmd.Words,
			Text: fmt.Sprintf("I am not sure what %q means here. What should I do?", cmd.Phrase)}
	}
	return cmds[0], nil
}

// RebindAll is Rebind for a caller that can run what the command reads as on the new page,
// one command or several: "tick bank, GP and dentist" on the tab a click opened is three
// ticks. A command read for one element that finds none is read again whole, as the clause
// it was written as.
//
// Each command keeps the words it was read from, so what runs still says why.
func RebindAll(cmd Command, obs page.Observation, opts Options) ([]Command, *Question) {
	r := newReader(obs, opts)
	r.src = cmd.Value
	phrase := tokenize(cmd.Phrase)
	var cl clause
	if v, ok := strings.CutPrefix(cmd.Verb, menuItemVerb); ok {
		cmd.Verb = menuItemVerb + v
		cl = r.menuItem(verb(v), phrase)
	}
	switch verb(cmd.Verb) {
	case verbSuggest:
		c, q := r.suggestion(cmd)
		return []Command{c}, q
	case verbClause:
		r.src = cmd.Phrase
		// Read as any clause is, so what is still behind another control is reached too
		// ("add a place" once the account menu is open, its Saved places still closed).
		toks := tokenize(cmd.Phrase)
		cl = r.clause(0, len(toks), toks, carry{after: -1}, false)
	case vType:
		value := tokenize(cmd.Value) // offsets into r.src
		if cmd.Quoted {
			value = []token{{raw: cmd.Value, key: fold(cmd.Value), kind: tokQuoted}}
		}
		cl = r.typeReading(vType, "", phrase, value, false)
	case vSelect:
		r.src = cmd.Phrase
		cl = r.optionAnywhere("", phrase, false)
	default:
		if strings.HasPrefix(cmd.Verb, menuItemVerb) {
			break
		}
		cl = r.elementFrame(verb(cmd.Verb), "", phrase, false)
	}
	// Only a command with no value is read again whole: its words are the clause as
	// written, verb and phrase; a typed value's words are not in the order written. A
	// clause that reads as a list or steps ("tick A, B and C") is read as a goal is.
	whole := cmd.Words
	if verb(cmd.Verb) == verbClause {
		whole = cmd.Phrase
	}
	v := verb(cmd.Verb)
	// An item of the menu just opened may sit one menu further in: "choose French from
	// the Help menu" is Help › Language ▸ › Français.
	asWritten := v == verbClause || strings.HasPrefix(string(v), menuItemVerb) || v != vType && cmd.Value == "" && cmd.Words != cmd.Phrase
	tries := []string{whole}
	if strings.HasPrefix(string(v), menuItemVerb) && cmd.Phrase != whole {
		// The item's own words first: "from the More menu" was said of the menu now open.
		tries = []string{cmd.Phrase, whole}
	}
	for _, said := range tries {
		if !asWritten || bound(cl) || len(cl.questions) > 0 || said == "" {
			break
		}
		r.src = said
		if rd, score := r.read(tokenize(said)); rd.Understood() && onlyPaths(rd.Assumptions) && score >= actMin && stepsReady(rd.Commands) {
			cl = clause{cmds: rd.Commands, quality: score}
		}
	}
	switch {
	case len(cl.questions) > 0:
		q := cl.questions[0]
		r.tellApart(q.Choices)
		q.Text = sayChoices(q)
		return nil, &q
	case len(cl.unexplained) > 0 || !stepsReady(cl.cmds):
		return nil, &Question{Kind: AskMissing, Command: -1, Words: cmd.Words,
			Text: fmt.Sprintf("I can't find %q on this page. What should I do?", cmd.Phrase)}
	}
	out := slices.Clone(cl.cmds)
	for k := range out {
		out[k].Words = cmd.Words
	}
	return out, nil
}

// onlyPaths reports assumptions that are none, or only menu paths read from the words of
// an item in the menu just opened ("download my statement as a CSV" once the More menu the
// person named is open is its Download statement ▸ CSV): the menu was named, and each
// click says what it opens. Any other guess is not made where it cannot be announced.
func onlyPaths(assumed []string) bool {
	return !slices.ContainsFunc(assumed, func(a string) bool { return !strings.Contains(a, " read as the menu path ") })
}

// stepsReady reports commands whose first is bound and whose unbound ones each follow a
// command that changes the page: "download invoice then pdf" clicks Download invoice now
// and finds PDF in the sub-menu it opens. A suggestion is picked on the page the typing
// before it opens.
func stepsReady(cmds []Command) bool {
	if len(cmds) == 0 || !cmds[0].Bound {
		return false
	}
	for k := 1; k < len(cmds); k++ {
		if !cmds[k].Bound && !cmds[k-1].Changes && cmds[k-1].Bound && !cmds[k].PicksSuggestion() {
			return false
		}
	}
	return true
}

// bound reports a clause whose every command is bound, with nothing asked or left over.
func bound(cl clause) bool {
	return len(cl.cmds) > 0 && len(cl.questions) == 0 && len(cl.unexplained) == 0 &&
		!slices.ContainsFunc(cl.cmds, func(c Command) bool { return !c.Bound })
}

// suggestion chooses the suggestion that matches a typed value: the one that equals it or
// that alone contains it ("Zurich" → "Zürich, Switzerland"). Several that fit are asked
// about; none leaves the typed value as it is.
func (r *reader) suggestion(cmd Command) (Command, *Question) {
	want := matchKeys(cmd.Value)
	var cands []cand
	for i, n := range r.ix.nodes {
		if n.Role != page.RoleOption && n.Role != page.RoleMenuItem || n.Occ {
			continue
		}
		s, _ := phraseMatch(want, r.ix.names[i])
		if s >= 0.6 {
			cands = append(cands, cand{node: i, score: s, option: -1})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return cmp.Compare(b.score, a.score) })
	switch {
	case len(cands) == 0:
		cmd.Bound, cmd.Match = true, 1
		cmd.Action = page.Action{Kind: page.Wait, Description: fmt.Sprintf("no suggestion for %q to choose", cmd.Value)}
		return cmd, nil
	case len(cands) > 1 && tied(cands[0].score, cands[1].score):
		q := r.whichElement(cmd.Words, cands, func(c cand) clause {
			n := r.ix.nodes[c.node]
			return clause{cmds: []Command{{Bound: true, Verb: verbSuggest, Phrase: cmd.Phrase, Value: cmd.Value, Words: cmd.Words, Match: 1,
				Action: said(page.Action{Kind: page.Click, ID: n.ID}, "choose", "the suggestion "+page.Describe(n))}}}
		})
		q.Text = fmt.Sprintf("Several suggestions fit %q. Which one?", cmd.Value)
		return cmd, &q
	}
	n := r.ix.nodes[cands[0].node]
	cmd.Bound, cmd.Match = true, cands[0].score
	cmd.Action = said(page.Action{Kind: page.Click, ID: n.ID}, "choose", "the suggestion "+page.Describe(n))
	return cmd, nil
}

// WithValue binds the answer to a value or option question about one element (a
// Question with Element set): the value is typed or chosen as the person wrote it. A value
// that does not fit the element asks again.
func WithValue(q Question, value string, obs page.Observation, opts Options) ([]Command, *Question) {
	r := newReader(obs, opts)
	r.src = value
	node := -1
	for i, n := range r.ix.nodes {
		if n.ID == q.Element {
			node = i
			break
		}
	}
	if node < 0 {
		return nil, &Question{Kind: AskMissing, Command: -1, Words: q.Words,
			Text: "The element this answer was for is no longer on the page. What should I do?"}
	}
	cl := r.bindClause(verb(q.Verb), "", node, 1, value, true, q.Words)
	if len(cl.questions) > 0 {
		nq := cl.questions[0]
		return nil, &nq
	}
	return cl.cmds, nil
}
