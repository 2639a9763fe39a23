package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// board is a task board whose Board menu holds sub-menus; two of them hold a Priority.
var board = page.Observation{URL: "http://x/board", Tree: []page.Node{
	{ID: "1", Role: page.RoleButton, Name: "Board ▾", State: "popup", Ctx: "Sprint 14"},
	{ID: "2", Role: page.RoleInput, Name: "Filter cards", Ctx: "Sprint 14"},
}, Behind: []page.Hidden{
	{Role: page.RoleMenuItem, Name: "Export ▸", Ctx: "Board", By: "1"},
	{Role: page.RoleMenuItem, Name: "CSV", Ctx: "Export", Via: 1},
	{Role: page.RoleMenuItem, Name: "PDF document", Ctx: "Export", Via: 1},
	{Role: page.RoleMenuItem, Name: "Sort cards by ▸", Ctx: "Board", By: "1"},
	{Role: page.RoleMenuItem, Name: "Priority", Ctx: "Sort cards by", Via: 4},
	{Role: page.RoleMenuItem, Name: "Due date", Ctx: "Sort cards by", Via: 4},
	{Role: page.RoleMenuItem, Name: "Group by ▸", Ctx: "Board", By: "1"},
	{Role: page.RoleMenuItem, Name: "Priority", Ctx: "Group by", Via: 7},
}}

// TestMenuWords: a sentence whose words are those of a sub-menu's item and of what leads to
// it clicks the way there; a word of none of them, or words two items fit alike, are asked.
func TestMenuWords(t *testing.T) {
	readsAs(t, board, []goalCase{
		{"export the board as CSV", []string{`click("1")`, `click("h1")`, `click("h2")`}},
		{"Export > CSV", []string{`click("1")`, `click("h1")`, `click("h2")`}},
		{"export it as a PDF", []string{`click("1")`, `click("h1")`, `click("h3")`}},
		{"sort cards by priority", []string{`click("1")`, `click("h4")`, `click("h5")`}},
		{"sort the cards by due date", []string{`click("1")`, `click("h4")`, `click("h6")`}},
		// "by priority" is the Sort's and the Group's alike.
		{"by priority", nil},
		// The page sends no e-mail.
		{"export the board as CSV and email it to Sam", nil},
	})
}

// contacts is a table of contacts, a Delete link in each row and a Delete selected button
// over them all.
var contacts = page.Observation{URL: "http://x/contacts", Tree: []page.Node{
	{ID: "1", Role: page.RoleButton, Name: "Delete selected", Ctx: "Contacts"},
	{ID: "2", Role: page.RoleLink, Name: "Delete", Ctx: "Tom Baker tom.baker@brightline.co Brightline Work"},
	{ID: "3", Role: page.RoleLink, Name: "Delete", Ctx: "Ann Lee ann.lee@harbor.io Harbor Analytics Friends"},
	{ID: "4", Role: page.RoleLink, Name: "Delete", Ctx: "Priya Natarajan priya.n@fjordlabs.no Fjord Labs Work"},
}}

// TestItemDescribed: the noun before an item's name or address ("the contact …") and the
// column said with "whose" describe the row; an address is never taken for that noun, so
// the button over all the rows is not what is meant.
func TestItemDescribed(t *testing.T) {
	readsAs(t, contacts, []goalCase{
		{"delete the contact priya.n@fjordlabs.no", []string{`click("4")`}},
		{"delete the contact whose email is ann.lee@harbor.io", []string{`click("3")`}},
		{"delete the contact sam@nowhere.org", nil},
	})
}

