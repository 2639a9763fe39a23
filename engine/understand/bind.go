package understand

import (
	"fmt"
	"slices"
	"strings"
	"time"

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
		if !toggles(n) {
			// An ARIA toggle (a star, a pressed button, a selectable option) flips by a
			// click; clicking one already in the wanted state would undo it.
			want := v == vCheck || v == vToggle && !isOn(n)
			if isOn(n) == want {
				cmd.Action = page.Action{Kind: page.Wait, Ms: 0, Description: fmt.Sprintf("%s was already %s", target, onOff(want))}
				cl.cmds, cl.grounded = []Command{cmd}, []Grounding{ground}
				return cl
			}
			a.Kind = page.Click
			a.Says("click", target)
			cmd.Changes = true
			break
		}
		a.Kind = page.Check
		a.Says("check", target)
		if !(v == vCheck || v == vToggle && !isOn(n)) {
			a.Kind = page.Uncheck
			a.Says("uncheck", target)
		}
	case n.Role == page.RoleSelect && (v == vType || v == vSelect):
		return r.bindOption(cl, cmd, a, node, value, ground)
	case v == vType:
		return r.bindType(cl, cmd, a, node, value, ground)
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

// filtersElsewhere reports a clause said with "filter" whose command sets a control that
// does not say filter while another one may be the filter: "filter status to Pending" is
// about the list's Status filter, never the Status of the ticket open beside it. With no
// other candidate ("filter the list to Work" with one Group dropdown) the control is it.
func (r *reader) filtersElsewhere(body []token, cmds []Command) bool {
	if len(body) == 0 || !strings.HasPrefix(body[0].key, "filter") {
		return false
	}
	for _, c := range cmds {
		if k := c.Action.Kind; !c.Bound || k != page.Select && k != page.SetValue {
			continue
		}
		if node := r.ix.nodeOf(c.Action.ID); node >= 0 && !r.saysFilter(node) && r.filterBeside(node) {
			return true
		}
	}
	return false
}

// filterBeside reports another control that may be the filter meant: a button or link that
// says filter, or one with the same name (a "Status" filter chip).
func (r *reader) filterBeside(node int) bool {
	for i, m := range r.ix.nodes {
		if i != node && clickable(m) && (m.Name == r.ix.nodes[node].Name || r.saysFilter(i)) {
			return true
		}
	}
	return false
}

// saysFilter reports an element whose name or part of the page says filter.
func (r *reader) saysFilter(node int) bool {
	for _, k := range slices.Concat(r.ix.names[node], r.ix.ctx(node)) {
		if strings.HasPrefix(k, "filter") {
			return true
		}
	}
	return false
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
		// "send the new card to the Briggate branch" into “Send it to”: the thing sent is
		// the label's "it", the option what follows "to".
		if obj, rest, ok := objectOfLabel(value, n.Name); ok {
			if k2, s2 := r.ix.optionOf(rest, node); k2 >= 0 && s2 >= 0.75 {
				k, s, value = k2, min(s2, 0.9), rest
				cl.assumed = append(cl.assumed, fmt.Sprintf("%q is what “it” stands for in %s", obj, target))
			}
		}
	}
	if b := bandOf(value, n.Options); (k < 0 || s < 0.7) && b >= 0 {
		k, s = b, 0.9 // "23" is the band "Aged 21 to 24": announced
	}
	if k < 0 || s < 0.7 {
		return clause{quality: cl.quality * 0.9, questions: []Question{{Kind: AskOption, Command: -1, Words: cmd.Words,
			Text: fmt.Sprintf("%s has no option %q. Which one did you mean?", capitalize(target), value), Choices: optionChoices(n, value), Element: n.ID, Verb: cmd.Verb}}}
	}
	opt := n.Options[k]
	if s < 0.95 {
		cl.assumed = append(cl.assumed, fmt.Sprintf("%q means %q in %s", value, opt, target))
		if a, ok := withoutAside(matchKeys(value), n.Options); ok && a == k {
			cl.asides++
		}
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

// toggles reports an element with a checked state of its own, which check and uncheck
// set whatever it was.
func toggles(n page.Node) bool {
	return n.Role == page.RoleCheckbox || n.Role == page.RoleRadio || n.Role == page.RoleSwitch
}

// bindType types a value into a field, in the form the field takes, asking when there is
// no value or it does not fit.
func (r *reader) bindType(cl clause, cmd Command, a page.Action, node int, value string, ground Grounding) clause {
	n := r.ix.nodes[node]
	target, words := page.Describe(n), cmd.Words
	if !isField(n) {
		return clause{quality: 0.2, unexplained: []string{words}}
	}
	if value == "" {
		return clause{quality: cl.quality, questions: []Question{{Kind: AskValue, Command: -1, Words: words,
			Text: fmt.Sprintf("What should I put into %s?", target), Element: n.ID, Verb: cmd.Verb}}}
	}
	if both, ok := r.splitDateTime(cl, cmd, node, value, ground); ok {
		return both
	}
	out, assumed, problem := convert(n, value, r.optsFor(n))
	if problem != "" {
		return clause{quality: cl.quality * 0.9, questions: []Question{{Kind: AskValue, Command: -1, Words: words,
			Text: fmt.Sprintf("What should I put into %s? %s.", target, capitalize(problem)), Element: n.ID, Verb: cmd.Verb}}}
	}
	if n.Has("readonly") {
		// A count the page lets one change only with its − and + buttons ("Passengers 1"
		// between them) is reached by pressing them, as a person would.
		if s, ok := r.ix.stepperOf(node); ok && s.known {
			if want, isInt := atoiOK(out); isInt {
				if presses := want - s.count; presses != 0 {
					return r.pressSteps(s, presses, words)
				}
				cmd.Action = page.Action{Kind: page.Wait, Description: fmt.Sprintf("%s was already %d", target, want)}
				cl.cmds, cl.grounded = []Command{cmd}, []Grounding{ground}
				return cl
			}
		}
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
	cmd.Action = a
	cl.grounded = append(cl.grounded, Grounding{Words: value, As: "value"}, ground)
	if n.Has("autocomplete") {
		// The field suggests values as one types: the matching suggestion is chosen on
		// the page the typing opens (Rebind), as a person would. When the page already
		// holds its suggestions and the value fits several, which one is asked first.
		if q, ok := r.suggestionTie(node, value, cmd); ok {
			return clause{quality: cl.quality, questions: []Question{q}}
		}
		cl.cmds = []Command{cmd, {Verb: verbSuggest, Phrase: value, Value: value, Words: words}}
		return cl
	}
	cl.cmds = []Command{cmd}
	return r.withCurrency(cl, cmd, node, value)
}

// suggestionTie asks which suggestion a value means when a field's known suggestions
// hold several with all its words and none is the value itself: "Paris" with "Paris,
// France" and "Paris, Texas".
func (r *reader) suggestionTie(node int, value string, typed Command) (Question, bool) {
	n := r.ix.nodes[node]
	vk := matchKeys(value)
	if len(vk) == 0 || len(n.Options) < 2 {
		return Question{}, false
	}
	var fits []int
	for k, o := range n.Options {
		if r.ix.keysFor(o) != nil && slices.Equal(r.ix.keysFor(o), vk) || strings.EqualFold(strings.TrimSpace(o), strings.TrimSpace(value)) {
			return Question{}, false
		}
		if containsAll(r.ix.opts[node][k], vk) {
			fits = append(fits, k)
		}
	}
	if len(fits) < 2 {
		return Question{}, false
	}
	q := Question{Kind: AskOption, Command: -1, Words: typed.Words, Element: n.ID, Verb: typed.Verb,
		Text: fmt.Sprintf("Several suggestions of %s fit %q. Which one?", page.Describe(n), value)}
	for _, k := range fits {
		opt := n.Options[k]
		q.Choices = append(q.Choices, Choice{Label: opt, Value: opt,
			Then: []Command{typed, {Verb: verbSuggest, Phrase: opt, Value: opt, Words: typed.Words}}})
	}
	return q, true
}

// optsFor is the reading options for a value going into n: a date said without its year
// takes the year of the date the field holds, else the one year every other date field on
// the page holds ("move check-out to the 17th of June" on a booking for June 2025 is 2025),
// before the current year. The year is announced either way (convert).
func (r *reader) optsFor(n page.Node) Options {
	o := r.opts
	if n.Type != "date" && n.Type != "datetime-local" {
		return o
	}
	y := isoYear(n.Value)
	if y == 0 {
		for _, m := range r.ix.nodes {
			switch my := isoYear(m.Value); {
			case m.Type != "date" && m.Type != "datetime-local" || my == 0:
			case y == 0:
				y = my
			case y != my:
				return o // dates of different years: none is the page's
			}
		}
	}
	if y > 0 {
		o.Today = time.Date(y, time.January, 1, 0, 0, 0, 0, time.UTC)
	}
	return o
}

// isoYear is the year of a date input's value (YYYY-MM-DD…), 0 for none.
func isoYear(v string) int {
	if len(v) < 10 || v[4] != '-' || v[7] != '-' {
		return 0
	}
	y, ok := atoiOK(v[:4])
	if !ok {
		return 0
	}
	return y
}

// objectOfLabel splits a value said into a label of the form "<verb> it <word>" ("Send it
// to", "Pay it from") at the last such word: the words before are what "it" stands for,
// a plain noun phrase ("the new card"), the words after are the value. Words before it
// that hold a name, a number or a quote are values of their own, and split nothing.
func objectOfLabel(value, label string) (obj, rest string, ok bool) {
	lk := keysOf(label)
	n := len(lk)
	if n < 2 || !relations[lk[n-1]] && lk[n-1] != "for" || lk[n-2] != "it" && lk[n-2] != "them" {
		return "", "", false
	}
	words := strings.Fields(value)
	at := -1
	for i, w := range words {
		if fold(w) == lk[n-1] {
			at = i
		}
	}
	if at < 2 || at == len(words)-1 {
		return "", "", false
	}
	head := fold(words[0])
	if !definite[head] && !possessive[head] {
		return "", "", false
	}
	for _, w := range words[1:at] {
		if strings.ContainsAny(w, "0123456789\"'“”‘’@") || w != strings.ToLower(w) {
			return "", "", false
		}
	}
	return strings.Join(words[:at], " "), strings.Join(words[at+1:], " "), true
}
