package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// shopping is a list with rows (a box and a Remove each) and a row that adds to it: a field
// the Add verb names, a quantity, an aisle and the Add button, in one section.
var shopping = page.Observation{URL: "http://x/list", Tree: []page.Node{
	{ID: "1", Role: page.RoleCheckbox, Name: "Whole milk", Ctx: "Whole milk 1 L Dairy Remove", Group: 1},
	{ID: "2", Role: page.RoleButton, Name: "Remove", Ctx: "Whole milk 1 L Dairy", Group: 1},
	{ID: "3", Role: page.RoleCheckbox, Name: "Greek yogurt", Ctx: "Greek yogurt 500 g Dairy Remove", Group: 2},
	{ID: "4", Role: page.RoleButton, Name: "Remove", Ctx: "Greek yogurt 500 g Dairy", Group: 2},
	{ID: "5", Role: page.RoleInput, Name: "Add an item…", Ctx: "My shopping list"},
	{ID: "6", Role: page.RoleInput, Name: "Qty", Ctx: "My shopping list"},
	{ID: "7", Role: page.RoleSelect, Name: "Aisle", Ctx: "My shopping list", Options: []string{"Produce", "Dairy", "Bakery"}},
	{ID: "8", Role: page.RoleButton, Name: "Add", Ctx: "My shopping list"},
}, Groups: []page.Group{{Kind: page.GroupRow, Name: "Whole milk | 1 L | Dairy | Remove"}, {Kind: page.GroupRow, Name: "Greek yogurt | 500 g | Dairy | Remove"}}}

// TestRowWordsChooseNothing: words that name only the row a box is in ("1 L" beside Whole
// milk) choose nothing (a wrong action once: a quantity ticked the milk); the field the
// Add verb names is the one Add sends, not the quantity after it.
func TestRowWordsChooseNothing(t *testing.T) {
	readsAs(t, shopping, []goalCase{
		{"1 L", nil},
		{`add "oat milk", 1 L, in the dairy aisle`, nil},
		{`add "oat milk"`, []string{`setValue("5", "oat milk")`, `click("8")`}},
		{"tick whole milk", []string{`check("1")`}},
	})
}

// contact is a claim form's contact part, with a notes field whose label ends on a noun
// people use for other things.
var contact = page.Observation{URL: "http://x/claim", Tree: []page.Node{
	{ID: "1", Role: page.RoleInput, Name: "Delivery postcode", Ctx: "Choose a slot"},
	{ID: "2", Role: page.RoleInput, Name: "Phone number", Type: "tel", Ctx: "How can we contact you?"},
	{ID: "3", Role: page.RoleTextarea, Name: "Access notes for the engineer", Ctx: "Your visit"},
	{ID: "4", Role: page.RoleTextarea, Name: "Special requests", Ctx: "Your basket"},
	{ID: "5", Role: page.RoleButton, Name: "Save draft", Ctx: "How can we contact you?"},
	{ID: "6", Role: page.RoleSwitch, Name: "Events near you", Ctx: "Newsletters"},
	{ID: "7", Role: page.RoleSwitch, Name: "Offers from our partners", State: "checked", Ctx: "Newsletters"},
	{ID: "8", Role: page.RoleLink, Name: "Look it up using your postcode", Ctx: "Your policy"},
}}

// TestFieldByItsWords: a field named by the noun its label ends on takes a code after it;
// a value said before "in the … box" goes into the field that box names by its own words;
// the person's "me" is the page's "you"; "save it as a draft" presses Save draft.
func TestFieldByItsWords(t *testing.T) {
	readsAs(t, contact, []goalCase{
		{"postcode SE1 7PB", []string{`setValue("1", "SE1 7PB")`}},
		// Words, not a code: "engineer" ends a label but the rest is an instruction.
		{"engineer visit 19/02/2026", nil},
		{"07700 900123 in the phone box", []string{`setValue("2", "07700 900123")`}},
		{"put something nice in the special requests box", nil},
		{"pressure washer in my basket", nil},
		{"save it as a draft", []string{`click("5")`}},
		{"turn on events near me", []string{`check("6")`}},
		{"I don't want anything from partners, but I'd love to hear about events near me", []string{`uncheck("7")`, `check("6")`}},
	})
}

// TestMovedDate: a date moved keeps the year of the booking it is in; a field whose own
// name starts with "move" is that field.
func TestMovedDate(t *testing.T) {
	obs := page.Observation{URL: "http://x/booking", Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Check-in", Type: "date", Value: "2025-06-12"},
		{ID: "2", Role: page.RoleInput, Name: "Check-out", Type: "date", Value: "2025-06-15"},
		{ID: "3", Role: page.RoleInput, Name: "Move-in date", Type: "date"},
	}}
	readsAs(t, obs, []goalCase{
		{"Move check-out to the 17th of June", []string{`setValue("2", "2025-06-17")`}},
		{"move-in date: 3 July", []string{`setValue("3", "2025-07-03")`}},
	})
}

