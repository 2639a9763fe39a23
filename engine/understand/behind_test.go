package understand

import (
	"slices"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// prefs is a settings page whose Notifications tab and File menu are closed: what they
// hold is in Behind, as the walk lists it.
var prefs = page.Observation{URL: "http://x/prefs", Tree: []page.Node{
	{ID: "1", Role: page.RoleTab, Name: "General", State: "selected"},
	{ID: "2", Role: page.RoleTab, Name: "Notifications"},
	{ID: "3", Role: page.RoleInput, Name: "Display name", Ctx: "General"},
	{ID: "4", Role: page.RoleButton, Name: "File", State: "popup"},
	{ID: "5", Role: page.RoleButton, Name: "Save"},
	{ID: "6", Role: page.RoleButton, Name: "Reset", Ctx: "General"},
}, Behind: []page.Hidden{
	{Role: page.RoleInput, Name: "Sound volume", Type: "range", Ctx: "Alerts", By: "2"},
	{Role: page.RoleSelect, Name: "How often", Options: []string{"Daily", "Weekly", "Never"}, Ctx: "Alerts", By: "2"},
	{Role: page.RoleCheckbox, Name: "Comments", Ctx: "Alerts", By: "2"},
	{Role: page.RoleButton, Name: "Reset", Ctx: "Alerts", By: "2"},
	{Role: page.RoleMenuItem, Name: "Archive board", By: "4"},
	{Role: page.RoleMenuItem, Name: "Export", By: "4"},
	{Role: page.RoleMenuItem, Name: "CSV", Via: 6},
	{Role: page.RoleMenuItem, Name: "Make a copy", By: "4"},
	{Role: page.RoleInput, Name: "Email", Ctx: "Alerts", By: "2"},
	{Role: page.RoleInput, Name: "Email", Ctx: "Backup", By: "4"},
	{Role: page.RoleInput, Name: "Nickname", Ctx: "Alerts", By: "2"},
}}

// shown is prefs once what a click opened is shown, the hidden controls with IDs h1….
func shown(obs page.Observation) page.Observation {
	out := page.Observation{URL: obs.URL, Tree: slices.Clone(obs.Tree)}
	for i, h := range obs.Behind {
		out.Tree = append(out.Tree, page.Node{ID: "h" + string(rune('1'+i)), Role: h.Role, Name: h.Name, Type: h.Type, Ctx: h.Ctx, Options: h.Options})
	}
	return out
}

func TestBehind(t *testing.T) {
	for _, c := range []struct {
		goal string
		want []string // nil: a question
	}{
		{"set the sound volume to 80", []string{`click("2")`, `setValue("h1", "80")`}},
		{"Sound volume 80 please", []string{`click("2")`, `setValue("h1", "80")`}},
		{"How often: Never", []string{`click("2")`, `select("h2", "Never")`}},
		{"change how often to weekly", []string{`click("2")`, `select("h2", "Weekly")`}},
		{"tick Comments", []string{`click("2")`, `check("h3")`}},
		{"Archive board", []string{`click("4")`, `click("h5")`}},
		{"make a copy", []string{`click("4")`, `click("h8")`}},
		{"type Jas in Display name and tick Comments", []string{`setValue("3", "Jas")`, `click("2")`, `check("h3")`}},
		// What is shown wins: the shown Reset, not the hidden one.
		{"click Reset", []string{`click("6")`}},
		// Behind two different controls: asked.
		{"put a@b.co in the Email field", nil},
		// Free text fits any text field, so it does not say a hidden one is meant.
		{"Nickname: Jas", nil},
		// Indefinite, and names nothing: asked, nothing opened.
		{"set something in the notifications", nil},
		{"pick an option from How often", nil},
		{"email my boss", nil},
	} {
		t.Run(c.goal, func(t *testing.T) {
			rd := Read(c.goal, prefs, Options{})
			if c.want == nil {
				if len(rd.Questions) == 0 {
					t.Fatalf("want a question, got %v", acts(rd))
				}
				for _, cmd := range rd.Commands {
					if cmd.Bound && cmd.Action.Kind != page.Wait {
						t.Fatalf("asks but also acts: %v", acts(rd))
					}
				}
				return
			}
			if len(rd.Questions) > 0 || len(rd.Unexplained) > 0 {
				t.Fatalf("want %v, got question %q", c.want, rd.Questions[0].Text)
			}
			if got := actsOn(t, rd, shown(prefs)); !slices.Equal(got, c.want) {
				t.Fatalf("actions = %v, want %v", got, c.want)
			}
		})
	}
}

// TestBehindSays: the click that opens says why, and the grounding names what is behind.
func TestBehindSays(t *testing.T) {
	rd := Read("set the sound volume to 80", prefs, Options{})
	if len(rd.Commands) == 0 || !strings.Contains(rd.Commands[0].Action.Description, "to reach “Sound volume”") {
		t.Fatalf("commands %+v", rd.Commands)
	}
	found := false
	for _, g := range rd.Grounded {
		found = found || g.As == "element" && strings.Contains(g.Element, "behind")
	}
	if !found {
		t.Fatalf("grounded %+v", rd.Grounded)
	}
}

// billing is a page whose scripts show fields when a switch or box before them is turned
// on, with nothing in the markup tying them: the walk lists them behind that control.
var billing = page.Observation{URL: "http://x/billing", Tree: []page.Node{
	{ID: "1", Role: page.RoleSwitch, Name: "Spend cap", State: "off"},
	{ID: "2", Role: page.RoleCheckbox, Name: "This is a gift"},
	{ID: "3", Role: page.RoleCheckbox, Name: "Paperless bills"},
	{ID: "4", Role: page.RoleInput, Name: "Full name"},
	{ID: "5", Role: page.RoleButton, Name: "Save"},
	{ID: "6", Role: page.RoleInput, Type: "number", Name: "Door width (cm)"},
	{ID: "7", Role: page.RoleRadio, Name: "No", Ctx: "Will alcohol be served?", State: "checked"},
	{ID: "8", Role: page.RoleRadio, Name: "Yes", Ctx: "Will alcohol be served?"},
	{ID: "9", Role: page.RoleSelect, Name: "Type of event", Options: []string{"Birthday party", "Something else"}},
	{ID: "10", Role: page.RoleRadio, Name: "The tenant", Ctx: "Who will let the engineer in?"},
	{ID: "11", Role: page.RoleRadio, Name: "My letting agent", Ctx: "Who will let the engineer in?"},
}, Behind: []page.Hidden{
	{Role: page.RoleInput, Name: "Monthly limit (£)", Type: "number", By: "1"},
	{Role: page.RoleTextarea, Name: "Gift message", By: "2"},
	{Role: page.RoleInput, Name: "From", By: "2"},
	{Role: page.RoleInput, Name: "Email for bills", Type: "email", By: "3"},
	{Role: page.RoleInput, Name: "Licence number", By: "8"},
	{Role: page.RoleInput, Name: "Please describe your event", By: "9"},
	{Role: page.RoleInput, Name: "Tenant's name", By: "10"},
	{Role: page.RoleInput, Name: "Tenant's phone", Type: "tel", By: "10"},
}}

// TestBehindOpened: a clause after the one that turns a control on is read on the fields
// that control shows, "it" being the one field there; the control is not clicked twice.
func TestBehindOpened(t *testing.T) {
	for _, c := range []struct {
		goal string
		want []string // nil: a question
	}{
		{"Turn on the spend cap and set it to £15", []string{`check("1")`, `setValue("h1", "15")`}},
		{"switch on spend cap, then set the monthly limit to 20", []string{`check("1")`, `setValue("h1", "20")`}},
		{"tick this is a gift and write Happy birthday Gran in the message", []string{`check("2")`, `setValue("h2", "Happy birthday Gran")`}},
		{"tick paperless bills and put jo@example.com", []string{`check("3")`, `setValue("h4", "jo@example.com")`}},
		{"flip the switch for the spend cap and put 25 in the number box that shows up", []string{`check("1")`, `setValue("h1", "25")`}},
		// Said to be what shows up: never the number box already in view.
		{"tick this is a gift and put 2 in the number box that shows up", nil},
		// Two fields shown: "it" is not known.
		{"tick this is a gift and set it to Love from Sam", nil},
		// Indefinite: asked, nothing done.
		{"tick this is a gift and write something nice in the message", nil},
		// Not what the box shows: a field no one can see is not guessed at.
		{"tick paperless bills and set the postcode to N1 9GU", nil},
		// A radio or a dropdown's option shows fields as a box does (the page view ties them).
		{"Yes there'll be alcohol, licence number TEN-4471", []string{`check("8")`, `setValue("h5", "TEN-4471")`}},
		{"type of event: something else, please describe your event: ukulele AGM", []string{`select("9", "Something else")`, `setValue("h6", "ukulele AGM")`}},
		// Nothing says the licence number is wanted while No is chosen: not opened blind.
		{"licence number TEN-4471", nil},
		{"Tenant will let them in – Priya Das, 07700 900777", []string{`check("10")`, `setValue("h7", "Priya Das")`, `setValue("h8", "07700 900777")`}},
	} {
		t.Run(c.goal, func(t *testing.T) { wantShown(t, Read(c.goal, billing, Options{}), billing, c.want) })
	}
}

// TestWhichBehind: a hidden menu item that only opens a sub-menu is asked about, each of
// its items a choice that runs the clicks reaching it.
func TestWhichBehind(t *testing.T) {
	rd := Read("export", prefs, Options{})
	if len(rd.Questions) != 1 || len(rd.Questions[0].Choices) != 1 {
		t.Fatalf("want one question with the sub-menu's item, got %+v %v", rd.Questions, acts(rd))
	}
	ch := rd.Questions[0].Choices[0]
	if ch.Label != "Export > CSV" || len(ch.Then) != 3 || ch.Then[0].Action.String() != `click("4")` || ch.Then[2].Phrase != "CSV" {
		t.Fatalf("choice %+v", ch)
	}
	for _, c := range rd.Commands {
		if c.Bound && c.Action.Kind != page.Wait {
			t.Fatalf("asks but also acts: %v", acts(rd))
		}
	}
}

// wantShown checks a reading's actions as they run once what they open is shown (nil: a
// question).
func wantShown(t *testing.T, rd Reading, obs page.Observation, want []string) {
	t.Helper()
	if want == nil || len(rd.Questions) > 0 {
		wantReading(t, rd, want) // a question, wanted or not
		return
	}
	if got := actsOn(t, rd, shown(obs)); !slices.Equal(got, want) {
		t.Fatalf("actions = %v, want %v", got, want)
	}
}

// TestOpenersOnceOnly: an opener already open, or already ticked, that still hides what is
// named is not clicked again to reach it (the click would close it, and the clause read
// again would open it, for ever); a radio whose choice shows a dropdown is clicked to reach
// the dropdown's option.
func TestOpenersOnceOnly(t *testing.T) {
	open := page.Observation{URL: "http://x/gym", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Account ▾", State: "popup,expanded"},
	}, Behind: []page.Hidden{{Role: page.RoleMenuItem, Name: "Freeze membership", By: "1"}}}
	readsAs(t, open, []goalCase{{"freeze my membership", nil}})
	help := page.Observation{URL: "http://x/help", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Help", State: "popup"},
	}, Behind: []page.Hidden{{Role: page.RoleButton, Name: "Request a call back", By: "1"}}}
	readsAs(t, help, []goalCase{{"open Help and request a call back", []string{`click("1")`, `click("h1")`}}})
	parcel := func(safe string) page.Observation {
		return page.Observation{URL: "http://x/parcel", Tree: []page.Node{
			{ID: "1", Role: page.RoleRadio, Name: "Redeliver to my address", Ctx: "What should we do with it?", State: "checked"},
			{ID: "2", Role: page.RoleSelect, Name: "Time slot", Ctx: "What should we do with it?", Options: []string{"Any time (8am-6pm)", "Morning (8am-12pm)"}},
			{ID: "3", Role: page.RoleRadio, Name: "Leave in a safe place", Ctx: "What should we do with it?", State: safe},
		}, Behind: []page.Hidden{
			{Role: page.RoleSelect, Name: "Safe place", Options: []string{"Choose a safe place", "Porch", "Shed"}, Ctx: "What should we do with it?", By: "3"},
		}}
	}
	readsAs(t, parcel(""), []goalCase{
		{"select shed", []string{`click("3")`, `select("h1", "Shed")`}},
		{"safe place: shed", []string{`click("3")`, `select("h1", "Shed")`}},
	})
	readsAs(t, parcel("checked"), []goalCase{{"safe place: shed", nil}})
}

