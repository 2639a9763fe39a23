package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// twoDialogs is a page with a notice and a cookie banner, each with its own ×, and a FAQ
// heading before them: the notice's × comes before the notice's heading, so its context is
// the FAQ's until the dialog's name is read.
var twoDialogs = page.Observation{URL: "http://x/account",
	Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "How do I change my plan?", Ctx: "Frequently asked questions"},
		{ID: "2", Role: page.RoleButton, Name: "Close", Ctx: "Frequently asked questions", Group: 1},
		{ID: "3", Role: page.RoleButton, Name: "Read more", Ctx: "What's new ✨", Group: 1},
		{ID: "4", Role: page.RoleButton, Name: "×", Ctx: "We use cookies", Group: 2},
		{ID: "5", Role: page.RoleButton, Name: "Accept all", Ctx: "We use cookies", Group: 2},
	},
	Groups: []page.Group{{Kind: page.GroupDialog, Name: "What's new ✨"}, {Kind: page.GroupDialog, Name: "Cookie settings"}},
}

// TestClosing pins how the control that closes something is found: by the dialog it is
// in, named before or after the control.
func TestClosing(t *testing.T) {
	tests := []struct {
		goal string
		want []string // nil when a question is wanted
	}{
		{"close the What's new box with the x", []string{`click("2")`}},
		{"hit the x on the cookie popup", []string{`click("4")`}},
		{"close the cookie settings using the close button", []string{`click("4")`}},
		{"click the × in the What's new dialog", []string{`click("2")`}},
		// Two dialogs, each with its ×: which one is not said.
		{"close the dialog with the x", nil},
		{"close the popup", nil},
	}
	for _, tt := range tests {
		t.Run(tt.goal, func(t *testing.T) {
			wantReading(t, Read(tt.goal, twoDialogs, Options{}), tt.want)
		})
	}
}

// TestCloseAfterOpening: "open Share and then close the dialog with the x" closes what the
// click opens, read on the page that follows.
func TestCloseAfterOpening(t *testing.T) {
	before := page.Observation{Tree: []page.Node{{ID: "1", Role: page.RoleButton, Name: "Share", State: "popup"}}}
	rd := Read("open Share and then close that dialog again with the x", before, Options{})
	if len(rd.Questions) > 0 || len(rd.Commands) != 2 || rd.Commands[1].Bound {
		t.Fatalf("reading = %+v", rd)
	}
	after := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Share", State: "popup", Occ: true},
		{ID: "9", Role: page.RoleButton, Name: "×", Group: 1},
	}, Groups: []page.Group{{Kind: page.GroupDialog, Name: "Share this document"}}}
	cmd, q := Rebind(rd.Commands[1], after, Options{})
	if q != nil || cmd.Action.ID != "9" {
		t.Fatalf("rebound = %+v, question %+v", cmd, q)
	}
}

// TestDialogCloser: each dialog's own × closes it, whatever other dialog the page has.
func TestDialogCloser(t *testing.T) {
	for dialog, want := range map[string]string{"What's new ✨": "2", "Cookie settings": "4", "Nowhere": ""} {
		n, ok := DialogCloser(twoDialogs, dialog)
		if n.ID != want || ok != (want != "") {
			t.Errorf("DialogCloser(%q) = %q, %v; want %q", dialog, n.ID, ok, want)
		}
	}
}
