package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestMoney: money said with its currency types the number and chooses the currency.
func TestMoney(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Recipient"},
		{ID: "2", Role: page.RoleInput, Type: "number", Name: "Amount", Ctx: "Payment"},
		{ID: "3", Role: page.RoleSelect, Name: "Currency", Ctx: "Payment", Value: "EUR – Euro",
			Options: []string{"EUR – Euro", "USD – US dollar", "GBP – British pound", "CHF – Swiss franc"}},
	}}
	amount := func(v string) string { return `setValue("2", "` + v + `")` }
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"amount £40", []string{amount("40"), `select("3", "GBP – British pound")`}},
		{"amount 40 GBP", []string{amount("40"), `select("3", "GBP – British pound")`}},
		{"set the amount to CHF 1.250,00", []string{amount("1250.00"), `select("3", "CHF – Swiss franc")`}},
		{"amount: €75,50", []string{amount("75.50")}},
		{"amount 120", []string{amount("120")}},
		{"amount ¥5000", nil},
		{"Recipient Oliver Grant, amount $1,200.50", []string{`setValue("1", "Oliver Grant")`, amount("1200.50"), `select("3", "USD – US dollar")`}},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
	if n, ok := parseNumber("1.250"); !ok || n != "1.250" {
		t.Errorf("parseNumber(1.250) = %q, want the English 1.250", n)
	}
}
