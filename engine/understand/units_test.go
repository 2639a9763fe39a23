package understand

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestUnitNamesFile keeps the table of unit names and testdata/units.txt the same, so
// growing the closed list shows in review.
func TestUnitNamesFile(t *testing.T) {
	raw, err := os.ReadFile("testdata/units.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{}
	for _, l := range strings.Split(string(raw), "\n") {
		if l = strings.TrimSpace(l); l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		code, names, _ := strings.Cut(l, ":")
		for _, n := range strings.Split(names, ",") {
			want[code] = append(want[code], strings.TrimSpace(n))
		}
	}
	if len(want) != len(unitNames) {
		t.Fatalf("units.txt has %d units, unitNames %d", len(want), len(unitNames))
	}
	for code, names := range unitNames {
		if !slices.Equal(names, want[code]) {
			t.Errorf("%s: unitNames %v, units.txt %v", code, names, want[code])
		}
	}
}

// TestUnitOptions: a currency or unit said by name takes the option that shows its code
// or symbol, announced; one that fits no option, or two, asks.
func TestUnitOptions(t *testing.T) {
	money := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Currency", Options: []string{"EUR – Euro (€)", "GBP – Pound sterling (£)", "USD – US dollar ($)", "CHF – Swiss franc"}},
		{ID: "2", Role: page.RoleSelect, Name: "Distance", Options: []string{"km", "mi"}},
		{ID: "3", Role: page.RoleSelect, Name: "Pay in", Options: []string{"AUD $", "USD $"}},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"Change the currency to pounds", []string{`select("1", "GBP – Pound sterling (£)")`}},
		{"currency: sterling", []string{`select("1", "GBP – Pound sterling (£)")`}},
		{"set the currency to US dollars", []string{`select("1", "USD – US dollar ($)")`}},
		{"currency euros please", []string{`select("1", "EUR – Euro (€)")`}},
		{"pick Swiss francs as the currency", []string{`select("1", "CHF – Swiss franc")`}},
		{"distance in miles", []string{`select("2", "mi")`}},
		{"set distance to kilometres", []string{`select("2", "km")`}},
		{"currency: yen", nil},
		{"pay in dollars", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) {
			rd := Read(tt.goal, money, Options{})
			wantReading(t, rd, tt.want)
			if tt.want != nil && len(rd.Assumptions) == 0 {
				t.Errorf("no assumption announced for %q", tt.goal)
			}
		})
	}
}
