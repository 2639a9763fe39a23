package understand

import (
	"strings"
	"testing"
)

// TestQuestionsSayTheirChoices: a question about which element names its candidates in
// its text, each told apart from the others by the part of the page it is in.
func TestQuestionsSayTheirChoices(t *testing.T) {
	for _, tt := range []struct {
		goal string
		want []string // each must be in the question's text
	}{
		{"set the contact name to Dr Ruth Ahn", []string{"under “Bill to”", "under “From”"}},
		{"type 020 7946 0958 in the phone field", []string{"under “Bill to”", "under “From”"}},
		{"click Reset", []string{"“Reset” button in “Price”", "“Reset” button in “Filters”"}},
	} {
		t.Run(tt.goal, func(t *testing.T) {
			rd := Read(tt.goal, invoicePage, Options{})
			if len(rd.Questions) == 0 {
				t.Fatalf("want a question, got %v", acts(rd))
			}
			q := rd.Questions[0]
			for _, w := range tt.want {
				if !strings.Contains(q.Text, w) {
					t.Errorf("question %q does not say %q", q.Text, w)
				}
			}
			seen := map[string]bool{}
			for _, c := range q.Choices {
				if seen[c.Label] {
					t.Errorf("two choices read %q", c.Label)
				}
				seen[c.Label] = true
			}
		})
	}
}

// TestReadingActsOrAsks: whatever is typed, a reading runs something or asks.
func TestReadingActsOrAsks(t *testing.T) {
	for _, goal := range []string{"thanks", "please", "ok then", "View > > Zoom in", "> File", "…", "under Bill to,"} {
		rd := Read(goal, invoicePage, Options{})
		if len(rd.Commands) == 0 && len(rd.Questions) == 0 {
			t.Errorf("%q: no command and no question", goal)
		}
	}
}
