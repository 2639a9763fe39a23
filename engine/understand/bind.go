package understand

import (
	"fmt"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// bindClause turns a verb, an element and a value into one bound command, asking when the
// value does not fit the element (an option that is not there, a date that is not one).
func (r *reader) bindClause(v verb, vw string, node int, match float64, value string, quoted bool, words string) clause {
	n := r.ix.nodes[node]
	target := page.Describe(n)
	cl := clause{quality: match}
	// Phrase is the element's name, so Rebind can find it again after the page changed.
	cmd := Command{Bound: true, Verb: string(v), Phrase: n.Name, Value: value, Quoted: quoted, Words: words, Match: match}
	a := page.Action{ID: n.ID}
	ground := Grounding{Words: words, As: "element", Element: target, ID: n.ID}
	switch {
	case v == vDouble:
		a.Kind = page.DoubleClick
		a.Says("double-click", target)
	case v == vHover:
		a.Kind = page.Hover
		a.Says("hover over", target)
	case v == vFocus:
		a.Kind = page.Focus
		a.Says("focus", target)
	case v == vClear:
		if n.Role == page.RoleCheckbox || n.Role == page.RoleSwitch {
			a.Kind = page.Uncheck
			a.Says("uncheck", target)
			break
		}
		a.Kind = page.Clear
		a.Says("clear", target)
	case v == vCheck || v == vUncheck || v == vToggle:
		want := v == vCheck || v == vToggle && !isOn(n)
		switch n.Role {
		case page.RoleCheckbox, page.RoleRadio, page.RoleSwitch:
			a.Kind = page.Check
			a.Says("check", target)
			if !want {
				a.Kind = page.Uncheck
				a.Says("uncheck", target)
			}
		default:
			// An ARIA toggle (a star, a pressed button, a selectable option) flips by a
			// click; clicking one already in the wanted state would undo it.
			if isOn(n) == want {
				cmd.Action = page.Action{Kind: page.Wait, Ms: 0, Description: fmt.Sprintf("%s was already %s", target, onOff(want))}
				cl.cmds, cl.grounded = []Command{cmd}, []Grounding{ground}
				return cl
			}
			a.Kind = page.Click
			a.Says("click", target)
			cmd.Changes = true
		}
	case n.Role == page.RoleSelect && (v == vType || v == vSelect):
		return r.bindOption(cl, cmd, a, node, value, ground)
	case v == vType:
		if !isField(n) {
			return clause{quality: 0.2, unexplained: []string{words}}
		}
		if value == "" {
			return clause{quality: match, questions: []Question{{Kind: AskValue, Command: -1, Words: words,
				Text: fmt.Sprintf("What should I put into %s?", target), Element: n.ID, Verb: string(v)}}}
		}
		out, assumed, problem := convert(n, value, r.opts)
		if problem != "" {
			return clause{quality: match * 0.9, questions: []Question{{Kind: AskValue, Command: -1, Words: words,
				Text: fmt.Sprintf("What should I put into %s? %s.", target, capitalize(problem)), Element: n.ID, Verb: string(v)}}}
		}
		if assumed != "" {
			cl.assumed = append(cl.assumed, assumed)
		}
		a.Kind, a.Text = page.SetValue, out
		a.Sensitive = n.Type == "password"
		a.Says("type", fmt.Sprintf("%q into %s", out, target))
		if a.Sensitive {
			a.Says("type", "the password into "+target)
		}
		cl.grounded = append(cl.grounded, Grounding{Words: value, As: "value"})
		if n.Has("autocomplete") {
			// The field suggests values as one types: the matching suggestion is chosen on
			// the page the typing opens (Rebind), as a person would.
			cmd.Action = a
			cl.cmds = []Command{cmd, {Verb: verbSuggest, Phrase: value, Value: value, Words: words}}
			cl.grounded = append(cl.grounded, ground)
			return cl
		}
	case v == vSelect && (n.Role == page.RoleRadio || n.Role == page.RoleCheckbox || n.Role == page.RoleSwitch):
		a.Kind = page.Check
		a.Says("choose", target)
	case v == vSelect && n.Role == page.RoleInput && value != "":
		a.Kind, a.Text = page.SetValue, value
		a.Says("type", fmt.Sprintf("%q into %s", value, target))
	case v == vSelect && (n.Role == page.RoleOption || n.Role == page.RoleTab || n.Role == page.RoleMenuItem) && isOn(n):
		cmd.Action = page.Action{Kind: page.Wait, Ms: 0, Description: target + " was already chosen"}
		cl.cmds, cl.grounded = []Command{cmd}, []Grounding{ground}
		return cl
	default:
		a.Kind = page.Click
		a.Says("click", target)
		if v == vSelect {
			a.Says("choose", target)
		}
		cmd.Changes = true
	}
	cmd.Action = a
	cl.cmds = []Command{cmd}
	cl.grounded = append(cl.grounded, ground)
	cl.changes = cmd.Changes
	return cl
}

// bindOption chooses the option a value names on a select, asking when none fits.
func (r *reader) bindOption(cl clause, cmd Command, a page.Action, node int, value string, ground Grounding) clause {
	n := r.ix.nodes[node]
	target := page.Describe(n)
	if value == "" {
		return clause{quality: cl.quality, questions: []Question{{Kind: AskOption, Command: -1, Words: cmd.Words,
			Text: fmt.Sprintf("Which option of %s?", target), Choices: optionChoices(n, ""), Element: n.ID, Verb: cmd.Verb}}}
	}
	k, s := r.ix.optionOf(value, node)
	if k < 0 || s < 0.7 {
		return clause{quality: cl.quality * 0.9, questions: []Question{{Kind: AskOption, Command: -1, Words: cmd.Words,
			Text: fmt.Sprintf("%s has no option %q. Which one did you mean?", capitalize(target), value), Choices: optionChoices(n, value), Element: n.ID, Verb: cmd.Verb}}}
	}
	opt := n.Options[k]
	if s < 0.95 {
		cl.assumed = append(cl.assumed, fmt.Sprintf("%q means %q in %s", value, opt, target))
	}
	a.Kind, a.Text = page.Select, opt
	a.Says("select", fmt.Sprintf("%q in %s", opt, target))
	cmd.Action, cmd.Value, cmd.Phrase = a, opt, opt
	cmd.Match = min(cmd.Match, max(s, 0.8))
	cl.cmds = []Command{cmd}
	cl.grounded = append(cl.grounded, ground, Grounding{Words: value, As: "option", Element: fmt.Sprintf("%q in %s", opt, target), ID: n.ID})
	return cl
}

// isOn reports an element that is checked, selected or pressed.
func isOn(n page.Node) bool {
	return n.Has("checked") || n.Has("selected") || n.Has("pressed")
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	return strings.ToUpper(string(r[0])) + string(r[1:])
}

// said returns a with what it does described in both tenses (page.Action.Says).
func said(a page.Action, verb, rest string) page.Action {
	a.Says(verb, rest)
	return a
}
