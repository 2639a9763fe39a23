package page

import (
	"fmt"
	"slices"
	"strings"

	"github.com/errand-app/errand/internal/clip"
)

// DefaultBudget is the size of a rendering in estimated tokens when ViewOptions.Budget is
// 0: with it a refinement prompt still fits the fast model's 4,096-token context.
const DefaultBudget = 1500

// DefaultReach is how far above and below the viewport a rendering reaches, in CSS pixels,
// when ViewOptions.Reach is 0: a little more than a screen either way, as far as
// browser-use still counts an element visible. Beyond it a page is summarised, and a
// model that needs more scrolls.
const DefaultReach = 1000

// ViewOptions configure Render. The zero value is what every prompt uses.
type ViewOptions struct {
	// Budget is the most the rendering may cost, in EstimateTokens; 0 = DefaultBudget.
	// What is on screen goes in first, then what is nearest above and below; the rest is
	// summarised in one line per direction.
	Budget int
	// Reach is how far from the viewport, in CSS pixels, the rendering takes elements and
	// text, budget allowing; 0 = DefaultReach, negative = no limit. Messages are always in.
	Reach int
	// TextOnly leaves the elements out: the page's words and messages alone, for a check
	// that reads the page but acts on nothing (Tier 2 verification).
	TextOnly bool
}

// View is the page as a model sees it: the <page> block every prompt carries.
type View struct {
	Text     string `json:"text"`
	Elements int    `json:"elements"` // interactive elements listed in Text
	Tokens   int    `json:"tokens"`   // EstimateTokens(Text)
}

// EstimateTokens estimates a text's tokens as its length in bytes / 4, rounded up (for
// ASCII: characters / 4), the same rule llm.EstimateTokens applies to whole prompts.
func EstimateTokens(s string) int { return (len(s) + 3) / 4 }

// Render writes the observation as the <page> block of the prompts, within opt's budget:
//
//	<page url="…" title="…">
//	(more above: 12 links (Section 3, Section 2, …), 30 text blocks)
//	links: [1] Patients [2] New patient            a run of links (or buttons): the role once
//	# Patients                                      a heading, printed once for what follows
//	Maria Lopez | 1985-07-12 | [7] btn Delete       a table row: its cells and controls
//	dialog "Welcome" covers 8 controls:             a group line; its members are indented
//	  [9] btn Got it
//	message: "Saved"
//	(more below: 38 links (Contents, Index, …))
//	</page>
//
// An element line is `[id] role name = value (type, states) {other options} -> address`,
// each part only when it says something; a name or value is quoted only when it holds one
// of the line's own marks (see bare). Elements and text keep document order, so ordinals
// ("the second link") mean the same here as on the page; what is selected is filled from
// the viewport outwards, no farther than opt's reach. A heading that repeats the page's
// title is left out: the <page> line says it. Render is pure: the same observation gives
// the same text, and the observation is not changed.
func Render(obs Observation, opt ViewOptions) View {
	budget := opt.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	obs.Text = slices.Clone(obs.Text) // the rendering relabels blocks; the caller's stay as they were
	if opt.TextOnly {
		obs.Tree, obs.Pruned = nil, 0
		for i := range obs.Text {
			obs.Text[i].At = 0
		}
	}
	v := newView(obs)
	switch {
	case opt.Reach == 0:
		v.reach = DefaultReach
	case opt.Reach > 0:
		v.reach = opt.Reach
	}
	v.choose(budget * 4)
	return v.write()
}

// item is one node or text block in document order.
type item struct {
	node, text int // index into Tree or Text; -1 when the item is the other kind
}

// unit is what selection takes or leaves whole: one line (an element, a text block, or a
// table row with its cells and controls).
type unit struct {
	items   []item
	row     int // the row group of a row unit, 0 otherwise
	y0, y1  int // vertical extent in viewport pixels
	line    string
	chain   []int // enclosing dialog, fieldset and control groups, outermost first
	deps    []int // units that must come with it: its section heading, the control holding it
	nodes   int
	heading bool
	status  bool
	// after says a heading left out (it repeats the title) stood right before this unit:
	// a run of links does not go on across it, so a site's navigation stays apart from
	// the page's own links.
	after bool
}

type view struct {
	obs     Observation
	units   []unit
	groups  []Group
	hrefs   map[int]string  // node index -> shortened address, for links that need one
	owners  map[string]bool // ids of controls that hold others
	covered int             // controls behind the modal dialog
	modal   int             // the group of the modal dialog, 0 = not in the observation
	chosen  []bool
	paid    map[int]bool // groups whose header line is counted
	left    int          // characters left
	reach   int          // pixels from the viewport a unit may be; 0 = any
	shownMs map[string]bool
}

