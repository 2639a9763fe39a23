package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// invoicePage has the same fields twice, under two headings, and a run of radios named
// by the text before them.
var invoicePage = page.Observation{Tree: []page.Node{
	{ID: "1", Role: page.RoleInput, Name: "Name", Ctx: "Contact"},
	{ID: "2", Role: page.RoleInput, Name: "Phone", Type: "tel", Ctx: "Contact"},
	{ID: "3", Role: page.RoleInput, Name: "Company", Ctx: "From"},
	{ID: "4", Role: page.RoleInput, Name: "Name", Ctx: "Contact"},
	{ID: "5", Role: page.RoleInput, Name: "Phone", Type: "tel", Ctx: "Contact"},
	{ID: "6", Role: page.RoleRadio, Name: "English", State: "checked", Ctx: "Terms"},
	{ID: "7", Role: page.RoleRadio, Name: "Deutsch", Ctx: "Terms"},
	{ID: "8", Role: page.RoleRadio, Name: "日本語", Ctx: "Terms"},
	{ID: "9", Role: page.RoleButton, Name: "Reset", Ctx: "Price", Group: 1},
	{ID: "10", Role: page.RoleButton, Name: "Reset", Ctx: "Filters"},
	{ID: "11", Role: page.RoleButton, Name: "About Core Express", Ctx: "12:15 Core Express Studio 1", Group: 2},
	{ID: "12", Role: page.RoleButton, Name: "About Spin 45", Ctx: "18:00 Spin 45 Cycle Studio", Group: 3},
}, Text: []page.TextBlock{
	{Kind: page.TextHeading, Level: 1, Text: "New invoice", At: 0},
	{Kind: page.TextHeading, Level: 2, Text: "Bill to", At: 0},
	{Kind: page.TextHeading, Level: 3, Text: "Contact", At: 0},
	{Kind: page.TextHeading, Level: 2, Text: "From", At: 2},
	{Kind: page.TextHeading, Level: 3, Text: "Contact", At: 3},
	{Kind: page.TextHeading, Level: 2, Text: "Terms", At: 5},
	{Kind: page.TextParagraph, Text: "Invoice language", At: 5},
}, Groups: []page.Group{{Kind: page.GroupFieldset, Name: "Price"},
	{Kind: page.GroupRow, Name: "12:15 | Core Express | Studio 1"}, {Kind: page.GroupRow, Name: "18:00 | Spin 45 | Cycle Studio"}}}

// TestSections: a heading, legend or row named in the goal keeps the candidates to what
// is inside it, and is then accounted for; a place the page does not have asks.
func TestSections(t *testing.T) {
	for _, tt := range []struct {
		goal string
		want []string // nil: a question
	}{
		{"Under Bill to, set the contact name to Dr Ruth Ahn", []string{`setValue("1", "Dr Ruth Ahn")`}},
		{"in the From section, type Jo Park as the name", []string{`setValue("4", "Jo Park")`}},
		{"under From, phone 020 7946 0958", []string{`setValue("5", "020 7946 0958")`}},
		{"the phone in the From block is 020 7946 0958", []string{`setValue("5", "020 7946 0958")`}},
		{"Press the Reset button in the Price section", []string{`click("9")`}},
		{"In the Price section, press Reset", []string{`click("9")`}},
		{"Click the info icon in the Core Express row", []string{`click("11")`}},
		{"info for Spin 45", []string{`click("12")`}},
		{"set the contact name to Dr Ruth Ahn under Bill to", []string{`setValue("1", "Dr Ruth Ahn")`}},
		{"type Jo Park as the name in the From section", []string{`setValue("4", "Jo Park")`}},
		{"Notes: meet under the clock", nil},
		{"click Reset in the Price list", []string{`click("9")`}},
		{"click Reset", nil},
		{"set the contact name to Dr Ruth Ahn", nil},
		{"Under Shipping, set the name to Dr Ruth Ahn", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, invoicePage, Options{}), tt.want) })
	}
}

