package understand

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestLeads keeps the choosing leads a closed list, in testdata so a change shows in
// review.
func TestLeads(t *testing.T) {
	raw, err := os.ReadFile("testdata/leads.txt")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, l := range strings.Split(string(raw), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			want = append(want, strings.Join(matchKeys(l), " "))
		}
	}
	got := leadWords()
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("choosing leads = %v, testdata/leads.txt says %v", got, want)
	}
}

// TestOptionLeads: an option named with a choosing lead, the group's own label, its
// symbols or a trailing noun the page never uses is chosen; a lead before a verb, or words
// that name no one option, ask.
func TestOptionLeads(t *testing.T) {
	diner := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleRadio, Name: "Mild", Ctx: "Heat level"},
		{ID: "2", Role: page.RoleRadio, Name: "🔥🔥", Ctx: "Heat level"},
		{ID: "3", Role: page.RoleRadio, Name: "🔥🔥🔥", Ctx: "Heat level"},
		{ID: "4", Role: page.RoleRadio, Name: "Window table", Ctx: "Seating"},
		{ID: "5", Role: page.RoleRadio, Name: "Garden", Ctx: "Seating"},
		{ID: "6", Role: page.RoleSelect, Name: "Ticket", Options: []string{"Standard", "Flexi", "Premium"}},
		{ID: "7", Role: page.RoleSelect, Name: "Idioma / Language", Options: []string{"Español", "Deutsch", "Suomi"}},
		{ID: "8", Role: page.RoleButton, Name: "Book a table"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"go for the garden", []string{`check("5")`}},
		{"we'd like the window table please", []string{`check("4")`}},
		{"I'll have Flexi", []string{`select("6", "Flexi")`}},
		{"I'll take the 🔥🔥🔥 heat", []string{`check("3")`}},
		{"🔥🔥 heat level", []string{`check("2")`}},
		{"Premium fare please", []string{`select("6", "Premium")`}},
		{"Suomi as the language", []string{`select("7", "Suomi")`}},
		{"we'd like to book a table", []string{`click("8")`}},
		{"go for something spicy", nil},
		{"🔥🔥🔥🔥 heat", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, diner, Options{}), tt.want) })
	}
}

// TestNeedLeads: "we'll need" leads a list of the things to tick, as "I'll take" leads a
// choice; a thing the page does not offer still asks.
func TestNeedLeads(t *testing.T) {
	room := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleCheckbox, Name: "Marker pens", Ctx: "Equipment to borrow"},
		{ID: "2", Role: page.RoleCheckbox, Name: "HDMI adapter", Ctx: "Equipment to borrow"},
		{ID: "3", Role: page.RoleCheckbox, Name: "Webcam", Ctx: "Equipment to borrow"},
		{ID: "4", Role: page.RoleCheckbox, Name: "Extension lead", Ctx: "Equipment to borrow"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"we'll need an HDMI adapter, a webcam and an extension lead pls", []string{`check("2")`, `check("3")`, `check("4")`}},
		{"I need marker pens", []string{`check("1")`}},
		{"we need a projector", nil},
		{"I need something", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, room, Options{}), tt.want) })
	}
}
