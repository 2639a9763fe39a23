// Package page owns the vocabulary shared by everything that looks at or acts on a web page:
// the semantic_v3 observation (docs/decisions.md D-23), the action set (D-24), chain results
// with the runner's observations, typed action errors, and the pure comparisons (signatures,
// DOM similarity, viewport pruning) that verification and re-planning are built on.
package page

import (
	"strings"
)

// Mode is the only observation mode Errand produces.
const Mode = "semantic_v3"

// Roles used in Node.Role (the observation, docs/decisions.md D-23): btn, inp, link, chk
// and sel, and the others in the same three-letter habit so a small model sees one style.
const (
	RoleButton   = "btn"
	RoleInput    = "inp"
	RoleTextarea = "txt"
	RoleLink     = "link"
	RoleCheckbox = "chk"
	RoleRadio    = "radio"
	RoleSelect   = "sel"
	RoleTab      = "tab"
	RoleMenuItem = "menu"
	RoleOption   = "opt"
	RoleSwitch   = "switch"
)

// Node is one interactive element with the minified keys of docs/decisions.md D-23. T (input
// type) and C (context: the nearest row, fieldset or visible section heading text) are
// additions the fast path needs to tell a date field from a text field and "Delete" in one row
// from "Delete" in another. Controls a page wires by script (a div or span with its own click
// listener, the outermost element of a pointer-cursor region) are nodes like any other, with
// role btn.
type Node struct {
	ID    string  `json:"i"`
	Role  string  `json:"r"`
	Name  string  `json:"n,omitempty"`
	Value string  `json:"v,omitempty"` // a field's value; a link's destination (a path when same-origin)
	State string  `json:"s,omitempty"` // comma-separated: disabled, checked, expanded, required, invalid, readonly, selected, pressed, autocomplete, popup, multiple
	Type  string  `json:"t,omitempty"` // input type when not plain text: date, email, password, number, …
	Ctx   string  `json:"c,omitempty"`
	XY    [2]int  `json:"xy"`
	Frame int     `json:"f,omitempty"`
	Box   [4]int  `json:"box,omitempty"`
	Scr   *Scroll `json:"scr,omitempty"`
	Occ   bool    `json:"occ,omitempty"`
	// Shown is what a control named by an attribute draws instead, when short: the "⋯" of
	// a button labelled "More options for Gmail". People name a control by what they see
	// (docs/decisions.md D-48).
	Shown string `json:"sh,omitempty"`
	// Options lists a select's option texts; it is what "select X from Y" resolves against.
	Options []string `json:"o,omitempty"`
	// Group is the innermost dialog, fieldset, table row or enclosing control the element
	// belongs to: an index into Observation.Groups counted from 1; 0 = none. Elements far
	// from the viewport (more than a screen above it or two below) get none: Ctx says theirs.
	Group int `json:"g,omitempty"`
}

// Group kinds: what Observation.Groups holds.
const (
	GroupDialog   = "dialog"   // a dialog (modal or not); Name is its accessible name
	GroupFieldset = "fieldset" // a fieldset; Name is its legend
	GroupRow      = "row"      // a table row (tr or role=row); Name is its cells' text joined by " | "
	GroupControl  = "control"  // a control that holds other controls (a clickable row with icon buttons); Node is its id
)

// Group is a context elements and text share, so it can be printed once above them
// instead of on every line. Groups nest through Parent.
type Group struct {
	Kind string `json:"k"`
	Name string `json:"n,omitempty"`
	// Parent is the enclosing group, counted from 1 like Node.Group; 0 = none.
	Parent int `json:"p,omitempty"`
	// Node is the id of the element that is this group when that element is itself a
	// control (kind control, or a row that is clickable as a whole); "" otherwise.
	Node string `json:"i,omitempty"`
}

// Text kinds: what a TextBlock is.
const (
	TextHeading   = "heading"   // h1–h6 or role=heading; Level says which
	TextParagraph = "paragraph" // any other visible run of words: paragraphs, list items, captions, loose text
	TextCell      = "cell"      // a table cell; its Group is the row
	TextStatus    = "status"    // a status, alert or error message (role=alert/status, aria-live, .error, …)
)

// TextBlock is one block of the page's visible, non-interactive words: what a person reads
// around the controls (an instruction, a price, an error). Words that name a control (its
// label, its text) are not repeated here.
type TextBlock struct {
	Kind  string `json:"k"`
	Level int    `json:"l,omitempty"` // a heading's level, 1–6; 0 for other kinds
	Text  string `json:"t"`           // white space collapsed, at most 300 characters
	// Box is x, y, width, height in CSS pixels relative to the top viewport, like Node.Box.
	Box [4]int `json:"box"`
	// At places the block in document order among the elements: it comes right before
	// Tree[At] (At == len(Tree): after the last element).
	At    int  `json:"at"`
	Group int  `json:"g,omitempty"`   // as Node.Group
	Occ   bool `json:"occ,omitempty"` // behind an open modal dialog
	// Site marks text in the page's own header or footer (the banner and contentinfo
	// landmarks: a brand, "© 2025 …"), which a site repeats on every page.
	Site bool `json:"site,omitempty"`
}

