package understand

import (
	"slices"
	"strconv"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Sections: the part of a page a person names to say where a control is ("the Reset
// button in the Price section", "under Bill to, the contact name", "the info icon in the
// Core Express row"). The section's name is the element's context (a fieldset's legend,
// the headings above it, its row); the noun after it says only what kind of part it is.

// sectionNouns are what people call a part of a page by its kind, after its name.
var sectionNouns = set("section", "sections", "block", "part", "area", "group", "fieldset", "row", "line",
	"card", "heading", "pane", "column", "tile", "box", "list", "table", "grid")

// itemKinds are more kinds of item, said after an item's name as kindNouns are: "the
// Press kit folder", "the Beach at sunrise photo".
var itemKinds = set("folder", "photo", "picture", "image", "video", "album", "track", "song", "playlist",
	"class", "course", "lesson", "slot", "session", "timeslot")

// infoNouns are the names of an information control ("the info icon", "the ⓘ"): it is
// named "About …", "Details of …", "More info" on the page, or drawn as ℹ or ⓘ.
var infoNouns = []string{"about", "info", "information", "details", "ℹ", "ⓘ", "🛈"}

// lookAlikes are the words of an element's name a word for a control's look stands for:
// iconNouns, and the info icon.
func lookAlikes(w string) []string {
	if w == "info" || w == "information" {
		return infoNouns
	}
	return iconNouns[w]
}

// sections are, per element, the names of the parts of the page around it that its own
// context (Node.Ctx: the row, the fieldset's legend or the nearest heading) leaves out:
// the headings above that heading ("Bill to" above "Contact") and the label of the run
// of options it is one of ("Transmission:" before three radios). Built on first use.
func (ix *index) section(i int) string {
	if ix.sections == nil {
		ix.sections = ix.buildSections()
	}
	return ix.sections[i]
}

func (ix *index) buildSections() []string {
	out := make([]string, len(ix.nodes))
	labels := ix.runLabels()
	for i, n := range ix.nodes {
		stack := ix.headingsOver(i)
		var parts []string
		for k, h := range stack {
			// The page's title (h1) is every element's; the innermost heading is the
			// element's own context already.
			if h.level > 1 && k < len(stack)-1 && h.text != n.Ctx {
				parts = append(parts, h.text)
			}
		}
		if l := labels[i]; l != "" {
			parts = append(parts, l)
		}
		out[i] = strings.Join(parts, " · ")
	}
	return out
}

// heading is one heading of the page: its level (1–6) and its text.
type heading struct {
	level int
	text  string
}

// headingsOver is the headings of the sections element i is in, outermost first (site
// headers and footers aside). Built for every element on first use.
func (ix *index) headingsOver(i int) []heading {
	if ix.headings == nil {
		ix.headings = make([][]heading, len(ix.nodes))
		var stack []heading // shared by the elements under the same headings, never changed
		t := 0
		for k := range ix.nodes {
			for ; t < len(ix.obs.Text) && ix.obs.Text[t].At <= k; t++ {
				b := ix.obs.Text[t]
				if b.Level == 0 || b.Site {
					continue
				}
				n := len(stack)
				for n > 0 && stack[n-1].level >= b.Level {
					n--
				}
				stack = append(slices.Clone(stack[:n]), heading{b.Level, b.Text})
			}
			ix.headings[k] = stack
		}
	}
	return ix.headings[i]
}

// runLabels names each run of options by the short text just before it ("Transmission:",
// "Invoice language", "Tenure"): radios, options, tabs, check boxes or buttons of one kind
// side by side in one part of the page, with no other text between them.
func (ix *index) runLabels() map[int]string {
	before := make(map[int][]string)
	for _, b := range ix.obs.Text {
		if !b.Site && b.At < len(ix.nodes) {
			before[b.At] = append(before[b.At], b.Text)
		}
	}
	out := make(map[int]string)
	for i := 0; i < len(ix.nodes); {
		j := i + 1
		for j < len(ix.nodes) && sameRun(ix.nodes[i], ix.nodes[j]) && len(before[j]) == 0 {
			j++
		}
		if l := before[i]; j-i >= 2 && optionLike(ix.nodes[i]) && len(l) > 0 {
			if label := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(l[len(l)-1]), ":")); label != "" && len(strings.Fields(label)) <= 5 {
				for k := i; k < j; k++ {
					out[k] = label
				}
			}
		}
		i = j
	}
	return out
}

