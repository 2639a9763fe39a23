package agent

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/knowledge/recorded"
)

func TestBoundRecorded(t *testing.T) {
	rows := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleLink, Name: "New patient", Ctx: "navigation"},
		{ID: "2", Role: page.RoleLink, Name: "New patient", Ctx: "Patients"},
		{ID: "3", Role: page.RoleButton, Name: "Delete", Ctx: "Maria Lopez | 1985-07-12"},
		{ID: "4", Role: page.RoleButton, Name: "Delete", Ctx: "Tom Baker | 1962-11-03"},
		{ID: "5", Role: page.RoleInput, Name: "Name"},
		{ID: "6", Role: page.RoleButton, Name: "Save", State: "disabled"},
		{ID: "7", Role: page.RoleButton, Name: "save "},
	}}
	click := replayCommand(recorded.Step{Action: page.Action{Kind: page.Click}})
	cases := []struct {
		name string
		el   recorded.Element
		want string // "" = not bound
	}{
		{"one by role and name", recorded.Element{Role: page.RoleInput, Name: "Name"}, "5"},
		{"two alike, told apart by context", recorded.Element{Role: page.RoleLink, Name: "New patient", Context: "Patients"}, "2"},
		{"the row it was in", recorded.Element{Role: page.RoleButton, Name: "Delete", Context: "Tom Baker | 1962-11-03"}, "4"},
		{"a row that is gone: not guessed", recorded.Element{Role: page.RoleButton, Name: "Delete", Context: "Ann Lee | 1990-01-01"}, ""},
		{"case and spaces differ; disabled ones are not it", recorded.Element{Role: page.RoleButton, Name: "Save"}, "7"},
		{"renamed: not bound", recorded.Element{Role: page.RoleButton, Name: "Submit"}, ""},
		{"another role: not bound", recorded.Element{Role: page.RoleLink, Name: "Name"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := boundRecorded(click, c.el, rows)
			if c.want == "" {
				if ok {
					t.Errorf("bound to %s, want nothing", got.Action.ID)
				}
				return
			}
			if !ok || got.Action.ID != c.want || !got.Bound {
				t.Errorf("bound = %v %+v, want element %s", ok, got.Action, c.want)
			}
		})
	}
}

func TestReplayCommandKeepsWhatBindsIt(t *testing.T) {
	typed := replayCommand(recorded.Step{Action: page.Action{Kind: page.SetValue, ID: "9", Text: "Lee"},
		Element: recorded.Element{Role: page.RoleInput, Name: "Name"}})
	if typed.Bound || typed.Action.ID != "" || typed.Verb != "type" || typed.Phrase != "Name" || typed.Value != "Lee" || !typed.Quoted {
		t.Errorf("typing step = %+v", typed)
	}
	nav := replayCommand(recorded.Step{Action: page.Action{Kind: page.Navigate, Text: "/patients"}})
	if !nav.Bound || !nav.Changes {
		t.Errorf("navigation step = %+v, want bound (it needs no element) and ending its chain", nav)
	}
}
