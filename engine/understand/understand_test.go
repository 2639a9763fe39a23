package understand

import (
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/page"
)

// form is a small page: a contact form with the widgets the families need.
var form = page.Observation{URL: "http://x/form", Tree: []page.Node{
	{ID: "1", Role: page.RoleInput, Name: "Full name", Ctx: "Contact"},
	{ID: "2", Role: page.RoleInput, Name: "Email", Type: "email", Ctx: "Contact"},
	{ID: "3", Role: page.RoleInput, Name: "Date of birth", Type: "date", Ctx: "Contact"},
	{ID: "4", Role: page.RoleInput, Name: "Arrival time", Type: "time", Ctx: "Contact"},
	{ID: "5", Role: page.RoleSelect, Name: "Country", Options: []string{"Select a country", "Norway", "New York State", "Curaçao", "United Kingdom"}, Ctx: "Contact"},
	{ID: "6", Role: page.RoleInput, Name: "Guests", Type: "number", Value: "1", Ctx: "Contact"},
	{ID: "7", Role: page.RoleTextarea, Name: "Notes", Ctx: "Contact"},
	{ID: "8", Role: page.RoleRadio, Name: "S", Ctx: "Size"},
	{ID: "9", Role: page.RoleRadio, Name: "M", Ctx: "Size"},
	{ID: "10", Role: page.RoleRadio, Name: "L", Ctx: "Size"},
	{ID: "11", Role: page.RoleCheckbox, Name: "Terms and Conditions", Ctx: "Contact"},
	{ID: "12", Role: page.RoleCheckbox, Name: "Newsletter", Ctx: "Contact"},
	{ID: "13", Role: page.RoleButton, Name: "Save changes", Type: "submit", Ctx: "Contact"},
	{ID: "14", Role: page.RoleButton, Name: "Remove my profile", Ctx: "Danger zone"},
	{ID: "15", Role: page.RoleButton, Name: "★★★", Ctx: "Rating"},
	{ID: "16", Role: page.RoleButton, Name: "OK", Ctx: "Dialog"},
	{ID: "17", Role: page.RoleLink, Name: "Delete", Value: "#", Ctx: "Tom Baker tom@x.io"},
	{ID: "18", Role: page.RoleLink, Name: "Delete", Value: "#", Ctx: "Ann Lee ann@x.io"},
	{ID: "19", Role: page.RoleTab, Name: "Privacy", Ctx: "Settings"},
}}

// act is an expected action, written as the call syntax: click("13"), setValue("1", "Jas").
func acts(rd Reading) []string {
	var out []string
	for _, c := range rd.Commands {
		out = append(out, c.Action.String())
	}
	return out
}

// actsOn is acts with the commands that wait for the next page bound on next, as the
// agent binds them after the step before has run.
func actsOn(t *testing.T, rd Reading, next page.Observation) []string {
	t.Helper()
	var out []string
	for _, c := range rd.Commands {
		if !c.Bound {
			nc, q := Rebind(c, next, Options{})
			if q != nil {
				t.Fatalf("rebind %q asks %q", c.Phrase, q.Text)
			}
			c = nc
		}
		out = append(out, c.Action.String())
	}
	return out
}

// wantReading checks a reading: the actions want lists, with no question; or, when want
// is nil, a question.
func wantReading(t *testing.T, rd Reading, want []string) {
	t.Helper()
	if want == nil {
		if len(rd.Questions) == 0 {
			t.Fatalf("want a question, got %v", acts(rd))
		}
		return
	}
	if len(rd.Questions) > 0 {
		t.Fatalf("want %v, got question %q", want, rd.Questions[0].Text)
	}
	if got := acts(rd); !slices.Equal(got, want) {
		t.Fatalf("actions = %v, want %v", got, want)
	}
}