// TestTabNamesTheDay: a row behind a day's tab is named with the day ("Book Priya's yoga
// class on Thursday"); once the tab is open, the clause is read again without the day.
func TestTabNamesTheDay(t *testing.T) {
	obs := page.Observation{URL: "http://x/timetable", Tree: []page.Node{
		{ID: "1", Role: page.RoleTab, Name: "Mon 9 Jun", State: "selected"},
		{ID: "2", Role: page.RoleTab, Name: "Thu 12 Jun"},
		{ID: "3", Role: page.RoleButton, Name: "Book", Ctx: "07:00 Spin Dana Price Cycle studio"},
	}, Behind: []page.Hidden{
		{Role: page.RoleButton, Name: "Book", Ctx: "12:30 Yoga Flow Priya Shah Studio 2", By: "2"},
		{Role: page.RoleButton, Name: "Book", Ctx: "18:00 Boxfit Ola Nowak Studio 1", By: "2"},
	}}
	readsAs(t, obs, []goalCase{
		{"Book Priya's yoga class on Thursday", []string{`click("2")`, `click("h1")`}},
		{"book the spin class", []string{`click("3")`}},
	})
	rd := Read("Book Priya's yoga class on Thursday", obs, Options{})
	if n := len(rd.Commands); n != 2 || strings.Contains(rd.Commands[1].Phrase, "Thursday") || !strings.HasPrefix(rd.Commands[1].Phrase, "Book") {
		t.Errorf("commands %+v, want the clause read again without the day", rd.Commands)
	}
}

