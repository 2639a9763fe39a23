package replay

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/knowledge/recorded"
)

// set types text into a field, as the fast path records it.
func set(field, text string) recorded.Step {
	return recorded.Step{Action: page.Action{Kind: page.SetValue, Text: text},
		Element: recorded.Element{Role: page.RoleInput, Name: field}}
}

func click(role, name, ctx string) recorded.Step {
	return recorded.Step{Action: page.Action{Kind: page.Click}, Element: recorded.Element{Role: role, Name: name, Context: ctx}}
}

func choose(field, option string) recorded.Step {
	return recorded.Step{Action: page.Action{Kind: page.Select, Text: option},
		Element: recorded.Element{Role: page.RoleSelect, Name: field}}
}

func mustRecord(t testing.TB, goal string, steps ...recorded.Step) Script {
	t.Helper()
	s, err := Record(goal, "http://127.0.0.1:7480/patients/new", steps)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func bindingsString(b Bindings) string {
	keys := make([]string, 0, len(b))
	for k := range b {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + b[k]
	}
	return strings.Join(parts, " ")
}

// The recordings the match table replays, as varied people would have phrased them.
func recordings(t testing.TB) map[string]Script {
	save := click(page.RoleButton, "Save", "")
	return map[string]Script{
		"add":    mustRecord(t, "Add patient Jas", click(page.RoleLink, "New patient", ""), set("Name", "Jas"), save),
		"quoted": mustRecord(t, "Type 'Jas' into the Name field and click Save", set("Name", "Jas"), save),
		"email":  mustRecord(t, "fill Email with jas@example.com", set("Email", "jas@example.com")),
		"dob": mustRecord(t, "Set the date of birth to 3 May 1990.",
			recorded.Step{Action: page.Action{Kind: page.SetValue, Text: "1990-05-03"},
				Element: recorded.Element{Role: page.RoleInput, Type: "date", Name: "Date of birth"}}),
		"count":  mustRecord(t, "Add 3 items to the cart", click(page.RoleButton, "Add", ""), click(page.RoleButton, "Add", ""), click(page.RoleButton, "Add", "")),
		"login":  mustRecord(t, "Log in as ann@clinic.org with %password%", set("Email", "ann@clinic.org"), set("Password", "%password%")),
		"names":  mustRecord(t, "First name Jas, last name Singh", set("First name", "Jas"), set("Last name", "Singh")),
		"pair":   mustRecord(t, "add patient Jas Singh", set("First name", "Jas"), set("Last name", "Singh"), save),
		"delete": mustRecord(t, "Delete 'Tom Baker'", click(page.RoleButton, "Delete", "Tom Baker | 1971-01-02")),
		"gender": mustRecord(t, "new patient Jas, female, born 1990-05-03",
			set("Name", "Jas"), choose("Gender", "Female"), set("Date of birth", "1990-05-03"), save),
		"rooms": mustRecord(t, "Book 2 rooms for two nights", set("Rooms", "2"), click(page.RoleButton, "Book", "")),
	}
}

func TestMatch(t *testing.T) {
	scripts := recordings(t)
	tests := []struct {
		script, goal string
		want         string // the bindings; "" = no match
	}{
		// Another value, written as people write it.
		{"add", "Add patient Lee", "value1=Lee"},
		{"add", "add patient lee", "value1=lee"},
		{"add", "ADD PATIENT LEE.", "value1=LEE"},
		{"add", "Add patient 'Lee Chan'", "value1=Lee Chan"},
		{"add", "Add patient Mary Ann Lee", "value1=Mary Ann Lee"},
		{"add", "Add patient Jas", "value1=Jas"},
		{"add", "  Add   patient   Lee  ", "value1=Lee"},
		// Anything but the value differs: no replay.
		{"add", "Add a patient Lee", ""},
		{"add", "Add patient", ""},
		{"add", "Delete patient Lee", ""},
		{"add", "Add patient Lee and click Save", ""},
		{"add", "please add patient Lee", ""},
		{"add", "Add patient Lee, then print", ""},
		{"add", "Add patient with a very long name indeed", ""},
		// Quoted in the recording, bare now, or the other way round.
		{"quoted", "Type 'Lee' into the Name field and click Save", "text1=Lee"},
		{"quoted", "type \"Lee Chan\" into the name field and click save", "text1=Lee Chan"},
		{"quoted", "Type \u201cLee\u201d into the Name field, and click Save.", "text1=Lee"},
		{"quoted", "type Lee into the Name field and click Save", "text1=Lee"},
		{"quoted", "Type 'Lee' into the Name box and click Save", ""},
		{"quoted", "Type 'Lee' into Name and click Save", ""},
		// Forms: an e-mail is an e-mail, a date a date.
		{"email", "Fill email with lee@example.org", "email1=lee@example.org"},
		{"email", "fill Email with lee", ""},
		{"dob", "set the date of birth to May 5th, 1991", "date1=May 5th, 1991"},
		{"dob", "Set the date of birth to 1991-05-05", "date1=1991-05-05"},
		{"dob", "Set the date of birth to tomorrow", ""},
		// A value no step used shaped the errand: only that value replays it.
		{"count", "Add 3 items to the cart", "number1=3"},
		{"count", "add 5 items to the cart", ""},
		// Secrets' placeholders are words of the instruction.
		{"login", "Log in as bob@clinic.org with %password%", "email1=bob@clinic.org"},
		{"login", "Log in as bob@clinic.org with %pin%", ""},
		{"login", "Log in as bob@clinic.org with hunter2", ""},
		// Two values side by side split as they were recorded, or not at all.
		{"names", "First name Lee, last name Chan", "value1=Lee value2=Chan"},
		{"names", "first name Mary Ann, last name Lee", "value1=Mary Ann value2=Lee"},
		{"pair", "Add patient Lee Chan", "value1=Lee value2=Chan"},
		{"pair", "Add patient Mary Ann Lee", ""},
		{"pair", "Add patient Lee", ""},
		{"delete", "Delete 'Ann Lee'", "text1=Ann Lee"},
		{"delete", "Delete Ann Lee", "text1=Ann Lee"},
		{"delete", "Delete all of them", ""},
		{"delete", "delete everyone", ""},
		{"gender", "new patient Lee, male, born 1985-07-12", "date1=1985-07-12 value1=Lee value2=male"},
		{"gender", "new patient Lee, male, born yesterday", ""},
		{"rooms", "Book 3 rooms for two nights", "number1=3"},
		{"rooms", "Book 3 rooms for three nights", ""},
		// More of how people type.
		{"add", "Add patient Lee!", "value1=Lee"},
		{"add", "add patient: Lee", "value1=Lee"},
		{"add", "Add pateint Lee", ""},
		{"add", "Add patient Zoë", "value1=Zoë"},
		{"add", "Add patient O'Brien", "value1=O'Brien"},
		{"quoted", "Type «Lee» into the Name field and click Save", "text1=Lee"},
		{"email", "fill Email with LEE@EXAMPLE.ORG", "email1=LEE@EXAMPLE.ORG"},
		{"dob", "Set the date of birth to 12/07/1985", "date1=12/07/1985"},
		{"login", "log in as bob@clinic.org with %password%.", "email1=bob@clinic.org"},
		{"rooms", "Book 10 rooms for two nights", "number1=10"},
		{"rooms", "Book ten rooms for two nights", ""},
		{"names", "First name Lee Chan last name Wu", "value1=Lee Chan value2=Wu"},
		{"delete", "Delete “Ann Lee”", "text1=Ann Lee"},
	}
	for _, tt := range tests {
		s, ok := scripts[tt.script]
		if !ok {
			t.Fatalf("no script %q", tt.script)
		}
		b, matched := Match(tt.goal, s)
		got := ""
		if matched {
			got = bindingsString(b)
			if got == "" {
				got = "(match)"
			}
		}
		if got != tt.want {
			t.Errorf("%s: Match(%q) against %q = %q, want %q", tt.script, tt.goal, s.Key, got, tt.want)
		}
	}
}

func TestRecordAndInstantiate(t *testing.T) {
	s := recordings(t)["dob"]
	if s.Key != "set the date of birth to {date1}" || s.Steps[0].Action.Text != "{date1|2006-01-02}" {
		t.Fatalf("recorded %q with step %+v", s.Key, s.Steps[0])
	}
	b, ok := Match("Set the date of birth to 12 July 1985", s)
	if !ok {
		t.Fatal("no match")
	}
	steps, err := Instantiate(s, b)
	if err != nil || steps[0].Action.Text != "1985-07-12" {
		t.Fatalf("Instantiate = %+v, %v", steps, err)
	}

	s = recordings(t)["delete"]
	if got := s.Steps[0].Element.Context; got != "{text1} | 1971-01-02" {
		t.Errorf("the row's name was not made the variable: %q", got)
	}
	steps, _ = Instantiate(s, Bindings{"text1": "Ann Lee"})
	if got := steps[0].String(); got != "click \u201cDelete\u201d button in \u201cAnn Lee | 1971-01-02\u201d" {
		t.Errorf("instantiated delete: %s", got)
	}

	s, err = Record("Open patient 42", "http://127.0.0.1:7480/patients", []recorded.Step{
		{Action: page.Action{Kind: page.Navigate, Text: "http://127.0.0.1:7480/patients/42"}}})
	if err != nil || s.Steps[0].Action.Text != "http://127.0.0.1:7480/patients/{number1}" || !s.Vars[0].Used {
		t.Fatalf("navigate recorded as %+v, %v", s, err)
	}
	steps, _ = Instantiate(s, Bindings{"number1": "7"})
	if steps[0].Action.Text != "http://127.0.0.1:7480/patients/7" {
		t.Errorf("navigate instantiated as %q", steps[0].Action.Text)
	}
	if _, err := Instantiate(s, Bindings{}); err == nil || !strings.Contains(err.Error(), "no value for {number1}") {
		t.Errorf("missing binding: %v", err)
	}
}

func TestRecordKeepsNoSecret(t *testing.T) {
	pw := recorded.Step{Action: page.Action{Kind: page.SetValue, Text: "hunter2", Sensitive: true,
		Description: `typed "hunter2"`}, Element: recorded.Element{Role: page.RoleInput, Name: "Password", Type: "password"}}
	s, err := Record("Log in as ann with %password%", "https://clinic.example/login", []recorded.Step{set("User", "ann"), pw})
	if err != nil {
		t.Fatal(err)
	}
	if dump := fmt.Sprintf("%+v", s); strings.Contains(dump, "hunter2") {
		t.Fatalf("the script holds the secret: %s", dump)
	}
	if s.Steps[1].Action.Text != "%password%" {
		t.Errorf("secret step text %q", s.Steps[1].Action.Text)
	}
	if _, err := Record("Log in as ann", "https://clinic.example/login", []recorded.Step{pw}); err == nil {
		t.Error("a secret no placeholder names was recorded")
	}
	if _, err := Record("Log in", "https://clinic.example/login", nil); err != ErrNothingToReplay {
		t.Errorf("empty recording: %v", err)
	}
}
