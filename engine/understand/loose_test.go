package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestLooseTarget: a field named by its head noun, with words after it the page never
// uses or a shortened word of its name, is that field, announced; a foreign word before
// the head, a word the page uses elsewhere, or a value the field cannot take asks.
func TestLooseTarget(t *testing.T) {
	shop := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Album title", Ctx: "Details"},
		{ID: "2", Role: page.RoleSelect, Name: "Currency", Options: []string{"EUR – Euro", "GBP – British pound"}, Ctx: "Payment"},
		{ID: "3", Role: page.RoleInput, Name: "Shipping address", Ctx: "Payment"},
		{ID: "4", Role: page.RoleInput, Name: "Qty", Type: "number", Ctx: "Mouse"},
		{ID: "5", Role: page.RoleInput, Name: "Qty", Type: "number", Ctx: "Cable"},
		{ID: "6", Role: page.RoleInput, Name: "Qty", Type: "number", Ctx: "Lamp"},
		{ID: "7", Role: page.RoleButton, Name: "Pay now", Ctx: "Payment"},
		{ID: "8", Role: page.RoleTextarea, Name: "Notes for the courier", Ctx: "Delivery"},
		{ID: "9", Role: page.RoleSelect, Name: "Language", Options: []string{"English", "Русский"}, Ctx: "Delivery"},
	}}
	doc := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Document title"},
		{ID: "2", Role: page.RoleTextarea, Name: "Document content"},
		{ID: "3", Role: page.RoleInput, Name: "Licence number", Ctx: "Driving licence"},
		{ID: "4", Role: page.RoleInput, Name: "Licence expiry date", Type: "date", Ctx: "Driving licence"},
	}}
	for _, tt := range []struct {
		name string
		obs  page.Observation
		goal string
		want []string
	}{
		{"trailing particle", shop, "pop the currency over to GBP", []string{`select("2", "GBP – British pound")`}},
		{"trailing word", shop, "switch the currency across to EUR", []string{`select("2", "EUR – Euro")`}},
		{"no such option", shop, "pop the currency over to Bitcoin", nil},
		{"foreign modifier", shop, "set the billing address to 1 Main St", nil},
		{"other order", shop, "fill the courier notes with leave it by the shed", []string{`setValue("8", "leave it by the shed")`}},
		{"modifier and an option", shop, "set the app language to Русский", []string{`select("9", "Русский")`}},
		{"modifier and no option", shop, "set the app language to Klingon", nil},
		{"shortened", shop, "set the 2nd quantity box to 4", []string{`setValue("5", "4")`}},
		{"start of a word", doc, "rename the doc to Q3 plan", []string{`setValue("1", "Q3 plan")`}},
		{"head and a date", doc, "licence runs out 4 May 2030", []string{`setValue("4", "2030-05-04")`}},
		{"head and text", doc, "licence runs out Tuesday-ish", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rd := Read(tt.goal, tt.obs, Options{})
			wantReading(t, rd, tt.want)
			if tt.want != nil && len(rd.Assumptions) == 0 {
				t.Errorf("a loosely named field must be announced")
			}
		})
	}
}

// TestOneWordField: one word of a field's name is enough when no other field has it and
// the value is what the field is made for; a description holding a value is not asked
// about when a reading finds the field.
func TestOneWordField(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "16", Role: page.RoleButton, Name: "Decrease tip", Ctx: "Tip your rider"},
		{ID: "17", Role: page.RoleInput, Type: "number", Name: "Tip amount in pounds", Ctx: "Tip your rider"},
		{ID: "18", Role: page.RoleButton, Name: "Increase tip", Ctx: "Tip your rider"},
		{ID: "19", Role: page.RoleInput, Name: "Notes for the rider", Ctx: "Delivery"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"set the tip to £5.00", []string{`setValue("17", "5.00")`}},
		{"can u make the tip £5.00", []string{`setValue("17", "5.00")`}},
		{"set the tip to generous", nil},                                        // not a number
		{"set the notes to 4th floor", []string{`setValue("19", "4th floor")`}}, // the name's first word
		{"enter the tip", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}

// TestFormOfFieldWord: a word that is a form of another field's name ("expires" for
// Expiry) is never left out of a target, taken as the start of a value, nor read as a
// slip for another word of the page ("Express").
func TestFormOfFieldWord(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Name on card", Ctx: "Payment"},
		{ID: "2", Role: page.RoleInput, Name: "Card number", Ctx: "Payment"},
		{ID: "3", Role: page.RoleInput, Name: "Expiry (MM/YY)", Ctx: "Payment"},
		{ID: "4", Role: page.RoleRadio, Name: "Express", Ctx: "Delivery"}, // one slip from "expires"
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"card expires 09/29", nil},
		{"expiry 09/29", []string{`setValue("3", "09/29")`}},
		{"card number 4111 1111 1111 1111", []string{`setValue("2", "4111 1111 1111 1111")`}},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}

// TestFieldBeforeTo: a field named by its head noun with "the" before it and a value after
// "to" is that field, not a vague value "the experience to …".
func TestFieldBeforeTo(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Full name", Ctx: "About you"},
		{ID: "2", Role: page.RoleSelect, Name: "Driving experience", Ctx: "About you", Options: []string{"Complete beginner", "Nearly test ready"}},
		{ID: "3", Role: page.RoleButton, Name: "Book lesson"},
	}}
	for _, c := range []struct {
		goal string
		want []string // nil: a question
	}{
		{"set the experience dropdown to nearly test ready", []string{`select("2", "Nearly test ready")`}},
		{"change the experience to complete beginner", []string{`select("2", "Complete beginner")`}},
		{"set the name to something nice", nil},
		{"enter the right thing", nil},
	} {
		t.Run(c.goal, func(t *testing.T) { wantReading(t, Read(c.goal, obs, Options{}), c.want) })
	}
}
