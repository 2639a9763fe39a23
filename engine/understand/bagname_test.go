package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestBagName: a control named at length is said with fewer words in any order, its verb
// first; words two controls share, or one no control has, ask.
func TestBagName(t *testing.T) {
	vault := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Copy username for GitHub (alexm-dev)", Shown: "👤"},
		{ID: "2", Role: page.RoleButton, Name: "Copy password for GitHub (alexm-dev)", Shown: "🔑"},
		{ID: "3", Role: page.RoleButton, Name: "Copy password for Netflix (alex@example.com)", Shown: "🔑"},
		{ID: "4", Role: page.RoleButton, Name: "Copy password for Netflix (family@example.com)", Shown: "🔑"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"copy my GitHub password", []string{`click("2")`}},
		{"copy the username for github", []string{`click("1")`}},
		{"copy my Netflix password", nil}, // two Netflix logins
		{"copy my Slack password", nil},   // no Slack
		{"copy a GitHub password", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, vault, Options{}), tt.want) })
	}
}
