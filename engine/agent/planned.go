package agent

import (
	"time"

	"github.com/errand-app/errand/engine/understand"
	"github.com/errand-app/errand/knowledge/recorded"
)

// Planned is one command of the task with everything decided about it, so inserting or
// dropping a command moves all of it at once.
type Planned struct {
	// Command is what the person (or the model, or an answer) asked for, as the reader
	// bound it on the page it was read on.
	Command understand.Command `json:"command"`
	// Ask is a question the reader raised at this place in the plan; the answer replaces
	// it with the commands it runs (docs/understanding.md, "Questions").
	Ask *understand.Question `json:"ask,omitempty"`
	// Fill stands for "fill in the form": one typing command per empty field, whose values
	// are asked for.
	Fill bool `json:"fill,omitempty"`
	// Element is an element the person chose for the command; it wins over the reader's.
	Element string `json:"element,omitempty"`
	// Approved is set once the person confirmed the command's risky action; Announced once
	// its assumptions were announced and let stand, so they are not announced again.
	Approved  bool `json:"approved,omitempty"`
	Announced bool `json:"announced,omitempty"`
	// Refined is set on commands the model wrote from its plan.
	Refined *Refined `json:"refined,omitempty"`
	// Recorded is the element a replayed command acted on last time (memory.go); Failed
	// is its first failure on this task, the lesson a later success teaches; Aside marks
	// a command that is not part of the errand (closing a dialog in the way).
	Recorded *recorded.Element `json:"recorded,omitempty"`
	Failed   *FirstFailure     `json:"failed,omitempty"`
	Aside    bool              `json:"aside,omitempty"`
}

// Raw is the command as a plan step reads.
func (p Planned) Raw() string {
	switch {
	case p.Ask != nil:
		return "ask: " + p.Ask.Text
	case p.Fill:
		return "fill in the form"
	case p.Command.Action.Description != "" || p.Command.Action.Todo != "":
		// A step bound later still says what it is for ("open “◂ Membership” to reach
		// “Freeze membership”").
		return todo(p.Command.Action)
	}
	return p.Command.Words
}

// Complexity is how the goal was routed: SIMPLE goals the reader understood run on the
// fast path; COMPLEX ones need a model (Reason says why).
type Complexity struct {
	Level  string `json:"complexity"`
	Reason string `json:"reason"`
}

const (
	levelSimple  = "SIMPLE"
	levelComplex = "COMPLEX"
)

// readOpts are the reader's options for this task: the person's date order and the day
// the task started (to complete dates written without a year).
func (s *step) readOpts() understand.Options {
	o := understand.Options{DayFirst: s.a.set.DayFirst}
	if t, err := time.Parse(time.DateOnly, s.st.Today); err == nil {
		o.Today = t
	}
	return o
}

// plannedFrom lays a reading out as the task's commands: its commands in order, each of
// its questions at the place its answer goes.
func plannedFrom(r understand.Reading) []Planned {
	out := make([]Planned, 0, len(r.Commands)+len(r.Questions))
	qs := r.Questions
	for i := 0; i <= len(r.Commands); i++ {
		for len(qs) > 0 && qs[0].At <= i {
			q := qs[0]
			out = append(out, Planned{Ask: &q})
			qs = qs[1:]
		}
		if i < len(r.Commands) {
			out = append(out, Planned{Command: r.Commands[i]})
		}
	}
	return out
}

// commandsOf wraps commands an answer, a contingency or the model produced.
func commandsOf(cmds []understand.Command) []Planned {
	out := make([]Planned, len(cmds))
	for i, c := range cmds {
		out[i] = Planned{Command: c}
	}
	return out
}

// splice replaces n commands at i with the given ones. A command before the cursor is
// never replaced, so the cursor stays where it is.
func (s *step) splice(i, n int, with []Planned) {
	rest := append(append([]Planned{}, with...), s.st.Commands[i+n:]...)
	s.st.Commands = append(s.st.Commands[:i:i], rest...)
}