// TestRead is the understander's table: goals on one small page, with the actions they
// must become or the question they must raise. The corpus (corpus_test.go) runs the same
// idea on real pages in Chromium; this table pins the mechanisms.
func TestRead(t *testing.T) {
	tests := []struct {
		family, goal string
		want         []string     // actions, in order; nil when a question is wanted
		ask          QuestionKind // the first question's kind, "" when none
		assume       bool         // an assumption is announced
	}{
		{"names", "click Save changes", []string{`click("13")`}, "", false},
		{"names", "hit save changes please", []string{`click("13")`}, "", false},
		{"quoted", `click the "OK" button`, []string{`click("16")`}, "", false},
		{"symbols", `press "★★★"`, []string{`click("15")`}, "", false},
		{"label-goal", "Remove my profile", []string{`click("14")`}, "", false},
		{"frames", "type Jas into Full name", []string{`setValue("1", "Jas")`}, "", false},
		{"frames", "put Jas as the full name", []string{`setValue("1", "Jas")`}, "", false},
		{"frames", "set Full name to Jas Kaur", []string{`setValue("1", "Jas Kaur")`}, "", false},
		{"frames", "Full name: Jas Kaur", []string{`setValue("1", "Jas Kaur")`}, "", false},
		{"frames", "fill Email with jas@example.com", []string{`setValue("2", "jas@example.com")`}, "", false},
		{"values", "Date of birth 3 May 1990", []string{`setValue("3", "1990-05-03")`}, "", false},
		{"values", "date of birth: May 3rd, 1990", []string{`setValue("3", "1990-05-03")`}, "", false},
		{"values", "enter 03/05/1990 in the date field", []string{`setValue("3", "1990-03-05")`}, "", true},
		{"values", "arrival time half past two in the afternoon", []string{`setValue("4", "14:30")`}, "", false},
		{"values", "guests: five", []string{`setValue("6", "5")`}, "", false},
		{"quoted", "write 'ring me at noon' in Notes", []string{`setValue("7", "ring me at noon")`}, "", false},
		{"options", "select Norway from the Country dropdown", []string{`select("5", "Norway")`}, "", false},
		{"options", "country: curacao", []string{`select("5", "Curaçao")`}, "", false},
		{"options", "pick NY as the country", []string{`select("5", "New York State")`}, "", true},
		{"options", "choose size M", []string{`check("9")`}, "", false},
		{"roles", "choose the 3rd size", []string{`check("10")`}, "", false},
		{"options", "select Atlantis from Country", nil, AskOption, false},
		{"lists", "tick Terms and Conditions and Newsletter", []string{`check("11")`, `check("12")`}, "", false},
		{"sequences", `Enter "Jas" in the full name box, choose Norway, and submit`,
			[]string{`setValue("1", "Jas")`, `select("5", "Norway")`, `click("13")`}, "", false},
		{"sequences", "Change the full name to Jas and save the changes", []string{`setValue("1", "Jas")`, `click("13")`}, "", false},
		{"near", "click Delete for Ann Lee", []string{`click("18")`}, "", false},
		{"roles", "click the second Delete link", []string{`click("18")`}, "", false},
		{"options", "open the Privacy tab", []string{`click("19")`}, "", false},
		{"indefinite", "enter a name into Full name", nil, AskValue, false},
		{"indefinite", "type something in Notes", nil, AskValue, false},
		{"indefinite", "choose a country", nil, AskOption, false},
		{"indefinite", "click a button", nil, AskElement, false},
		{"indefinite", "tick some boxes", nil, AskElement, false},
		{"ambiguous", "click Delete", nil, AskElement, false},
		{"leftover", "click Save changes and email my boss", nil, AskUnclear, false},
		{"leftover", "tick Newsletter and also book me a table", nil, AskUnclear, false},
		{"frames", "fill in the Notes field", nil, AskValue, false},
	}
	opts := Options{Today: time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)}
	for _, tt := range tests {
		t.Run(tt.family+"/"+tt.goal, func(t *testing.T) {
			rd := Read(tt.goal, form, opts)
			if tt.ask != "" {
				if len(rd.Questions) == 0 || rd.Questions[0].Kind != tt.ask && tt.family != "leftover" {
					t.Fatalf("want a %s question, got actions %v questions %+v", tt.ask, acts(rd), rd.Questions)
				}
				return
			}
			if len(rd.Questions) > 0 {
				t.Fatalf("want %v, got question %+v", tt.want, rd.Questions[0])
			}
			if got := acts(rd); !slices.Equal(got, tt.want) {
				t.Fatalf("actions = %v, want %v", got, tt.want)
			}
			if got := len(rd.Assumptions) > 0; got != tt.assume {
				t.Errorf("assumptions = %v, want some: %v", rd.Assumptions, tt.assume)
			}
			if tt.ask == "" && !tt.assume && rd.Factors.Overall() < 0.9 {
				t.Errorf("a goal read word for word scores %.2f (%+v), want ≥ 0.9", rd.Factors.Overall(), rd.Factors)
			}
		})
	}
}

