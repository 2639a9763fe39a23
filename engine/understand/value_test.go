package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// A field named in several words is never cut short so that its last words become the
// value ("Last name with Kaur" types Kaur, not "name with Kaur").
func TestValueNeverStartsInsideTheFieldName(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: "inp", Name: "First name", Ctx: "Contact details"},
		{ID: "2", Role: "inp", Name: "Last name", Ctx: "Contact details"},
		{ID: "3", Role: "inp", Name: "Email", Type: "email", Ctx: "Contact details"},
	}}
	for _, g := range []string{
		"Fill First name with Jas, Last name with Kaur, Email with jas@example.com",
		"Last name with Kaur",
		"fill last name with Kaur",
	} {
		r := Read(g, obs, Options{})
		var got string
		for _, c := range r.Commands {
			if c.Action.ID == "2" {
				got = c.Action.Text
			}
		}
		if got != "Kaur" {
			t.Errorf("%q typed %q into Last name, want Kaur (commands %+v)", g, got, r.Commands)
		}
	}
}

// A verb with its particle is not a field named by the verb with a value after it: "Note
// down the opening hours" types nothing into a Notes field.
func TestPhrasalVerbIsNotAFieldAndValue(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: "txt", Name: "Notes", Ctx: "Settings"},
		{ID: "2", Role: "btn", Name: "Save notes", Ctx: "Settings"},
	}}
	for _, g := range []string{"Note down the clinic's opening hours", "note down my new address"} {
		for _, c := range Read(g, obs, Options{}).Commands {
			if c.Action.Kind == page.SetValue {
				t.Errorf("%q typed %q into %s", g, c.Action.Text, c.Action.ID)
			}
		}
	}
	// Marked, it is a value: "Notes: down the hall".
	r := Read("Notes: down the hall", obs, Options{})
	if len(r.Commands) != 1 || r.Commands[0].Action.Text != "down the hall" {
		t.Errorf("Notes: down the hall read as %+v", r.Commands)
	}
}

// A tick never lands on a control that names another action: on a row of "Mark as done",
// "Buy milk", "Edit task", "tick off buy milk" does not click Edit.
func TestTickNeverClicksAnotherAction(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "3", Role: "chk", Name: "Mark as done", Ctx: "My tasks"},
		{ID: "4", Role: "btn", Name: "Edit task", Ctx: "My tasks · Buy milk"},
		{ID: "5", Role: "btn", Name: "Delete task", Ctx: "My tasks · Buy milk"},
	}}
	for _, c := range Read("tick off buy milk", obs, Options{}).Commands {
		if c.Action.ID == "4" || c.Action.ID == "5" {
			t.Errorf("ticking clicked %s", c.Action)
		}
	}
	for name, want := range map[string]bool{"Edit task": true, "Delete": true, "Add to cart": true, "★": false, "Dark mode": false} {
		if got := namesAnotherAction(name); got != want {
			t.Errorf("namesAnotherAction(%q) = %v, want %v", name, got, want)
		}
	}
}
