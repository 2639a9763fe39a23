package understand

import (
	"slices"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestItsMenu: "its ⋯ menu" is the menu button of the item named before it; the words
// left name the entry of the menu it opens, bound once open. An item two buttons fit as
// well, or a menu of another look, reads no such way.
func TestItsMenu(t *testing.T) {
	obs := page.Observation{URL: "http://x/gallery", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Beach at sunrise"},
		{ID: "2", Role: page.RoleButton, Name: "More options for Beach at sunrise", Shown: "⋯", State: "popup"},
		{ID: "3", Role: page.RoleButton, Name: "Kids in the pool"},
		{ID: "4", Role: page.RoleButton, Name: "More options for Kids in the pool", Shown: "⋯", State: "popup"},
		{ID: "5", Role: page.RoleButton, Name: "Beach at night"},
		{ID: "6", Role: page.RoleButton, Name: "More options for Beach at night", Shown: "⋯", State: "popup"},
	}}
	for _, c := range []struct{ goal, opener, entry string }{
		{"Open Kids in the pool through its three-dot menu", "4", "Open"},
		{"Make Beach at night the album cover from its ⋯ menu", "6", "the album cover"},
		{"download beach at sunrise using its 3 dots menu", "2", "download"},
		{"Open Beach through its three-dot menu", "", ""},
		{"Open Kids in the pool through its gear menu", "", ""},
	} {
		rd := Read(c.goal, obs, Options{})
		if c.opener == "" {
			if rd.Understood() {
				t.Errorf("%q: read as %v, want a question", c.goal, rd.Commands)
			}
			continue
		}
		if len(rd.Commands) != 2 || rd.Commands[0].Action.ID != c.opener || rd.Commands[1].Verb != menuItemVerb+"click" ||
			rd.Commands[1].Phrase != c.entry || len(rd.Assumptions) == 0 || !rd.Understood() {
			t.Errorf("%q: commands %+v (assumed %q), want a click on %s, then %q in its menu, announced", c.goal, rd.Commands, rd.Assumptions, c.opener, c.entry)
		}
	}
}

// TestThreeDots: the dots a "More options" button draws are "the three dots", "the 3-dot
// menu"; an item of its menu is reached from it.
func TestThreeDots(t *testing.T) {
	obs := page.Observation{URL: "http://x/school", Tree: []page.Node{
		{ID: "1", Role: page.RoleLink, Name: "This term's menu"},
		{ID: "2", Role: page.RoleButton, Name: "More options", Shown: "⋮", State: "popup"},
	}, Behind: []page.Hidden{
		{Role: page.RoleMenuItem, Name: "Download statement", Ctx: "⋮", By: "2"},
		{Role: page.RoleMenuItem, Name: "Contact the school office", Ctx: "⋮", By: "2"},
	}}
	readsAs(t, obs, []goalCase{
		{"click the three dots", []string{`click("2")`}},
		{"open the 3-dot menu", []string{`click("2")`}},
		{"Download the statement from the three dots menu", []string{`click("2")`, `click("h1")`}},
		{"Download the statement from the dots menu", []string{`click("2")`, `click("h1")`}},
	})
}

// TestFactsButton: a button named by its verb and its item's facts is said with the verb
// and some facts, in any order, shown or behind a day's tab; facts two buttons share, a
// kind every row is, facts of a row with another button, or "a class" ask.
func TestFactsButton(t *testing.T) {
	obs := page.Observation{URL: "http://x/gym", Tree: []page.Node{
		{ID: "1", Role: page.RoleTab, Name: "Mon 10 Mar", State: "selected"},
		{ID: "2", Role: page.RoleTab, Name: "Tue 11 Mar"},
		{ID: "3", Role: page.RoleButton, Name: "Book HIIT Blast Mon 10 Mar 07:00", Ctx: "07:00 HIIT Blast Marcus Studio 1"},
		{ID: "4", Role: page.RoleButton, Name: "Book Boxfit Mon 10 Mar 19:15", Ctx: "19:15 Boxfit Kelly Studio 1"},
		{ID: "5", Role: page.RoleButton, Name: "Join waitlist", Ctx: "20:30 Boxfit Kelly Studio 1 Full"},
	}, Behind: []page.Hidden{
		{Role: page.RoleButton, Name: "Book", Ctx: "09:30 Pilates Mat Sofia Studio 2", By: "2"},
		{Role: page.RoleButton, Name: "Book", Ctx: "19:30 Pilates Mat Sofia Studio 2", By: "2"},
		{Role: page.RoleButton, Name: "Book", Ctx: "18:30 Spin 45 Dev Cycle studio", By: "2"},
	}}
	readsAs(t, obs, []goalCase{
		{"book me into HIIT Blast on Monday at 7am", []string{`click("3")`}},
		{"book Boxfit at 7.15pm", []string{`click("4")`}},
		{"book me into Pilates Mat on Tuesday at 9:30am", []string{`click("2")`, `click("h1")`}},
		{"book the evening Pilates on Tuesday", []string{`click("2")`, `click("h2")`}},
		{"book the spin on tuesday", []string{`click("2")`, `click("h3")`}},
		{"book Pilates Mat on Tuesday", nil},
		{"book a class on Tuesday", nil},
		{"book Pilates on Wednesday", nil},
		// One Boxfit has a Book button, the other is full: which one is meant is asked.
		{"book us into Kelly's class", nil},
	})
	readsAs(t, appointments("Your upcoming appointments"), []goalCase{
		{"cancel my appointment", nil},
		{"cancel my appointment with Dr Amira Haddad", []string{`click("4")`}},
	})
}

