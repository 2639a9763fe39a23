package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestOrdinalInName: a word of order that starts a name on the page is the name's
// ("First name Ana"); where no name starts with it, it still counts elements.
func TestOrdinalInName(t *testing.T) {
	signup := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "First name"},
		{ID: "2", Role: page.RoleInput, Name: "Last name"},
		{ID: "3", Role: page.RoleInput, Type: "email", Name: "Email"},
		{ID: "4", Role: page.RoleButton, Name: "Create account"},
	}}
	cart := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Type: "number", Name: "Quantity", Ctx: "Mug"},
		{ID: "2", Role: page.RoleInput, Type: "number", Name: "Quantity", Ctx: "Lamp"},
		{ID: "3", Role: page.RoleButton, Name: "Remove", Ctx: "Mug"},
		{ID: "4", Role: page.RoleButton, Name: "Remove", Ctx: "Lamp"},
	}}
	for _, tt := range []struct {
		obs  page.Observation
		goal string
		want []string
	}{
		{signup, "First name Ana", []string{`setValue("1", "Ana")`}},
		{signup, "last name: Silva", []string{`setValue("2", "Silva")`}},
		{signup, "First name Ana, last name Silva, email ana@x.org", []string{`setValue("1", "Ana")`, `setValue("2", "Silva")`, `setValue("3", "ana@x.org")`}},
		{signup, "First name Ana and last name Silva", []string{`setValue("1", "Ana")`, `setValue("2", "Silva")`}},
		{signup, "put Ana in the first name field", []string{`setValue("1", "Ana")`}},
		{signup, "first, type Ana into first name", []string{`setValue("1", "Ana")`}},
		{cart, "set the last quantity to 3", []string{`setValue("2", "3")`}},
		{cart, "click the first remove button", []string{`click("3")`}},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, tt.obs, Options{}), tt.want) })
	}
}
