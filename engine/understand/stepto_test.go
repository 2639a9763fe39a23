package understand

import (
	"slices"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestStepTo: a count said for a stepper presses its buttons the right number of times,
// from the count the page shows; too many presses ask.
func TestStepTo(t *testing.T) {
	recipe := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Fewer servings", Box: [4]int{350, 498, 36, 32}},
		{ID: "2", Role: page.RoleButton, Name: "More servings", Box: [4]int{416, 498, 36, 32}},
		{ID: "3", Role: page.RoleButton, Name: "Metric", Box: [4]int{528, 498, 78, 31}},
	}, Text: []page.TextBlock{{Kind: page.TextParagraph, Text: "Servings − 4 + Units", At: 0, Box: [4]int{275, 497, 730, 34}}}}
	booking := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Remove guest", Box: [4]int{232, 786, 28, 21}},
		{ID: "2", Role: page.RoleInput, Type: "number", Name: "Guests", Value: "0", Box: [4]int{260, 786, 48, 21}},
		{ID: "3", Role: page.RoleButton, Name: "Add guest", Box: [4]int{308, 786, 28, 21}},
		{ID: "4", Role: page.RoleButton, Name: "Decrease child seats", Box: [4]int{232, 820, 28, 21}},
		{ID: "5", Role: page.RoleButton, Name: "Increase child seats", Box: [4]int{308, 820, 28, 21}},
		{ID: "6", Role: page.RoleButton, Name: "Book"},
	}, Text: []page.TextBlock{{Kind: page.TextParagraph, Text: "Child seats − 1 +", At: 3, Box: [4]int{150, 818, 300, 25}}}}
	ride := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Fewer passengers", Box: [4]int{754, 515, 32, 32}},
		{ID: "2", Role: page.RoleInput, Type: "number", Name: "Passengers", Value: "1", State: "readonly", Box: [4]int{792, 520, 40, 21}},
		{ID: "3", Role: page.RoleButton, Name: "More passengers", Box: [4]int{838, 515, 32, 32}},
		{ID: "4", Role: page.RoleButton, Name: "Request ride"},
	}}
	up, down := `click("2")`, `click("1")`
	for _, tt := range []struct {
		obs  page.Observation
		goal string
		want []string
	}{
		{recipe, "make it 6 servings", []string{up, up}},
		{recipe, "scale it to 2 servings", []string{down, down}},
		{recipe, "6 servings please", []string{up, up}},
		{recipe, "one more serving", []string{up}},
		{recipe, "make it 60 servings", nil},
		{booking, "add one guest", []string{`click("3")`}},
		{booking, "add two guests using the + button", []string{`click("3")`, `click("3")`}},
		{booking, "3 child seats", []string{`click("5")`, `click("5")`}},
		{booking, "remove a child seat", []string{`click("4")`}},
		{booking, "add a guest using the Remove guest button", nil},
		{booking, "guests: 4", []string{`setValue("2", "4")`}},
		{booking, "make it 3 guests", []string{`setValue("2", "3")`}},
		// A read-only count is reached with its buttons, however the count is said.
		{ride, "we're 3 people", []string{`click("3")`, `click("3")`}},
		{ride, "set passengers to 3", []string{`click("3")`, `click("3")`}},
		{ride, "passengers: 1", []string{`wait(0)`}},
	} {
		t.Run(tt.goal, func(t *testing.T) {
			rd := Read(tt.goal, tt.obs, Options{})
			if tt.want == nil {
				if len(rd.Questions) == 0 {
					t.Fatalf("want a question, got %v", acts(rd))
				}
				return
			}
			if len(rd.Questions) > 0 || !slices.Equal(acts(rd), tt.want) {
				t.Fatalf("got %v %v, want %v", acts(rd), rd.Questions, tt.want)
			}
		})
	}
}