// TestMarkMeAs: the person marked is no item; the rest names the control and what for.
func TestMarkMeAs(t *testing.T) {
	obs := page.Observation{URL: "http://x/choir", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "I'll be there", Ctx: "Tue 3 March, 7.30pm", Group: 1},
		{ID: "2", Role: page.RoleButton, Name: "Can't make it", Ctx: "Tue 3 March, 7.30pm", Group: 1},
		{ID: "3", Role: page.RoleButton, Name: "I'll be there", Ctx: "Tue 10 March, 7.30pm", Group: 2},
		{ID: "4", Role: page.RoleButton, Name: "Can't make it", Ctx: "Tue 10 March, 7.30pm", Group: 2},
	}, Groups: []page.Group{{Kind: "row", Name: "Tue 3 March, 7.30pm"}, {Kind: "row", Name: "Tue 10 March, 7.30pm"}},
	}
	readsAs(t, obs, []goalCase{
		{"mark me as can't make it for 10 March", []string{`click("4")`}},
		{"mark me as can't make it", nil},
	})
}

// TestRenameTo: "rename X to Y" clicks the one Rename control X's words fit (shown, or in a
// menu), then types Y into the name field it shows and saves; a thing two controls fit,
// or a new name left open, asks.
func TestRenameTo(t *testing.T) {
	obs := page.Observation{URL: "http://x/board", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Board ▾", State: "popup"},
		{ID: "2", Role: page.RoleInput, Name: "Filter cards"},
		{ID: "3", Role: page.RoleButton, Name: "Rename", Ctx: "Fix login redirect"},
		{ID: "4", Role: page.RoleButton, Name: "Rename", Ctx: "Write release notes"},
	}, Behind: []page.Hidden{
		{Role: page.RoleMenuItem, Name: "Rename board", Ctx: "Board", By: "1"},
		{Role: page.RoleMenuItem, Name: "Archive board", Ctx: "Board", By: "1"},
	}}
	for _, c := range []struct {
		goal string
		want []string // the clicks now, then the clauses read on the box they open
	}{
		{`Rename the board to "Archive board"`, []string{`click("1")`, `click("")`, `name: "Archive board"`, "save"}},
		{"rename the board to Sprint 15", []string{`click("1")`, `click("")`, `name: "Sprint 15"`, "save"}},
		{"rename Write release notes to Release notes v2", []string{`click("4")`, `name: "Release notes v2"`, "save"}},
		{"rename the card to Done", nil},
		{"rename the board to something better", nil},
	} {
		rd := Read(c.goal, obs, Options{})
		if c.want == nil {
			if rd.Understood() {
				t.Errorf("%q: read as %v, want a question", c.goal, rd.Commands)
			}
			continue
		}
		got := steps(rd)
		if !rd.Understood() || !slices.Equal(got, c.want) || len(rd.Assumptions) == 0 {
			t.Errorf("%q: got %q (questions %v), want %q, announced", c.goal, got, rd.Questions, c.want)
		}
	}
}

// TestNoVerbInsideNoun: a word inside what is said of a thing is no slip for a verb ("the
// album cover" is not "the album hover"); a slip of a verb at the start still is.
func TestNoVerbInsideNoun(t *testing.T) {
	obs := page.Observation{URL: "http://x/gallery", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "More options for Beach at night", Shown: "⋯", State: "popup"},
		{ID: "2", Role: page.RoleButton, Name: "Save"},
	}}
	rd := Read("Make Beach at night the album cover from its ⋯ menu", obs, Options{})
	if len(rd.Commands) != 2 || rd.Commands[1].Phrase != "the album cover" {
		t.Errorf("commands %+v, want the words as written for the menu", rd.Commands)
	}
	readsAs(t, obs, []goalCase{{"clikc Save", []string{`click("2")`}}})
}

