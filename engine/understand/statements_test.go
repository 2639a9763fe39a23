package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestStatements: a statement about the person that names one choice makes it, announced;
// one turned round, hedged, about someone else, or naming two choices asks.
func TestStatements(t *testing.T) {
	choir := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleRadio, Name: "Soprano", Ctx: "Voice part"},
		{ID: "2", Role: page.RoleRadio, Name: "Alto", Ctx: "Voice part"},
		{ID: "3", Role: page.RoleRadio, Name: "Tenor", Ctx: "Voice part"},
		{ID: "4", Role: page.RoleSwitch, Name: "Certified translation"},
		{ID: "5", Role: page.RoleInput, Name: "Make", Ctx: "Your boiler", State: "autocomplete", Options: []string{"Worcester Bosch", "Vaillant", "Baxi"}},
		{ID: "6", Role: page.RoleSelect, Name: "Boiler type", Ctx: "Your boiler", Options: []string{"Combi", "System", "Regular"}},
		{ID: "7", Role: page.RoleCheckbox, Name: "Wheelchair access needed"},
		{ID: "8", Role: page.RoleButton, Name: "Delete account"},
		{ID: "9", Role: page.RoleInput, Name: "Notes"},
		{ID: "10", Role: page.RoleCheckbox, Name: "Send me a replacement card", State: "checked"},
		{ID: "11", Role: page.RoleInput, Type: "range", Name: "Number of windows"},
		{ID: "12", Role: page.RoleRadio, Name: "No", Ctx: "Will alcohol be served or sold?", State: "checked"},
		{ID: "13", Role: page.RoleRadio, Name: "Yes", Ctx: "Will alcohol be served or sold?"},
		{ID: "14", Role: page.RoleSelect, Name: "Which floor is the piano on?", Options: []string{"Ground floor", "1st floor", "2nd floor or higher"}},
		{ID: "15", Role: page.RoleRadio, Name: "The tenant", Ctx: "Who will let the engineer in?"},
		{ID: "16", Role: page.RoleRadio, Name: "My letting agent", Ctx: "Who will let the engineer in?"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"I sing alto", []string{`check("2")`}},
		{"i'm a tenor", []string{`check("3")`}},
		{"It has to be certified", []string{`check("4")`}},
		{"our boiler is a Vaillant", []string{`setValue("5", "Vaillant")`, `("")`}},
		{"we've got a combi", []string{`select("6", "Combi")`}},
		{"I don't sing alto", nil},
		{"I used to sing tenor", nil},
		{"I think I'm an alto", nil},
		{"I sing alto or soprano", nil},
		{"my wife sings soprano", nil},
		{"we are soprano but delete account", nil},
		{"we're skipping tenor", nil},
		{"I want the certified translation off", nil},
		{"we want tenor cancelled", nil},
		{"I sing tenor mostly", []string{`check("3")`}},
		{"We've got 14 windows", []string{`setValue("11", "14")`}},
		{"we haven't got 14 windows", nil},
		{"i dont want a replacement card", []string{`uncheck("10")`}},
		{"I don't want a new PIN", nil},
		{"Yes there'll be alcohol", []string{`check("13")`}},
		{"yes for the replacement card too", nil},
		{"the piano is on the first floor", []string{`select("14", "1st floor")`}},
		// No subject: the words beside the choice must be its question's.
		{"Tenant will let them in", []string{`check("15")`}},
		{"the letting agent will let the engineer in", []string{`check("16")`}},
		{"Tenant will sort it out", nil},
		{"tenant's brother will let them in", nil},
		{"I sing something low", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) {
			rd := Read(tt.goal, choir, Options{})
			wantReading(t, rd, tt.want)
			if tt.want != nil && len(rd.Assumptions) == 0 {
				t.Errorf("%q acted without announcing it: %+v", tt.goal, rd)
			}
		})
	}
}

// TestStatementWords keeps the statement lists closed, in testdata so a change shows in
// review.
func TestStatementWords(t *testing.T) {
	closedLists(t, "testdata/statements.txt", map[string]map[string]bool{"subject": statementSubjects, "state": stateVerbs, "turn": turnWords, "grammar": statementGrammar})
}
