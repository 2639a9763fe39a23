package understand

import (
	"slices"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestExactLabel pins goals that are word for word a button's name, even when the words
// are ones the reader would otherwise read as a determiner or a courtesy.
func TestExactLabel(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Return"},
		{ID: "2", Role: page.RoleButton, Name: "One way"},
		{ID: "3", Role: page.RoleButton, Name: "Next"},
		{ID: "4", Role: page.RoleLink, Name: "List your property"},
		{ID: "5", Role: page.RoleInput, Name: "Next of kin"},
	}}
	tests := []struct {
		goal string
		want []string
	}{
		{"One way", []string{`click("2")`}},
		{"Next", []string{`click("3")`}},
		{"next.", []string{`click("3")`}},
		{"List your property", []string{`click("4")`}},
		{"please", nil},
	}
	for _, tt := range tests {
		rd := Read(tt.goal, obs, Options{})
		if got := acts(rd); !slices.Equal(got, tt.want) || len(rd.Questions) > 0 && tt.want != nil {
			t.Errorf("%q: actions = %v (questions %v), want %v", tt.goal, got, rd.Questions, tt.want)
		}
	}
}

// TestVerbWithItem: a button's name said as the verb, then its item described in the
// item's own words. The relations between them ("from", "to") need not be on the page,
// and neither need the item's kind ("trip", "ticket"), but every other word must be, and
// a name is never the word left out.
func TestVerbWithItem(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Rebook", Box: [4]int{805, 901, 65, 21}},
		{ID: "2", Role: page.RoleButton, Name: "Rebook", Box: [4]int{805, 950, 65, 21}},
		{ID: "3", Role: page.RoleButton, Name: "Rebook", Box: [4]int{805, 999, 65, 21}},
		{ID: "4", Role: page.RoleButton, Name: "Reopen", Ctx: "T-4755 Can't log in to my account Closed"},
	}, Text: []page.TextBlock{
		{Kind: page.TextParagraph, Text: "Central Station → 22 Elm Street Mon 3 Mar", At: 0, Box: [4]int{410, 895, 221, 32}},
		{Kind: page.TextParagraph, Text: "Home → Riverside Hospital Fri 28 Feb", At: 1, Box: [4]int{410, 944, 189, 32}},
		{Kind: page.TextParagraph, Text: "Work → Home Thu 27 Feb", At: 2, Box: [4]int{410, 993, 117, 32}},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"Rebook the trip from Home to Riverside Hospital", []string{`click("2")`}},
		{"rebook the Central Station trip", []string{`click("1")`}},
		{"Reopen the login ticket", []string{`click("4")`}},
		{"Rebook the trip home", nil},                 // two trips end at Home
		{"Rebook the trip from Home to Leeds", nil},   // Leeds is on no trip
		{"Rebook the booking for Sam", nil},           // a name is never the word left out
		{"Rebook the cheapest trip to Hospital", nil}, // "cheapest" is on no trip
	} {
		rd := Read(tt.goal, obs, Options{})
		if got := acts(rd); !slices.Equal(got, tt.want) || len(rd.Questions) > 0 != (tt.want == nil) {
			t.Errorf("%q: actions = %v (questions %v), want %v", tt.goal, got, rd.Questions, tt.want)
		}
	}
}

// TestTypeWordNotValue: the word that says what kind of value follows ("Phone number
// 07700 900456") belongs to the field's name, never to the value typed.
func TestTypeWordNotValue(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "11", Role: page.RoleInput, Type: "tel", Name: "Daytime phone", Ctx: "Parent / guardian"},
		{ID: "13", Role: page.RoleInput, Type: "tel", Name: "Phone", Ctx: "Emergency contact"},
		{ID: "14", Role: page.RoleInput, Name: "Order number"},
	}}
	wantReading(t, Read("Phone number 07700 900456", obs, Options{}), nil)
	wantReading(t, Read("order number 12345", obs, Options{}), []string{`setValue("14", "12345")`})
}
