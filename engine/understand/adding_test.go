package understand

import (
	"slices"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestAdding pins how an item is added to a list: its name typed into the field the Add
// button commits, then the button.
func TestAdding(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "New task", Ctx: "My tasks"},
		{ID: "2", Role: page.RoleButton, Name: "Add", Type: "submit", Ctx: "My tasks"},
		{ID: "3", Role: page.RoleCheckbox, Name: "Buy milk", Ctx: "My tasks"},
	}}
	typed := func(v string) []string { return []string{`setValue("1", "` + v + `")`, `click("2")`} }
	tests := []struct {
		goal string
		want []string // nil when a question is wanted
	}{
		{"Add a task called Book flights", typed("Book flights")},
		{"add another one: Pack bags", typed("Pack bags")},
		{"add 'delete all completed tasks' to my list", typed("delete all completed tasks")},
		{"new task: Renew car insurance", typed("Renew car insurance")},
		{"Add a task called Book flights, then add another one: Pack bags", slices.Concat(typed("Book flights"), typed("Pack bags"))},
		// The name is left open.
		{"add a task", nil},
		{"add a task called something", nil},
	}
	for _, tt := range tests {
		t.Run(tt.goal, func(t *testing.T) {
			wantReading(t, Read(tt.goal, obs, Options{}), tt.want)
		})
	}
}

// TestQuotedCore: "the note 'X'" types X; words that are not a kind of text stay.
func TestQuotedCore(t *testing.T) {
	for in, want := range map[string]string{
		`the note "Call me first"`:   "Call me first",
		`a message 'Happy birthday'`: "Happy birthday",
		`the Beatles 'Help'`:         "the Beatles Help",
	} {
		if got := joinRaw(quotedCore(tokenize(in))); got != want {
			t.Errorf("quotedCore(%s) = %q, want %q", in, got, want)
		}
	}
}
