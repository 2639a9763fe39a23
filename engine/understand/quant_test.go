package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// planner: two time fields, a table of three lines each with a Discount % field, and a
// list of calendars, some ticked.
var planner = page.Observation{URL: "http://x/planner",
	Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Type: "time", Name: "Start", Ctx: "Quiet hours"},
		{ID: "2", Role: page.RoleInput, Type: "time", Name: "End", Ctx: "Quiet hours"},
		{ID: "3", Role: page.RoleInput, Type: "number", Name: "Discount %, line 1", Group: 1},
		{ID: "4", Role: page.RoleInput, Type: "number", Name: "Discount %, line 2", Group: 2},
		{ID: "5", Role: page.RoleInput, Type: "number", Name: "Discount %, line 3", Group: 3},
		{ID: "6", Role: page.RoleCheckbox, Name: "Office", State: "checked", Ctx: "My calendars"},
		{ID: "7", Role: page.RoleCheckbox, Name: "Gym", State: "checked", Ctx: "My calendars"},
		{ID: "8", Role: page.RoleCheckbox, Name: "School run", Ctx: "My calendars"},
		{ID: "9", Role: page.RoleButton, Name: "Save"},
	},
	Groups: []page.Group{{Kind: page.GroupRow, Name: "1 | Design | 400.00"}, {Kind: page.GroupRow, Name: "2 | Hosting | 35.00"},
		{Kind: page.GroupRow, Name: "3 | Support | 90.00"}},
}

// TestQuantified pins "both", "all three", "every … except": the clause's equally good
// elements, each acted on, when their number is the one said.
func TestQuantified(t *testing.T) {
	tests := []struct {
		goal string
		want []string // nil: a question
	}{
		{"set both time fields to 07:30", []string{`setValue("1", "07:30")`, `setValue("2", "07:30")`}},
		{"put 22:00 in both time boxes", []string{`setValue("1", "22:00")`, `setValue("2", "22:00")`}},
		{"set the discount % to 5 on all three lines", []string{`setValue("3", "5")`, `setValue("4", "5")`, `setValue("5", "5")`}},
		{"put 10 in the discount % for every line", []string{`setValue("3", "10")`, `setValue("4", "10")`, `setValue("5", "10")`}},
		{"make the discount % 10 for every line", []string{`setValue("3", "10")`, `setValue("4", "10")`, `setValue("5", "10")`}},
		{"untick every calendar except Gym", []string{`uncheck("6")`, `uncheck("8")`}},
		{"tick all the calendar checkboxes", []string{`check("6")`, `check("7")`, `check("8")`}},
		{"set the discount % to 5 on all four lines", nil}, // three lines, not four
		{"set both discount fields to 5", nil},             // three, not two
	}
	for _, tt := range tests {
		t.Run(tt.goal, func(t *testing.T) {
			wantReading(t, Read(tt.goal, planner, Options{}), tt.want)
		})
	}
}

// listings: property types as check boxes, one ticked, and filter tabs.
var listings = page.Observation{URL: "http://x/homes",
	Tree: []page.Node{
		{ID: "1", Role: page.RoleCheckbox, Name: "Cottage", Ctx: "Home type"},
		{ID: "2", Role: page.RoleCheckbox, Name: "Town house", Ctx: "Home type", State: "checked"},
		{ID: "3", Role: page.RoleCheckbox, Name: "Villa", Ctx: "Home type"},
		{ID: "4", Role: page.RoleCheckbox, Name: "Studio", Ctx: "Home type"},
		{ID: "5", Role: page.RoleCheckbox, Name: "Garden", Ctx: "Features"},
		{ID: "6", Role: page.RoleTab, Name: "Everything", State: "selected"},
		{ID: "7", Role: page.RoleTab, Name: "Open"},
		{ID: "8", Role: page.RoleTab, Name: "Closed"},
	},
}

// TestOnlyList pins "only" with a list: the boxes named are ticked, the others of their
// group unticked; a tab said with "only" is chosen.
func TestOnlyList(t *testing.T) {
	tests := []struct {
		goal string
		want []string
	}{
		{"Only cottages, villas and studios", []string{`check("1")`, `uncheck("2")`, `check("3")`, `check("4")`}},
		{"tick only Villa and Studio", []string{`uncheck("1")`, `uncheck("2")`, `check("3")`, `check("4")`}},
		{"Villa, Studio and Cottage only", []string{`check("1")`, `uncheck("2")`, `check("3")`, `check("4")`}},
		{"cottage only", nil}, // one box: would the others be unticked?
		{"show only the closed ones", []string{`click("8")`}},
		{"only Villa and Garden", nil}, // two groups
	}
	for _, tt := range tests {
		t.Run(tt.goal, func(t *testing.T) {
			wantReading(t, Read(tt.goal, listings, Options{}), tt.want)
		})
	}
}

// TestQuantInName: a quantifier that is part of a button's name is no quantifier.
func TestQuantInName(t *testing.T) {
	cookies := page.Observation{URL: "http://x/", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Accept all cookies"},
		{ID: "2", Role: page.RoleButton, Name: "Accept necessary cookies"},
		{ID: "3", Role: page.RoleButton, Name: "Remove all"},
		{ID: "4", Role: page.RoleButton, Name: "Remove", Ctx: "Mug"},
		{ID: "5", Role: page.RoleButton, Name: "Remove", Ctx: "Plate"},
	}}
	for _, goal := range []string{"acept all cokies", "accept all the cookies", "remove all the items"} {
		if rd := Read(goal, cookies, Options{}); len(rd.Commands) > 1 {
			t.Errorf("%q: %v, want at most one click", goal, acts(rd))
		}
	}
}
