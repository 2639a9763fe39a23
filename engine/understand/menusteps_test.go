package understand

import (
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// A small editor with a menu bar: the menus' items are on the page only once open.
var (
	menuBar = []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "File", State: "popup"},
		{ID: "2", Role: page.RoleButton, Name: "View", State: "popup"},
		{ID: "3", Role: page.RoleButton, Name: "Edit", State: "popup"},
		{ID: "4", Role: page.RoleButton, Name: "+ New"},
		{ID: "5", Role: page.RoleCheckbox, Name: "Select all files"},
		{ID: "6", Role: page.RoleButton, Name: "Share"},
	}
	fileOpen = append(menuBar[:len(menuBar):len(menuBar)],
		page.Node{ID: "10", Role: page.RoleMenuItem, Name: "New Folder Document", State: "popup"},
		page.Node{ID: "11", Role: page.RoleMenuItem, Name: "Share…"},
		page.Node{ID: "12", Role: page.RoleMenuItem, Name: "Print"},
		page.Node{ID: "13", Role: page.RoleMenuItem, Name: "Copy link"})
	viewOpen = append(menuBar[:len(menuBar):len(menuBar)],
		page.Node{ID: "20", Role: page.RoleMenuItem, Name: "Sort by Name File size", State: "popup"},
		page.Node{ID: "21", Role: page.RoleMenuItem, Name: "Word wrap"},
		page.Node{ID: "22", Role: page.RoleMenuItem, Name: "Zoom in"})
	editOpen = append(menuBar[:len(menuBar):len(menuBar)],
		page.Node{ID: "40", Role: page.RoleMenuItem, Name: "Move to Archive Personal", State: "popup"},
		page.Node{ID: "41", Role: page.RoleMenuItem, Name: "Move to trash"})
	moveOpen = append(editOpen[:len(editOpen):len(editOpen)],
		page.Node{ID: "42", Role: page.RoleMenuItem, Name: "Archive"},
		page.Node{ID: "43", Role: page.RoleMenuItem, Name: "Personal"})
	sortOpen = append(viewOpen[:len(viewOpen):len(viewOpen)],
		page.Node{ID: "30", Role: page.RoleMenuItem, Name: "Name", State: "checked"},
		page.Node{ID: "31", Role: page.RoleMenuItem, Name: "File size"})
)

