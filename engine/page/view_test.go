package page

import (
	"fmt"
	"strings"
	"testing"
)

// box places an element or text block at y with height h on a 1280×800 viewport.
func box(y, h int) [4]int { return [4]int{10, y, 100, h} }

func TestRender(t *testing.T) {
	vp := Size{Width: 1280, Height: 800}
	for _, tt := range []struct {
		name string
		obs  Observation
		want string
	}{
		{
			name: "elements with their values, flags and options; names quoted only when they hold the line's marks",
			obs: Observation{URL: "http://x.test/new", Title: "New patient", Tree: []Node{
				{ID: "5", Role: RoleInput, Name: "Name", State: "required"},
				{ID: "6", Role: RoleInput, Name: "Date of birth", Type: "date"},
				{ID: "7", Role: RoleSelect, Name: "Gender", Value: "Select…", Options: []string{"Select…", "Female", "Male"}},
				{ID: "8", Role: RoleInput, Name: "Phone", Type: "tel", Value: "5, 5"},
				{ID: "9", Role: RoleButton, Name: "Save (draft)", Type: "submit"},
				{ID: "10", Role: RoleInput},
				{ID: "11", Role: RoleLink, Name: "Cancel", Value: "/patients"},
			}},
			want: `<page url="http://x.test/new" title="New patient">
[5] inp Name (required)
[6] inp Date of birth
[7] sel Gender = Select… {Female|Male}
[8] inp Phone = 5, 5
[9] btn "Save (draft)" (submit)
[10] inp
[11] link Cancel
</page>`,
		},
		{
			name: "context once: a heading above its elements, a row on one line, a fieldset's legend",
			obs: Observation{URL: "http://x.test/p", Title: "Clinic", Viewport: vp,
				Groups: []Group{{Kind: GroupRow, Name: "Name | Born"}, {Kind: GroupRow, Name: "Jas | 1990"},
					{Kind: GroupFieldset, Name: "Contact by"}},
				Text: []TextBlock{
					{Kind: TextHeading, Level: 1, Text: "Patients", Box: box(10, 30), At: 0},
					{Kind: TextCell, Text: "Name", Box: box(50, 20), At: 0, Group: 1},
					{Kind: TextCell, Text: "Born", Box: box(50, 20), At: 0, Group: 1},
					{Kind: TextCell, Text: "Jas", Box: box(80, 20), At: 0, Group: 2},
					{Kind: TextCell, Text: "1990", Box: box(80, 20), At: 0, Group: 2},
				},
				Tree: []Node{
					{ID: "1", Role: RoleButton, Name: "Delete", Ctx: "Jas 1990", Box: box(80, 20), Group: 2},
					{ID: "2", Role: RoleRadio, Name: "Mail", Ctx: "Contact by", Box: box(120, 20), Group: 3},
					{ID: "3", Role: RoleRadio, Name: "Phone", State: "checked", Ctx: "Contact by", Box: box(140, 20), Group: 3},
				}},
			want: `<page url="http://x.test/p" title="Clinic">
# Patients
Name | Born
Jas | 1990 | [1] btn Delete
Contact by:
  [2] radio Mail
  [3] radio Phone (checked)
</page>`,
		},
		{
			name: "a modal dialog says how many controls it covers; its title is not repeated",
			obs: Observation{URL: "http://x.test/s", Title: "Settings", Viewport: vp, Modal: "Welcome",
				Groups: []Group{{Kind: GroupDialog, Name: "Welcome"}},
				Text: []TextBlock{
					{Kind: TextHeading, Level: 1, Text: "Settings", Box: box(10, 30), At: 0, Occ: true},
					{Kind: TextHeading, Level: 2, Text: "Welcome", Box: box(200, 30), At: 2, Group: 1},
					{Kind: TextParagraph, Text: "Changes apply after you save.", Box: box(240, 30), At: 2, Group: 1},
				},
				Tree: []Node{
					{ID: "1", Role: RoleCheckbox, Name: "Email reminders", Box: box(50, 20), Occ: true},
					{ID: "2", Role: RoleButton, Name: "Save settings", Box: box(90, 20), Occ: true},
					{ID: "3", Role: RoleButton, Name: "Got it", Box: box(280, 20), Group: 1},
				}},
			want: `<page url="http://x.test/s" title="Settings">
dialog "Welcome" covers 2 controls:
  Changes apply after you save.
  [3] btn Got it
</page>`,
		},
		{
			name: "covered by something that is no dialog",
			obs: Observation{URL: "http://x.test/c", Tree: []Node{
				{ID: "1", Role: RoleButton, Name: "Under", Occ: true},
				{ID: "2", Role: RoleButton, Name: "Accept cookies"},
			}},
			want: `<page url="http://x.test/c" title="">
[2] btn Accept cookies
(1 control covered by other content)
</page>`,
		},
		{
			name: "link addresses only where names repeat, shortened to what differs",
			obs: Observation{URL: "http://x.test/doc?v=2", Tree: []Node{
				{ID: "1", Role: RoleLink, Name: "notes", Value: "/notes/1/details"},
				{ID: "2", Role: RoleLink, Name: "notes", Value: "/notes/12/details"},
				{ID: "3", Role: RoleLink, Name: "back to top", Value: "/doc?v=2#top"},
				{ID: "4", Role: RoleLink, Name: "back to top", Value: "/doc?v=2#s1"},
				{ID: "5", Role: RoleLink, Name: "Open", Value: "javascript:void(0)"},
				{ID: "6", Role: RoleLink, Name: "Open", Value: "javascript:go(2)"},
				{ID: "7", Role: RoleLink, Name: "Home", Value: "/"},
				{ID: "8", Role: RoleLink, Name: "Edit", Value: "/a"},
				{ID: "9", Role: RoleLink, Name: "edit", Value: "https://other.test/a"},
			}},
			want: `<page url="http://x.test/doc?v=2" title="">
links: [1] notes -> …/1/… [2] notes -> …/12/… [3] back to top [4] back to top [5] Open [6] Open [7] Home [8] Edit -> /a
[9] link edit -> https://other.test/a
</page>`,
		},
		{
			name: "messages: a status block in place, the others at the end",
			obs: Observation{URL: "http://x.test/n", Title: "Clinic", Viewport: vp,
				Messages: []string{"Patient Tom saved", "Name is required"},
				Text: []TextBlock{
					{Kind: TextHeading, Level: 1, Text: "New patient", Box: box(10, 30)},
					{Kind: TextStatus, Text: "Patient Tom saved", Box: box(50, 20)},
				},
				Tree: []Node{{ID: "5", Role: RoleInput, Name: "Name", Box: box(80, 20)}}},
			want: `<page url="http://x.test/n" title="Clinic">
# New patient
message: "Patient Tom saved"
[5] inp Name
message: "Name is required"
</page>`,
		},
		{
			name: "a control holding others: its members are indented under it",
			obs: Observation{URL: "http://x.test/inbox", Viewport: vp,
				Groups: []Group{{Kind: GroupControl, Node: "4"}},
				Tree: []Node{
					{ID: "4", Role: RoleButton, Name: "Alice Ng Lunch on Friday? 10:32", Box: box(100, 30)},
					{ID: "5", Role: RoleButton, Name: "Star", Box: box(105, 18), Group: 1},
					{ID: "6", Role: RoleButton, Name: "icon 2", Box: box(105, 18), Group: 1},
					{ID: "7", Role: RoleButton, Name: "Bo Tran", Box: box(130, 30)},
				}},
			want: `<page url="http://x.test/inbox" title="">
[4] btn Alice Ng Lunch on Friday? 10:32
  buttons: [5] Star [6] icon 2
[7] btn Bo Tran
</page>`,
		},
		{
			name: "the site's header and footer text only when there is nothing else",
			obs: Observation{URL: "http://x.test/settings", Title: "Settings", Viewport: vp,
				Text: []TextBlock{
					{Kind: TextParagraph, Text: "Riverside Clinic", Box: box(10, 20), Site: true},
					{Kind: TextParagraph, Text: "Choose a language.", Box: box(50, 20), At: 3},
					{Kind: TextParagraph, Text: "© 2025 Riverside", Box: box(700, 20), At: 4, Site: true},
				},
				Tree: []Node{
					{ID: "1", Role: RoleLink, Name: "Patients", Box: box(10, 20)},
					{ID: "2", Role: RoleLink, Name: "New patient", Box: box(10, 20)},
					{ID: "3", Role: RoleLink, Name: "Reports", Box: box(10, 20)},
					{ID: "4", Role: RoleSelect, Name: "Language", Value: "English", Options: []string{"English", "Deutsch"}, Box: box(80, 20)},
				}},
			want: `<page url="http://x.test/settings" title="Settings">
links: [1] Patients [2] New patient [3] Reports
Choose a language.
[4] sel Language = English {Deutsch}
</page>`,
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := Render(tt.obs, ViewOptions{})
			if got.Text != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got.Text, tt.want)
			}
			if got.Tokens != EstimateTokens(got.Text) {
				t.Errorf("Tokens = %d, want %d", got.Tokens, EstimateTokens(got.Text))
			}
			if n := strings.Count(got.Text, "] "); got.Elements != n {
				t.Errorf("Elements = %d, want %d", got.Elements, n)
			}
		})
	}
}

