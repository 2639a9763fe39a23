package understand

import (
	"slices"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestAsidesAndSuggestions: an element's aside breaks no tie; "X from the
// Y list" types X into an autocomplete field Y and chooses its suggestion.
func TestAsidesAndSuggestions(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Destination", State: "autocomplete"},
		{ID: "2", Role: page.RoleRadio, Name: "Standard (3–5 days) — free", Ctx: "Delivery", State: "checked"},
		{ID: "3", Role: page.RoleRadio, Name: "Express (next day) — €6.90", Ctx: "Delivery"},
		{ID: "4", Role: page.RoleInput, Name: "City"},
		{ID: "5", Role: page.RoleButton, Name: "Delete (draft)"},
		{ID: "6", Role: page.RoleButton, Name: "Delete all"},
	}}
	tests := []struct {
		goal string
		want []string // nil when a question is wanted
	}{
		// A name's aside lifts it above no other name that starts with the same words.
		{"click Delete", nil},
		{"pick Oslo from the destination list", []string{`setValue("1", "Oslo")`, `("")`}},
		// The value is left open.
		{"pick a city from the destination list", nil},
		{"choose any destination from the suggestions", nil},
		// A field that suggests nothing has no list to pick from.
		{"pick Oslo from the city list", nil},
	}
	for _, tt := range tests {
		t.Run(tt.goal, func(t *testing.T) {
			wantReading(t, Read(tt.goal, obs, Options{}), tt.want)
		})
	}
}

// TestRanges: "from A to B" fills the two fields of a range.
func TestRanges(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "City or airport", Box: [4]int{170, 155, 190, 36}},
		{ID: "2", Role: page.RoleInput, Name: "City or airport", Box: [4]int{410, 155, 190, 36}},
		{ID: "3", Role: page.RoleInput, Type: "time", Name: "From", Ctx: "Notifications", Box: [4]int{420, 320, 140, 38}},
		{ID: "4", Role: page.RoleInput, Type: "time", Name: "Until", Ctx: "Notifications", Box: [4]int{574, 320, 140, 38}},
	}, Text: []page.TextBlock{
		{Kind: "p", Text: "From", At: 0, Box: [4]int{170, 130, 40, 16}},
		{Kind: "p", Text: "To", At: 1, Box: [4]int{410, 130, 40, 16}},
		{Kind: "p", Text: "Do not disturb", At: 2, Box: [4]int{170, 300, 140, 16}},
	}}
	if rd := Read("From Oslo to Rome, then swap them", obs, Options{}); len(rd.Questions) == 0 {
		t.Errorf("the second value swallowed the next step: %v", acts(rd))
	}
	for goal, want := range map[string][]string{
		"From Oslo to Rome":                      {`setValue("1", "Oslo")`, `setValue("2", "Rome")`},
		"do not disturb from 11pm until 6:45 am": {`setValue("3", "23:00")`, `setValue("4", "06:45")`},
	} {
		rd := Read(goal, obs, Options{})
		if got := acts(rd); len(rd.Questions) > 0 || !slices.Equal(got, want) {
			t.Errorf("%q: actions %v, questions %+v; want %v", goal, got, rd.Questions, want)
		}
	}
}

// TestInitials: "DOB" names "Date of birth", a field or the group of its parts.
func TestInitials(t *testing.T) {
	field := page.Observation{Tree: []page.Node{{ID: "1", Role: page.RoleInput, Type: "date", Name: "Date of birth"}}}
	if got := acts(Read("my DOB is 1990-07-11", field, Options{})); !slices.Equal(got, []string{`setValue("1", "1990-07-11")`}) {
		t.Errorf("field: %v", got)
	}
	parts := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Day", Ctx: "Date of birth", Options: []string{"Day", "11"}},
		{ID: "2", Role: page.RoleSelect, Name: "Month", Ctx: "Date of birth", Options: []string{"Month", "July"}},
		{ID: "3", Role: page.RoleSelect, Name: "Year", Ctx: "Date of birth", Options: []string{"Year", "1990"}},
	}}
	want := []string{`select("1", "11")`, `select("2", "July")`, `select("3", "1990")`}
	if got := acts(Read("my DOB is 07/11/1990", parts, Options{})); !slices.Equal(got, want) {
		t.Errorf("parts: %v, want %v", got, want)
	}
}

// TestNameParts: a name written two ways ("Joyfully accepts · 出席します") is named by
// either way said whole.
func TestNameParts(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleRadio, Name: "Joyfully accepts · 出席します"},
		{ID: "2", Role: page.RoleRadio, Name: "Regretfully declines · 欠席します"},
		{ID: "3", Role: page.RoleButton, Name: "Send RSVP · 返信する"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"Select 出席します", []string{`check("1")`}},
		{"choose regretfully declines", []string{`check("2")`}},
		{"press 返信する", []string{`click("3")`}},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}
