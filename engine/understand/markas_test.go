package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestMarkAs: "flag X as Y" is Y's control in each of X's rows; the kind of the rows said
// after them ("payments", "the clean on") adds nothing; a file's name is its words.
func TestMarkAs(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Not me", Ctx: "21 Nov TESCO EXPRESS £12.40"},
		{ID: "2", Role: page.RoleButton, Name: "Not me", Ctx: "22 Nov UBER *TRIP £23.15"},
		{ID: "3", Role: page.RoleButton, Name: "Not me", Ctx: "23 Nov COSTA COFFEE £4.20"},
		{ID: "4", Role: page.RoleCheckbox, Name: "Reference only", Ctx: "glossary_2025.xlsx 1,300"},
		{ID: "5", Role: page.RoleCheckbox, Name: "Reference only", Ctx: "supply_contract_v3.docx 4,210"},
		{ID: "6", Role: page.RoleButton, Name: "Report a problem", Ctx: "19 Aug 2025 Liam £18.00"},
		{ID: "7", Role: page.RoleButton, Name: "Report a problem", Ctx: "24 Jun 2025 Chloe £33.00"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"Flag both the Uber and the Costa payments as Not me", []string{`click("2")`, `click("3")`}},
		{"mark the glossary as reference only", []string{`check("4")`}},
		{"click Not me for the Costa payments", []string{`click("3")`}},
		{"Report a problem with the clean on 19 August", []string{`click("6")`}},
		{"flag the Tesco or the Costa payment as Not me", nil},
		{"flag the Amazon payment as Not me", nil},
		{"mark the contract as something", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}
