package browser

import (
	"reflect"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/page"
)

func TestNormalizeValue(t *testing.T) {
	for _, c := range []struct{ typ, in, want string }{
		{"date", "1990-03-05", "1990-03-05"},
		{"date", "05/03/1990", "1990-03-05"},
		{"date", "5/3/1990", "1990-03-05"},
		{"date", "03/25/1990", "1990-03-25"},
		{"date", "25.03.1990", "1990-03-25"},
		{"date", "March 5, 1990", "1990-03-05"},
		{"date", "march 5 1990", "1990-03-05"},
		{"date", "5 March 1990", "1990-03-05"},
		{"date", "5th Mar 1990", "1990-03-05"},
		{"time", "14:30", "14:30"},
		{"time", "2:30 pm", "14:30"},
		{"time", "9 AM", "09:00"},
		{"datetime-local", "1990-03-05T14:30", "1990-03-05T14:30"},
		{"datetime-local", "March 5, 1990 2:30 PM", "1990-03-05T14:30"},
		{"datetime-local", "05/03/1990 at 14:30", "1990-03-05T14:30"},
		{"month", "March 1990", "1990-03"},
		{"week", "1990-w10", "1990-W10"},
		{"color", "#FFAA00", "#ffaa00"},
		{"range", "42", "42"},
		{"date", "", ""},
	} {
		got, err := normalizeValue(c.typ, c.in)
		if err != nil || got != c.want {
			t.Errorf("normalizeValue(%s, %q) = %q, %v; want %q", c.typ, c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ typ, in string }{
		{"date", "soon"}, {"date", "31/02/1990"}, {"time", "teatime"}, {"color", "red"}, {"range", "lots"},
	} {
		if got, err := normalizeValue(c.typ, c.in); err == nil {
			t.Errorf("normalizeValue(%s, %q) = %q, want an error", c.typ, c.in, got)
		}
	}
}

func TestParseChord(t *testing.T) {
	for _, c := range []struct {
		in   string
		key  string
		vk   int64
		mods int64
		text string
	}{
		{"Enter", "Enter", 13, 0, "\r"},
		{"tab", "Tab", 9, 0, ""},
		{"Shift+Tab", "Tab", 9, modShift, ""},
		{"Control+a", "a", 65, modCtrl, "a"},
		{"Escape", "Escape", 27, 0, ""},
		{"ArrowDown", "ArrowDown", 40, 0, ""},
		{"Backspace", "Backspace", 8, 0, ""},
		{"F5", "F5", 116, 0, ""},
		{"+", "+", 0, 0, "+"},
	} {
		k, mods, ok := parseChord(c.in)
		if !ok || k.key != c.key || k.vk != c.vk || mods != c.mods || k.text != c.text {
			t.Errorf("parseChord(%q) = %+v %d %v", c.in, k, mods, ok)
		}
	}
	for _, bad := range []string{"Hyper", "Foo+a", "F13", ""} {
		if _, _, ok := parseChord(bad); ok {
			t.Errorf("parseChord(%q) accepted", bad)
		}
	}
}

func TestDomainPolicy(t *testing.T) {
	d := normalizeDomains([]string{"https://Example.com:8080/path", "*.clinic.test", "127.0.0.1", "example.com"})
	if want := []string{"example.com", "clinic.test", "127.0.0.1"}; !reflect.DeepEqual(d, want) {
		t.Fatalf("normalizeDomains = %q, want %q", d, want)
	}
	for _, c := range []struct {
		url  string
		want bool
	}{
		{"https://example.com/a", true},
		{"https://www.example.com/a", true},
		{"https://badexample.com/", false},
		{"http://app.clinic.test:9000/", true},
		{"http://127.0.0.1:5555/x", true},
		{"http://localhost:5555/x", false},
		{"http://[::1]/", false},
		{"wss://evil.test/socket", false},
		{"data:text/html,hi", true},
		{"about:blank", true},
	} {
		if got := urlAllowed(d, c.url); got != c.want {
			t.Errorf("urlAllowed(%q) = %v", c.url, got)
		}
	}
	if !urlAllowed(nil, "https://anything.test") {
		t.Error("an empty list must allow everything")
	}
}

func TestDecodeObservation(t *testing.T) {
	text := `{"url":"http://x/","pageTitle":"T","viewport":{"width":1280,"height":800},"scrollPosition":"0%","hasErrors":true,"messages":["Bad"],"domHash":"1-2-3"}` + "\n" +
		"1\tbtn\t10\t20\t30\t40\tSave\t\t\t\tRow 1\t1\n" +
		"T\theading\t2\t5\t6\t7\t8\t1\t\t1\tWelcome back\n" +
		"2\tsel\t0\t0\t100\t20\tClinic\tNorth\trequired\t\t\t0\t2\t1\t40%\t900\t\tNorth\tSouth Side\n" +
		"3\tbtn\t0\t0\t1\t1\tGo\t\t\t\t\t\n" +
		"4\tbtn\t0\t0\t1\t1\tMore options for Gmail\t\t\t\t\t\t\t\t\t\t⋯\n" +
		"G\trow\t\t1\tRow 1 | 1990"
	obs, err := decodeObservation(text)
	if err != nil {
		t.Fatal(err)
	}
	if wantText := []page.TextBlock{{Kind: "heading", Level: 2, Text: "Welcome back", Box: [4]int{5, 6, 7, 8}, At: 1, Occ: true}}; !reflect.DeepEqual(obs.Text, wantText) {
		t.Errorf("text = %+v\nwant %+v", obs.Text, wantText)
	}
	if wantGroups := []page.Group{{Kind: "row", Node: "1", Name: "Row 1 | 1990"}}; !reflect.DeepEqual(obs.Groups, wantGroups) {
		t.Errorf("groups = %+v\nwant %+v", obs.Groups, wantGroups)
	}
	want := []page.Node{
		{ID: "1", Role: "btn", Name: "Save", Ctx: "Row 1", XY: [2]int{25, 40}, Box: [4]int{10, 20, 30, 40}, Group: 1},
		{ID: "2", Role: "sel", Name: "Clinic", Value: "North", State: "required", XY: [2]int{50, 10},
			Box: [4]int{0, 0, 100, 20}, Frame: 2, Occ: true, Scr: &page.Scroll{Depth: "40%", H: 900},
			Options: []string{"North", "South Side"}},
		{ID: "3", Role: "btn", Name: "Go", XY: [2]int{0, 0}, Box: [4]int{0, 0, 1, 1}},
		{ID: "4", Role: "btn", Name: "More options for Gmail", XY: [2]int{0, 0}, Box: [4]int{0, 0, 1, 1}, Shown: "⋯"},
	}
	if !reflect.DeepEqual(obs.Tree, want) {
		t.Errorf("tree = %+v\nwant %+v", obs.Tree, want)
	}
	if obs.Title != "T" || !obs.HasErrors || obs.Viewport.Width != 1280 || obs.DOMHash != "1-2-3" {
		t.Errorf("page fields = %+v", obs)
	}
	if _, err := decodeObservation("{}\n1\tbtn\tx"); err == nil {
		t.Error("a short line decoded")
	}
}

func TestStabilityDefaults(t *testing.T) {
	s := Stability{MinWait: -1}.withDefaults()
	if s.NetworkQuiet.Milliseconds() != 500 || s.DOMQuiet.Milliseconds() != 300 || s.MinWait != 0 || s.MaxWait.Seconds() != 5 {
		t.Errorf("defaults = %+v", s)
	}
	l := s.light()
	if l.MinWait != 0 || l.DOMQuiet.Milliseconds() != 50 || l.MaxWait != s.MaxWait || l.NetworkQuiet != 0 {
		t.Errorf("light = %+v", l)
	}
}

func TestResolve(t *testing.T) {
	p := &Page{net: newNetTracker(time.Now)}
	p.net.setURL("http://127.0.0.1:8080/patients/list?q=1")
	for in, want := range map[string]string{
		"https://example.com/a": "https://example.com/a",
		"example.com/new":       "https://example.com/new",
		"/patients/new":         "http://127.0.0.1:8080/patients/new",
		"new":                   "http://127.0.0.1:8080/patients/new",
		"../reports":            "http://127.0.0.1:8080/reports",
		"?q=2":                  "http://127.0.0.1:8080/patients/list?q=2",
		"about:blank":           "about:blank",
	} {
		if got, err := p.resolve(in); err != nil || got != want {
			t.Errorf("resolve(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := p.resolve(" "); err == nil {
		t.Error("an empty address resolved")
	}
	p.net.setURL("about:blank")
	if _, err := p.resolve("/x"); err == nil {
		t.Error("a path resolved without a current page")
	}
}
