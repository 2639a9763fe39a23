package understand

import (
	"fmt"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// inbox is a list of clickable items with icon buttons (a control group each), a settings
// list whose rows are text before a button, a task list whose × sits beside each task,
// and cards whose heart is a "Save …" button.
var inbox = page.Observation{URL: "http://x/inbox",
	Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Trash"},
		{ID: "2", Role: page.RoleButton, Name: "Tom Baker Lunch on Friday?"},
		{ID: "3", Role: page.RoleButton, Name: "☆", Group: 1},
		{ID: "4", Role: page.RoleButton, Name: "🗑", Group: 1},
		{ID: "5", Role: page.RoleButton, Name: "Lena Fischer Porto dates"},
		{ID: "6", Role: page.RoleButton, Name: "☆", Group: 2},
		{ID: "7", Role: page.RoleButton, Name: "🗑", Group: 2},
		{ID: "8", Role: page.RoleButton, Name: "Disconnect", Ctx: "Connected accounts", Box: [4]int{400, 300, 80, 20}},
		{ID: "9", Role: page.RoleButton, Name: "Disconnect", Ctx: "Connected accounts", Box: [4]int{400, 330, 80, 20}},
		{ID: "10", Role: page.RoleCheckbox, Name: "Return library books", Ctx: "Later", Box: [4]int{10, 500, 200, 20}},
		{ID: "11", Role: page.RoleButton, Name: "×", Ctx: "Later", Box: [4]int{300, 502, 16, 16}},
		{ID: "12", Role: page.RoleCheckbox, Name: "Call the plumber", Ctx: "Later", Box: [4]int{10, 530, 200, 20}},
		{ID: "13", Role: page.RoleButton, Name: "×", Ctx: "Later", Box: [4]int{300, 532, 16, 16}},
		{ID: "14", Role: page.RoleButton, Name: "Save Casa do Rio", Ctx: "Hotel Fjordgaarden"},
		{ID: "15", Role: page.RoleButton, Name: "Save The Lantern Hostel", Ctx: "Casa do Rio"},
		// Checkboxes with no name of their own, labelled by the text after them.
		{ID: "16", Role: page.RoleCheckbox, Ctx: "Alerts", Box: [4]int{10, 700, 16, 16}},
		{ID: "17", Role: page.RoleCheckbox, Ctx: "Alerts", Box: [4]int{10, 730, 16, 16}},
	},
	Text: []page.TextBlock{
		{Kind: "p", Text: "Google · ann@gmail.example", At: 7, Box: [4]int{10, 300, 200, 20}},
		{Kind: "p", Text: "GitHub · @ann", At: 8, Box: [4]int{10, 330, 200, 20}},
		{Kind: "p", Text: "Comments", At: 16, Box: [4]int{30, 700, 100, 16}},
		{Kind: "p", Text: "Mentions", At: 17, Box: [4]int{30, 730, 100, 16}},
	},
	Groups: []page.Group{{Kind: page.GroupControl, Node: "2"}, {Kind: page.GroupControl, Node: "5"}},
}

// TestRows pins how a control with no words of its own is found by its row and its look.
func TestRows(t *testing.T) {
	tests := []struct {
		goal string
		want []string // nil when a question is wanted
	}{
		{"delete Tom Baker's lunch email", []string{`click("4")`}},
		{"star the email from Lena Fischer", []string{`click("6")`}},
		{"click the trash icon on the second row", []string{`click("7")`}},
		{"Disconnect GitHub", []string{`click("9")`}},
		{"delete the library books task", []string{`click("11")`}},
		{"click the heart on Casa do Rio", []string{`click("14")`}},
		// Two rows hold the words: ask.
		{"delete the email", nil},
		{"Disconnect", nil},
	}
	for _, tt := range tests {
		t.Run(tt.goal, func(t *testing.T) {
			wantReading(t, Read(tt.goal, inbox, Options{}), tt.want)
		})
	}
}

func TestRowText(t *testing.T) {
	ix := newIndex(inbox)
	for i, want := range map[int]string{
		2:  "Tom Baker Lunch on Friday?", // the clickable item its icon belongs to
		8:  "GitHub · @ann",              // the text right before it
		10: "Return library books",       // the control beside it on its line
		0:  "",
		16: "", // "Comments" before it is the label of the checkbox before, on that one's line
	} {
		if got := ix.rowText(i); got != want {
			t.Errorf("rowText(%s) = %q, want %q", inbox.Tree[i].ID, got, want)
		}
	}
}

