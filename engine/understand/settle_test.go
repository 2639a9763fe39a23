package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestSettle: when the words fit several elements alike, the one made for the value or
// the verb is taken, and only when it is the one such element.
func TestSettle(t *testing.T) {
	clinic := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Visit location", Ctx: "Booking", Group: 1},
		{ID: "2", Role: page.RoleInput, Name: "Visit date", Type: "date", Ctx: "Booking", Group: 1},
		{ID: "3", Role: page.RoleInput, Name: "Visit time", Type: "time", Ctx: "Booking", Group: 1},
		{ID: "4", Role: page.RoleSelect, Name: "Visit type", Options: []string{"In person", "Video call"}, Ctx: "Booking", Group: 1},
		{ID: "5", Role: page.RoleTextarea, Name: "Visit notes", Ctx: "Booking", Group: 1},
	}}
	album := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleCheckbox, Name: "Select Harbour walk"},
		{ID: "2", Role: page.RoleButton, Name: "Harbour walk"},
		{ID: "3", Role: page.RoleButton, Name: "Share Harbour walk"},
	}}
	quiet := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Starts", Type: "time", Ctx: "Quiet hours"},
		{ID: "2", Role: page.RoleInput, Name: "Ends", Type: "time", Ctx: "Quiet hours"},
		{ID: "3", Role: page.RoleInput, Name: "Label", Ctx: "Quiet hours"},
	}}
	player := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Audio", Options: []string{"English", "Deutsch"}},
		{ID: "2", Role: page.RoleSelect, Name: "Subtitles", Options: []string{"Off", "English", "Deutsch"}},
		{ID: "3", Role: page.RoleSelect, Name: "Quality", Options: []string{"Auto", "1080p"}},
	}}
	stay := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Where to"},
		{ID: "2", Role: page.RoleInput, Name: "Arrive", Type: "date"},
		{ID: "3", Role: page.RoleInput, Name: "Leave", Type: "date"},
	}}
	for _, tt := range []struct {
		name string
		obs  page.Observation
		goal string
		want []string
	}{
		{"date", clinic, "visit on 12 June 2027", []string{`setValue("2", "2027-06-12")`}},
		{"time", clinic, "visit at 4:15pm", []string{`setValue("3", "16:15")`}},
		{"option", clinic, "visit: Video call", []string{`select("4", "Video call")`}},
		{"date and time", clinic, "visit 12 June 2027 at 10:00", []string{`setValue("2", "2027-06-12")`, `setValue("3", "10:00")`}},
		{"time first", clinic, "visit at noon on 3 March 2027", []string{`setValue("2", "2027-03-03")`, `setValue("3", "12:00")`}},
		{"text fits all", clinic, "visit Harbour Street clinic", nil},
		{"tick", album, "tick Harbour walk", []string{`check("1")`}},
		{"untick", album, "Untick Harbour walk please", []string{`uncheck("1")`}},
		{"both", quiet, "set both time fields to 07:30", []string{`setValue("1", "07:30")`, `setValue("2", "07:30")`}},
		{"both of three", quiet, "set both fields to 07:30", nil},
		{"first", player, "first dropdown: Deutsch", []string{`select("1", "Deutsch")`}},
		{"second", player, "second dropdown: Deutsch", []string{`select("2", "Deutsch")`}},
		{"the dropdown with the option", player, "set the dropdown to 1080p", []string{`select("3", "1080p")`}},
		{"two dropdowns have it", player, "set the dropdown to English", nil},
		{"second one", stay, "put 2027-01-02 in the first date field and 2027-01-09 in the second one",
			[]string{`setValue("2", "2027-01-02")`, `setValue("3", "2027-01-09")`}},
		{"second one of text", stay, "put Oslo in the second one", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rd := Read(tt.goal, tt.obs, Options{})
			wantReading(t, rd, tt.want)
			if tt.want != nil && tt.name != "both" && tt.name != "option" && tt.name != "first" && tt.name != "second" && len(rd.Assumptions) == 0 {
				t.Errorf("a tie settled by the value or verb must be announced")
			}
		})
	}
}
