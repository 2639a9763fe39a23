package browser_test

import (
	"flag"
	"slices"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/golden"
	"github.com/errand-app/errand/engine/page"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func TestObserve(t *testing.T) {
	t.Parallel()
	base := fixtures(t)
	for _, name := range []string{"form", "shadow", "modal", "long"} {
		t.Run(name, func(t *testing.T) {
			p := openAt(t, base, "/"+name+".html")
			obs := observe(t, p)
			if obs.DomMode != page.Mode {
				t.Errorf("DomMode = %q", obs.DomMode)
			}
			if obs.Viewport != (page.Size{Width: 1280, Height: 800}) {
				t.Errorf("viewport = %+v", obs.Viewport)
			}
			for _, n := range obs.Tree {
				inside := n.XY[0] >= n.Box[0] && n.XY[0] <= n.Box[0]+n.Box[2] && n.XY[1] >= n.Box[1] && n.XY[1] <= n.Box[1]+n.Box[3]
				if n.Box[2] <= 0 || n.Box[3] <= 0 || !inside {
					t.Errorf("node %s: box %v, centre %v", n.ID, n.Box, n.XY)
				}
			}
			golden.Check(t, golden.Path(t, name), []byte(render(obs)), *update)
		})
	}
}

// TestNames checks each labelling source, in the order the walk tries them.
func TestNames(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/form.html")
	obs := observe(t, p)
	for _, c := range []struct{ role, name, source string }{
		{page.RoleInput, "First name", "label[for]"},
		{page.RoleInput, "Last name", "wrapping label"},
		{page.RoleInput, "Email address", "aria-label"},
		{page.RoleInput, "Phone number", "aria-labelledby"},
		{page.RoleInput, "Search records", "placeholder"},
		{page.RoleInput, "Nickname", "title"},
		{page.RoleInput, "Date of birth", "label[for] after the field"},
		{page.RoleLink, "Help", "img alt"},
		{page.RoleButton, "Save patient", "submit value"},
		{page.RoleButton, "More", "own text of a tabindex control"},
		{page.RoleRadio, "Phone", "wrapping label of a radio"},
		{page.RoleSelect, "Clinic", "aria-label of a select"},
	} {
		t.Run(c.source, func(t *testing.T) { node(t, obs, c.role, c.name) })
	}
	for _, hidden := range []string{"Ghost", "Cloak"} {
		for _, n := range obs.Tree {
			if n.Name == hidden {
				t.Errorf("invisible field %q is in the observation", hidden)
			}
		}
	}
	pw := node(t, obs, page.RoleInput, "Password")
	if pw.Value != "***" || pw.Type != "password" {
		t.Errorf("password node = %+v, want value *** and type password", pw)
	}
	born := node(t, obs, page.RoleInput, "Date of birth")
	if born.Type != "date" {
		t.Errorf("date field type = %q", born.Type)
	}
	del := 0
	for _, n := range obs.Tree {
		if n.Name == "Delete" {
			del++
			if !strings.HasPrefix(n.Ctx, "Jas Patel") && !strings.HasPrefix(n.Ctx, "Kim Lee") {
				t.Errorf("Delete button context = %q, want its row", n.Ctx)
			}
		}
	}
	if del != 2 {
		t.Errorf("found %d Delete buttons, want 2", del)
	}
	if !node(t, obs, page.RoleButton, "Archive").Has("disabled") {
		t.Error("Archive is not disabled")
	}
	if !node(t, obs, page.RoleButton, "More").Has("expanded") {
		t.Error("More is not expanded")
	}
	if !node(t, obs, page.RoleInput, "First name").Has("required") {
		t.Error("First name is not required")
	}
	if !node(t, obs, page.RoleInput, "Code").Has("invalid") || !obs.HasErrors {
		t.Errorf("the invalid Code field is not reported: %+v", obs.Messages)
	}
	if got := node(t, obs, page.RoleRadio, "Mail").Ctx; got != "Contact by" {
		t.Errorf("radio context = %q, want the legend", got)
	}
}

// TestStableIDs replaces the whole form with an identical copy: every element is new, and
// every id must come back.
func TestStableIDs(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/form.html")
	before := observe(t, p)
	res := run(t, p, click(node(t, before, page.RoleButton, "Re-render").ID))
	if res.FailedIndex != -1 || !res.DidDomMutate {
		t.Fatalf("re-render: %+v", res)
	}
	after := observe(t, p)
	if len(after.Tree) != len(before.Tree) {
		t.Fatalf("%d nodes before, %d after", len(before.Tree), len(after.Tree))
	}
	for i := range before.Tree {
		b, a := before.Tree[i], after.Tree[i]
		if a.ID != b.ID || a.Signature() != b.Signature() {
			t.Errorf("node %d: %s %s before, %s %s after", i, b.ID, b.Signature(), a.ID, a.Signature())
		}
	}
	// A new element takes a new id, never one in use.
	seen := map[string]bool{}
	for _, n := range after.Tree {
		if seen[n.ID] {
			t.Errorf("id %s used twice", n.ID)
		}
		seen[n.ID] = true
	}
}

func TestShadowAndFrame(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/shadow.html")
	obs := observe(t, p)
	q := node(t, obs, page.RoleInput, "Query")
	sb := node(t, obs, page.RoleButton, "Shadow go")
	city := node(t, obs, page.RoleInput, "City")
	fb := node(t, obs, page.RoleButton, "Frame go")
	if q.Frame != 0 || sb.Frame != 0 {
		t.Errorf("shadow elements have frame %d, %d", q.Frame, sb.Frame)
	}
	if city.Frame != 1 || fb.Frame != 1 {
		t.Errorf("frame elements have frame %d, %d, want 1", city.Frame, fb.Frame)
	}
	if fb.Box[1] < 100 {
		t.Errorf("frame button at %v: box not offset by the iframe", fb.Box)
	}
	res := run(t, p, setValue(q.ID, "ab"), click(sb.ID), setValue(city.ID, "Oslo"), click(fb.ID))
	if res.FailedIndex != -1 {
		t.Fatalf("chain failed: %+v", res.Outcomes[res.FailedIndex].Err)
	}
	text := pageText(t, p)
	if !strings.Contains(text, "shadow clicked ab") {
		t.Errorf("shadow click missing from %q", text)
	}
	if res.Outcomes[3].Target == nil || res.Outcomes[3].Target.Frame != 1 {
		t.Errorf("frame button target after click = %+v", res.Outcomes[3].Target)
	}
}

func TestOcclusion(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/modal.html")
	obs := observe(t, p)
	behind := node(t, obs, page.RoleButton, "Behind")
	closeBtn := node(t, obs, page.RoleButton, "Close")
	if !behind.Occ || closeBtn.Occ {
		t.Fatalf("occ: Behind %v (want true), Close %v (want false)", behind.Occ, closeBtn.Occ)
	}
	res := run(t, p, click(behind.ID))
	o := res.Outcomes[0]
	if o.Err == nil || o.Err.Kind != page.ErrCovered || !strings.Contains(o.Err.Message, "Welcome") {
		t.Fatalf("click behind a modal: %+v, want covered naming the modal", o.Err)
	}
	if res.FailedIndex != 0 {
		t.Errorf("FailedIndex = %d", res.FailedIndex)
	}
	res = run(t, p, click(closeBtn.ID), click(behind.ID))
	if res.FailedIndex != -1 {
		t.Fatalf("after closing: %+v", res.Outcomes[res.FailedIndex].Err)
	}
	if !strings.Contains(pageText(t, p), "behind clicked") {
		t.Error("the click after closing did not arrive")
	}
	if node(t, observe(t, p), page.RoleButton, "Behind").Occ {
		t.Error("Behind still occluded after the modal closed")
	}
}

// TestCovered: a fixed banner that is no dialog still takes the click; the hit test finds it.
func TestCovered(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/cover.html")
	under := node(t, observe(t, p), page.RoleButton, "Under")
	if !under.Occ {
		t.Error("button under the banner is not occluded")
	}
	o := run(t, p, click(under.ID)).Outcomes[0]
	if o.Err == nil || o.Err.Kind != page.ErrCovered || !strings.Contains(o.Err.Message, "Cookie banner") {
		t.Errorf("click under the banner: %+v", o.Err)
	}
}

func TestPrune(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/long.html")
	obs := observe(t, p)
	if len(obs.Tree) != 80 {
		t.Fatalf("observed %d elements, want 60 buttons and 20 links", len(obs.Tree))
	}
	pruned := obs.Prune(0)
	if pruned.Pruned == 0 || len(pruned.Tree)+pruned.Pruned != 80 {
		t.Fatalf("prune kept %d, pruned %d", len(pruned.Tree), pruned.Pruned)
	}
	for _, n := range pruned.Tree {
		if n.Box[1] > obs.Viewport.Height {
			t.Errorf("kept %s at y=%d below the fold", n.Name, n.Box[1])
		}
	}
	if obs.ScrollPosition != "0%" {
		t.Errorf("scroll position %q", obs.ScrollPosition)
	}
	// A click below the fold scrolls the element into view first.
	o := run(t, p, click(node(t, obs, page.RoleButton, "Item 50").ID)).Outcomes[0]
	if o.Err != nil || o.Target == nil || o.Target.Name != "done" {
		t.Errorf("click below the fold: %+v, target %+v", o.Err, o.Target)
	}
	res := run(t, p, page.Action{Kind: page.ScrollTo, Text: "bottom"})
	if res.FailedIndex != -1 {
		t.Fatal(res.Outcomes[0].Err)
	}
	low := observe(t, p)
	if low.ScrollPosition != "100%" {
		t.Errorf("after scrolling to the bottom: %q", low.ScrollPosition)
	}
	var box *page.Container
	for i := range low.Scrollables {
		if low.Scrollables[i].Name == "Inbox" {
			box = &low.Scrollables[i]
		}
	}
	if box == nil || box.H <= 150 || box.Depth != "0%" {
		t.Errorf("scrollable Inbox = %+v in %+v", box, low.Scrollables)
	}
}

// TestRenamed changes texts that names and contexts are read from — a label, a table cell, a
// heading — and adds a label for a field elsewhere; the next observation must show them all,
// on the same elements.
func TestRenamed(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/form.html")
	before := observe(t, p)
	first := node(t, before, page.RoleInput, "First name")
	search := node(t, before, page.RoleInput, "Search records")
	run(t, p, click(node(t, before, page.RoleButton, "Rename").ID))
	after := observe(t, p)
	if n := node(t, after, page.RoleInput, "Given name"); n.ID != first.ID || n.Ctx != "Clinic North" {
		t.Errorf("renamed field = %+v, want id %s and the new heading as context", n, first.ID)
	}
	if n := node(t, after, page.RoleInput, "Find"); n.ID != search.ID {
		t.Errorf("field with a new label = %+v, want id %s", n, search.ID)
	}
	var ctxs []string
	for _, n := range after.Tree {
		if n.Name == "Delete" {
			ctxs = append(ctxs, n.Ctx)
		}
	}
	if len(ctxs) != 2 || ctxs[0] != "Jas Singh 1990" {
		t.Errorf("Delete contexts after the cell changed: %q", ctxs)
	}
	if after.DOMHash == before.DOMHash {
		t.Error("the DOM hash did not change with the visible text")
	}
	if again := observe(t, p); again.DOMHash != after.DOMHash {
		t.Errorf("the DOM hash changed with nothing on the page changing: %s, %s", after.DOMHash, again.DOMHash)
	}
}

// TestClipEmoji: a name or text cut where an emoji's two halves meet keeps the emoji
// whole or leaves it out; half of one is no valid text and fails the observation's decode.
func TestClipEmoji(t *testing.T) {
	t.Parallel()
	p := openAt(t, fixtures(t), "/emoji.html")
	obs := observe(t, p)
	for _, n := range obs.Tree {
		if !strings.HasSuffix(n.Name, "…") {
			t.Errorf("%s %q: want it clipped", n.Role, n.Name)
		}
	}
	if len(obs.Tree) != 2 || len(obs.Text) == 0 || !strings.HasSuffix(obs.Text[0].Text, "…") {
		t.Errorf("tree %+v text %+v", obs.Tree, obs.Text)
	}
}

// TestSuggestions: a field's suggestions the page already holds, shown or hidden, are its
// options (a listbox its aria-controls names, a datalist, a combobox's listbox beside it).
func TestSuggestions(t *testing.T) {
	t.Parallel()
	obs := observe(t, openAt(t, fixtures(t), "/suggest.html"))
	for _, c := range []struct {
		name string
		want []string
	}{
		{"Destination", []string{"Paris, France", "📍Paris, Texas"}},
		{"City", []string{"Oslo", "Bergen (BGO)"}},
		{"Airport", []string{"Oslo Gardermoen"}},
		{"Plain", nil},
	} {
		n := node(t, obs, page.RoleInput, c.name)
		if strings.Join(n.Options, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s: options %q, want %q", c.name, n.Options, c.want)
		}
	}
}

// TestBehind: the controls a visible one reveals are listed with it (a tab's panel, a button's
// aria-controls, a closed details, a menu after its button and a sub-menu behind its item or
// nested in it, the fields right after the one switch, box or button before them); a hidden control
// nothing shows is not, nor one after a button that holds no field.
func TestBehind(t *testing.T) {
	t.Parallel()
	obs := observe(t, openAt(t, fixtures(t), "/behind.html"))
	got := map[string]string{}
	for _, h := range obs.Behind {
		by := h.By
		if by != "" {
			n, _ := obs.Node(by)
			by = n.Name
		} else if h.Via > 0 && h.Via <= len(obs.Behind) {
			by = "via " + obs.Behind[h.Via-1].Name
		}
		got[h.Role+" "+h.Name] = by
	}
	want := map[string]string{
		page.RoleInput + " Sound volume":         "Notifications",
		page.RoleButton + " Delete":              "Filters",
		page.RoleSelect + " How often":           "Notifications",
		page.RoleButton + " Reset everything":    "Advanced",
		page.RoleLink + " Start a return":        "Shipping help",
		page.RoleMenuItem + " New":               "File",
		page.RoleMenuItem + " Archive board":     "File",
		page.RoleMenuItem + " Folder":            "via New",
		page.RoleMenuItem + " Share":             "File",
		page.RoleMenuItem + " Copy link":         "via Share",
		page.RoleInput + " Monthly limit (£)":    "Spend cap",
		page.RoleTextarea + " Gift message":      "This is a gift",
		page.RoleInput + " Promo code":           "+ Add a promo code",
		page.RoleButton + " Apply":               "+ Add a promo code",
		page.RoleInput + " Licence number":       "Yes",
		page.RoleInput + " Delivery address":     "Deliver to me",
		page.RoleInput + " Describe it":          "Type of event",
		page.RoleInput + " Where else":           "Heard of us from",
		page.RoleInput + " Tenant's phone":       "The tenant",
		page.RoleInput + " Agent's phone":        "My letting agent",
		page.RoleButton + " Close":               "Help",
		page.RoleButton + " Request a call back": "Help",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: shown by %q, want %q", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("behind %v, want %v", got, want)
	}
	for _, h := range obs.Behind {
		switch h.Name {
		case "Sound volume":
			if h.Type != "range" || h.Ctx != "Alerts" {
				t.Errorf("volume: type %q ctx %q", h.Type, h.Ctx)
			}
		case "How often":
			if strings.Join(h.Options, "|") != "Daily|Never" {
				t.Errorf("options %q", h.Options)
			}
		case "Delete":
			// A hidden row's button has its panel's heading and its row, not the heading alone.
			if h.Ctx != "Filters · From: tom.baker@example.com Move to Work" && h.Ctx != "Filters · Subject contains: invoice Star it" {
				t.Errorf("hidden Delete ctx %q, want its heading and row", h.Ctx)
			}
		}
	}
}

// TestWordsApart reads names and row text with the spaces a person sees where a line break
// or a block parts two words, and none inside a word split by inline formatting.
func TestWordsApart(t *testing.T) {
	t.Parallel()
	obs := observe(t, openAt(t, fixtures(t), "/apart.html"))
	var rows []string
	for _, n := range obs.Tree {
		if n.Name == "Copy" {
			rows = append(rows, n.Ctx)
		}
	}
	if want := []string{"Gmail alex@example.com", "GitHub alexm-dev"}; !slices.Equal(rows, want) {
		t.Errorf("Copy buttons' rows = %q, want %q", rows, want)
	}
	node(t, obs, page.RoleRadio, "Zipp Go 4 seats $12.40")
	node(t, obs, page.RoleButton, "Paynow")
	node(t, obs, page.RoleCheckbox, "Email me a copy")
	// A control named by an attribute keeps what it shows, when that says something else.
	if got := node(t, obs, page.RoleButton, "More options for Gmail").Shown; got != "⋯" {
		t.Errorf("More options shows %q, want ⋯", got)
	}
	if got := node(t, obs, page.RoleButton, "Save draft").Shown; got != "" {
		t.Errorf("Save draft shows %q besides its name, want nothing", got)
	}
}

// TestPartContexts: a listbox's option is in what the listbox is labelled, a menu's item in
// the menu its button opens, and a field hidden behind a tab in its fieldset's legend
// rather than the panel's heading (docs/understanding.md, step 2).
func TestPartContexts(t *testing.T) {
	t.Parallel()
	obs := observe(t, openAt(t, fixtures(t), "/contexts.html"))
	got := map[string][]string{}
	for _, n := range obs.Tree {
		got[n.Role+" "+n.Name] = append(got[n.Role+" "+n.Name], n.Ctx)
	}
	for _, h := range obs.Behind {
		got["behind "+h.Role+" "+h.Name] = append(got["behind "+h.Role+" "+h.Name], h.Ctx)
	}
	want := map[string][]string{
		page.RoleOption + " English":                {"Email language"},
		page.RoleOption + " 日本語":                    {"Email language"},
		"behind " + page.RoleMenuItem + " Sign out": {"My account"},
		"behind " + page.RoleInput + " First name":  {"Lead guest", "Second guest"},
		// A card's icon before its heading is that card's; a button before a heading in a
		// box no other box is like belongs to the heading before it.
		page.RoleButton + " ♡":           {"Brook Hall", "Cedar Court"},
		page.RoleButton + " Details":     {"Brook Hall", "Cedar Court"},
		page.RoleButton + " Clear notes": {"Notes"},
	}
	for k, v := range want {
		if !slices.Equal(got[k], v) {
			t.Errorf("%s: contexts %q, want %q", k, got[k], v)
		}
	}
}

// TestMultipleSelect: a select that holds several choices says so; a dropdown does not.
func TestMultipleSelect(t *testing.T) {
	t.Parallel()
	obs := observe(t, openAt(t, fixtures(t), "/multiple.html"))
	if n := node(t, obs, page.RoleSelect, "Extras"); !n.Has("multiple") {
		t.Errorf("Extras state %q, want multiple", n.State)
	}
	if n := node(t, obs, page.RoleSelect, "Clinic"); n.Has("multiple") {
		t.Errorf("Clinic state %q, want no multiple", n.State)
	}
}