// TestFormInValue: a fix to another form of a word ("room" to "rooms") that lands in a
// value typed, or in a clause read later, is found, so the words are typed as written.
func TestFormInValue(t *testing.T) {
	r := newReader(page.Observation{URL: "http://x/t"}, Options{})
	later := Reading{Commands: []Command{{Bound: true, Action: page.Action{Kind: page.Click, ID: "1"}},
		{Verb: verbClause, Phrase: "subject Projector in rooms 4 has no signal"}}}
	typed := Reading{Commands: []Command{{Bound: true, Value: "Projector in rooms 4", Action: page.Action{Kind: page.SetValue, ID: "2"}}}}
	named := Reading{Commands: []Command{{Bound: true, Phrase: "Calendars", Action: page.Action{Kind: page.Check, ID: "3"}}}}
	fixes := []fix{{from: "signl", to: "signal"}, {from: "room", to: "rooms"}}
	for _, c := range []struct {
		name string
		rd   Reading
		want int
	}{{"later", later, 1}, {"typed", typed, 1}, {"named", named, -1}} {
		if got := r.formInValue(c.rd, fixes); got != c.want {
			t.Errorf("%s: got %d, want %d", c.name, got, c.want)
		}
	}
}

// TestShortlistHeart: a ♡ is the person's shortlist or wishlist too, in the card it
// belongs to.
func TestShortlistHeart(t *testing.T) {
	obs := page.Observation{URL: "http://x/halls", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "♡", Ctx: "Brook Hall"},
		{ID: "2", Role: page.RoleButton, Name: "Details", Ctx: "Brook Hall"},
		{ID: "3", Role: page.RoleButton, Name: "♡", Ctx: "Cedar Court"},
		{ID: "4", Role: page.RoleButton, Name: "Details", Ctx: "Cedar Court"},
	}}
	readsAs(t, obs, []goalCase{
		{"add Brook Hall to my shortlist", []string{`click("1")`}},
		{"put cedar court on my wishlist", []string{`click("3")`}},
		{"add it to my shortlist", nil},
	})
}

// TestPartFor: "the sheet music for X" names X in the part of the page called Sheet music;
// X alone, in two parts, asks.
func TestPartFor(t *testing.T) {
	obs := page.Observation{URL: "http://x/choir", Tree: []page.Node{
		{ID: "1", Role: page.RoleLink, Name: "Ave verum corpus (PDF)", Ctx: "Sheet music"},
		{ID: "2", Role: page.RoleLink, Name: "Αγνή Παρθένε (PDF)", Ctx: "Sheet music"},
		{ID: "3", Role: page.RoleLink, Name: "Ave verum corpus (MP3)", Ctx: "Practice recordings"},
		{ID: "4", Role: page.RoleLink, Name: "Αγνή Παρθένε (MP3)", Ctx: "Practice recordings"},
	}}
	readsAs(t, obs, []goalCase{
		{"open the sheet music for Αγνή Παρθένε", []string{`click("2")`}},
		{"click the practice recordings for Ave verum corpus", []string{`click("3")`}},
		{"open Αγνή Παρθένε", nil},
		{"open the sheet music", nil},
	})
}

// TestDownloadFile: "download" is a click on the one control the rest names that gives a
// file (a PDF link, a Download button), shown or behind the tab said; a control that gives
// none, several that fit, or an errand beyond the page ask.
func TestDownloadFile(t *testing.T) {
	obs := page.Observation{URL: "http://x/hall", Tree: []page.Node{
		{ID: "1", Role: page.RoleTab, Name: "Book", State: "selected"},
		{ID: "2", Role: page.RoleTab, Name: "Hire rules"},
		{ID: "3", Role: page.RoleLink, Name: "Αγνή Παρθένε (PDF)", Ctx: "Sheet music"},
		{ID: "4", Role: page.RoleLink, Name: "Ave verum corpus (PDF)", Ctx: "Sheet music"},
		{ID: "5", Role: page.RoleLink, Name: "Αγνή Παρθένε", Ctx: "Concert programme"},
		{ID: "6", Role: page.RoleLink, Name: "Venue map", Ctx: "Getting here"},
	}, Behind: []page.Hidden{
		{Role: page.RoleLink, Name: "Download the hire agreement (PDF)", Ctx: "Your details", By: "2"},
	}}
	readsAs(t, obs, []goalCase{
		{"Download the sheet music for Αγνή Παρθένε", []string{`click("3")`}},
		{"download Ave verum corpus", []string{`click("4")`}},
		{"Download the hire agreement from the Hire rules tab", []string{`click("2")`, `click("h1")`}},
		{"download the venue map", nil},
		{"download the sheet music", nil},
		{"download Ave verum corpus and email it to Tom", nil},
	})
}

// steps are a reading's commands as they run: an action bound now, or the clause read
// again on the page an earlier step opens.
func steps(rd Reading) []string {
	var out []string
	for _, cmd := range rd.Commands {
		if cmd.Verb == verbClause {
			out = append(out, cmd.Phrase)
		} else {
			out = append(out, cmd.Action.String())
		}
	}
	return out
}