// optionLike reports an element that is one choice among its neighbours.
func optionLike(n page.Node) bool {
	switch n.Role {
	case page.RoleRadio, page.RoleOption, page.RoleTab, page.RoleMenuItem, page.RoleCheckbox, page.RoleSwitch, page.RoleButton:
		return !isField(n)
	}
	return false
}

func sameRun(a, b page.Node) bool {
	return a.Role == b.Role && a.Group == b.Group && a.Ctx == b.Ctx
}

// inScope reports an element inside the section being read, or any when none is.
func (ix *index) inScope(i int) bool {
	if len(ix.scope) == 0 {
		return true
	}
	c, _ := containment(ix.scope, ix.ctx(i), nil)
	return c == 1
}

// inSection reads "Under Bill to, set the contact name to Dr Ruth Ahn", "In the Price
// section, press Reset": a place said first names a part of the page, and the clause
// after it is read among that part's elements only. The place is accounted for by the
// elements it holds; a place no element is in is no reading of this kind.
func (r *reader) inSection(body []token, changed bool) clause {
	if len(r.ix.scope) > 0 {
		return clause{}
	}
	place, rest := body[:0], body
	if lead := sectionLead(body); lead > 0 {
		place, rest = body[1:lead], body[lead:]
	} else if m := sectionTail(body); m > 0 {
		// "set the contact name to Dr Ruth Ahn under Bill to": said last, the place
		// would run into the value.
		place, rest = body[m+1:], body[:m]
	}
	keys := sectionKeys(place)
	if len(keys) == 0 || !r.ix.anyInside(keys) {
		return clause{}
	}
	r.ix.scope = keys
	cl := r.readClause(rest, carry{}, changed)
	r.ix.scope = nil
	if len(cl.cmds) == 0 && len(cl.questions) == 0 {
		return clause{}
	}
	if len(cl.unexplained) > 0 {
		return clause{}
	}
	cl.grounded = append(cl.grounded, Grounding{Words: joinRaw(place), As: "context"})
	cl.quality *= 0.99
	return cl
}

// goalScope finds a place said first for a goal of several clauses and set off by a colon
// or a dash: "Under About you: name Daniel Reid, phone 07700 900123", "direct debit —
// account holder N Hussain, sort code 20-45-77". Every clause after it is read in that
// part of the page. It returns the place's keys and where the rest begins. A place that is
// an element's name ("Name: Jas") is a field said with its value, not a place.
func (r *reader) goalScope(toks []token) ([]string, int, bool) {
	if keys, from, ok := r.ordinalScope(toks); ok {
		return keys, from, true
	}
	for m := 1; m < len(toks)-1 && m <= 6; m++ {
		t := toks[m]
		if !(t.kind == tokPunct && t.raw == ":" || isDash(t.raw) && t.start > toks[m-1].end) {
			if t.kind == tokPunct {
				return nil, 0, false
			}
			continue
		}
		place := toks[:m]
		if k := place[0].key; place[0].kind == tokWord && (k == "in" || k == "on" || k == "under" || k == "inside" || k == "within") {
			place = place[1:]
		}
		keys := r.ix.numberedPlace(sectionKeys(place))
		if len(keys) == 0 || len(boundaries(toks[m+1:])) == 0 || !r.ix.anyInside(keys) {
			// One clause after the place is a field said with its value ("Date of birth:
			// 3 May 1987") or read with its place by inSection.
			return nil, 0, false
		}
		for _, i := range r.ix.nodesWith(keys) {
			// "Name: Jas" names a field; "candidate 2:" beside "Remove candidate 2" is
			// still the place, since a button takes no values.
			if s, _ := phraseMatch(keys, r.ix.names[i]); s >= 0.8 && (isField(r.ix.nodes[i]) || slices.Equal(keys, r.ix.names[i])) {
				return nil, 0, false
			}
		}
		return keys, m + 1, true
	}
	return nil, 0, false
}

