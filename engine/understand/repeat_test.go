package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestRepeats: a click or a key said with a count happens that many times; a count over
// maxPresses asks.
func TestRepeats(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Previous"},
		{ID: "2", Role: page.RoleButton, Name: "Next"},
		{ID: "3", Role: page.RoleInput, Type: "number", Name: "Quantity", Value: "1"},
	}}
	next := `click("2")`
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"click Next three times", []string{next, next, next}},
		{"hit next twice", []string{next, next}},
		{"press Next 4 times", []string{next, next, next, next}},
		{"press the up arrow 3 times", []string{`press("ArrowUp")`, `press("ArrowUp")`, `press("ArrowUp")`}},
		{"press tab twice", []string{`press("Tab")`, `press("Tab")`}},
		{"click Next 50 times", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}