// dayTabs is a week of classes whose every row has a Book button: Monday's shown,
// Tuesday's behind its tab.
var dayTabs = page.Observation{URL: "http://x/gym", Tree: []page.Node{
	{ID: "1", Role: page.RoleTab, Name: "Mon 10", State: "selected", Ctx: "Book a class"},
	{ID: "2", Role: page.RoleTab, Name: "Tue 11", Ctx: "Book a class"},
	{ID: "3", Role: page.RoleButton, Name: "Book", Ctx: "07:00 Spin Dan Cycle studio"},
	{ID: "4", Role: page.RoleButton, Name: "Book", Ctx: "12:30 Pilates Aisha Studio 2"},
}, Behind: []page.Hidden{
	{Role: page.RoleButton, Name: "Book", Ctx: "19:30 Spin Dan Cycle studio", By: "2"},
	{Role: page.RoleButton, Name: "Book", Ctx: "18:00 Yoga Priya Studio 1", By: "2"},
}}

// TestTabTwinRow: a row on the open tab with its like behind another tab is asked about:
// the Book button's own name, which both rows' buttons bear, places neither.
func TestTabTwinRow(t *testing.T) {
	readsAs(t, dayTabs, []goalCase{
		{"can you book me onto spin please", nil},
	})
}

// account is a library account whose settings tab holds an Email field, and whose holds tab
// an Email box for notices.
var account = page.Observation{URL: "http://x/library", Tree: []page.Node{
	{ID: "1", Role: page.RoleTab, Name: "On loan", State: "selected"},
	{ID: "2", Role: page.RoleTab, Name: "Holds"},
	{ID: "3", Role: page.RoleTab, Name: "Account settings"},
}, Behind: []page.Hidden{
	{Role: page.RoleCheckbox, Name: "Email", Ctx: "Tell me when it's ready by", By: "2"},
	{Role: page.RoleInput, Name: "Email address", Type: "email", Ctx: "Account settings", By: "3"},
}}

// TestMadeForHiddenField: an address goes into the one hidden field made for it though a box
// elsewhere shares the field's word: a box takes no address.
func TestMadeForHiddenField(t *testing.T) {
	readsAs(t, account, []goalCase{
		{"email should be okafor.j@fastmail.com", []string{`click("3")`, `setValue("h2", "okafor.j@fastmail.com")`}},
	})
}

// TestWordForms: shortened units, a number with or without "#", and no slip between times.
func TestWordForms(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"mins", "minutes", true},
		{"min", "minutes", true},
		{"hrs", "hour", true},
		{"1044", "#1044", true},
		{"09:30", "19:30", false},
		{"2024", "2025", false},
		{"recieve", "receive", true},
	} {
		if got := wordEq(c.a, c.b) >= 0.8; got != c.same {
			t.Errorf("wordEq(%q, %q) = %v, want alike %v", c.a, c.b, wordEq(c.a, c.b), c.same)
		}
	}
}

// TestMenuWordsInOpenMenu: once the menu the person named is open, an item of its
// sub-menu is read from the words as before, the sub-menu's opener now shown, and a word
// that asks for a file ("download") may name an item that says another ("Export CSV").
func TestMenuWordsInOpenMenu(t *testing.T) {
	obs := page.Observation{URL: "http://x/bank", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "More ▾", State: "popup,expanded"},
		{ID: "2", Role: page.RoleMenuItem, Name: "◂ Statements", State: "popup", Ctx: "More"},
		{ID: "3", Role: page.RoleMenuItem, Name: "Help with payments", Ctx: "More"},
	}, Behind: []page.Hidden{
		{Role: page.RoleMenuItem, Name: "Download PDF", Ctx: "Statements", By: "2"},
		{Role: page.RoleMenuItem, Name: "Export CSV", Ctx: "Statements", By: "2"},
	}}
	cmds, q := RebindAll(Command{Verb: menuItemVerb + "click", Phrase: "download my statement as a CSV", Words: "download my statement as a CSV from the More menu"}, obs, Options{})
	if q != nil || len(cmds) != 2 || cmds[0].Action.String() != `click("2")` || cmds[1].Phrase != "Export CSV" {
		t.Fatalf("got %+v, question %v; want Statements, then Export CSV", cmds, q)
	}
	if got, q := RebindAll(Command{Verb: menuItemVerb + "click", Phrase: "get my statement", Words: "x"}, obs, Options{}); q == nil {
		t.Errorf("a statement with no format names neither item: it must be asked about, got %+v", got)
	}
}