// carPage has option groups made of buttons and radios: a fieldset of buttons, and a run
// of radios named by the text before it.
var carPage = page.Observation{Tree: []page.Node{
	{ID: "1", Role: page.RoleButton, Name: "Any", Ctx: "Car type", Group: 1},
	{ID: "2", Role: page.RoleButton, Name: "Small", Ctx: "Car type", Group: 1},
	{ID: "3", Role: page.RoleButton, Name: "SUV", Ctx: "Car type", Group: 1},
	{ID: "4", Role: page.RoleButton, Name: "Estate", Ctx: "Car type", Group: 1},
	{ID: "5", Role: page.RoleRadio, Name: "No preference", State: "checked", Ctx: "Car type", Group: 1},
	{ID: "6", Role: page.RoleRadio, Name: "Manual", Ctx: "Car type", Group: 1},
	{ID: "7", Role: page.RoleRadio, Name: "Automatic", Ctx: "Car type", Group: 1},
	{ID: "8", Role: page.RoleButton, Name: "Search cars"},
	{ID: "9", Role: page.RoleRadio, Name: "Basic (included)", State: "checked"},
	{ID: "10", Role: page.RoleRadio, Name: "Plus – €9.90/day"},
	{ID: "11", Role: page.RoleRadio, Name: "Full zero-excess – €17.50/day"},
	{ID: "12", Role: page.RoleRadio, Name: "Any", State: "checked", Ctx: "Bedrooms", Group: 2},
	{ID: "13", Role: page.RoleRadio, Name: "1+", Ctx: "Bedrooms", Group: 2},
	{ID: "14", Role: page.RoleRadio, Name: "2+", Ctx: "Bedrooms", Group: 2},
	{ID: "15", Role: page.RoleRadio, Name: "3+", Ctx: "Bedrooms", Group: 2},
}, Text: []page.TextBlock{{Kind: page.TextParagraph, Text: "Transmission:", At: 4, Group: 1},
	{Kind: page.TextParagraph, Text: "Cover:", At: 8}},
	Groups: []page.Group{{Kind: page.GroupFieldset, Name: "Car type"}, {Kind: page.GroupFieldset, Name: "Bedrooms"}}}

// TestOptionGroups: a group's label (legend, or the text before a run of options) is the
// Y of "set Y to X", "Y: X", "X as the Y", "X Y"; the option is compared exactly.
func TestOptionGroups(t *testing.T) {
	for _, tt := range []struct {
		page page.Observation
		goal string
		want []string
	}{
		{carPage, "Automatic transmission please", []string{`check("7")`}},
		{carPage, "transmission: manual", []string{`check("6")`}},
		{carPage, "set the transmission to automatic", []string{`check("7")`}},
		{carPage, "manual as the transmission", []string{`check("6")`}},
		{carPage, "set car type to Estate", []string{`click("4")`}},
		{carPage, "car type: suv", []string{`click("3")`}},
		{carPage, "set car type to Van", nil},
		{carPage, "transmission: electric", nil},
		{carPage, "cover: plus", []string{`check("10")`}},
		{carPage, "set the cover to full zero-excess", []string{`check("11")`}},
		{carPage, "cover: gold", nil},
		{carPage, "at least three bedrooms", []string{`check("15")`}},
		{carPage, "bedrooms: 2 or more", []string{`check("14")`}},
		{carPage, "set bedrooms to min 1", []string{`check("13")`}},
		{carPage, "at least five bedrooms", nil},
		{carPage, "I want an SUV", []string{`click("3")`}},
		{carPage, "an estate please", []string{`click("4")`}},
		{carPage, "pick a car type", nil},
		{invoicePage, "invoice language 日本語", []string{`check("8")`}},
		{invoicePage, "set the invoice language to deutsch", []string{`check("7")`}},
		{invoicePage, "invoice language 日本", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, tt.page, Options{}), tt.want) })
	}
}

// TestGoalScope: a place said first and set off by a colon or a dash is where every clause
// after it is read; a field named first with its value is no place.
func TestGoalScope(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Name", Ctx: "About you"},
		{ID: "2", Role: page.RoleInput, Name: "Phone", Type: "tel", Ctx: "About you"},
		{ID: "3", Role: page.RoleInput, Name: "Name", Ctx: "Patient"},
		{ID: "4", Role: page.RoleInput, Name: "Phone", Type: "tel", Ctx: "Patient"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"Under About you: name Daniel Reid, phone 07700 900123", []string{`setValue("1", "Daniel Reid")`, `setValue("2", "07700 900123")`}},
		{"patient — name Ada Reid, phone 07700 900999", []string{`setValue("3", "Ada Reid")`, `setValue("4", "07700 900999")`}},
		{"name: Daniel Reid", nil},                                 // which Name: still asked
		{"Billing: name Daniel Reid", nil},                         // no part of the page is Billing
		{"About you: name Daniel Reid, email dr@example.com", nil}, // no email field there
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}
