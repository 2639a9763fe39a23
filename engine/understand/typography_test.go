package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestTypography: the marks a keyboard and a page write differently are the same mark —
// hyphens and dashes between letters, curly and straight quotes, a no-break space.
func TestTypography(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Sort by", Options: []string{"Relevance", "Title A–Z", "Title Z–A"}},
		{ID: "2", Role: page.RoleCheckbox, Name: "Free Wi‑Fi"},
		{ID: "3", Role: page.RoleButton, Name: "Check‑in online"},
		{ID: "4", Role: page.RoleLink, Name: "Peter’s notes"},
		{ID: "5", Role: page.RoleInput, Name: "Special requests"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"sort by Title A-Z", []string{`select("1", "Title A–Z")`}},
		{"sort by title z—a", []string{`select("1", "Title Z–A")`}},
		{"tick free wi-fi", []string{`check("2")`}},
		{"click Check-in online", []string{`click("3")`}},
		{"open Peter's notes", []string{`click("4")`}},
		// A value typed keeps its marks as written.
		{`put "A–Z, please" in special requests`, []string{`setValue("5", "A–Z, please")`}},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}
