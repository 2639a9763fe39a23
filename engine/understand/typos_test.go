package understand

import (
	"slices"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// nameForm is the demo's page: a form with a Name field and a Save button.
var nameForm = page.Observation{URL: "http://x/demo", Tree: []page.Node{
	{ID: "1", Role: page.RoleInput, Name: "Name"},
	{ID: "2", Role: page.RoleInput, Name: "Time", Type: "time"},
	{ID: "3", Role: page.RoleButton, Name: "Save"},
	{ID: "4", Role: page.RoleButton, Name: "Cancel"},
	{ID: "5", Role: page.RoleCheckbox, Name: "Accept all cookies"},
	{ID: "6", Role: page.RoleLink, Name: "Delete", Ctx: "GitHub Your sign-in code"},
	{ID: "7", Role: page.RoleLink, Name: "Delete", Ctx: "Lena Fischer Porto dates"},
	{ID: "8", Role: page.RoleButton, Name: "Cat"},
	{ID: "9", Role: page.RoleButton, Name: "Car"},
}}

// TestTypos pins the typo mechanism: a slip is read as the word it is nearest to and
// announced; quoted words, values and ties are never corrected.
func TestTypos(t *testing.T) {
	tests := []struct {
		goal    string
		want    []string // actions; nil when a question is wanted
		assumed []string
	}{
		{"Type 'Jas' into the nam box and click Sav", []string{`setValue("1", "Jas")`, `click("3")`},
			[]string{`"nam" read as "Name"`, `"Sav" read as "Save"`}},
		{"cilck Cancel", []string{`click("4")`}, []string{`"cilck" read as "click"`}},
		{"acept all cokies", []string{`check("5")`}, []string{`"acept" read as "Accept"`, `"cokies" read as "cookies"`}},
		{"delte the githb email", []string{`click("6")`}, []string{`"delte" read as "Delete"`, `"githb" read as "GitHub"`}},
		// A word in quotes is what the person wants typed, slips and all.
		{"type 'Jas' into Name and click 'Sav'", nil, nil},
		// A value is not corrected toward the page's word ("Tim" is not "Time").
		{"type Tim into Name", []string{`setValue("1", "Tim")`}, nil},
		// "Cax" is one slip from both Cat and Car: ask.
		{"click Cax", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.goal, func(t *testing.T) {
			rd := Read(tt.goal, nameForm, Options{})
			if tt.want == nil {
				if len(rd.Questions) == 0 {
					t.Fatalf("want a question, got %v (assumed %v)", acts(rd), rd.Assumptions)
				}
				return
			}
			if len(rd.Questions) > 0 {
				t.Fatalf("want %v, got question %+v", tt.want, rd.Questions[0])
			}
			if got := acts(rd); !slices.Equal(got, tt.want) {
				t.Fatalf("actions = %v, want %v", got, tt.want)
			}
			if !slices.Equal(rd.Assumptions, tt.assumed) {
				t.Errorf("assumptions = %q, want %q", rd.Assumptions, tt.assumed)
			}
		})
	}
}

// TestPluralSlip: a slip in the plural of a word the page has only in the singular
// ("Cookie consent") is one edit from the singular.
func TestPluralSlip(t *testing.T) {
	obs := page.Observation{URL: "http://x/news", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Reject", Ctx: "Cookie consent"},
		{ID: "2", Role: page.RoleButton, Name: "Accept all", Ctx: "Cookie consent"},
		{ID: "3", Role: page.RoleButton, Name: "Accept all", Ctx: "Newsletter terms"},
	}}
	rd := Read("acept all cokies", obs, Options{})
	if got := acts(rd); len(rd.Questions) > 0 || !slices.Equal(got, []string{`click("2")`}) {
		t.Fatalf("got %v, questions %v", got, rd.Questions)
	}
	if want := []string{`"acept" read as "Accept"`, `"cokies" read as "Cookies"`}; len(rd.Assumptions) < 2 || !slices.Equal(rd.Assumptions[:2], want) {
		t.Errorf("assumptions = %q, want %q first", rd.Assumptions, want)
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b  string
		limit int
		want  int
	}{
		{"adn", "and", 1, 1},
		{"teh", "the", 1, 1},
		{"selet", "select", 2, 1},
		{"authentification", "authentication", 2, 2},
		{"cat", "dog", 1, 2},
		{"kitten", "sitting", 2, 3},
		{"nam", "name", 1, 1},
		{"한국어", "한국", 1, 1},
	}
	for _, tt := range tests {
		if got := editDistance(tt.a, tt.b, tt.limit); got != tt.want {
			t.Errorf("editDistance(%q, %q, %d) = %d, want %d", tt.a, tt.b, tt.limit, got, tt.want)
		}
	}
}

// TestScripts pins the folding of keys: accents go from Latin and Greek letters, not from
// letters of other scripts, and an emoji's variation selector is no part of it.
func TestScripts(t *testing.T) {
	for in, want := range map[string]string{
		"Zoë": "zoe", "ÅLESUND": "alesund", "Ελληνικά": "ελληνικα", "Дмитрий": "дмитрий",
		"か": "か", "が": "が", "나의 노트": "나의 노트", "✈️": "✈",
	} {
		if got := strings.Join(keysOf(in), " "); got != want {
			t.Errorf("keysOf(%q) = %q, want %q", in, got, want)
		}
	}
}