// TestOpenedThenFilled: after a step that opens a form, a name alone goes into the one
// name field it shows, a field named with its value into that field, and "save it" is the
// one button there that says save; the opener is never clicked again.
func TestOpenedThenFilled(t *testing.T) {
	obs := page.Observation{URL: "http://x/bank", Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Who are you paying?"},
		{ID: "2", Role: page.RoleButton, Name: "+ New payee", State: "popup"},
	}, Behind: []page.Hidden{
		{Role: page.RoleInput, Name: "Name on their account", Ctx: "Add a new payee", By: "2"},
		{Role: page.RoleInput, Name: "Sort code", Ctx: "Add a new payee", By: "2"},
		{Role: page.RoleInput, Name: "Account number", Ctx: "Add a new payee", By: "2"},
		{Role: page.RoleButton, Name: "Save payee", Ctx: "Add a new payee", By: "2"},
	}}
	readsAs(t, obs, []goalCase{
		{"add a new payee - Jo Wright, sort code 20-45-77, account no 41839260 - and save it",
			[]string{`click("2")`, `setValue("h1", "Jo Wright")`, `setValue("h2", "20-45-77")`, `setValue("h3", "41839260")`, `click("h4")`}},
		{"add a new payee, sort code 20-45-77, save payee", []string{`click("2")`, `setValue("h2", "20-45-77")`, `click("h4")`}},
	})
}

