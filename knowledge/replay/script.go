// Package replay keeps completed errands as scripts that run again without a model: the
// verified actions with the elements that resolved them, keyed by site, the start page's
// URL pattern and the instruction with its values made variables, so "Add patient Jas"
// replays as "Add patient Lee" (docs/memory.md). Templatize, Match and Instantiate are pure;
// Store keeps scripts in SQLite.
package replay

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/errand-app/errand/knowledge/recorded"
)

// Script is a completed errand as it replays.
type Script struct {
	ID      int64  `json:"id"`
	Site    string `json:"site"`    // recorded.Site of the start page
	Pattern string `json:"pattern"` // recorded.URLPattern of the start page
	Key     string `json:"key"`     // the instruction made a template: "add patient {value1}"
	Goal    string `json:"goal"`    // the instruction it was recorded from
	Vars    []Var  `json:"vars,omitempty"`
	// Steps hold {name} where a variable's value goes (see Instantiate).
	Steps     []recorded.Step `json:"steps"`
	Uses      int             `json:"uses"` // replays since it was recorded
	CreatedAt time.Time       `json:"createdAt"`
	UpdatedAt time.Time       `json:"updatedAt"` // recorded or last rewritten
	LastUsed  time.Time       `json:"lastUsed"`
}

// Bindings are the values of a script's variables for one run, by variable name.
type Bindings map[string]string

// ErrNothingToReplay is returned by Record for an errand with no step to repeat.
var ErrNothingToReplay = errors.New("no steps to replay")

// Record makes a script of a completed errand: goal as the person wrote it, the start page's
// address, and the verified steps in order. Secrets become their placeholders
// (recorded.Step.Clean); a secret the goal does not name fails the recording, since the
// script would have to keep it.
func Record(goal, startURL string, steps []recorded.Step) (Script, error) {
	if len(steps) == 0 {
		return Script{}, ErrNothingToReplay
	}
	clean := make([]recorded.Step, len(steps))
	for i, s := range steps {
		c, err := s.Clean(goal)
		if err != nil {
			return Script{}, fmt.Errorf("record step %d: %w", i+1, err)
		}
		clean[i] = c
	}
	key, vars := Templatize(goal, TypedValues(clean))
	for i, s := range clean {
		clean[i] = templateStep(s, vars)
	}
	return Script{Site: recorded.Site(startURL), Pattern: recorded.URLPattern(startURL), Key: key,
		Goal: strings.TrimSpace(goal), Vars: vars, Steps: clean}, nil
}

// Instantiate returns the script's steps with the bindings' values in them, ready for the
// fast path's resolver: each element is found again by its description.
func Instantiate(s Script, bindings Bindings) ([]recorded.Step, error) {
	out := make([]recorded.Step, len(s.Steps))
	for i, st := range s.Steps {
		var err error
		fields := []*string{&st.Action.Text, &st.Action.Description, &st.Element.Name, &st.Element.Context}
		for _, f := range fields {
			if *f, err = fill(*f, bindings); err != nil {
				return nil, fmt.Errorf("instantiate step %d: %w", i+1, err)
			}
		}
		out[i] = st
	}
	return out, nil
}