// TestAddSuggestion: "add X" beside a field that suggests X and its Add button types X,
// picks the suggestion (a step bound once the typing shows it: wait(0) here) and presses
// Add; "to the basket" is where that button is.
func TestAddSuggestion(t *testing.T) {
	obs := page.Observation{URL: "http://x/shop", Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Add something", State: "autocomplete,popup", Ctx: "Your basket",
			Options: []string{"Oat milk 1L", "Porridge oats 1kg", "Rolled oats 500g"}},
		{ID: "2", Role: page.RoleButton, Name: "Add", Ctx: "Your basket"},
		{ID: "3", Role: page.RoleInput, Name: "Promo code", Ctx: "Your basket"},
		{ID: "4", Role: page.RoleButton, Name: "Apply", Ctx: "Your basket"},
	}}
	readsAs(t, obs, []goalCase{
		{"add porridge oats to the basket", []string{`setValue("1", "porridge oats")`, `wait(0)`, `click("2")`}},
	})
}

// TestEitherBoxes: "A or B" said of boxes of one group ticks both (times that all suit);
// said of radios, or with a verb, it is a choice left open and asked.
func TestEitherBoxes(t *testing.T) {
	obs := page.Observation{URL: "http://x/call", Tree: []page.Node{
		{ID: "1", Role: page.RoleCheckbox, Name: "Morning (8am–12pm)", Ctx: "Best times to call"},
		{ID: "2", Role: page.RoleCheckbox, Name: "Afternoon (12pm–5pm)", Ctx: "Best times to call"},
		{ID: "3", Role: page.RoleCheckbox, Name: "Evening (5pm–8pm)", Ctx: "Best times to call"},
		{ID: "4", Role: page.RoleRadio, Name: "Small", Ctx: "Size"},
		{ID: "5", Role: page.RoleRadio, Name: "Medium", Ctx: "Size"},
	}}
	readsAs(t, obs, []goalCase{
		{"mornings or evenings", []string{`check("1")`, `check("3")`}},
		{"small or medium", nil},
	})
}

// TestWhenSaid: a date and time said alone go into the date field and the time field beside
// it; "it happened on", "we'll be getting in around" only say when; "half 9 at night" is
// 21:30.
func TestWhenSaid(t *testing.T) {
	obs := page.Observation{URL: "http://x/claim", Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Date of incident", Type: "date", Ctx: "What happened"},
		{ID: "2", Role: page.RoleInput, Name: "Approximate time", Type: "time", Ctx: "What happened"},
	}}
	readsAs(t, obs, []goalCase{
		{"It happened on Saturday 3rd May 2025 at about quarter past two in the afternoon", []string{`setValue("1", "2025-05-03")`, `setValue("2", "14:15")`}},
	})
	hotel := page.Observation{URL: "http://x/hotel", Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Check-in", Type: "date", Value: "2025-06-12"},
		{ID: "2", Role: page.RoleInput, Name: "Estimated arrival time", Type: "time"},
	}}
	readsAs(t, hotel, []goalCase{
		{"we'll be getting in around half 9 at night", []string{`setValue("2", "21:30")`}},
	})
}

// TestSaidOfAPart: "the second guest is vegan and allergic to nuts" says two things of a
// numbered part of the page, neither of them its name field's (a wrong action once: the
// words typed into Guest 2's name); one thing said of the guest may be their name.
func TestSaidOfAPart(t *testing.T) {
	diets := []string{"No requirements", "Vegetarian", "Vegan", "Pescatarian"}
	obs := page.Observation{URL: "http://x/table", Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Guest 1 name", Ctx: "Guest 1"},
		{ID: "2", Role: page.RoleSelect, Name: "Diet", Ctx: "Guest 1", Options: diets},
		{ID: "3", Role: page.RoleCheckbox, Name: "Nuts", Ctx: "Guest 1"},
		{ID: "4", Role: page.RoleCheckbox, Name: "Gluten", Ctx: "Guest 1"},
		{ID: "5", Role: page.RoleInput, Name: "Guest 2 name", Ctx: "Guest 2"},
		{ID: "6", Role: page.RoleSelect, Name: "Diet", Ctx: "Guest 2", Options: diets},
		{ID: "7", Role: page.RoleCheckbox, Name: "Nuts", Ctx: "Guest 2"},
		{ID: "8", Role: page.RoleCheckbox, Name: "Gluten", Ctx: "Guest 2"},
	}}
	readsAs(t, obs, []goalCase{
		{"the second guest is vegan and allergic to nuts", nil},
		{"guest 2 name is Tom Ellis", []string{`setValue("5", "Tom Ellis")`}},
		{"the second guest is Tom", []string{`setValue("5", "Tom")`}},
	})
}

// TestCountOfAThing: "it's a 3 bed house" says what the house is; the 3 is no count of the
// page's Double bed (a wrong action once, when the date before it came to be read).
func TestCountOfAThing(t *testing.T) {
	obs := page.Observation{URL: "http://x/removals", Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Property size", Options: []string{"Please select", "2 bedrooms", "3 bedrooms"}},
		{ID: "2", Role: page.RoleInput, Name: "Moving date", Type: "date"},
		{ID: "3", Role: page.RoleInput, Name: "Double bed", Type: "number", Ctx: "Large items"},
	}}
	readsAs(t, obs, []goalCase{
		{"we're moving on Fri 30th Jan 2026, it's a 3 bed house", nil},
		{"we're moving on Fri 30th Jan 2026", []string{`setValue("2", "2026-01-30")`}},
	})
}
