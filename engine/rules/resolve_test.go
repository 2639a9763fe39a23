package rules

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// clinic is a page tree like the demo's: a nav, a patient form and a list with two rows.
var clinic = page.Observation{Tree: []page.Node{
	{ID: "1", Role: "link", Name: "Patients", Value: "/patients"},
	{ID: "2", Role: "link", Name: "New patient", Value: "/patients/new"},
	{ID: "3", Role: "inp", Name: "Name", State: "required"},
	{ID: "4", Role: "inp", Name: "Date of birth", Type: "date"},
	{ID: "5", Role: "sel", Name: "Gender", Options: []string{"Select…", "Female", "Male", "Other", "Prefer not to say"}},
	{ID: "6", Role: "inp", Name: "First name"},
	{ID: "7", Role: "inp", Name: "Last name"},
	{ID: "8", Role: "btn", Name: "Save", Type: "submit"},
	{ID: "9", Role: "btn", Name: "Save settings"},
	{ID: "10", Role: "btn", Name: "Delete", Ctx: "Maria Lopez"},
	{ID: "11", Role: "btn", Name: "Delete", Ctx: "Tom Baker"},
	{ID: "12", Role: "link", Name: "Details", Ctx: "Lab results", Value: "/details/lab"},
	{ID: "13", Role: "link", Name: "Details", Ctx: "Prescriptions", Value: "/details/rx"},
	{ID: "14", Role: "chk", Name: "Remember me"},
	{ID: "15", Role: "link", Name: "New patient", Value: "/patients/new", Ctx: "Patients"},
	{ID: "16", Role: "btn", Name: "Archive", State: "disabled"},
}}

func TestResolve(t *testing.T) {
	tests := []struct {
		goal      string
		wantID    string // "" = no match
		ambiguous bool
		option    string
	}{
		{"click Save", "8", false, ""},
		{"click the Save settings button", "9", false, ""},
		{"type 'Jas' into the Name field", "3", false, ""},
		{"type Jas into name", "3", false, ""},
		{"enter 1990-03-05 in Date of birth", "4", false, ""},
		{"fill First name with Jas", "6", false, ""},
		{"fill Last name with Kaur", "7", false, ""},
		{"select Female from Gender", "5", false, "Female"},
		{"select Female", "5", false, "Female"},
		{"set Gender to male", "5", false, "Male"},
		{"check Remember me", "14", false, ""},
		{"click Delete", "10", true, ""},
		{"click Delete for Tom Baker", "11", false, ""},
		{"click the second Delete button", "11", false, ""},
		{"click the last Delete button", "11", false, ""},
		{"click the Details link", "12", true, ""},
		{"click the Details link in the card of Prescriptions", "13", false, ""},
		{"click the link", "1", true, ""},
		{"click New patient", "2", false, ""}, // two links to the same page are one destination
		{"click Sumbit", "", false, ""},
		{"click Svae", "8", false, ""}, // a typo still finds Save
		{"click Frobnicate", "", false, ""},
		{"check Save", "", false, ""}, // a button is not a checkbox
	}
	for _, tt := range tests {
		t.Run(tt.goal, func(t *testing.T) {
			cmds, ok := Parse(tt.goal)
			if !ok || len(cmds) != 1 {
				t.Fatalf("Parse(%q) = %+v, %v", tt.goal, cmds, ok)
			}
			r := Resolve(cmds[0], clinic)
			best, found := r.Best()
			if tt.wantID == "" {
				if found {
					t.Fatalf("matched %+v, want no match", best)
				}
				return
			}
			if !found || best.Node.ID != tt.wantID {
				t.Fatalf("best = %+v (found %v), want id %s; all %+v", best, found, tt.wantID, r.Candidates)
			}
			if r.Ambiguous != tt.ambiguous {
				t.Errorf("ambiguous = %v, want %v; candidates %+v", r.Ambiguous, tt.ambiguous, r.Candidates)
			}
			if best.Option != tt.option {
				t.Errorf("option = %q, want %q", best.Option, tt.option)
			}
		})
	}
}

func TestNameScore(t *testing.T) {
	tests := []struct {
		q, n string
		min  float64
		max  float64
	}{
		{"Save", "Save", 1, 1},
		{"save", "Save *", 1, 1},
		{"Save", "Save settings", 0.85, 0.85},
		{"name", "Last name", 0.85, 0.85},
		{"email address", "Email", 0.6, 0.7},
		{"Save", "Delete", 0, 0},
	}
	for _, tt := range tests {
		if got := NameScore(tt.q, tt.n); got < tt.min || got > tt.max {
			t.Errorf("NameScore(%q, %q) = %v, want in [%v, %v]", tt.q, tt.n, got, tt.min, tt.max)
		}
	}
}
