package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestAmounts: an amount said as a noun phrase goes into the field it names.
func TestAmounts(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Type: "number", Name: "Discount %"},
		{ID: "2", Role: page.RoleInput, Type: "range", Name: "Tip for the driver: 10%"},
		{ID: "3", Role: page.RoleInput, Type: "range", Name: "Volume"},
		{ID: "4", Role: page.RoleInput, Name: "Promo code"},
		{ID: "5", Role: page.RoleButton, Name: "Apply"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"Apply a discount of 12.5%", []string{`setValue("1", "12.5")`}},
		{"give a discount of twenty percent", []string{`setValue("1", "20")`}},
		{"pop the driver tip up to 15%", []string{`setValue("2", "15")`}},
		{"leave a tip of 12%", []string{`setValue("2", "12")`}},
		{"bring the volume down to 20", []string{`setValue("3", "20")`}},
		{"turn the volume up to eighty", []string{`setValue("3", "80")`}},
		{"apply a discount of some kind", nil},
		{"apply a code of SPRING", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}