// Scroll describes a scrollable container: how far down it is and its content height.
type Scroll struct {
	Depth string `json:"depth"`
	H     int    `json:"h"`
}

// Has reports whether the node's state list contains flag.
func (n Node) Has(flag string) bool {
	for s := range strings.SplitSeq(n.State, ",") {
		if s == flag {
			return true
		}
	}
	return false
}

// Size is a width and height in CSS pixels.
type Size struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

// Container is a scrollable region holding interactive elements (the observation's
// scrollableContainers, docs/decisions.md D-23), so pruning can say more elements exist below.
type Container struct {
	ID    string `json:"i"`
	Name  string `json:"n,omitempty"`
	Depth string `json:"depth"`
	H     int    `json:"h"`
}

// Observation is what the runner sees of a page after the stability wait.
type Observation struct {
	DomMode        string      `json:"domMode"`
	URL            string      `json:"url"`
	Title          string      `json:"pageTitle"`
	Viewport       Size        `json:"viewport"`
	ScrollPosition string      `json:"scrollPosition"`
	Tree           []Node      `json:"interactiveTree"`
	Scrollables    []Container `json:"scrollableContainers,omitempty"`
	RecentEvents   []string    `json:"recentEvents,omitempty"`
	HasErrors      bool        `json:"hasErrors"`
	HasSuccess     bool        `json:"hasSuccess"`
	// Messages holds the visible text of error and success messages (role=alert, status,
	// .error, .success, aria-invalid hints) so verification can quote them.
	Messages []string `json:"messages,omitempty"`
	// DOMHash changes when the document's structure or visible text changes.
	DOMHash string `json:"domHash"`
	// Pruned counts interactive elements left out by viewport pruning.
	Pruned int `json:"pruned,omitempty"`
	// Text is the page's visible non-interactive text in document order, read from about
	// one viewport above the visible one to two below it (at most 400 blocks).
	Text []TextBlock `json:"text,omitempty"`
	// TextAbove and TextBelow count the text blocks above and below the part Text covers,
	// so a rendering can say that more is there to scroll to.
	TextAbove int `json:"textAbove,omitempty"`
	TextBelow int `json:"textBelow,omitempty"`
	// Groups holds the contexts Node.Group and TextBlock.Group point at.
	Groups []Group `json:"groups,omitempty"`
	// Behind lists the controls the page holds hidden behind a visible control that shows
	// them (a tab, a menu button, a collapsed section), so a goal may name them before they
	// are shown (docs/decisions.md, D-47). They have no ID: they are bound once shown.
	Behind []Hidden `json:"behind,omitempty"`
	// Modal is the accessible name of the open modal dialog that covers the rest of the page
	// (the elements marked Occ); "dialog" when it has no name, "" when none is open.
	Modal string `json:"modal,omitempty"`
}

// Hidden is a control the page holds but does not show, and the control that shows it.
type Hidden struct {
	Role    string   `json:"r"`
	Name    string   `json:"n"`
	Type    string   `json:"t,omitempty"`
	Ctx     string   `json:"c,omitempty"`
	Options []string `json:"o,omitempty"`
	// By is the ID of the visible control that shows it; "" when Via is set.
	By string `json:"by,omitempty"`
	// Via is the hidden control that shows it (a sub-menu's item), as an index into
	// Observation.Behind counted from 1; 0 when By is set.
	Via int `json:"via,omitempty"`
}

// Node returns the element with id, if the observation has it.
func (o Observation) Node(id string) (Node, bool) {
	for _, n := range o.Tree {
		if n.ID == id {
			return n, true
		}
	}
	return Node{}, false
}

// Prune keeps the nodes inside the viewport, extended by margin pixels above and below, and
// counts the rest, so a model sees what a person sees (viewport pruning, docs/decisions.md
// D-23). Scrollables still lists the containers, so a model knows there is more to scroll to.
func (o Observation) Prune(margin int) Observation {
	if o.Viewport.Height == 0 {
		return o
	}
	out := o
	out.Tree = make([]Node, 0, len(o.Tree))
	top, bottom := -margin, o.Viewport.Height+margin
	for _, n := range o.Tree {
		y0, y1 := n.Box[1], n.Box[1]+n.Box[3]
		if y1 >= top && y0 <= bottom {
			out.Tree = append(out.Tree, n)
			continue
		}
		out.Pruned++
	}
	return out
}
