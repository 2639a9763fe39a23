package understand

import (
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// TestRemarks: a remark beside the errand is announced and the errand runs; a clause that
// asks for anything, or names what the page offers, is no remark.
func TestRemarks(t *testing.T) {
	obs := page.Observation{Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Remove", Ctx: "Leila Hussain"},
		{ID: "2", Role: page.RoleButton, Name: "Save and finish later"},
		{ID: "3", Role: page.RoleCheckbox, Name: "Ceremony"},
		{ID: "4", Role: page.RoleCheckbox, Name: "Reception"},
	}}
	for _, tt := range []struct {
		goal string
		want []string
	}{
		{"Please remove Leila, she's moving to her mum's club", []string{`click("1")`}},
		{"I'll do the rest tomorrow, click save and finish later", []string{`click("2")`}},
		{"click save and finish later, I need you to email my boss", nil},
		{"click save and finish later and email my boss", nil},
		{"we're coming to the ceremony", []string{`check("3")`}}, // a statement that names a box (statements.go)
		{"we're skipping the ceremony", nil},
		{"I'm travelling soon", nil}, // a remark alone is no errand
		{"Untick reception, I don't need it", []string{`uncheck("4")`}},
		{"we're both coming so tick reception", []string{`check("4")`}},
		{"Untick reception, I don't need it for my boss", nil},
	} {
		t.Run(tt.goal, func(t *testing.T) {
			rd := Read(tt.goal, obs, Options{})
			wantReading(t, rd, tt.want)
			if tt.want != nil && len(rd.Assumptions) == 0 {
				t.Errorf("the remark is not announced")
			}
		})
	}
}

// TestRemarkWords keeps the remark lists as testdata/remarks.txt says: closed, in review.
func TestRemarkWords(t *testing.T) {
	closedLists(t, "testdata/remarks.txt", map[string]map[string]bool{"subject": remarkSubjects, "request": requestWords})
}

// closedLists checks closed word lists against a testdata file of "kind word" lines, so a
// change to what the reader lets pass shows in review.
func closedLists(t *testing.T, path string, lists map[string]map[string]bool) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{}
	for _, l := range strings.Split(string(raw), "\n") {
		if kind, w, ok := strings.Cut(strings.TrimSpace(l), " "); ok && !strings.HasPrefix(l, "#") {
			want[kind] = append(want[kind], w)
		}
	}
	for kind, set := range lists {
		if got := slices.Sorted(maps.Keys(set)); !slices.Equal(got, want[kind]) {
			t.Errorf("%s words = %v, %s says %v", kind, got, path, want[kind])
		}
	}
}