// TestMenuPaths: a path opens its first menu now and binds each later step among the
// items of the menu the step before opened, never to what shares a word on the closed
// page; a menu named as a place ("in the View menu") is opened first.
func TestMenuPaths(t *testing.T) {
	closed := page.Observation{Tree: menuBar}
	for _, tt := range []struct {
		goal  string
		first string        // the action run on the closed page
		pages [][]page.Node // the page each later step is bound on
		want  []string      // the later steps' actions
	}{
		{"View > Sort by > File size", `click("2")`, [][]page.Node{viewOpen, sortOpen}, []string{`click("20")`, `click("31")`}},
		{"view → sort by → file size", `click("2")`, [][]page.Node{viewOpen, sortOpen}, []string{`click("20")`, `click("31")`}},
		{"File › New", `click("1")`, [][]page.Node{fileOpen}, []string{`click("10")`}},
		{"View ▸ Sort by ▸ File size", `click("2")`, [][]page.Node{viewOpen, sortOpen}, []string{`click("20")`, `click("31")`}},
		{"view ⇒ sort by ⇒ file size", `click("2")`, [][]page.Node{viewOpen, sortOpen}, []string{`click("20")`, `click("31")`}},
		{"go to File > Print", `click("1")`, [][]page.Node{fileOpen}, []string{`click("12")`}},
		{"turn on Word wrap in the View menu", `click("2")`, [][]page.Node{viewOpen}, []string{`click("21")`}},
		{"open the share dialog from the File menu", `click("1")`, [][]page.Node{fileOpen}, []string{`click("11")`}},
		{"Print from the File menu please", `click("1")`, [][]page.Node{fileOpen}, []string{`click("12")`}},
		{"view, sort by, file size", `click("2")`, [][]page.Node{viewOpen, sortOpen}, []string{`click("20")`, `click("31")`}},
		{"File menu, print", `click("1")`, [][]page.Node{fileOpen}, []string{`click("12")`}},
		{"File → Copy link", `click("1")`, [][]page.Node{fileOpen}, []string{`click("13")`}},
		{"Edit > Move to > Archive", `click("3")`, [][]page.Node{editOpen, moveOpen}, []string{`click("40")`, `click("42")`}},
		{"move it to Personal with Edit > Move to", `click("3")`, [][]page.Node{editOpen, moveOpen}, []string{`click("40")`, `click("43")`}},
		{"archive it using Edit › Move to", `click("3")`, [][]page.Node{editOpen, moveOpen}, []string{`click("40")`, `click("42")`}},
		// The path said after the item, as where it is.
		{"open Personal, it's under Edit > Move to", `click("3")`, [][]page.Node{editOpen, moveOpen}, []string{`click("40")`, `click("43")`}},
		{"open Personal under Edit > Move to", `click("3")`, [][]page.Node{editOpen, moveOpen}, []string{`click("40")`, `click("43")`}},
	} {
		t.Run(tt.goal, func(t *testing.T) {
			rd := Read(tt.goal, closed, Options{})
			if len(rd.Questions) > 0 || len(rd.Commands) != 1+len(tt.want) {
				t.Fatalf("reading = %v, questions %+v", acts(rd), rd.Questions)
			}
			if got := rd.Commands[0].Action.String(); got != tt.first {
				t.Fatalf("first = %s, want %s", got, tt.first)
			}
			for k, c := range rd.Commands[1:] {
				if c.Bound {
					t.Fatalf("step %d bound on the closed page: %s", k+1, c.Action)
				}
				nc, q := Rebind(c, page.Observation{Tree: tt.pages[k]}, Options{})
				if q != nil || nc.Action.String() != tt.want[k] {
					t.Fatalf("step %d = %s (question %+v), want %s", k+1, nc.Action, q, tt.want[k])
				}
			}
		})
	}
}

// TestMenuPathAlwaysAnswers: a path the page cannot read still acts or asks, never
// returns nothing.
func TestMenuPathAlwaysAnswers(t *testing.T) {
	closed := page.Observation{Tree: menuBar}
	for _, goal := range []string{"View > > Zoom in", "Tools > Options", "> File"} {
		rd := Read(goal, closed, Options{})
		if len(rd.Commands) == 0 && len(rd.Questions) == 0 {
			t.Errorf("%q: no command and no question", goal)
		}
	}
}

// TestItemAfterOpening: after a click that only opened a menu, a clause naming what the
// page does not show yet is an item of that menu; an indefinite one still asks.
func TestItemAfterOpening(t *testing.T) {
	closed := page.Observation{Tree: menuBar}
	for _, tt := range []struct {
		goal string
		want string // the item's action on the opened page; "" asks
	}{
		{"open the View menu and pick Word wrap", `click("21")`},
		{"click View, then choose Zoom in", `click("22")`},
		{"open the View menu and tick Word wrap", `click("21")`},
		{"open the View menu and pick something", ""},
		{"open the View menu and choose any option", ""},
	} {
		t.Run(tt.goal, func(t *testing.T) {
			rd := Read(tt.goal, closed, Options{})
			if tt.want == "" {
				wantReading(t, rd, nil)
				return
			}
			if len(rd.Questions) > 0 || len(rd.Commands) != 2 || rd.Commands[1].Bound {
				t.Fatalf("reading = %v, questions %+v", acts(rd), rd.Questions)
			}
			nc, q := Rebind(rd.Commands[1], page.Observation{Tree: viewOpen}, Options{})
			if q != nil || nc.Action.String() != tt.want {
				t.Fatalf("item = %s (question %+v), want %s", nc.Action, q, tt.want)
			}
		})
	}
}
