package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// shop has forms of one field and their buttons, and rows with their own buttons.
var shop = page.Observation{URL: "http://x/shop", Tree: []page.Node{
	{ID: "1", Role: page.RoleInput, Name: "Promo code", Ctx: "Your basket"},
	{ID: "2", Role: page.RoleButton, Name: "Apply", Ctx: "Your basket"},
	{ID: "3", Role: page.RoleInput, Name: "Gift card number", Ctx: "Gift cards"},
	{ID: "4", Role: page.RoleButton, Name: "Redeem", Ctx: "Gift cards"},
	{ID: "5", Role: page.RoleInput, Name: "Tracking number", Ctx: "Where is my parcel?"},
	{ID: "6", Role: page.RoleButton, Name: "Track parcel", Ctx: "Where is my parcel?"},
	{ID: "7", Role: page.RoleInput, Name: "Email address", Type: "email", Ctx: "Newsletter"},
	{ID: "8", Role: page.RoleButton, Name: "Subscribe", Ctx: "Newsletter"},
	{ID: "9", Role: page.RoleButton, Name: "Delete", Ctx: "Buy milk"},
	{ID: "10", Role: page.RoleButton, Name: "Delete", Ctx: "Call mum"},
}}

func TestFieldAndButton(t *testing.T) {
	for _, c := range []struct {
		goal string
		want []string // nil: a question
	}{
		{"Apply the promo code SPRING25", []string{`setValue("1", "SPRING25")`, `click("2")`}},
		{"apply code WELCOME10 please", []string{`setValue("1", "WELCOME10")`, `click("2")`}},
		{"redeem gift card 4421 9983", []string{`setValue("3", "4421 9983")`, `click("4")`}},
		{"Track parcel JD014600003", []string{`setValue("5", "JD014600003")`, `click("6")`}},
		{"track my parcel JD014600003", []string{`setValue("5", "JD014600003")`, `click("6")`}},
		{"subscribe with jo@example.com", []string{`setValue("7", "jo@example.com")`, `click("8")`}},
		// Indefinite values ask; a row's name is not a value to type.
		{"apply a promo code", nil},
		{"redeem something", nil},
		{"apply my promo code", nil},
		{"apply my student discount", nil},
		{"Delete Buy milk", []string{`click("9")`}},
	} {
		t.Run(c.goal, func(t *testing.T) {
			wantReading(t, Read(c.goal, shop, Options{}), c.want)
		})
	}
}

// TestFieldAndButtonFormWide: a form's own Submit is not a one-field form's verb.
func TestFieldAndButtonFormWide(t *testing.T) {
	survey := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleTextarea, Name: "Comments", Ctx: "Survey"},
		{ID: "2", Role: page.RoleInput, Type: "email", Name: "Contact email", Ctx: "Survey"},
		{ID: "3", Role: page.RoleButton, Name: "Submit", Ctx: "Survey"},
	}}
	for _, goal := range []string{"submit the survey and send me a discount code", "submit jo@x.io"} {
		rd := Read(goal, survey, Options{})
		for _, c := range rd.Commands {
			if c.Action.Kind == page.SetValue {
				t.Errorf("%q types: %v", goal, acts(rd))
			}
		}
	}
}