// TestUniqueRole checks that "the dropdown" with one dropdown on the page is a unique
// match, and "click a button" with one button proceeds.
func TestUniqueRole(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Size", Options: []string{"Small", "Large"}},
		{ID: "2", Role: page.RoleButton, Name: "Go"},
	}}
	for goal, want := range map[string]string{
		"set the dropdown to Large": `select("1", "Large")`,
		"click a button":            `click("2")`,
		"pick Small from the list":  `select("1", "Small")`,
	} {
		rd := Read(goal, obs, Options{})
		if got := acts(rd); len(rd.Questions) > 0 || len(got) != 1 || got[0] != want {
			t.Errorf("%q: actions %v questions %+v, want %s", goal, got, rd.Questions, want)
		}
	}
}

// TestRebind binds a command read before a click, on the page the click opened.
func TestRebind(t *testing.T) {
	before := page.Observation{Tree: []page.Node{{ID: "1", Role: page.RoleTab, Name: "Privacy"}}}
	rd := Read("open the Privacy tab and turn off Location sharing", before, Options{})
	if len(rd.Questions) > 0 || len(rd.Commands) != 2 || rd.Commands[1].Bound {
		t.Fatalf("reading = %+v", rd)
	}
	after := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleTab, Name: "Privacy", State: "selected"},
		{ID: "2", Role: page.RoleSwitch, Name: "Location sharing", State: "checked"},
	}}
	cmd, q := Rebind(rd.Commands[1], after, Options{})
	if q != nil || cmd.Action.String() != `uncheck("2")` {
		t.Fatalf("rebind = %v, %+v", cmd.Action, q)
	}
	if _, q := Rebind(rd.Commands[1], before, Options{}); q == nil || q.Kind != AskMissing {
		t.Fatalf("rebind on a page without it = %+v, want a missing question", q)
	}
}

// TestIgnorable keeps the words that may go unexplained a closed list, in testdata so a
// change shows in review.
func TestIgnorable(t *testing.T) {
	raw, err := os.ReadFile("testdata/ignorable.txt")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, l := range strings.Split(string(raw), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			want = append(want, l)
		}
	}
	var got []string
	for w := range ignorable {
		got = append(got, w)
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("ignorable words = %v, testdata/ignorable.txt says %v", got, want)
	}
}

// TestValues reads the forms of dates, times and numbers people write.
func TestValues(t *testing.T) {
	dates := map[string]string{
		"2027-05-03": "2027-05-03", "3 May 2027": "2027-05-03", "May 3rd, 2027": "2027-05-03",
		"3rd of May 2027": "2027-05-03", "Tuesday, May 3, 2027": "2027-05-03", "05/03/2027": "2027-05-03",
		"25/12/2027": "2027-12-25", "5.3.2027": "2027-03-05", "3/5/27": "2027-03-05",
		// A weekday said with no year picks the year in which the date falls on it: this
		// year (2026) first, then the next, then the last; none, and this year.
		"Sat 14 June": "2025-06-14", "Sunday 14 June": "2026-06-14", "Mon 14 June": "2027-06-14",
		"Friday 14 June": "2026-06-14", "14 June": "2026-06-14",
		// Two digits of a year read as strptime does: 69–99 the 1900s, the rest the 2000s.
		"3 Feb 87": "1987-02-03", "3 Feb '87": "1987-02-03", "12/25/68": "2068-12-25", "12/25/69": "1969-12-25",
	}
	for in, want := range dates {
		d, ok := parseDate(in, false, 2026)
		if !ok || d.iso() != want {
			t.Errorf("date %q = %v %v, want %s", in, d.iso(), ok, want)
		}
	}
	times := map[string]string{"10:30": "10:30", "9:05 pm": "21:05", "3pm": "15:00", "noon": "12:00",
		"half past nine in the evening": "21:30", "quarter to nine": "08:45", "12am": "00:00"}
	for in, want := range times {
		if got, ok := parseClock(in); !ok || got != want {
			t.Errorf("time %q = %q %v, want %s", in, got, ok, want)
		}
	}
	nums := map[string]string{"42": "42", "1,200.50": "1200.50", "$25": "25", "75,25": "75.25", "five": "5",
		"€150 a night": "150", "two hundred euros": "200", "1.5x": "1.5", "twenty five": "25", "eighty": "80"}
	for in, want := range nums {
		if got, ok := numberIn(in); !ok || got != want {
			t.Errorf("number %q = %q %v, want %s", in, got, ok, want)
		}
	}
	if got, ok := numberIn("between 2 and 5"); ok {
		t.Errorf("two numbers read as one: %q", got)
	}
	if _, ok := parseClock("42"); ok {
		t.Error("a bare number read as a time")
	}
}