// ordinalScope finds a numbered part of the page said first by its place among its like:
// "first pizza large, thin crust" is everything after "first pizza" done under "Pizza 1",
// "for the second passenger: …" under "Passenger 2". It returns the place's keys and where
// the rest begins.
func (r *reader) ordinalScope(toks []token) ([]string, int, bool) {
	k := 0
	if k < len(toks) && toks[k].kind == tokWord && (toks[k].key == "for" || toks[k].key == "on" || toks[k].key == "in") {
		k++
	}
	if k < len(toks) && toks[k].key == "the" {
		k++
	}
	if k+2 >= len(toks) || toks[k].kind != tokWord || toks[k+1].kind != tokWord || ordinals[toks[k].key] == 0 {
		return nil, 0, false
	}
	said := []string{toks[k].key, toks[k+1].key}
	keys := r.ix.numberedPlace(said)
	if slices.Equal(keys, said) || !r.ix.anyInside(keys) {
		return nil, 0, false // no part of the page is numbered so
	}
	from := k + 2
	if toks[from].kind == tokPunct && (toks[from].raw == ":" || toks[from].raw == ",") || isDash(toks[from].raw) {
		from++
	}
	if from >= len(toks) {
		return nil, 0, false
	}
	return keys, from, true
}

func isDash(s string) bool {
	return s == "-" || s == "–" || s == "—"
}

// sectionLead is the length of a place said first: up to the verb ("in the Price
// section press Reset") or to the comma after it ("Under From, contact phone …").
func sectionLead(body []token) int {
	if lead := leadingPlace(body); lead > 0 {
		return lead
	}
	if len(body) < 4 || body[0].kind != tokWord {
		return 0
	}
	switch body[0].key {
	case "in", "on", "under", "inside", "within", "for":
	default:
		return 0
	}
	for m := 2; m < len(body)-1; m++ {
		if body[m].kind == tokPunct && body[m].raw == "," {
			return m + 1
		}
	}
	return 0
}

// sectionTail finds a place said last: "… under Bill to", "… in the From section". It
// returns the preposition's position, or 0.
func sectionTail(body []token) int {
	for m := len(body) - 2; m >= 2; m-- {
		if body[m].kind != tokWord {
			continue
		}
		switch body[m].key {
		case "under", "within", "inside":
			return m
		case "in":
			if sectionNouns[body[len(body)-1].key] {
				return m // "in the From section": the noun says it is a place
			}
		}
	}
	return 0
}

// sectionKeys are the words of a place that name it: "the Price section," is "price".
func sectionKeys(place []token) []string {
	var out []string
	for k, t := range place {
		switch {
		case t.kind == tokPunct, definite[t.key] && k == 0, sectionNouns[t.key] && k == len(place)-1,
			containerNouns[t.key] && k == len(place)-1:
			continue
		}
		out = append(out, t.key)
	}
	return out
}

// numberedPlace reads "first candidate" as "candidate 1" when the page numbers its
// sections so.
func (ix *index) numberedPlace(keys []string) []string {
	if len(keys) != 2 {
		return keys
	}
	for k, w := range keys {
		if n := ordinals[w]; n > 0 {
			numbered := []string{keys[1-k], strconv.Itoa(n)}
			if ix.anyInside(numbered) {
				return numbered
			}
		}
	}
	return keys
}

// anyInside reports a section of the page named by keys: an element whose context holds
// them all.
func (ix *index) anyInside(keys []string) bool {
	for i := range ix.nodes {
		if c, _ := containment(keys, ix.ctx(i), nil); c == 1 {
			return true
		}
	}
	return false
}

// onPage reports words the page itself uses, in a name or in a context ("Cover:" before
// a run of radios): such a word is what the person read there, never a slip for a verb
// ("cover" is not "hover").
func (ix *index) onPage(toks []token) bool {
	for _, t := range toks {
		if t.kind != tokWord {
			continue
		}
		if len(ix.byKey[t.key]) > 0 || len(ix.ctxIndex()[t.key]) > 0 {
			return true
		}
	}
	return false
}