// longPage is a document 60 screens high: a section heading every 10 paragraphs, a link
// after every paragraph, scrolled so that paragraph `at` is at the top of the viewport.
func longPage(at int) Observation {
	obs := Observation{URL: "http://x.test/doc", Title: "Doc", Viewport: Size{Width: 1280, Height: 800}}
	for i := range 600 {
		y := (i - at) * 80
		if i%10 == 0 {
			obs.Text = append(obs.Text, TextBlock{Kind: TextHeading, Level: 2, Text: fmt.Sprintf("Section %d", i/10),
				Box: box(y, 20), At: len(obs.Tree)})
		}
		obs.Text = append(obs.Text, TextBlock{Kind: TextParagraph, Text: fmt.Sprintf("Paragraph %d says something.", i),
			Box: box(y+20, 40), At: len(obs.Tree)})
		obs.Tree = append(obs.Tree, Node{ID: fmt.Sprint(i + 1), Role: RoleLink, Name: fmt.Sprintf("Link %d", i),
			Box: box(y+60, 20)})
	}
	return obs
}

// TestRenderViewportOut: what is on screen is listed, then the nearest above and below,
// within the budget, in document order, with one summary line per direction.
func TestRenderViewportOut(t *testing.T) {
	for _, budget := range []int{0, 300, 2000} {
		t.Run(fmt.Sprint(budget), func(t *testing.T) {
			obs := longPage(300)
			v := Render(obs, ViewOptions{Budget: budget})
			want := budget
			if want == 0 {
				want = DefaultBudget
			}
			if v.Tokens > want {
				t.Errorf("%d tokens, over the budget of %d", v.Tokens, want)
			}
			lines := strings.Split(v.Text, "\n")
			// Every element on screen (paragraphs 300 to 309) is there.
			for i := 300; i < 310; i++ {
				if !strings.Contains(v.Text, fmt.Sprintf("[%d] link Link %d\n", i+1, i)) {
					t.Errorf("on-screen link %d missing:\n%s", i, v.Text)
				}
			}
			// Document order, and the section heading of the first shown paragraph above it.
			last := 0
			for _, l := range lines {
				var id int
				if _, err := fmt.Sscanf(l, "[%d]", &id); err == nil {
					if id <= last {
						t.Errorf("element %d after %d: not in document order", id, last)
					}
					last = id
				}
			}
			if !strings.HasPrefix(lines[1], "(more above: ") || !strings.Contains(lines[1], "links (Link ") {
				t.Errorf("no summary of what is above: %q", lines[1])
			}
			if below := lines[len(lines)-2]; !strings.HasPrefix(below, "(more below: ") {
				t.Errorf("no summary of what is below: %q", below)
			}
			if !strings.Contains(v.Text, "## Section 30\n") {
				t.Errorf("the on-screen section's heading is missing:\n%s", v.Text)
			}
			// Near things come before far ones: with room for more, the nearest are added.
			if budget == 2000 && !strings.Contains(v.Text, "Link 299\n") {
				t.Errorf("the nearest link above the viewport is missing")
			}
		})
	}
}

