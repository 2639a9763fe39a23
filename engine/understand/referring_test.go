package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// product is a shop page with a size group, a colour group, a link inside a paragraph,
// board cards named by their title and details, and a select-all box.
var product = page.Observation{URL: "http://x/product", Tree: []page.Node{
	{ID: "1", Role: page.RoleLink, Name: "Size guide", Ctx: "Size", Group: 1},
	{ID: "2", Role: page.RoleRadio, Name: "XS", Ctx: "Size", Group: 1},
	{ID: "3", Role: page.RoleRadio, Name: "S", Ctx: "Size", Group: 1},
	{ID: "4", Role: page.RoleRadio, Name: "M", Ctx: "Size", Group: 1},
	{ID: "5", Role: page.RoleRadio, Name: "Navy", Ctx: "Colour", Group: 2},
	{ID: "6", Role: page.RoleRadio, Name: "Olive", Ctx: "Colour", Group: 2},
	{ID: "7", Role: page.RoleLink, Name: "the 2016 feasibility study", Ctx: "Harbour tunnel approved"},
	{ID: "8", Role: page.RoleButton, Name: "Fix login redirect High · Noor · due 19 Apr", Ctx: "To do"},
	{ID: "9", Role: page.RoleButton, Name: "Write release notes Low · Sam · due 2 May", Ctx: "To do"},
	{ID: "10", Role: page.RoleCheckbox, Name: "Select all orders on this page", Ctx: "Orders"},
}, Groups: []page.Group{{Kind: page.GroupFieldset, Name: "Size"}, {Kind: page.GroupFieldset, Name: "Colour"}}}

// TestReferredTo: an ordinal before a group's noun counts its choices; "to" after a link
// says where it leads; a kind noun before "called" says what kind of thing is named; a
// hyphenated word is the page's words written apart.
func TestReferredTo(t *testing.T) {
	readsAs(t, product, []goalCase{
		{"choose the 3rd size", []string{`check("4")`}},
		{"pick the second colour", []string{`check("6")`}},
		{"choose the 5th size", nil},
		{"open the link to the 2016 feasibility study", []string{`click("7")`}},
		{"can you open the card called Fix login redirect", []string{`click("8")`}},
		{"tick the select-all checkbox", []string{`check("10")`}},
	})
}

// TestRowByPictureOrSender: a row's picture names it ("Spin 45 🚴"); a message that is one
// control is opened by its sender, which its own name holds, and never deleted by a click
// on it.
func TestRowByPictureOrSender(t *testing.T) {
	timetable := page.Observation{URL: "http://x/gym", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Book", Ctx: "07:00 Yoga Flow 🧘 Marta Studio 2"},
		{ID: "2", Role: page.RoleButton, Name: "Book", Ctx: "18:00 Spin 45 🚴 Leila Cycle Studio"},
	}}
	readsAs(t, timetable, []goalCase{
		{"Book the 🚴 class", []string{`click("2")`}},
	})
	// Pictures that name controls are not their neighbours' row.
	marks := page.Observation{URL: "http://x/survey", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "✓", Ctx: "Café ✗"},
		{ID: "2", Role: page.RoleButton, Name: "✗", Ctx: "Café ✓"},
		{ID: "3", Role: page.RoleButton, Name: "✓", Ctx: "Museum shop ✗"},
		{ID: "4", Role: page.RoleButton, Name: "✗", Ctx: "Museum shop ✓"},
	}}
	readsAs(t, marks, []goalCase{
		{"Café ✓ and Museum shop ✗", []string{`click("1")`, `click("4")`}},
	})
	inbox := page.Observation{URL: "http://x/mail", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "김민준 다음 주 회의 일정 Mar 11"},
		{ID: "2", Role: page.RoleButton, Name: "☆", Ctx: "김민준 다음 주 회의 일정 Mar 11"},
		{ID: "3", Role: page.RoleButton, Name: "Lena Fischer Porto dates Mar 10"},
		{ID: "4", Role: page.RoleButton, Name: "Archive", Ctx: "Lena Fischer Porto dates Mar 10"},
	}}
	readsAs(t, inbox, []goalCase{
		{"open the message from 김민준", []string{`click("1")`}},
		{"open the email from Lena Fischer", []string{`click("3")`}},
		{"archive the message from Lena Fischer", []string{`click("4")`}},
	})
}
