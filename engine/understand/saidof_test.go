package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// tenancy is a form whose boxes say something of the person ("I rent this property"),
// with the fields of another person (the landlord's, the emergency contact's) named by
// whose they are and what kind of value they take, one set shown only once a switch is on.
var tenancy = page.Observation{URL: "http://x/tenancy", Tree: []page.Node{
	{ID: "1", Role: page.RoleInput, Name: "Full name", Ctx: "Your details"},
	{ID: "2", Role: page.RoleInput, Type: "email", Name: "Email", Ctx: "Your details"},
	{ID: "3", Role: page.RoleInput, Type: "tel", Name: "Phone", Ctx: "Your details"},
	{ID: "4", Role: page.RoleSwitch, Name: "I rent this property", State: "off", Ctx: "Your home"},
	{ID: "5", Role: page.RoleCheckbox, Name: "I have a blue badge", Ctx: "Your home"},
	{ID: "6", Role: page.RoleCheckbox, Name: "We have pets at home", Ctx: "Your home"},
	{ID: "7", Role: page.RoleInput, Name: "Emergency contact name", Ctx: "Emergency contact"},
	{ID: "8", Role: page.RoleInput, Type: "tel", Name: "Emergency contact phone", Ctx: "Emergency contact"},
	{ID: "9", Role: page.RoleCheckbox, Name: "I agree to the terms and conditions"},
	{ID: "10", Role: page.RoleButton, Name: "Send request"},
}, Behind: []page.Hidden{
	{Role: page.RoleInput, Name: "Landlord name", Ctx: "Your home", By: "4"},
	{Role: page.RoleInput, Name: "Landlord email", Type: "email", Ctx: "Your home", By: "4"},
}}

// TestSaidOfMe: a person says of themselves what a box says of them, in their own form of
// the words, and a box is ticked; anything that may turn it round is asked about.
func TestSaidOfMe(t *testing.T) {
	for _, c := range []struct {
		goal string
		want []string // nil: a question
	}{
		{"I'm renting", []string{`check("4")`}},
		{"we rent", []string{`check("4")`}},
		{"I've got a blue badge", []string{`check("5")`}},
		{"we've got pets", []string{`check("6")`}},
		{"I agree", []string{`check("9")`}},
		{"I agree to the terms, then send request", []string{`check("9")`, `click("10")`}},
		{"I don't rent", nil},
		{"I'm not renting", nil},
		{"I used to rent", nil},
		{"I rent a flat", nil},
		{"my mum rents", nil},
	} {
		t.Run(c.goal, func(t *testing.T) {
			wantReading(t, Read(c.goal, tenancy, Options{}), c.want)
		})
	}
}

// TestWhoseField: a field named by whose it is and the kind of value it takes is named by
// the first alone when the value is of that kind, and "his", "her" or "their" is the
// person the goal named before it.
func TestWhoseField(t *testing.T) {
	for _, c := range []struct {
		goal string
		want []string // nil: a question
	}{
		{"Emergency contact is Ruth Adeyemi", []string{`setValue("7", "Ruth Adeyemi")`}},
		{"Emergency contact Ruth Adeyemi, her phone 07700 900123", []string{`setValue("7", "Ruth Adeyemi")`, `setValue("8", "07700 900123")`}},
		{"my phone 07700 900456", []string{`setValue("3", "07700 900456")`}},
		{"I rent this property. The landlord is Colin Hart, his email colin@hartlets.co.uk",
			[]string{`click("4")`, `setValue("h1", "Colin Hart")`, `setValue("h2", "colin@hartlets.co.uk")`}},
		{"I'm renting, landlord Colin Hart", []string{`check("4")`, `setValue("h1", "Colin Hart")`}},
		// A name is not a phone number, nor a word of the page a name.
		{"emergency contact 07700 900123", []string{`setValue("8", "07700 900123")`}},
		{"Emergency contact is pets", nil},
	} {
		t.Run(c.goal, func(t *testing.T) { wantShown(t, Read(c.goal, tenancy, Options{}), tenancy, c.want) })
	}
}

// TestTabTwins: a control the open tab and a tab beside it both hold is asked about, unless
// the goal names the tab; the second choice opens the other tab first.
func TestTabTwins(t *testing.T) {
	obs := page.Observation{URL: "http://x/meals", Tree: []page.Node{
		{ID: "1", Role: page.RoleTab, Name: "Amelia", State: "selected", Ctx: "Meal choices"},
		{ID: "2", Role: page.RoleTab, Name: "Oliver", Ctx: "Meal choices"},
		{ID: "3", Role: page.RoleCheckbox, Name: "Nut allergy", Ctx: "Dietary needs"},
		{ID: "4", Role: page.RoleCheckbox, Name: "Vegetarian", Ctx: "Dietary needs"},
		{ID: "5", Role: page.RoleButton, Name: "Print statement"},
	}, Behind: []page.Hidden{
		{Role: page.RoleCheckbox, Name: "Nut allergy", Ctx: "Dietary needs", By: "2"},
		{Role: page.RoleCheckbox, Name: "Halal", Ctx: "Dietary needs", By: "2"},
		{Role: page.RoleCheckbox, Name: "Vegetarian", Ctx: "Dietary needs", By: "2"},
	}}
	rd := Read("Tick nut allergy", obs, Options{})
	if len(rd.Questions) != 1 || len(rd.Questions[0].Choices) != 2 || len(rd.Questions[0].Choices[1].Then) != 2 {
		t.Fatalf("want a question with two choices, got %v %+v", acts(rd), rd.Questions)
	}
	wantReading(t, Read("tick vegetarian", obs, Options{}), nil)
	wantReading(t, Read("print statement", obs, Options{}), []string{`click("5")`})
	// Said with the words of the open tab's own section, which the twin's lacks: placed.
	obs.Behind[0].Ctx = "Allergies"
	wantReading(t, Read("tick nut allergy under dietary needs", obs, Options{}), []string{`check("3")`})
}