// TestRenderSummary pins the summary line's wording: counts by role, names nearest the
// viewport first, and text blocks.
func TestRenderSummary(t *testing.T) {
	v := Render(longPage(300), ViewOptions{Budget: 300})
	lines := strings.Split(v.Text, "\n")
	above, below := lines[1], lines[len(lines)-2]
	if !strings.HasPrefix(above, "(more above: 29") || !strings.Contains(above, "links (Link 29") {
		t.Errorf("above = %q", above)
	}
	if !strings.Contains(below, "text blocks)") || !strings.Contains(below, "links (Link 3") {
		t.Errorf("below = %q", below)
	}
}

func TestRenderNoViewport(t *testing.T) {
	// An observation without boxes (a replayed or hand-made one) fills in document order.
	var obs Observation
	for i := range 1000 {
		obs.Tree = append(obs.Tree, Node{ID: fmt.Sprint(i + 1), Role: RoleLink, Name: fmt.Sprintf("Patient %d", i+1)})
	}
	v := Render(obs, ViewOptions{Budget: 200})
	if !strings.Contains(v.Text, "\nlinks: [1] Patient 1 [2] Patient 2 ") || v.Tokens > 200 {
		t.Errorf("%d tokens:\n%s", v.Tokens, v.Text)
	}
	if !strings.Contains(v.Text, "(more below: ") || !strings.Contains(v.Text, "links (Patient") {
		t.Errorf("no count of what was left out:\n%s", v.Text)
	}
}

func TestRenderTextOnly(t *testing.T) {
	obs := Observation{URL: "http://x.test/p", Title: "Patients", Messages: []string{"Patient Jas saved"},
		Text: []TextBlock{{Kind: TextHeading, Level: 1, Text: "Patients", At: 1}, {Kind: TextCell, Text: "Jas", At: 1}},
		Tree: []Node{{ID: "1", Role: RoleLink, Name: "Home"}, {ID: "2", Role: RoleButton, Name: "Delete", Occ: true}}}
	v := Render(obs, ViewOptions{TextOnly: true})
	// The heading that repeats the title is said once, on the <page> line.
	want := "<page url=\"http://x.test/p\" title=\"Patients\">\nJas\nmessage: \"Patient Jas saved\"\n</page>"
	if v.Text != want || v.Elements != 0 {
		t.Errorf("got %d elements in\n%s\nwant\n%s", v.Elements, v.Text, want)
	}
	if obs.Text[0].At != 1 {
		t.Error("Render changed the caller's observation")
	}
}
