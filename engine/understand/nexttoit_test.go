package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestNextToIt: "the Apply button next to it" is the Apply beside the field the clause
// before filled; without a clause before, or without "it", the tie asks.
func TestNextToIt(t *testing.T) {
	checkout := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Promo code", Ctx: "Discounts"},
		{ID: "2", Role: page.RoleButton, Name: "Apply", Ctx: "Discounts"},
		{ID: "3", Role: page.RoleInput, Name: "Gift card number", Ctx: "Discounts"},
		{ID: "4", Role: page.RoleButton, Name: "Apply", Ctx: "Discounts"},
		{ID: "5", Role: page.RoleButton, Name: "Place order"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"Enter SPRING10 as the promo code and hit the Apply button next to it", []string{`setValue("1", "SPRING10")`, `click("2")`}},
		{"type GIFT-77 into the gift card number, then press Apply beside it", []string{`setValue("3", "GIFT-77")`, `click("4")`}},
		{"put WINTER5 in the promo code field and click on the Apply next to that", []string{`setValue("1", "WINTER5")`, `click("2")`}},
		{"press the Apply button next to it", nil},
		{"type SPRING10 into the promo code and click Apply", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, checkout, Options{}), tt.want) })
	}
}
