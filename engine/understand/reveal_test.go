package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestAfterATab: after a click that only opens a tab, a clause the page does not explain
// yet is read again on the tab it opens; after a click that does something, it is asked
// about at once.
func TestAfterATab(t *testing.T) {
	before := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleTab, Name: "Billing"},
		{ID: "2", Role: page.RoleButton, Name: "Save"},
	}}
	rd := Read("go to the Billing tab and download the February invoice", before, Options{})
	if len(rd.Questions) > 0 || len(rd.Commands) != 2 || rd.Commands[1].Bound {
		t.Fatalf("reading = %+v", rd)
	}
	after := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleTab, Name: "Billing", State: "selected"},
		{ID: "3", Role: page.RoleButton, Name: "Download", Group: 1},
		{ID: "4", Role: page.RoleButton, Name: "Download", Group: 2},
	}, Groups: []page.Group{{Kind: page.GroupRow, Name: "January 2025 | €45.00"}, {Kind: page.GroupRow, Name: "February 2025 | €45.00"}}}
	cmd, q := Rebind(rd.Commands[1], after, Options{})
	if q != nil || cmd.Action.String() != `click("4")` {
		t.Fatalf("rebound = %v, question %+v", cmd.Action, q)
	}
	if rd := Read("click Save and download the February invoice", before, Options{}); len(rd.Questions) == 0 {
		t.Fatalf("after Save: %v, want a question first", acts(rd))
	}
}

// TestNoTypoTooFar: a word two slips or more from every word of the page is no typo
// (a tie of "too far" once read "Location" as "").
func TestNoTypoTooFar(t *testing.T) {
	r := newReader(page.Observation{Tree: []page.Node{{ID: "1", Role: page.RoleTab, Name: "Privacy"}}}, Options{})
	if w, ok := r.closest("location", false); ok {
		t.Fatalf("closest(location) = %q, want none", w)
	}
}

// TestBracketedAside: an option's bracketed price or note is not said by people; two
// options that are the same once it is left out are asked about.
func TestBracketedAside(t *testing.T) {
	for _, tt := range []struct {
		value   string
		options []string
		want    int
	}{
		{"Express", []string{"Standard (free)", "Express (€9.90)"}, 1},
		{"express shipping", []string{"Standard (free)", "Express shipping [2 days]"}, 1},
		{"Standard", []string{"Standard (free)", "Standard (tracked)"}, -1},
	} {
		k, s := matchOption(tt.value, tt.options)
		if tt.want < 0 && s >= 0.7 || tt.want >= 0 && (k != tt.want || s < 0.7) {
			t.Errorf("matchOption(%q) = %d, %.2f; want %d", tt.value, k, s, tt.want)
		}
	}
}

// TestValueQuestionOffersFields: "pick a date" asks which field takes the date, never
// about a checkbox whose name holds the word.
func TestValueQuestionOffersFields(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Type: "date", Name: "Departure"},
		{ID: "2", Role: page.RoleInput, Type: "date", Name: "Return"},
		{ID: "3", Role: page.RoleCheckbox, Name: "My dates are flexible (±3 days)"},
	}}
	rd := Read("pick a date", obs, Options{})
	if len(rd.Commands) > 0 || len(rd.Questions) != 1 {
		t.Fatalf("reading = %+v", rd)
	}
	var ids []string
	for _, c := range rd.Questions[0].Choices {
		ids = append(ids, c.ID)
	}
	if len(ids) != 2 || ids[0] != "1" || ids[1] != "2" {
		t.Fatalf("choices = %v, want the two date fields", ids)
	}
}
