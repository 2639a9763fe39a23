package understand

import (
	"fmt"

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
	switch verb(cmd.Verb) {
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
		cl = r.elementFrame(verb(cmd.Verb), "", phrase, false)
	}
	switch {
	case len(cl.questions) > 0:
		q := cl.questions[0]
		return cmd, &q
	case len(cl.cmds) == 0 || !cl.cmds[0].Bound || len(cl.unexplained) > 0:
		return cmd, &Question{Kind: AskMissing, Command: -1, Words: cmd.Words,
			Text: fmt.Sprintf("I can't find %q on this page. What should I do?", cmd.Phrase)}
	}
	out := cl.cmds[0]
	out.Words = cmd.Words
	return out, nil
}
