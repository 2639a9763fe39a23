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
// still missing or no longer unique.
func Rebind(cmd Command, obs page.Observation, opts Options) (Command, *Question) {
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
		return r.suggestion(cmd)
	case verbClause:
		r.src = cmd.Phrase
		cl = r.readClause(tokenize(cmd.Phrase), carry{}, false)
		if len(cl.cmds) > 1 {
			return cmd, &Question{Kind: AskUnclear, Command: -1, Words: cmd.Words,
				Text: fmt.Sprintf("I am not sure what %q means here. What should I do?", cmd.Phrase)}
		}
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
	switch {
	case len(cl.questions) > 0:
		q := cl.questions[0]
		r.tellApart(q.Choices)
		q.Text = sayChoices(q)
		return cmd, &q
	case len(cl.cmds) == 0 || !cl.cmds[0].Bound || len(cl.unexplained) > 0:
		return cmd, &Question{Kind: AskMissing, Command: -1, Words: cmd.Words,
			Text: fmt.Sprintf("I can't find %q on this page. What should I do?", cmd.Phrase)}
	}
	out := cl.cmds[0]
	out.Words = cmd.Words
	return out, nil
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