// TestCardTitle: an item's title before its text names the item for its repeated
// controls, even when two items share the title.
func TestCardTitle(t *testing.T) {
	var obs page.Observation
	for k, c := range []struct{ title, line string }{
		{"Dune", "Frank Herbert · 1965 · Book"},
		{"Dune", "Frank Herbert, read by Scott Brick · Audiobook"},
		{"Neuromancer", "William Gibson · 1984 · Book"},
		{"Kindred", "Octavia E. Butler · 1979 · Book"},
	} {
		y, id := 150+100*k, 10*k
		obs.Text = append(obs.Text, page.TextBlock{Kind: page.TextParagraph, Text: c.line, At: len(obs.Tree) + 1, Box: [4]int{410, y + 20, 635, 16}})
		obs.Tree = append(obs.Tree,
			page.Node{ID: fmt.Sprint(id + 1), Role: page.RoleLink, Name: c.title, Box: [4]int{410, y, 100, 18}},
			page.Node{ID: fmt.Sprint(id + 2), Role: page.RoleButton, Name: "Add to favourites", Box: [4]int{1059, y + 3, 32, 24}},
			page.Node{ID: fmt.Sprint(id + 3), Role: page.RoleButton, Name: "Reserve", Box: [4]int{1096, y, 84, 29}})
	}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"Reserve Neuromancer", []string{`click("23")`}},
		{"reserve the Kindred book", []string{`click("33")`}},
		{"click Reserve for Neuromancer", []string{`click("23")`}},
		{"Reserve Dune", nil},
		{"reserve the Dune audiobook", []string{`click("13")`}},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}

// TestShownSymbol: a control named by an attribute is also found by the symbol it draws.
func TestShownSymbol(t *testing.T) {
	vault := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Star Helen Park", Shown: "☆", Ctx: "Helen Park"},
		{ID: "2", Role: page.RoleButton, Name: "Star Omar Haddad", Shown: "☆", Ctx: "Omar Haddad"},
		{ID: "3", Role: page.RoleButton, Name: "More options for Gmail", Shown: "⋯", Ctx: "Gmail alex@example.com"},
		{ID: "4", Role: page.RoleButton, Name: "Delete GitHub", Shown: "🗑", Ctx: "GitHub alexm-dev"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"Click the ☆ next to Helen Park", []string{`click("1")`}},
		{"hit ⋯ for Gmail", []string{`click("3")`}},
		{"click the bin next to GitHub", []string{`click("4")`}},
		{"click the dots for Gmail", []string{`click("3")`}},
		{"click the ☆", nil}, // two stars
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, vault, Options{}), tt.want) })
	}
}

// TestHeartBeforeTitle: a card's heart drawn before its title has the card before as its
// context; "heart the rose" with two roses asks, and never hearts the maple after them.
func TestHeartBeforeTitle(t *testing.T) {
	shop := page.Observation{Tree: []page.Node{
		{ID: "9", Role: page.RoleButton, Name: "Save Rose 'Gertrude Jekyll' to wishlist", Shown: "♥", Ctx: "Lavender 'Hidcote'"},
		{ID: "10", Role: page.RoleButton, Name: "Add to basket", Ctx: "Rose 'Gertrude Jekyll'"},
		{ID: "11", Role: page.RoleButton, Name: "Save Rose 'Iceberg' to wishlist", Shown: "♥", Ctx: "Rose 'Gertrude Jekyll'"},
		{ID: "12", Role: page.RoleButton, Name: "Add to basket", Ctx: "Rose 'Iceberg'"},
		{ID: "13", Role: page.RoleButton, Name: "Save Japanese Maple to wishlist", Shown: "♥", Ctx: "Rose 'Iceberg'"},
		{ID: "14", Role: page.RoleButton, Name: "Add to basket", Ctx: "Japanese Maple"},
	}}
	wantReading(t, Read("heart the rose", shop, Options{}), nil)
	wantReading(t, Read("heart the Japanese Maple", shop, Options{}), []string{`click("13")`})
}

// TestAddressWordsInRow: a word inside a row's e-mail address is a word of that row: with
// another row saying it plainly, "the newsletter filter" fits both and asks.
func TestAddressWordsInRow(t *testing.T) {
	obs := page.Observation{URL: "http://x/mail-settings", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Edit", Ctx: "From: newsletter@shopwell.example Skip the inbox, move to Promotions"},
		{ID: "2", Role: page.RoleButton, Name: "Edit", Ctx: "From: alerts@mybank.example Star it"},
		{ID: "3", Role: page.RoleButton, Name: "Edit", Ctx: "Subject contains: newsletter Mark as read"},
	}}
	readsAs(t, obs, []goalCase{
		{"edit the newsletter filter", nil},
		{"edit the shopwell filter", []string{`click("1")`}},
		{"edit the mark as read filter", []string{`click("3")`}},
	})
}
