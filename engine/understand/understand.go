// Package understand reads what a person typed together with the page it is about. It is
// Errand's one reader of commands: it grounds every mention of the page first (element
// names and labels, option texts, role and type words, ordinals, nearby text), then reads
// values by shape and quotes, then fits a small set of verb frames to what is left. Every
// word must be accounted for; a reading that leaves words unexplained, names something
// indefinite ("a name") or fits two elements equally asks instead of acting.
//
// It is pure: Read takes the goal and an observation and returns a Reading. The rules and
// their reasons are in docs/understanding.md.
package understand

import (
	"strings"
	"time"

	"github.com/errand-app/errand/engine/page"
)

// Options are the reader's settings. The zero value reads dates month first and fills a
// missing year with the current one of Today (or 2000 when Today is zero).
type Options struct {
	// DayFirst reads 03/05/2027 as 3 May; false reads it as March 5 (the default).
	DayFirst bool
	// Today fills in a year the person left out.
	Today time.Time
}

func (o Options) year() int {
	if o.Today.IsZero() {
		return 2000
	}
	return o.Today.Year()
}

// Reading is what a goal means on a page.
type Reading struct {
	Goal string `json:"goal"`
	// Commands are in the order they are to run. A command whose element is not on this
	// page yet (after a click that changes the page) is unbound: Rebind it later.
	Commands []Command `json:"commands"`
	// Questions must be answered before anything runs.
	Questions []Question `json:"questions,omitempty"`
	// Assumptions are what was read with less than certainty, to announce.
	Assumptions []string `json:"assumptions,omitempty"`
	// Unexplained are the words no reading accounts for.
	Unexplained []string `json:"unexplained,omitempty"`
	// Grounded says which words were read as which element or value.
	Grounded []Grounding `json:"grounded,omitempty"`
	Factors  Factors     `json:"factors"`
}

// Understood reports a reading that can run without asking.
func (r Reading) Understood() bool {
	return len(r.Commands) > 0 && len(r.Questions) == 0 && len(r.Unexplained) == 0
}

// Grounding ties words of the goal to what they were read as.
type Grounding struct {
	Words string `json:"words"`
	// As is "element", "option", "value", "verb" or "key".
	As string `json:"as"`
	// Element describes the element, when As is element or option.
	Element string `json:"element,omitempty"`
	ID      string `json:"id,omitempty"`
}

// Factors are the reading's share of the four confidence factors, each in [0, 1].
type Factors struct {
	Intent      float64 `json:"intentClarity"`
	Target      float64 `json:"targetMatch"`
	Value       float64 `json:"valueConfidence"`
	Determinism float64 `json:"actionDeterminism"`
}

// Command is one thing the person asked for.
type Command struct {
	// Action is the bound action; its ID is empty for actions that need no element.
	Action page.Action `json:"action"`
	// Bound is false while the element is not on the page yet.
	Bound bool `json:"bound"`
	// Verb, Phrase and Value keep what the person said, so an unbound command can be bound
	// on a later page (Rebind).
	Verb   string `json:"verb"`
	Phrase string `json:"phrase,omitempty"`
	Value  string `json:"value,omitempty"`
	Quoted bool   `json:"quoted,omitempty"`
	// Words are the goal's words this command came from.
	Words string `json:"words"`
	// Match is how well the element fits what was said (1 = exactly).
	Match float64 `json:"match"`
	// Changes reports an action after which the page may be different (a click, a key,
	// navigation): later commands are bound on the page that follows.
	Changes bool `json:"changes,omitempty"`
}

// PicksSuggestion reports the command that chooses, among the suggestions the typing
// before it opened, the one that fits the typed value: it is bound on the page that typing
// leaves, never on the page before it.
func (c Command) PicksSuggestion() bool { return verb(c.Verb) == verbSuggest }

// QuestionKind tells what an answer decides.
type QuestionKind string

// The kinds of question the reader asks.
const (
	AskElement QuestionKind = "element" // which of these elements
	AskValue   QuestionKind = "value"   // what to type
	AskOption  QuestionKind = "option"  // which option
	AskUnclear QuestionKind = "unclear" // words it could not read
	AskMissing QuestionKind = "missing" // the thing named is not on the page
)

// Question is what the reader needs to know before it can act.
type Question struct {
	Kind QuestionKind `json:"kind"`
	Text string       `json:"text"`
	// Command is the index of the command it is about; -1 for the whole goal.
	Command int      `json:"command"`
	Words   string   `json:"words"`
	Choices []Choice `json:"choices,omitempty"`
	// At is where in Reading.Commands the answer's commands go.
	At int `json:"at"`
	// Element and Verb are set on a value or option question about one known element:
	// the answer is that element's value (WithValue binds it).
	Element string `json:"element,omitempty"`
	Verb    string `json:"verb,omitempty"`
}

// Choice is one answer offered: an element (ID set), an option or a value.
type Choice struct {
	Label string  `json:"label"`
	ID    string  `json:"id,omitempty"`
	Value string  `json:"value,omitempty"`
	Score float64 `json:"score,omitempty"`
	// Then are the commands choosing it runs, in place of the question.
	Then []Command `json:"then,omitempty"`
}

// Read reads a goal on a page.
func Read(goal string, obs page.Observation, opts Options) Reading {
	r := newReader(obs, opts)
	said := strings.TrimSpace(goal)
	out := oneOptionEach(r.menuItemAsked(r.answered(r.readCorrected(said), said), said), obs)
	out.Goal = goal
	return out
}
