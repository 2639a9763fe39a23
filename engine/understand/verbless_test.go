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
