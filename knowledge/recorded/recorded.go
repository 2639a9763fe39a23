// Package recorded owns the form in which Errand remembers what it did on a page, for the
// skills memory and for replay scripts: an action with a description of the element it
// resolved to (an element id means nothing on the next visit), the site and URL pattern it
// happened on, a signature of the page's structure, and the rule that secrets stay
// placeholders.
package recorded

import (
	"errors"
	"fmt"
	"regexp"

	"github.com/errand-app/errand/engine/page"
)

// Element describes the element an action resolved to in words that survive a re-render:
// what the fast path's resolver matches against on the next visit.
type Element struct {
	Role    string `json:"role"`
	Name    string `json:"name,omitempty"`
	Type    string `json:"type,omitempty"`    // input type, as page.Node.Type
	Context string `json:"context,omitempty"` // the row, fieldset or section it sits in, as page.Node.Ctx
}

// ElementOf describes n.
func ElementOf(n page.Node) Element {
	return Element{Role: n.Role, Name: n.Name, Type: n.Type, Context: n.Ctx}
}

// IsZero reports whether e describes no element.
func (e Element) IsZero() bool { return e == Element{} }

// String names the element for a person, as page.Describe does.
func (e Element) String() string {
	return page.Describe(page.Node{Role: e.Role, Name: e.Name, Ctx: e.Context})
}

// Step is one verified action as remembered: the action without its element id, and the
// element it acted on (zero for actions on no element).
type Step struct {
	Action  page.Action `json:"action"`
	Element Element     `json:"element,omitzero"`
}

// Of records action a as carried out on obs: the id is replaced by the element's
// description. An id obs does not hold leaves the element zero.
func Of(a page.Action, obs page.Observation) Step {
	s := Step{Action: a}
	if a.Kind.NeedsElement() {
		if n, ok := obs.Node(a.ID); ok {
			s.Element = ElementOf(n)
		}
	}
	s.Action.ID = ""
	return s
}

// String says what the step does, for a person or a prompt: `type "Jas" into “Name” field`.
func (s Step) String() string {
	a, el := s.Action, s.Element.String()
	text := a.Text
	if a.Sensitive && !IsPlaceholder(text) {
		text = "%secret%"
	}
	switch a.Kind {
	case page.Click:
		return "click " + el
	case page.DoubleClick:
		return "double-click " + el
	case page.SetValue:
		return fmt.Sprintf("type %q into %s", text, el)
	case page.Select:
		return fmt.Sprintf("choose %q in %s", text, el)
	case page.Check, page.Uncheck, page.Focus, page.Hover, page.Clear:
		return string(a.Kind) + " " + el
	case page.Press:
		return "press " + text
	case page.Navigate:
		return "go to " + text
	case page.GoBack:
		return "go back"
	case page.ScrollTo:
		return "scroll " + text
	case page.Wait:
		return fmt.Sprintf("wait %d ms", a.Ms)
	}
	a.Text = text
	return a.String()
}

// placeholderRE is a secret's placeholder as people write it in a goal: %password%.
var placeholderRE = regexp.MustCompile(`%[A-Za-z_][A-Za-z0-9_.-]*%`)

// IsPlaceholder reports whether s is exactly one secret placeholder, such as %password%.
func IsPlaceholder(s string) bool {
	loc := placeholderRE.FindStringIndex(s)
	return loc != nil && loc[0] == 0 && loc[1] == len(s)
}

// Placeholders returns the distinct secret placeholders in s, in order.
func Placeholders(s string) []string {
	var out []string
	for _, p := range placeholderRE.FindAllString(s, -1) {
		if !contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// ErrUnnamedSecret is returned when a step typed a secret that no placeholder of the goal
// names: keeping the step would mean keeping the secret (docs/memory.md).
var ErrUnnamedSecret = errors.New("a secret was typed that the instruction does not name as %placeholder%")

// Clean returns the step as it may be stored: no element id, and a secret's text replaced
// by its placeholder — the text itself when it is one, else the goal's only placeholder.
// A secret with no placeholder to stand for it is ErrUnnamedSecret. A secret step's
// description is dropped, since whoever wrote it may have quoted the value.
func (s Step) Clean(goal string) (Step, error) {
	s.Action.ID = ""
	if !s.Action.Sensitive {
		return s, nil
	}
	s.Action.Description = ""
	if IsPlaceholder(s.Action.Text) {
		return s, nil
	}
	ph := Placeholders(goal)
	if len(ph) != 1 {
		return Step{}, fmt.Errorf("keep %s: %w", s.Element, ErrUnnamedSecret)
	}
	s.Action.Text = ph[0]
	return s, nil
}
