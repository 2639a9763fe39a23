package understand

import (
	"slices"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestSectionValues: values said after a place, with no field named, go where their shape
// says, and plain words into the one text field left; anything less certain is asked.
func TestSectionValues(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Full name", Ctx: "Your details"},
		{ID: "2", Role: page.RoleInput, Type: "email", Name: "Email", Ctx: "Your details"},
		{ID: "3", Role: page.RoleInput, Name: "Full name", Ctx: "Emergency contact"},
		{ID: "4", Role: page.RoleInput, Type: "tel", Name: "Phone", Ctx: "Emergency contact"},
		{ID: "5", Role: page.RoleInput, Name: "Relationship", Ctx: "Next of kin"},
		{ID: "6", Role: page.RoleInput, Name: "Name", Ctx: "Next of kin"},
		{ID: "7", Role: page.RoleInput, Name: "Mobile number", Ctx: "Next of kin"},
		{ID: "8", Role: page.RoleButton, Name: "Save"},
	}}
	for _, c := range []struct {
		goal string
		want []string // nil: a question
	}{
		{"emergency contact - Priya Nair, 07911 123456", []string{`setValue("3", "Priya Nair")`, `setValue("4", "07911 123456")`}},
		{"Emergency contact: 07911 123456 and Priya Nair", []string{`setValue("4", "07911 123456")`, `setValue("3", "Priya Nair")`}},
		{"your details: Sam Reid, sam@example.com", []string{`setValue("1", "Sam Reid")`, `setValue("2", "sam@example.com")`}},
		// Two text fields left for one name: which is not said.
		{"next of kin - Ana Diaz, 07700 900111", nil},
		// Two plain values: which goes where is not said.
		{"emergency contact - Priya Nair, sister", nil},
		// A step among the values is not a value.
		{"emergency contact - Priya Nair, 07911 123456, then save", nil},
		{"emergency contact - someone, 07911 123456", nil},
	} {
		t.Run(c.goal, func(t *testing.T) {
			wantReading(t, Read(c.goal, obs, Options{}), c.want)
		})
	}
}

// TestOpenThenValues: a control that shows fields, then values for them: the control is
// clicked and each value typed, once shown, into the field its shape fits.
func TestOpenThenValues(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Full name", Ctx: "Applicant"},
		{ID: "2", Role: page.RoleInput, Type: "email", Name: "Email", Ctx: "Applicant"},
		{ID: "3", Role: page.RoleButton, Name: "+ Add a joint applicant"},
	}, Behind: []page.Hidden{
		{Role: page.RoleInput, Name: "Full name", Ctx: "Joint applicant", By: "3"},
		{Role: page.RoleInput, Type: "email", Name: "Email", Ctx: "Joint applicant", By: "3"},
	}}
	rd := Read("Add a joint applicant - my husband Dev Patel, dev.patel@gmail.com", obs, Options{})
	if len(rd.Questions) > 0 {
		t.Fatalf("asked %q", rd.Questions[0].Text)
	}
	shown := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Full name", Ctx: "Applicant"},
		{ID: "2", Role: page.RoleInput, Type: "email", Name: "Email", Ctx: "Applicant"},
		{ID: "3", Role: page.RoleButton, Name: "+ Add a joint applicant"},
		{ID: "7", Role: page.RoleInput, Name: "Full name", Ctx: "Joint applicant"},
		{ID: "8", Role: page.RoleInput, Type: "email", Name: "Email", Ctx: "Joint applicant"},
	}}
	got := []string{acts(rd)[0]}
	for _, c := range rd.Commands[1:] {
		cmds, q := RebindAll(c, shown, Options{})
		if q != nil {
			t.Fatalf("once shown, %q asks %q", c.Phrase, q.Text)
		}
		got = append(got, cmds[0].Action.String())
	}
	want := []string{`click("3")`, `setValue("7", "Dev Patel")`, `setValue("8", "dev.patel@gmail.com")`}
	if !slices.Equal(got, want) {
		t.Fatalf("actions %v, want %v", got, want)
	}
	wantReading(t, Read("Add a joint applicant - Dev Patel, my sister", obs, Options{}), nil)
}
