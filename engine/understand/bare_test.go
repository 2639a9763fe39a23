package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestLoneValues: a sum, a phone number, an e-mail or a postcode said alone goes into the
// one shown field of its kind; two fields of the kind, or a number without the shape of a
// phone, leave it unread.
func TestLoneValues(t *testing.T) {
	pay := page.Observation{URL: "http://x/pay", Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Pay from", Options: []string{"Everyday Current ••4821", "Easy Saver ••7730"}},
		{ID: "2", Role: page.RoleInput, Name: "Who are you paying?", State: "autocomplete", Options: []string{"Tom Baker", "Thames Water"}},
		{ID: "3", Role: page.RoleInput, Name: "Amount (£)", Type: "number"},
		{ID: "4", Role: page.RoleInput, Name: "Reference"},
		{ID: "5", Role: page.RoleInput, Name: "Mobile", Type: "tel"},
		{ID: "6", Role: page.RoleInput, Name: "Postcode"},
		{ID: "7", Role: page.RoleButton, Name: "Continue"},
	}}
	readsAs(t, pay, []goalCase{
		{"£64", []string{`setValue("3", "64")`}},
		{"ref 88120456, £12.50, then continue", []string{`setValue("4", "88120456")`, `setValue("3", "12.50")`, `click("7")`}},
		{"07700 900123", []string{`setValue("5", "07700 900123")`}},
		{"SE1 7PB", []string{`setValue("6", "SE1 7PB")`}},
		{"88120456", nil},
		{"pay from my current account", []string{`select("1", "Everyday Current ••4821")`}},
	})
	two := page.Observation{URL: "http://x/two", Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Your phone", Type: "tel"},
		{ID: "2", Role: page.RoleInput, Name: "Partner's phone", Type: "tel"},
	}}
	readsAs(t, two, []goalCase{{"07700 900123", nil}})
}

// TestOneOwnerTwoRows: a row named by whose it is, when two rows are that person's, is
// asked about, never the first taken.
func TestOneOwnerTwoRows(t *testing.T) {
	board := page.Observation{URL: "http://x/board", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Delete Update onboarding docs", Ctx: "Update onboarding docs Priya Shah 20 Feb Low", Group: 1},
		{ID: "2", Role: page.RoleButton, Name: "Delete Fix login timeout", Ctx: "Fix login timeout Tom Baker 18 Feb Urgent", Group: 2},
		{ID: "3", Role: page.RoleButton, Name: "Delete Migrate CI to new runners", Ctx: "Migrate CI to new runners Tom Baker 7 Mar High", Group: 3},
	}, Groups: []page.Group{
		{Kind: "row", Name: "Update onboarding docs | Priya Shah | 20 Feb | Low | 🗑"},
		{Kind: "row", Name: "Fix login timeout | Tom Baker | 18 Feb | Urgent | 🗑"},
		{Kind: "row", Name: "Migrate CI to new runners | Tom Baker | 7 Mar | High | 🗑"},
	}}
	readsAs(t, board, []goalCase{
		{"delete Tom Baker's task", nil},
		{"delete Priya Shah's task", []string{`click("1")`}},
	})
}

// TestNamedBoxes: extras named with no verb are ticked when each name is one box's alone;
// "a programme" is the one box whose name ends so; a word a field shares asks.
func TestNamedBoxes(t *testing.T) {
	extras := page.Observation{URL: "http://x/tickets", Tree: []page.Node{
		{ID: "1", Role: page.RoleCheckbox, Name: "Car park pass (£12)", Ctx: "Extras"},
		{ID: "2", Role: page.RoleCheckbox, Name: "Official tour programme (£10)", Ctx: "Extras"},
		{ID: "3", Role: page.RoleCheckbox, Name: "Ticket refund protection (£4.50 per ticket)", Ctx: "Extras"},
		{ID: "4", Role: page.RoleSwitch, Name: "Send gate and delay updates by SMS"},
		{ID: "5", Role: page.RoleInput, Name: "Mobile number for SMS", Type: "tel"},
		{ID: "6", Role: page.RoleInput, Name: "Refund reference"},
	}}
	readsAs(t, extras, []goalCase{
		{"parking and a programme", []string{`check("1")`, `check("2")`}},
		{"SMS updates", []string{`check("4")`}},
		{"refund", nil},
	})
}

// TestLabelNamedWhole: two rows' buttons named alike by their verb are told apart by the
// row; a label said whole ("message the engineer") is that label, in whichever row.
func TestLabelNamedWhole(t *testing.T) {
	rows := page.Observation{URL: "http://x/claims", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Message the engineer", Ctx: "WC-10231 Fridge freezer Engineer booked", Group: 1},
		{ID: "2", Role: page.RoleButton, Name: "Message the engineer", Ctx: "WC-09877 Dishwasher Closed", Group: 2},
	}, Groups: []page.Group{{Kind: "row", Name: "WC-10231 | Fridge freezer | Engineer booked"}, {Kind: "row", Name: "WC-09877 | Dishwasher | Closed"}}}
	readsAs(t, rows, []goalCase{
		{"message the engineer", nil},
		{"message the engineer about the dishwasher", []string{`click("2")`}},
	})
}