// TestUntie: a field named so that it could be two is the one the goal has not filled yet.
func TestUntie(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleInput, Name: "Account holder", Ctx: "Payment"},
		{ID: "2", Role: page.RoleInput, Name: "Sort code", Ctx: "Payment"},
		{ID: "3", Role: page.RoleInput, Name: "Account number", Ctx: "Payment"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"account holder N Hussain, sort code 20-45-77, account 43917285",
			[]string{`setValue("1", "N Hussain")`, `setValue("2", "20-45-77")`, `setValue("3", "43917285")`}},
		// A number is the account's number, not its holder; a name is neither kind.
		{"sort code 20-45-77, account 43917285", []string{`setValue("2", "20-45-77")`, `setValue("3", "43917285")`}},
		{"sort code 20-45-77, account N Hussain", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) { wantReading(t, Read(tt.goal, obs, Options{}), tt.want) })
	}
}

// TestRoleWordAsName: a role word said alone is also the name of the elements called so:
// "click select" with three Select buttons asks which, never clicks the one dropdown.
func TestRoleWordAsName(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Select", Ctx: "Fibre 150"},
		{ID: "2", Role: page.RoleButton, Name: "Select", Ctx: "Fibre 500"},
		{ID: "3", Role: page.RoleSelect, Name: "Engineer visit time", Options: []string{"Morning", "Afternoon"}},
		{ID: "4", Role: page.RoleInput, Type: "search", Name: "Find a plan"},
		{ID: "5", Role: page.RoleButton, Name: "Search"},
	}}
	wantReading(t, Read("click select", obs, Options{}), nil)
	wantReading(t, Read("click search", obs, Options{}), []string{`click("5")`})
	wantReading(t, Read("open the dropdown", obs, Options{}), []string{`click("3")`})
}

// TestNumberWordsInNames: a number said as a word names a control written with the digit,
// and the other way round.
func TestNumberWordsInNames(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleRadio, Name: "3 stars", Ctx: "Rate your rider"},
		{ID: "2", Role: page.RoleRadio, Name: "4 stars", Ctx: "Rate your rider"},
		{ID: "3", Role: page.RoleButton, Name: "Two adults"},
	}}
	wantReading(t, Read("give four stars", obs, Options{}), []string{`check("2")`})
	wantReading(t, Read("click 2 adults", obs, Options{}), []string{`click("3")`})
	wantReading(t, Read("give five stars", obs, Options{}), nil)
}

// TestFilterElsewhere: "filter" said of a control that filters nothing (the Status of the
// ticket open beside the list) asks first; a filter that says so is set.
func TestFilterElsewhere(t *testing.T) {
	detail := page.Observation{Tree: []page.Node{
		{ID: "3", Role: page.RoleButton, Name: "Status"},
		{ID: "31", Role: page.RoleSelect, Name: "Status", Ctx: "No ticket selected", Options: []string{"Open", "Pending", "Solved"}},
	}}
	wantReading(t, Read("filter status to Pending", detail, Options{}), nil)
	filters := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Status", Ctx: "Filters", Options: []string{"Any", "Open", "Pending"}},
	}}
	wantReading(t, Read("filter status to Pending", filters, Options{}), []string{`select("1", "Pending")`})
	contacts := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleSelect, Name: "Group", Ctx: "Contacts", Options: []string{"All", "Work", "Family"}},
		{ID: "2", Role: page.RoleButton, Name: "Add contact", Ctx: "Contacts"},
	}}
	wantReading(t, Read("filter the list to Work", contacts, Options{}), []string{`select("1", "Work")`})
}
