package understand

import (
	"slices"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestLabelChoice: a dropdown or a menu button named by its label, with the value to
// choose in it; a menu button is opened and its item chosen on the page that shows it.
func TestLabelChoice(t *testing.T) {
	listing := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Sort by: Most recent", State: "popup", Ctx: "63 properties"},
		{ID: "2", Role: page.RoleSelect, Name: "Group by", Options: []string{"None", "Agent", "Area"}},
		{ID: "3", Role: page.RoleLink, Name: "Lowest fares"},
		{ID: "4", Role: page.RoleButton, Name: "Board ▾", State: "popup"},
		{ID: "5", Role: page.RoleInput, Name: "Board name"},
	}, Text: []page.TextBlock{{Kind: page.TextHeading, Level: 2, Text: "63 properties", At: 0}}}
	opened := page.Observation{Tree: append(slices.Clone(listing.Tree),
		page.Node{ID: "10", Role: page.RoleOption, Name: "Most recent", State: "selected"},
		page.Node{ID: "11", Role: page.RoleOption, Name: "Lowest price"},
		page.Node{ID: "12", Role: page.RoleOption, Name: "Highest price"})}
	for _, tt := range []struct {
		goal string
		want []string // on the page as it is, then the item on the opened page; nil asks
	}{
		{"sort by lowest price", []string{`click("1")`, `click("11")`}},
		{"Sort the results by Lowest price", []string{`click("1")`, `click("11")`}},
		{"sort the properties by highest price", []string{`click("1")`, `click("12")`}},
		{"sort by: highest price", []string{`click("1")`, `click("12")`}},
		{"change sort by to lowest price", []string{`click("1")`, `click("11")`}},
		{"group the list by agent", []string{`select("2", "Agent")`}},
		{"group by: area", []string{`select("2", "Area")`}},
		{"sort the bananas by price", nil},
		{"group by colour", nil},
		// A menu button that shows no value holds actions: its items are no values.
		{`Rename the board to "Archive board"`, []string{`setValue("5", "Archive board")`}},
	} {
		t.Run(tt.goal, func(t *testing.T) {
			rd := Read(tt.goal, listing, Options{})
			if tt.want == nil {
				wantReading(t, rd, nil)
				return
			}
			if len(rd.Questions) > 0 || len(rd.Commands) != len(tt.want) {
				t.Fatalf("reading = %v, questions %+v", acts(rd), rd.Questions)
			}
			if got := actsOn(t, rd, opened); !slices.Equal(got, tt.want) {
				t.Fatalf("actions = %v, want %v", got, tt.want)
			}
		})
	}
}