// TestSettingMenu: a menu button that names a setting is set to one of its items ("switch
// the language to 日本語"), and "the site" is what such a choice is for, not a field; an
// item the menu does not hold asks.
func TestSettingMenu(t *testing.T) {
	obs := page.Observation{URL: "http://x/p", Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Name"},
		{ID: "2", Role: page.RoleButton, Name: "Language", State: "popup"},
	}, Behind: []page.Hidden{{Role: page.RoleMenuItem, Name: "English", By: "2"}, {Role: page.RoleMenuItem, Name: "日本語", By: "2"}}}
	readsAs(t, obs, []goalCase{
		{"switch the language to 日本語", []string{`click("2")`, `click("h2")`}},
		{"switch the site to 日本語", []string{`click("2")`, `click("h2")`}},
		{"switch the site to Klingon", nil},
	})
}

// TestQuotedIntoHiddenField: a quoted value into a field behind a link, the field named
// whole, is no guess: the link opens it, and the clause is read again there. A value not
// quoted, which fits any text field, still asks.
func TestQuotedIntoHiddenField(t *testing.T) {
	obs := page.Observation{URL: "http://x/ride", Tree: []page.Node{
		{ID: "1", Role: page.RoleLink, Name: "Have a promo code?", Ctx: "Choose a ride"},
		{ID: "2", Role: page.RoleTextarea, Name: "Note for driver", Ctx: "Choose a ride"},
	}, Behind: []page.Hidden{
		{Role: page.RoleInput, Name: "Promo code", Ctx: "Choose a ride", By: "1"},
		{Role: page.RoleButton, Name: "Apply", Ctx: "Choose a ride", By: "1"},
	}}
	for _, c := range []struct {
		goal string
		want []string
	}{
		{`Apply the promo code "SPRING25"`, []string{`click("1")`, `Apply the promo code "SPRING25"`}},
		{`promo code "SPRING25"`, []string{`click("1")`, `promo code "SPRING25"`}},
		{`Apply the promo code SPRING25`, nil},
		{`put "SPRING25" in the code`, nil},
	} {
		rd := Read(c.goal, obs, Options{})
		got := steps(rd)
		if c.want == nil && rd.Understood() || c.want != nil && (!rd.Understood() || !slices.Equal(got, c.want)) {
			t.Errorf("%q: got %q (questions %v), want %q", c.goal, got, rd.Questions, c.want)
		}
	}
}

