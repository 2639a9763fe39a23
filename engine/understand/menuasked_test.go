package understand

import (
	"slices"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestMenuItemAsked: the goal that names a menu's button by its verb and a general object
// asks which item; a goal that says to open or click it opens it.
func TestMenuItemAsked(t *testing.T) {
	obs := page.Observation{URL: "http://x/energy", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Export ▾", State: "popup"},
		{ID: "2", Role: page.RoleButton, Name: "Refresh"},
	}, Behind: []page.Hidden{
		{Role: page.RoleMenuItem, Name: "Download as ▸", Ctx: "Export", By: "1"},
		{Role: page.RoleMenuItem, Name: "CSV", Ctx: "Download as", Via: 1},
		{Role: page.RoleMenuItem, Name: "PDF", Ctx: "Download as", Via: 1},
		{Role: page.RoleMenuItem, Name: "Print", Ctx: "Export", By: "1"},
	}}
	rd := Read("Export the data", obs, Options{})
	if len(rd.Commands) != 0 || len(rd.Questions) != 1 {
		t.Fatalf("want one question, got %v %+v", acts(rd), rd.Questions)
	}
	var labels []string
	for _, c := range rd.Questions[0].Choices {
		labels = append(labels, c.Label)
	}
	if want := []string{"Export ▾ > Download as ▸ > CSV", "Export ▾ > Download as ▸ > PDF", "Export ▾ > Print"}; !slices.Equal(labels, want) {
		t.Errorf("choices %q, want %q", labels, want)
	}
	readsAs(t, obs, []goalCase{
		{"click Export", []string{`click("1")`}},
		{"open the Export menu", []string{`click("1")`}},
	})
}

// TestDescribedTwin: "Delete the dinner" with a dinner on the open day and another behind
// the next day's tab asks which; a word only one has, or an item only the open day has,
// does not.
func TestDescribedTwin(t *testing.T) {
	obs := page.Observation{URL: "http://x/trip", Tree: []page.Node{
		{ID: "1", Role: page.RoleTab, Name: "Day 1", State: "selected", Ctx: "Itinerary"},
		{ID: "2", Role: page.RoleTab, Name: "Day 2", Ctx: "Itinerary"},
		{ID: "3", Role: page.RoleButton, Name: "Delete Dinner in Alfama (fado)", Ctx: "19:30 Dinner in Alfama (fado) €45"},
		{ID: "4", Role: page.RoleButton, Name: "Delete Museum visit", Ctx: "10:00 Museum visit €12"},
	}, Behind: []page.Hidden{
		{Role: page.RoleButton, Name: "Delete Dinner at Tascantiga", Ctx: "19:00 Dinner at Tascantiga €30", By: "2"},
		{Role: page.RoleButton, Name: "Delete Tram 28", Ctx: "11:00 Tram 28 €3", By: "2"},
	}}
	readsAs(t, obs, []goalCase{
		{"Delete the dinner", nil},
		{"delete the Alfama dinner", []string{`click("3")`}},
		{"delete the museum visit", []string{`click("4")`}},
	})
}
