package live

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

func TestClassify(t *testing.T) {
	btn := func(name, state string) Control {
		return Control{Node: page.Node{ID: "1", Role: page.RoleButton, Name: name, State: state}}
	}
	collapsed := func(c Control) Control { c.Collapsed = true; return c }
	for _, tc := range []struct {
		name string
		c    Control
		kind Kind
		why  string
	}{
		{"tab not selected", Control{Node: page.Node{Role: page.RoleTab, Name: "Annual"}}, Tab, ""},
		{"selected tab", Control{Node: page.Node{Role: page.RoleTab, Name: "Monthly", State: "selected"}}, "", "the tab is open"},
		{"accordion header", collapsed(btn("Shipping", "")), Toggle, ""},
		{"details summary", collapsed(btn("Can I pay by invoice?", "")), Toggle, ""},
		{"open accordion", btn("Shipping", "expanded"), "", "already open"},
		{"show more", btn("Show more", ""), More, ""},
		{"read more with arrow", btn("Read more →", ""), More, ""},
		{"load 20 more", btn("Load 20 more", ""), More, ""},
		{"see all reviews", btn("See all reviews", ""), More, ""},
		{"expand", btn("Expand all", ""), More, ""},
		{"more…", btn("More…", ""), More, ""},
		{"plain button", btn("Save", ""), "", "not a disclosure control"},
		{"more is not the first word", btn("Learn what is more", ""), "", "not a disclosure control"},
		{"form submit named like more", Control{Node: page.Node{Role: page.RoleButton, Name: "See all results", Type: "submit"}}, "", "submits a form"},
		{"submit seen in the page", Control{Node: page.Node{Role: page.RoleButton, Name: "Show more"}, Submits: true}, "", "submits a form"},
		{"delete behind a disclosure", collapsed(btn("Delete account", "")), "", "risky: delete"},
		{"pay tab", Control{Node: page.Node{Role: page.RoleTab, Name: "Pay now"}}, "", "risky: pay"},
		{"log out menu", collapsed(btn("Log out", "")), "", "risky: log out"},
		{"show more then send", btn("Show more and send", ""), "", "risky: send"},
		{"a question commits to nothing", collapsed(btn("How do I delete my account?", "")), Toggle, ""},
		{"a gerund heads a section", collapsed(btn("Removing members", "")), Toggle, ""},
		{"link leaving the page", Control{Node: page.Node{Role: page.RoleLink, Name: "Read more", Value: "/other"}, Leaves: true}, "", "a link to another page"},
		{"in-page link toggle", collapsed(Control{Node: page.Node{Role: page.RoleLink, Name: "Details", Value: "#details"}}), Toggle, ""},
		{"menu button", collapsed(btn("Products", "popup")), "", "opens a menu or dialog"},
		{"disabled", btn("Show more", "disabled"), "", "disabled"},
		{"behind a modal", Control{Node: page.Node{Role: page.RoleButton, Name: "Show more", Occ: true}}, "", "behind a dialog"},
		{"checkbox", collapsed(Control{Node: page.Node{Role: page.RoleCheckbox, Name: "Show more options"}}), "", "not a button, tab or link"},
		{"switch", Control{Node: page.Node{Role: page.RoleSwitch, Name: "Show more"}}, "", "not a button, tab or link"},
		{"field", Control{Node: page.Node{Role: page.RoleInput, Name: "Show more"}}, "", "not a button, tab or link"},
	} {
		kind, why := Classify(tc.c)
		if kind != tc.kind || why != tc.why {
			t.Errorf("%s: Classify = %q, %q; want %q, %q", tc.name, kind, why, tc.kind, tc.why)
		}
	}
}

func TestTrigger(t *testing.T) {
	tab := Control{Node: page.Node{Role: page.RoleTab, Name: " Annual\n"}}
	more := Control{Node: page.Node{Role: page.RoleButton, Name: "Load more"}}
	for _, tc := range []struct {
		c     Control
		times int
		want  string
	}{
		{tab, 1, "after clicking tab Annual"},
		{more, 1, "after clicking button Load more"},
		{more, 3, "after clicking button Load more 3 times"},
	} {
		if got := trigger(tc.c, tc.times); got != tc.want {
			t.Errorf("trigger(%q, %d) = %q, want %q", tc.c.Name, tc.times, got, tc.want)
		}
	}
}