// TestTabWordsLeaveQuotes: once the words that named a tab are left out of a clause read
// again behind it, a quoted value keeps its quotes, so it is still one value, however it
// ends ("… again").
func TestTabWordsLeaveQuotes(t *testing.T) {
	obs := page.Observation{URL: "http://x/bins", Tree: []page.Node{
		{ID: "1", Role: page.RoleTab, Name: "Collection days", State: "selected"},
		{ID: "2", Role: page.RoleTab, Name: "Report a missed bin"},
		{ID: "3", Role: page.RoleInput, Name: "Postcode"},
	}, Behind: []page.Hidden{
		{Role: page.RoleRadio, Name: "Black bin", Ctx: "Which bin was missed?", By: "2"},
		{Role: page.RoleTextarea, Name: "Comments", Ctx: "Bins", By: "2"},
	}}
	for goal, want := range map[string]string{
		`In the missed bin comments put "Crew skipped our whole street again"`: `In the bin comments put "Crew skipped our whole street again"`,
		`put "Crew skipped our whole street again" in the missed bin comments`: `put "Crew skipped our whole street again" in the bin comments`,
	} {
		rd := Read(goal, obs, Options{})
		if len(rd.Commands) != 2 || rd.Commands[0].Action.String() != `click("2")` || rd.Commands[1].Phrase != want {
			t.Errorf("%q: commands %+v, want the tab, then %q", goal, rd.Commands, want)
		}
	}
}
