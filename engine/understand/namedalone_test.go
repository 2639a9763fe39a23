package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// gym is an account page whose Notifications and Membership tabs are closed, with a menu
// whose sub-menu items are placed by the walk under the item that opens them.
var gym = page.Observation{URL: "http://x/gym", Tree: []page.Node{
	{ID: "1", Role: page.RoleTab, Name: "Profile", State: "selected"},
	{ID: "2", Role: page.RoleTab, Name: "Notifications"},
	{ID: "3", Role: page.RoleTab, Name: "Membership"},
	{ID: "4", Role: page.RoleInput, Name: "Mobile phone number", Type: "tel", Ctx: "Your details"},
	{ID: "5", Role: page.RoleButton, Name: "My account ▾", State: "popup"},
	{ID: "6", Role: page.RoleInput, Name: "Promo code", Ctx: "Your basket"},
	{ID: "7", Role: page.RoleButton, Name: "Apply", Ctx: "Your basket"},
	{ID: "8", Role: page.RoleCheckbox, Name: "Black olives", Ctx: "Extra toppings"},
}, Behind: []page.Hidden{
	{Role: page.RoleSwitch, Name: "Class reminders", Ctx: "Notifications", By: "2"},
	{Role: page.RoleSwitch, Name: "Offers and promotions", Ctx: "Notifications", By: "2"},
	{Role: page.RoleSwitch, Name: "Monthly newsletter", Ctx: "Notifications", By: "2"},
	{Role: page.RoleRadio, Name: "Off-peak · £19.99/month", Ctx: "Your plan", By: "3"},
	{Role: page.RoleRadio, Name: "Standard · £29.99/month", Ctx: "Your plan", By: "3"},
	{Role: page.RoleButton, Name: "Delete my reminders", Ctx: "Your plan", By: "3"},
	{Role: page.RoleMenuItem, Name: "Garlic bread · £4.50", Ctx: "My account", By: "5"},
	{Role: page.RoleMenuItem, Name: "Reading history ▸", Ctx: "My account", By: "5"},
	{Role: page.RoleMenuItem, Name: "Download as CSV", Ctx: "Reading history", Via: 8},
}}

// TestHiddenNamedInPart: a box, switch or radio behind a tab is named by part of its name
// (or a slip of it) when no other control, shown or hidden, has those words; anything else
// hidden is named in full or not at all.
func TestHiddenNamedInPart(t *testing.T) {
	readsAs(t, gym, []goalCase{
		{"turn off the newsletter", []string{`click("2")`, `uncheck("h3")`}},
		{"turn off the ofers", []string{`click("2")`, `uncheck("h2")`}},
		{"put me on the off-peak plan", []string{`click("3")`, `check("h4")`}},
		// "reminders" is the switch's and the button's: asked.
		{"turn off the reminders", nil},
		// A button is never pressed on part of its name.
		{"delete my", nil},
	})
}

// TestMenuPlace: a sub-menu's item is where its parent item says; "my" before the place
// is the person's.
func TestMenuPlace(t *testing.T) {
	readsAs(t, gym, []goalCase{
		{"download my reading history as a csv file", []string{`click("5")`, `click("h8")`, `click("h9")`}},
	})
}

// TestWhatIsAdded: "add" types into a field only when nothing the page offers is named;
// "use" a code presses the button that applies it.
func TestWhatIsAdded(t *testing.T) {
	readsAs(t, gym, []goalCase{
		{"add olives", []string{`check("8")`}},
		{"can u add a garlic bread", []string{`click("5")`, `click("h7")`}},
		{"use promo code SLICE20", []string{`setValue("6", "SLICE20")`, `click("7")`}},
		{"my mobile is now 07700 900461", []string{`setValue("4", "07700 900461")`}},
	})
}

// TestStatementLeavesNoCode: a statement about the person never swallows a code it cannot
// place ("my car reg is LD71 XFP" beside a Carer option).
func TestStatementLeavesNoCode(t *testing.T) {
	obs := page.Observation{URL: "http://x/visit", Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Relationship to patient", Options: []string{"Select…", "Friend", "Carer"}},
		{ID: "2", Role: page.RoleSelect, Name: "Ward", Options: []string{"Ward 3", "Ward 9 – Elderly care"}},
	}}
	readsAs(t, obs, []goalCase{{"my car reg is LD71 XFP", nil}})
}

// TestOrdinalPlace: a numbered part of the page said first by its place among its like
// ("first pizza", "the 2nd pizza:") is where the rest of the goal is done.
func TestOrdinalPlace(t *testing.T) {
	pizza := func(id int) []page.Node {
		n := func(k int) string { return string(rune('0' + id*4 + k)) }
		return []page.Node{
			{ID: n(1), Role: page.RoleRadio, Name: "Small", Ctx: "Size"},
			{ID: n(2), Role: page.RoleRadio, Name: "Large", Ctx: "Size"},
			{ID: n(3), Role: page.RoleSelect, Name: "Crust", Options: []string{"Classic", "Thin & crispy"}},
			{ID: n(4), Role: page.RoleCheckbox, Name: "Mushrooms", Ctx: "Extra toppings"},
		}
	}
	obs := page.Observation{URL: "http://x/pizza", Tree: append(pizza(0), pizza(1)...), Text: []page.TextBlock{
		{Kind: "heading", Level: 3, Text: "Pizza 1 · Margherita", At: 0},
		{Kind: "heading", Level: 4, Text: "Size", At: 0},
		{Kind: "heading", Level: 3, Text: "Pizza 2 · Veggie", At: 4},
		{Kind: "heading", Level: 4, Text: "Size", At: 4},
	}}
	readsAs(t, obs, []goalCase{
		{"first pizza large, thin crust, with extra mushrooms", []string{`check("2")`, `select("3", "Thin & crispy")`, `check("4")`}},
		{"the 2nd pizza: small", []string{`check("5")`}},
		{"thin crust", nil},
	})
}

// TestPronounNamesNoField: "it's …" speaks of the thing listed, never of a field whose help
// text happens to say "it" (a wrong action once: a description typed from a statement
// about materials).
func TestPronounNamesNoField(t *testing.T) {
	obs := page.Observation{URL: "http://x/listing", Tree: []page.Node{
		{ID: "1", Role: page.RoleCheckbox, Name: "Solid wood", Ctx: "Materials"},
		{ID: "2", Role: page.RoleCheckbox, Name: "Metal", Ctx: "Materials"},
		{ID: "3", Role: page.RoleCheckbox, Name: "Glass", Ctx: "Materials"},
		{ID: "4", Role: page.RoleTextarea, Name: "Tell buyers why you're selling, whether it comes apart…", Ctx: "Description"},
	}}
	readsAs(t, obs, []goalCase{
		{"it's solid oak with a glass top and metal legs", nil},
		{"there's a scratch on the left leg", nil},
	})
}
