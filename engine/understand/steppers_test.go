package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestSteppers: the two buttons of a stepper go by the symbols they are drawn as.
func TestSteppers(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Fewer servings", Box: [4]int{350, 498, 36, 32}},
		{ID: "2", Role: page.RoleButton, Name: "More servings", Box: [4]int{416, 498, 36, 32}},
		{ID: "3", Role: page.RoleButton, Name: "Metric", Box: [4]int{528, 498, 78, 31}},
		{ID: "4", Role: page.RoleButton, Name: "More ▾", Box: [4]int{528, 20, 78, 31}},
	}, Text: []page.TextBlock{{Kind: page.TextParagraph, Text: "Servings − 4 + Units", At: 0, Box: [4]int{275, 497, 730, 34}}}}
	plus := `click("2")`
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"hit + twice", []string{plus, plus}},
		{"click plus", []string{plus}},
		{"tap the + 3 times", []string{plus, plus, plus}},
		{"press the minus button", []string{`click("1")`}},
		{"click − once more", nil},
		{"click more", []string{`click("4")`}},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}