func newView(obs Observation) *view {
	v := &view{obs: obs, groups: obs.Groups, paid: map[int]bool{}, shownMs: map[string]bool{}}
	v.hrefs = linkAddresses(obs)
	v.owners = map[string]bool{}
	for _, g := range obs.Groups {
		if g.Node != "" {
			v.owners[g.Node] = true
		}
	}
	if obs.Modal != "" {
		for i, g := range obs.Groups {
			if g.Kind == GroupDialog && (g.Name == obs.Modal || g.Name == "" && obs.Modal == "dialog") {
				v.modal = i + 1
				break
			}
		}
	}
	v.build()
	return v
}

// group returns the group with 1-based index i, or a zero Group.
func (v *view) group(i int) Group {
	if i <= 0 || i > len(v.groups) {
		return Group{}
	}
	return v.groups[i-1]
}

// rowOf is the nearest row group at or above g, or 0.
func (v *view) rowOf(g int) int {
	for seen := 0; g > 0 && seen <= len(v.groups); seen++ {
		if v.group(g).Kind == GroupRow {
			return g
		}
		g = v.group(g).Parent
	}
	return 0
}

// chainOf lists the groups above g that a line is indented under, outermost first. Rows
// are not among them: a row is one line.
func (v *view) chainOf(g int) []int {
	var out []int
	for seen := 0; g > 0 && seen <= len(v.groups); seen++ {
		if v.group(g).Kind != GroupRow {
			out = append(out, g)
		}
		g = v.group(g).Parent
	}
	slices.Reverse(out)
	return out
}

// sequence merges the tree and the text blocks in document order.
func sequence(obs Observation) []item {
	seq := make([]item, 0, len(obs.Tree)+len(obs.Text))
	ti := 0
	for ni := 0; ni <= len(obs.Tree); ni++ {
		for ti < len(obs.Text) && (obs.Text[ti].At <= ni || ni == len(obs.Tree)) {
			seq = append(seq, item{node: -1, text: ti})
			ti++
		}
		if ni < len(obs.Tree) {
			seq = append(seq, item{node: ni, text: -1})
		}
	}
	return seq
}

// build turns the sequence into units, leaving out what a person cannot see or what is
// said elsewhere (covered controls, a dialog's title repeated as its heading, a heading
// that repeats the page's title).
func (v *view) build() {
	// The site's own header and footer text (a brand, a copyright line) is the same on every
	// page: it is read only when the page has no other words.
	siteOnly := true
	for _, t := range v.obs.Text {
		if !t.Site && !t.Occ {
			siteOnly = false
			break
		}
	}
	rowUnit := map[int]int{} // row group -> unit
	rowOwner := map[string]int{}
	ownerUnit := map[string]int{} // id of a control holding others -> its unit
	for i, g := range v.groups {
		if g.Node != "" && g.Kind == GroupRow {
			rowOwner[g.Node] = i + 1
		}
	}
	after := false
	for _, it := range sequence(v.obs) {
		g, y0, y1 := 0, 0, 0
		if it.node >= 0 {
			n := v.obs.Tree[it.node]
			if n.Occ {
				v.covered++
				continue
			}
			g, y0, y1 = n.Group, n.Box[1], n.Box[1]+n.Box[3]
			if r, ok := rowOwner[n.ID]; ok {
				g = r
			}
		} else {
			t := v.obs.Text[it.text]
			if v.repeatsTitle(t) && !t.Occ {
				after = true
				continue
			}
			if t.Occ || t.Text == "" || (t.Site && !siteOnly) || v.repeatsGroup(t) {
				continue
			}
			g, y0, y1 = t.Group, t.Box[1], t.Box[1]+t.Box[3]
		}
		if r := v.rowOf(g); r > 0 {
			if k, ok := rowUnit[r]; ok {
				u := &v.units[k]
				u.items = append(u.items, it)
				u.y0, u.y1 = min(u.y0, y0), max(u.y1, y1)
				continue
			}
			rowUnit[r] = len(v.units)
			v.units = append(v.units, unit{items: []item{it}, row: r, y0: y0, y1: y1,
				chain: v.chainOf(v.group(r).Parent), after: after})
			after = false
			continue
		}
		u := unit{items: []item{it}, y0: y0, y1: y1, chain: v.chainOf(g), after: after}
		after = false
		if it.text >= 0 {
			t := &v.obs.Text[it.text]
			if t.Kind == TextParagraph && slices.Contains(v.obs.Messages, t.Text) {
				t.Kind = TextStatus // a message the walk found through aria-describedby, say
			}
			u.heading, u.status = t.Kind == TextHeading, t.Kind == TextStatus
		} else {
			ownerUnit[v.obs.Tree[it.node].ID] = len(v.units)
		}
		v.units = append(v.units, u)
	}
	lastHead := -1
	for k := range v.units {
		u := &v.units[k]
		u.line, u.nodes = v.line(*u)
		for _, g := range u.chain {
			if id := v.group(g).Node; id != "" {
				if o, ok := ownerUnit[id]; ok && o != k {
					u.deps = append(u.deps, o)
				}
			}
		}
		if u.heading {
			lastHead = k
			continue
		}
		if lastHead >= 0 && isPrefix(v.units[lastHead].chain, u.chain) {
			u.deps = append(u.deps, lastHead)
		}
	}
}

