package page

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Kind names one action of docs/decisions.md D-24.
type Kind string

// The action set. The string values are the names a model writes.
const (
	Click    Kind = "click"
	SetValue Kind = "setValue"
	Select   Kind = "select"
	Check    Kind = "check"
	Uncheck  Kind = "uncheck"
	Press    Kind = "press"
	ScrollTo Kind = "scroll"
	Navigate Kind = "navigate"
	GoBack   Kind = "goBack"
	Wait     Kind = "wait"
	Focus    Kind = "focus"
	Hover    Kind = "hover"
	// DoubleClick and Clear came with the understander's frames ("double-click the row",
	// "clear the Name field"); docs/understanding.md lists the verbs that map to them.
	DoubleClick Kind = "doubleClick"
	Clear       Kind = "clear"
	Extract     Kind = "extract"
	Finish      Kind = "finish"
	Fail        Kind = "fail"
)

// Action is one step of a chain. ID names an element of the observation; Text carries the
// value, option, key, URL, direction, extraction subject, summary or reason; Ms is wait's.
type Action struct {
	Kind        Kind   `json:"type"`
	ID          string `json:"id,omitempty"`
	Text        string `json:"text,omitempty"`
	Ms          int    `json:"ms,omitempty"`
	Index       int    `json:"index"`
	CanFail     bool   `json:"canFail,omitempty"`
	Description string `json:"description,omitempty"`
	// Todo says the same in the present tense ("click Save"), for plans and confirms;
	// Description says what was done ("clicked Save"). Says writes both from one verb.
	Todo string `json:"todo,omitempty"`
	// Sensitive marks Text as a secret: it is typed into the page but shown as %name%.
	Sensitive bool `json:"sensitive,omitempty"`
}

// pastTense holds the verbs actions are described with, present → past.
var pastTense = map[string]string{
	"click": "clicked", "double-click": "double-clicked", "hover over": "hovered over",
	"focus": "focused", "check": "checked", "uncheck": "unchecked", "clear": "cleared",
	"type": "typed", "choose": "chose", "select": "selected", "press": "pressed",
	"open": "opened", "go back": "went back", "scroll": "scrolled", "wait": "waited",
	"search the web for": "searched the web for", "read": "read",
}

// Says sets what the action does in both tenses from a verb of pastTense and the rest of
// the phrase: Says("click", "the Save button") gives Todo "click the Save button" and
// Description "clicked the Save button", so nothing has to parse one back into the other.
func (a *Action) Says(verb, rest string) {
	past, ok := pastTense[verb]
	if !ok {
		past = verb + "ed"
	}
	a.Todo, a.Description = verb, past
	if rest != "" {
		a.Todo, a.Description = verb+" "+rest, past+" "+rest
	}
}

// NeedsElement reports whether the action acts on an element id.
func (k Kind) NeedsElement() bool {
	switch k {
	case Click, SetValue, Select, Check, Uncheck, Focus, Hover, DoubleClick, Clear:
		return true
	}
	return false
}

// Valid reports whether k is one of the known actions.
func (k Kind) Valid() bool {
	switch k {
	case Click, SetValue, Select, Check, Uncheck, Press, ScrollTo, Navigate, GoBack, Wait,
		Focus, Hover, Extract, Finish, Fail, DoubleClick, Clear:
		return true
	}
	return false
}

// String renders the action in the call syntax models and logs use: click("14"),
// setValue("14", "Jas"), press("Enter"), goBack(). Sensitive text is masked.
func (a Action) String() string {
	text := a.Text
	if a.Sensitive {
		text = "%secret%"
	}
	switch {
	case a.Kind == GoBack:
		return "goBack()"
	case a.Kind == Wait:
		return fmt.Sprintf("wait(%d)", a.Ms)
	case a.Kind == SetValue || a.Kind == Select:
		return fmt.Sprintf("%s(%q, %q)", a.Kind, a.ID, text)
	case a.Kind.NeedsElement():
		return fmt.Sprintf("%s(%q)", a.Kind, a.ID)
	default:
		return fmt.Sprintf("%s(%q)", a.Kind, text)
	}
}

// ParseAction reads the call syntax of String back. Unknown names and missing arguments are
// errors, so a model's malformed action never reaches the browser.
func ParseAction(s string) (Action, error) {
	s = strings.TrimSpace(s)
	open := strings.IndexByte(s, '(')
	if open <= 0 || !strings.HasSuffix(s, ")") {
		return Action{}, fmt.Errorf("parse action %q: want name(args)", s)
	}
	a := Action{Kind: Kind(s[:open])}
	if !a.Kind.Valid() {
		return Action{}, fmt.Errorf("parse action %q: unknown action %q", s, a.Kind)
	}
	args, err := splitArgs(s[open+1 : len(s)-1])
	if err != nil {
		return Action{}, fmt.Errorf("parse action %q: %w", s, err)
	}
	need := 1
	switch a.Kind {
	case GoBack:
		need = 0
	case SetValue, Select:
		need = 2
	case Finish, Fail, Extract:
		if len(args) == 0 {
			args = []string{""}
		}
	}
	if len(args) != need {
		return Action{}, fmt.Errorf("parse action %q: %s takes %d argument(s), got %d", s, a.Kind, need, len(args))
	}
	switch {
	case a.Kind == Wait:
		ms, err := strconv.Atoi(args[0])
		if err != nil || ms < 0 {
			return Action{}, fmt.Errorf("parse action %q: wait needs milliseconds", s)
		}
		a.Ms = ms
	case a.Kind == SetValue || a.Kind == Select:
		a.ID, a.Text = args[0], args[1]
	case a.Kind.NeedsElement():
		a.ID = args[0]
	case need == 1:
		a.Text = args[0]
	}
	return a, nil
}

// splitArgs splits a comma-separated argument list of quoted strings or bare words.
func splitArgs(s string) ([]string, error) {
	var out []string
	s = strings.TrimSpace(s)
	for s != "" {
		var arg string
		if s[0] == '"' || s[0] == '\'' {
			end := closingQuote(s)
			if end < 0 {
				return nil, errors.New("unterminated string")
			}
			q := s[:end+1]
			if q[0] == '\'' {
				q = `"` + strings.ReplaceAll(q[1:len(q)-1], `"`, `\"`) + `"`
			}
			v, err := strconv.Unquote(q)
			if err != nil {
				return nil, fmt.Errorf("bad string %s: %w", q, err)
			}
			arg, s = v, strings.TrimSpace(s[end+1:])
		} else {
			end := strings.IndexByte(s, ',')
			if end < 0 {
				end = len(s)
			}
			arg, s = strings.TrimSpace(s[:end]), s[end:]
		}
		out = append(out, arg)
		if s == "" {
			break
		}
		if s[0] != ',' {
			return nil, fmt.Errorf("expected comma at %q", s)
		}
		s = strings.TrimSpace(s[1:])
	}
	return out, nil
}

func closingQuote(s string) int {
	q := s[0]
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case q:
			return i
		}
	}
	return -1
}
