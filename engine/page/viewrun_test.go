package page

import (
	"fmt"
	"strings"
	"testing"
)

func TestBare(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Date of birth", "Date of birth"},
		{"Kenya's news, today: 3 items", "Kenya's news, today: 3 items"},
		{"Save (draft)", `"Save (draft)"`},
		{"a = b", `"a = b"`},
		{"[1] spoof", `"[1] spoof"`},
		{"Red|Blue", `"Red|Blue"`},
		{"{x}", `"{x}"`},
		{"go -> there", `"go -> there"`},
		{`say "hi"`, `"say 'hi'"`},
		{"</page>", `"</page>"`},
	} {
		if got := bare(tt.in); got != tt.want {
			t.Errorf("bare(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestRenderRuns(t *testing.T) {
	for _, tt := range []struct {
		name string
		obs  Observation
		want string
	}{
		{
			name: "a long navigation wraps; the heading that repeats the title keeps it apart from the page's links",
			obs: func() Observation {
				obs := Observation{URL: "http://x.test/", Title: "Guide"}
				for i := range 14 {
					obs.Tree = append(obs.Tree, Node{ID: fmt.Sprint(i + 1), Role: RoleLink, Name: fmt.Sprintf("Chapter %d", i+1)})
				}
				obs.Tree = append(obs.Tree, Node{ID: "15", Role: RoleLink, Name: "Start reading"}, Node{ID: "16", Role: RoleLink, Name: "Print"})
				obs.Text = []TextBlock{{Kind: TextHeading, Level: 1, Text: "Guide", At: 14}}
				return obs
			}(),
			want: `<page url="http://x.test/" title="Guide">
links: [1] Chapter 1 [2] Chapter 2 [3] Chapter 3 [4] Chapter 4 [5] Chapter 5 [6] Chapter 6 [7] Chapter 7 [8] Chapter 8
links: [9] Chapter 9 [10] Chapter 10 [11] Chapter 11 [12] Chapter 12 [13] Chapter 13 [14] Chapter 14
links: [15] Start reading [16] Print
</page>`,
		},
		{
			name: "two buttons stay on lines of their own (one line would be longer); a control holding others is never in a run",
			obs: Observation{URL: "http://x.test/", Groups: []Group{{Kind: GroupControl, Node: "3"}}, Tree: []Node{
				{ID: "1", Role: RoleButton, Name: "Yes"},
				{ID: "2", Role: RoleButton, Name: "No"},
				{ID: "3", Role: RoleButton, Name: "Alice Ng"},
				{ID: "4", Role: RoleButton, Name: "Star", Group: 1},
				{ID: "5", Role: RoleButton, Name: "Archive", Group: 1},
				{ID: "6", Role: RoleButton, Name: "Delete", Group: 1},
				{ID: "7", Role: RoleLink, Name: "Help", State: "disabled"},
				{ID: "8", Role: RoleLink, Name: "About"},
			}},
			want: `<page url="http://x.test/" title="">
[1] btn Yes
[2] btn No
[3] btn Alice Ng
  buttons: [4] Star [5] Archive [6] Delete
links: [7] Help (disabled) [8] About
</page>`,
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := Render(tt.obs, ViewOptions{})
			if got.Text != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got.Text, tt.want)
			}
			if n := strings.Count(got.Text, "] "); got.Elements != n || n != len(tt.obs.Tree) {
				t.Errorf("Elements = %d, %d ids in the text, want %d", got.Elements, n, len(tt.obs.Tree))
			}
		})
	}
}

// TestRenderReach: with room to spare, the rendering still stops about a screen above and
// below the viewport, and says what is beyond; Reach < 0 lifts the limit.
func TestRenderReach(t *testing.T) {
	obs := longPage(300) // 80 px a paragraph: the viewport shows paragraphs 300–309
	near := Render(obs, ViewOptions{Budget: 50000})
	for _, want := range []string{"link Link 287\n", "link Link 321\n", "(more above: 287 links", "(more below: 278 links"} {
		if !strings.Contains(near.Text, want) {
			t.Errorf("default reach: %q missing", want)
		}
	}
	for _, far := range []string{"Link 286\n", "Link 322\n"} {
		if strings.Contains(near.Text, far) {
			t.Errorf("default reach: %q is more than %d px away but listed", far, DefaultReach)
		}
	}
	all := Render(obs, ViewOptions{Budget: 50000, Reach: -1})
	if !strings.Contains(all.Text, "link Link 0\n") || !strings.Contains(all.Text, "link Link 599\n") {
		t.Errorf("no reach limit: the first or last link is missing")
	}
}

func TestOneLine(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Date of birth", "Date of birth"},
		{"", ""},
		{"  Save  ", "Save"},
		{"Save\n draft", "Save draft"},
		{"a  b\tc", "a b c"},
		{"Zürich\u00a0Genève", "Zürich Genève"},
	} {
		if got := oneLine(tt.in); got != tt.want {
			t.Errorf("oneLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
