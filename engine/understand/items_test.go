package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// cart repeats "Save for later", "Remove" and a Qty field under each product's name; the
// line total stands after each Qty on its line. todo puts each task's text after its
// checkbox, on the line of its Edit and Delete buttons; a flight form has a "One way" radio.
var cart = page.Observation{URL: "http://x/cart",
	Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Save for later", Box: [4]int{228, 214, 88, 15}},
		{ID: "2", Role: page.RoleButton, Name: "Remove", Box: [4]int{333, 214, 53, 15}},
		{ID: "3", Role: page.RoleInput, Type: "number", Name: "Qty", Value: "1", Box: [4]int{595, 189, 72, 34}},
		{ID: "4", Role: page.RoleButton, Name: "Save for later", Box: [4]int{228, 311, 88, 15}},
		{ID: "5", Role: page.RoleButton, Name: "Remove", Box: [4]int{333, 311, 53, 15}},
		{ID: "6", Role: page.RoleInput, Type: "number", Name: "Qty", Value: "2", Box: [4]int{595, 286, 72, 34}},
		{ID: "7", Role: page.RoleRadio, Name: "Round trip", State: "checked"},
		{ID: "8", Role: page.RoleRadio, Name: "One way"},
	},
	Text: []page.TextBlock{
		{Kind: "h1", Level: 1, Text: "Shopping cart", At: 0, Box: [4]int{150, 77, 611, 28}},
		{Kind: "p", Text: "Wireless Mouse", At: 0, Box: [4]int{228, 169, 353, 19}},
		{Kind: "p", Text: "€24.99", At: 3, Box: [4]int{681, 190, 80, 19}},
		{Kind: "p", Text: "USB-C Cable (2 m)", At: 3, Box: [4]int{228, 266, 353, 19}},
		{Kind: "p", Text: "€19.00", At: 6, Box: [4]int{681, 287, 80, 19}},
	},
}

var todo = page.Observation{URL: "http://x/todo",
	Tree: []page.Node{
		{ID: "1", Role: page.RoleCheckbox, Name: "Mark as done", Box: [4]int{20, 100, 16, 16}},
		{ID: "2", Role: page.RoleButton, Name: "Edit task", Box: [4]int{300, 98, 20, 20}},
		{ID: "3", Role: page.RoleButton, Name: "Delete task", Box: [4]int{330, 98, 20, 20}},
		{ID: "4", Role: page.RoleCheckbox, Name: "Mark as done", Box: [4]int{20, 140, 16, 16}},
		{ID: "5", Role: page.RoleButton, Name: "Edit task", Box: [4]int{300, 138, 20, 20}},
		{ID: "6", Role: page.RoleButton, Name: "Delete task", Box: [4]int{330, 138, 20, 20}},
	},
	Text: []page.TextBlock{
		{Kind: "p", Text: "Buy milk", At: 1, Box: [4]int{46, 99, 200, 18}},
		{Kind: "p", Text: "Call the dentist", At: 4, Box: [4]int{46, 139, 200, 18}},
	},
}

// TestItems pins how a repeated control is named by its item: the text over the run of
// controls it ends, or the text after it on its line, never the item above's.
func TestItems(t *testing.T) {
	tests := []struct {
		obs  page.Observation
		goal string
		want []string // nil when a question is wanted
	}{
		{cart, "make it 3 usb-c cables", []string{`setValue("6", "3")`}},
		{cart, "remove the wireless mouse from my cart", []string{`click("2")`}},
		{cart, "make it one way", []string{`check("8")`}},
		{todo, "tick off buy milk", []string{`check("1")`}},
		{todo, "tick Call the dentist", []string{`check("4")`}},
		{todo, "Delete the dentist task", []string{`click("6")`}},
		// No item is called so: ask, never the nearest one.
		{cart, "make it 3 laptop stands", nil},
		{cart, "remove the keyboard from my cart", nil},
	}
	for _, tt := range tests {
		t.Run(tt.goal, func(t *testing.T) {
			wantReading(t, Read(tt.goal, tt.obs, Options{}), tt.want)
		})
	}
}
