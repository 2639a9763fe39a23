package understand

import (
	"testing"
	"time"

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

// TestWhenLead: a date said with the words that say it is when ("on", "visiting on",
// "arriving") goes into the one date field, as the date alone does.
func TestWhenLead(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "2", Role: page.RoleInput, Type: "date", Name: "Appointment date"},
		{ID: "4", Role: page.RoleButton, Name: "14:00", Ctx: "Available times"},
		{ID: "6", Role: page.RoleButton, Name: "Delete", Ctx: "14 March 2026"},
	}}
	wantReading(t, Read("visiting on 14 March 2026, the 2pm slot", obs, Options{}), []string{`setValue("2", "2026-03-14")`, `click("4")`})
	wantReading(t, Read("arriving 18 Sept 2026", obs, Options{}), []string{`setValue("2", "2026-09-18")`})
	two := page.Observation{Tree: []page.Node{
		{ID: "9", Role: page.RoleInput, Type: "date", Name: "Date of birth", Ctx: "Patient"},
		{ID: "11", Role: page.RoleInput, Type: "date", Name: "Date of visit", Ctx: "Your visit"},
	}}
	wantReading(t, Read("visiting on 14 March 2026", two, Options{}), []string{`setValue("11", "2026-03-14")`})
	wantReading(t, Read("on 14 March 2026", two, Options{}), nil)
	// A verb of Errand's is no lead: "delete on 14 March 2026" is not a date to type.
	rd := Read("cancelling on 14 March 2026 and delete it", obs, Options{})
	for _, c := range rd.Commands {
		if c.Action.Kind == page.SetValue && len(rd.Questions) == 0 {
			t.Fatalf("typed the date of a clause that deletes: %v", acts(rd))
		}
	}
}

// TestArticleOptionSettlesTie: "a combi" is no indefinite value when it is the whole name
// of an option of one of the elements tied for the words before it.
func TestArticleOptionSettlesTie(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Boiler make", Options: []string{"Choose…", "Vaillant", "Baxi"}},
		{ID: "2", Role: page.RoleSelect, Name: "Boiler type", Options: []string{"Not sure", "Combi", "System"}},
	}}
	wantReading(t, Read("the boiler is a combi", obs, Options{}), []string{`select("2", "Combi")`})
	wantReading(t, Read("the boiler is a nice one", obs, Options{}), nil)
}

// TestNamedWhen: a date field named by some of its words, then when: the date goes into
// it and a time said with it into the time field beside it; words that name no date field
// ask.
func TestNamedWhen(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Type: "date", Name: "First lesson date", Ctx: "Lesson preferences"},
		{ID: "2", Role: page.RoleInput, Type: "time", Name: "Preferred start time", Ctx: "Lesson preferences"},
		{ID: "3", Role: page.RoleInput, Type: "date", Name: "Date of birth"},
		{ID: "4", Role: page.RoleButton, Name: "Cancel lesson on Monday 8 December"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"First lesson on the 9th of January 2026 at half past four in the afternoon", []string{`setValue("1", "2026-01-09")`, `setValue("2", "16:30")`}},
		{"first lesson on 9 January 2026", []string{`setValue("1", "2026-01-09")`}},
		{"driving test on 9 January 2026", nil},
		{"Cancel the lesson on Monday the 8th", []string{`click("4")`}},
	} {
		t.Run(tt.goal, func(t *testing.T) {
			wantReading(t, Read(tt.goal, obs, Options{Today: time.Date(2025, 11, 1, 0, 0, 0, 0, time.UTC)}), tt.want)
		})
	}
}

// TestAmountField: a text field whose name says its currency takes the number of an amount
// in that currency; an amount in another is asked about.
func TestAmountField(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Top-up amount (£)", Ctx: "Dinner money"},
		{ID: "2", Role: page.RoleButton, Name: "Top up"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"top up by 15 quid", []string{`setValue("1", "15")`}},
		{"top-up amount: £20", []string{`setValue("1", "20")`}},
		{"top-up amount: 12.50 pounds", []string{`setValue("1", "12.50")`}},
		{"top up €15", nil},
		{"top-up amount: 15 dollars", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}

// TestSaidRange: a time range said aloud is the one option with those ends, am or pm left
// to the option; a range two options or none have asks.
func TestSaidRange(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Type: "date", Name: "Date", Ctx: "When"},
		{ID: "2", Role: page.RoleSelect, Name: "Arrival window", Ctx: "When", Options: []string{"Any time (8am – 6pm)", "8am – 12pm", "12pm – 4pm", "4pm – 6pm"}},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"Visit on 3rd Feb 2026, between 12 and 4", []string{`setValue("1", "2026-02-03")`, `select("2", "12pm – 4pm")`}},
		{"from 8 till noon", []string{`select("2", "8am – 12pm")`}},
		{"between 4pm and 6pm", []string{`select("2", "4pm – 6pm")`}},
		{"between 4am and 6am", nil},
		{"between 1 and 3", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}