// repeatsGroup reports whether a text block only repeats the name of a group it is in (a
// dialog's title, shown on the dialog's line).
func (v *view) repeatsGroup(t TextBlock) bool {
	for g, seen := t.Group, 0; g > 0 && seen <= len(v.groups); seen++ {
		if gr := v.group(g); gr.Kind != GroupRow && strings.EqualFold(gr.Name, t.Text) {
			return true
		}
		g = v.group(g).Parent
	}
	return false
}

// repeatsTitle reports whether a text block is a heading that only repeats the page's
// title, which the <page> line carries already.
func (v *view) repeatsTitle(t TextBlock) bool {
	return t.Kind == TextHeading && v.obs.Title != "" && strings.EqualFold(oneLine(t.Text), oneLine(v.obs.Title))
}

func isPrefix(a, b []int) bool {
	return len(a) <= len(b) && slices.Equal(a, b[:len(a)])
}

// write prints the chosen units in document order under their group lines.
func (v *view) write() View {
	var b strings.Builder
	b.WriteString(v.header())
	b.WriteByte('\n')
	if s := v.summary(true); s != "" {
		b.WriteString(s + "\n")
	}
	var chosen []int
	for k := range v.units {
		if v.chosen[k] {
			chosen = append(chosen, k)
		}
	}
	var open []int
	elements := 0
	for p := 0; p < len(chosen); {
		u := v.units[chosen[p]]
		common := 0
		for common < len(open) && common < len(u.chain) && open[common] == u.chain[common] {
			common++
		}
		open = open[:common]
		for d := common; d < len(u.chain); d++ {
			if line := v.groupLine(u.chain[d]); line != "" {
				b.WriteString(strings.Repeat("  ", d) + line + "\n")
			}
			open = append(open, u.chain[d])
		}
		indent := strings.Repeat("  ", len(u.chain))
		run := v.run(chosen[p:])
		for _, line := range v.runLines(run, len(indent)) {
			b.WriteString(indent + line + "\n")
		}
		for _, k := range run {
			elements += v.units[k].nodes
		}
		if u.status {
			v.shownMs[v.obs.Text[u.items[0].text].Text] = true
		}
		p += len(run)
	}
	if v.covered > 0 && !v.coveredShown() {
		b.WriteString(v.coveredLine() + "\n")
	}
	for _, m := range v.obs.Messages {
		if !v.shownMs[clip.Runes(oneLine(m), 200)] && !v.shownMs[m] {
			b.WriteString(messageLine(m) + "\n")
		}
	}
	if s := v.summary(false); s != "" {
		b.WriteString(s + "\n")
	}
	b.WriteString("</page>")
	text := b.String()
	return View{Text: text, Elements: elements, Tokens: EstimateTokens(text)}
}

// header opens the block; its form is what prompts and their tests look for.
func (v *view) header() string {
	return fmt.Sprintf("<page url=%q title=%q>", v.obs.URL, v.obs.Title)
}

// coveredShown reports whether the modal dialog's line, which names what it covers, is in
// the rendering.
func (v *view) coveredShown() bool {
	return v.modal > 0 && v.paid[v.modal]
}

func (v *view) coveredLine() string {
	what := plural(v.covered, "control", "controls")
	if v.obs.Modal != "" {
		return fmt.Sprintf("(%s covered by dialog %q)", what, v.obs.Modal)
	}
	return fmt.Sprintf("(%s covered by other content)", what)
}

// groupLine is the line above a group's members; "" for a control holding others, whose
// own line comes first anyway.
func (v *view) groupLine(g int) string {
	gr := v.group(g)
	switch gr.Kind {
	case GroupDialog:
		s := "dialog"
		if gr.Name != "" {
			s += " " + quoted(clip.Runes(gr.Name, 60))
		}
		if g == v.modal && v.covered > 0 {
			s += " covers " + plural(v.covered, "control", "controls")
		}
		return s + ":"
	case GroupFieldset:
		if gr.Name == "" {
			return "fieldset:"
		}
		return clip.Runes(gr.Name, 60) + ":"
	}
	return ""
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
