package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// appointments is a list of bookings, each row with its own Cancel, under a heading that
// names what every row is.
func appointments(heading string) page.Observation {
	return page.Observation{URL: "http://x/dentist", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Reschedule", Ctx: "Tue 1 Dec 2026, 09:30 Hygienist appointment Dr Lena Fischer", Group: 1},
		{ID: "2", Role: page.RoleButton, Name: "Cancel", Ctx: "Tue 1 Dec 2026, 09:30 Hygienist appointment Dr Lena Fischer", Group: 1},
		{ID: "3", Role: page.RoleButton, Name: "Reschedule", Ctx: "Thu 17 Dec 2026, 14:00 Check-up & clean Dr Amira Haddad", Group: 2},
		{ID: "4", Role: page.RoleButton, Name: "Cancel", Ctx: "Thu 17 Dec 2026, 14:00 Check-up & clean Dr Amira Haddad", Group: 2},
	}, Groups: []page.Group{{Kind: "row", Name: "Tue 1 Dec 2026, 09:30 | Hygienist appointment"}, {Kind: "row", Name: "Thu 17 Dec 2026, 14:00 | Check-up & clean"}},
		Text: []page.TextBlock{{Kind: page.TextHeading, Level: 2, Text: heading, At: 0}}}
}

// TestKindNamesNoRow: a noun that says only what kind of item is meant, the kind the
// heading over every row names, picks no row, however one row's text holds the noun;
// words that tell the rows apart still pick one.
func TestKindNamesNoRow(t *testing.T) {
	readsAs(t, appointments("Your upcoming appointments"), []goalCase{
		{"cancel my appointment", nil},
		{"please cancel the appointment", nil},
		{"Cancel for my appointment", nil},
		{"cancel the check-up", []string{`click("4")`}},
		{"cancel my hygienist appointment", []string{`click("2")`}},
		{"reschedule the appointment on 17 Dec", []string{`click("3")`}},
	})
}

// TestOptionSaidByPart: "the" before some words of one option names that option (a part,
// announced), and the person it is for may come first; words two options hold ask.
func TestOptionSaidByPart(t *testing.T) {
	obs := page.Observation{URL: "http://x/lunches", Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Monday", Options: []string{"— choose —", "Red: Roast chicken with gravy", "Green: Veggie sausage and mash", "Blue: Jacket potato with beans or cheese", "Red: Chicken curry and rice", "Packed lunch from home"}},
	}}
	readsAs(t, obs, []goalCase{
		{"choose the veggie sausage on Monday", []string{`select("1", "Green: Veggie sausage and mash")`}},
		{"give him the veggie sausage on Monday", []string{`select("1", "Green: Veggie sausage and mash")`}},
		{"pick the jacket potato for monday", []string{`select("1", "Blue: Jacket potato with beans or cheese")`}},
		{"choose the chicken on Monday", nil},
		{"choose the option on Monday", nil},
	})
}

// TestNamesSaidTheOtherWay: "Type of bin" is named "bin type" as well, and a dropdown
// behind a tab takes an option said without its bracketed aside; "type of" is no verb.
func TestNamesSaidTheOtherWay(t *testing.T) {
	obs := page.Observation{URL: "http://x/bins", Tree: []page.Node{
		{ID: "1", Role: page.RoleTab, Name: "Collection days", State: "selected"},
		{ID: "2", Role: page.RoleTab, Name: "Order a bin"},
		{ID: "3", Role: page.RoleInput, Name: "Postcode", Ctx: "Bins"},
	}, Behind: []page.Hidden{
		{Role: page.RoleSelect, Name: "Type of bin", Options: []string{"Choose…", "Blue recycling bin (free)", "Food caddy (free)", "Kitchen caddy (free)"}, Ctx: "Bins", By: "2"},
		{Role: page.RoleInput, Name: "Date of birth", Type: "date", Ctx: "Bins", By: "2"},
	}}
	readsAs(t, obs, []goalCase{
		{"Bin type: food caddy", []string{`click("2")`, `select("h1", "Food caddy (free)")`}},
		{"type of bin: food caddy", []string{`click("2")`, `select("h1", "Food caddy (free)")`}},
		{"select food caddy as the type of bin", []string{`click("2")`, `select("h1", "Food caddy (free)")`}},
		{"birth date 3 March 1990", []string{`click("2")`, `setValue("h2", "1990-03-03")`}},
		{"bin type: caddy", nil},
	})
}

// TestOneButtonOfAKind: "a save button" is the one button whose name starts so; with two
// such buttons, or with "a button" among several, it asks.
func TestOneButtonOfAKind(t *testing.T) {
	form := func(extra ...page.Node) page.Observation {
		return page.Observation{URL: "http://x/account", Tree: append([]page.Node{
			{ID: "1", Role: page.RoleButton, Name: "Change password", Ctx: "Security"},
			{ID: "2", Role: page.RoleButton, Name: "Discard", Ctx: "Security"},
			{ID: "3", Role: page.RoleButton, Name: "Save changes", Ctx: "Security"},
		}, extra...)}
	}
	readsAs(t, form(), []goalCase{
		{"click a save button", []string{`click("3")`}},
		{"click a button", nil},
	})
	readsAs(t, form(page.Node{ID: "4", Role: page.RoleButton, Name: "Save draft", Ctx: "Security"}), []goalCase{
		{"click a save button", nil},
	})
}
