package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestAfterFinish: words that name nothing on the page after a click that books or sends
// what the page was for are asked about before anything is clicked; after a click that leads
// on (Next), they are read on the page it brings.
func TestAfterFinish(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleCheckbox, Name: "Firewood bundle", Ctx: "Extras"},
		{ID: "2", Role: page.RoleButton, Name: "Reserve pitch", Ctx: "Extras"},
		{ID: "3", Role: page.RoleButton, Name: "Next"},
	}}
	wantReading(t, Read("reserve the pitch and add kayak hire for two", obs, Options{}), nil)
	wantReading(t, Read("reserve the pitch and add firewood bundle for two", obs, Options{}), nil)

	rd := Read("click Next and type Smith into the surname field", obs, Options{})
	next := page.Observation{Tree: []page.Node{{ID: "9", Role: page.RoleInput, Name: "Surname"}}}
	if len(rd.Questions) > 0 {
		t.Fatalf("Next then a field on the next page: asked %q", rd.Questions[0].Text)
	}
	if got := actsOn(t, rd, next); len(got) != 2 || got[1] != `setValue("9", "Smith")` {
		t.Fatalf("Next then a field on the next page: %v", got)
	}
}

// TestAddToPlace: "add X to the basket" beside "Add to basket" buttons names the button to
// press for an item, never a value for the basket's one field.
func TestAddToPlace(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Add to basket", Ctx: "Rebecca · Daphne du Maurier · Good"},
		{ID: "2", Role: page.RoleButton, Name: "Add to basket", Ctx: "Rebecca · Daphne du Maurier · Fair"},
		{ID: "3", Role: page.RoleInput, Name: "Voucher code", Ctx: "Basket"},
	}}
	wantReading(t, Read("Add Rebecca to the basket", obs, Options{}), nil)
	wantReading(t, Read("add SAVE10 to the voucher code", obs, Options{}), []string{`setValue("3", "SAVE10")`})
}

// TestValueRunsIntoStep: an unquoted value never runs into the next step, whether a dash
// or "and … me" starts it.
func TestValueRunsIntoStep(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleTextarea, Name: "Delivery instructions"},
		{ID: "2", Role: page.RoleButton, Name: "Change delivery address"},
		{ID: "3", Role: page.RoleInput, Name: "Promo code", Ctx: "Book the engineer"},
		{ID: "4", Role: page.RoleButton, Name: "Book engineer visit"},
	}, Behind: []page.Hidden{{Role: page.RoleInput, Name: "Postcode", By: "2"}, {Role: page.RoleButton, Name: "Use this address", By: "2"}}}
	for _, goal := range []string{
		"Delivery address postcode should be S11 8YA - change it and use this address",
		"Book the engineer and get me a quote for a new boiler too",
	} {
		rd := Read(goal, obs, Options{})
		for _, c := range rd.Commands {
			if c.Action.Kind == page.SetValue {
				t.Errorf("%q typed %v", goal, acts(rd))
			}
		}
	}
	r := newReader(obs, Options{})
	for _, v := range []string{"address postcode should be S11 8YA - change it", "engineer and get me a quote"} {
		if !swallows(r, tokenize(v)) {
			t.Errorf("%q: the next step not seen in the value", v)
		}
	}
	wantReading(t, Read("Delivery instructions: leave it by the gate - the side one", obs, Options{}), []string{`setValue("1", "leave it by the gate - the side one")`})
}

// TestListThenVerb: the items first, then the verb with words that point back at them.
func TestListThenVerb(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "4", Role: page.RoleCheckbox, Name: "Ringing in my ears", Ctx: "Symptoms"},
		{ID: "5", Role: page.RoleCheckbox, Name: "Dizziness", Ctx: "Symptoms"},
		{ID: "6", Role: page.RoleCheckbox, Name: "Earache", Ctx: "Symptoms"},
	}}
	wantReading(t, Read("Ringing in my ears and dizziness - tick both of those", obs, Options{}), []string{`check("4")`, `check("5")`})
	wantReading(t, Read("earache, dizziness, ringing in my ears - tick all three please", obs, Options{}), []string{`check("6")`, `check("5")`, `check("4")`})
	// Something else after the verb is no list pointed back at.
	wantReading(t, Read("Ringing in my ears and dizziness - tick both and email the doctor", obs, Options{}), nil)
}

// TestRoleForName: "the switch for X" with X the words of one control's own name is that
// control, whatever else the role word fits.
func TestRoleForName(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleSwitch, Name: "Take away my old furniture", Ctx: "Access"},
		{ID: "2", Role: page.RoleCheckbox, Name: "Text me when the driver is 30 minutes away", Ctx: "On the day"},
	}}
	wantReading(t, Read("flip the switch for taking away old furniture", obs, Options{}), []string{`check("1")`})
	wantReading(t, Read("tick the box for text me when the driver is away", obs, Options{}), []string{`check("2")`})
}
