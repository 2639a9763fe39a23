package understand

import (
	"strings"

	"slices"

	"github.com/errand-app/errand/engine/page"
)

// The steps of a menu path ("View > Sort by > File size", "File → New → Folder"). A step
// after one that opens a menu names an item of that menu, which is not on the page until
// the menu opens: it is read on the page the opening shows (Rebind), never bound now to
// whatever on the closed page shares a word with it ("File size" is not "Select all
// files").

// pathStep reads one step of a path. afterOpen says the step before opens a menu; last
// says this is the path's last step, which takes the path's verb ("turn on View > Show
// hidden files" ticks the item rather than clicking it blindly). It reports whether the
// step opens a menu in turn.
func (r *reader) pathStep(vw string, step []token, last, changed, afterOpen bool) (clause, bool) {
	v := vClick
	if last {
		if pv, _ := verbAt(tokenize(vw), 0); pv == vCheck || pv == vUncheck || pv == vToggle {
			v = pv
		}
	}
	if commaInside(step) || r.breaksInside(step) {
		// "File > New > Folder, call it Q2": a path ends where the next command begins.
		return clause{unexplained: words(step)}, false
	}
	if afterOpen {
		// The item is looked for once its menu is open; it may open a menu in turn.
		words := joinRaw(step)
		if !last {
			v = submenu // it opens the next step's menu
		}
		return clause{quality: 0.95, deferred: true, changes: true, reveals: true,
			cmds: []Command{{Verb: menuItemVerb + string(v), Phrase: words, Words: words}}}, !last
	}
	r.inPath = true
	cl := r.elementFrame(v, "", step, changed)
	r.inPath = false
	if len(cl.cmds) == 0 {
		return cl, false
	}
	c := cl.cmds[len(cl.cmds)-1]
	if !c.Bound {
		return cl, !last
	}
	n, ok := r.obs.Node(c.Action.ID)
	return cl, ok && opensMenu(n)
}

// menuItemVerb marks a command that names an item of a menu an earlier step opens.
const menuItemVerb = "menu item:"

// submenu is the verb of a path's step that opens the menu of the step after it.
const submenu verb = "submenu"

// menuItem binds a path's step on the page its menu opened: among the menu's items
// (menu items, options) when one fits, so "New" is the File menu's New and not the
// page's "+ New" button; otherwise on the whole page, as any other command.
func (r *reader) menuItem(v verb, step []token) clause {
	opens := v == submenu
	if opens {
		v = vClick
	}
	ref := r.ix.resolve(step, v)
	if n := len(step); n > 1 && len(ref.unexplained) > 0 && containerNouns[step[n-1].key] {
		// "the share dialog": the item that opens it ("Share…").
		step = step[:n-1]
		ref = r.ix.resolve(step, v)
	}
	var items []cand
	for _, c := range ref.cands {
		if n := r.ix.nodes[c.node]; c.score >= minMatch && (n.Role == page.RoleMenuItem || n.Role == page.RoleOption) {
			items = append(items, c)
		}
	}
	if len(items) == 0 {
		return r.elementFrame(v, "", step, false)
	}
	if sub := slices.DeleteFunc(slices.Clone(items), func(c cand) bool { return !r.ix.nodes[c.node].Has("popup") }); opens && len(sub) > 0 {
		// "Edit > Move to > Archive": the "Move to" that opens a menu, not "Move to trash".
		items = sub
	}
	ref.cands = items
	ref.ambiguous = len(items) > 1 && tied(items[0].score, items[1].score)
	return r.fromRef(v, "", step, ref, false, "")
}

// opensMenu reports a control that shows a menu or a list when clicked: a menu button
// (aria-haspopup), a menu item with a submenu, a menubar's item.
func opensMenu(n page.Node) bool {
	return n.Has("popup") || n.Has("expanded")
}

// menuButton reports the button a "menu" is named by: "the View menu" is the button
// that opens it.
func menuButton(rw *roleWord, n page.Node) bool {
	return n.Has("popup") && slices.Contains(rw.roles, page.RoleMenuItem)
}

// itemInMenu reads a clause with no verb that names an item by the menu it is in:
// "Print from the File menu", "Word wrap in View". The item is not on the page until
// the menu opens; a head the page already shows is read by the other frames.
func (r *reader) itemInMenu(body []token, changed bool) clause {
	if len(body) < 3 {
		return clause{}
	}
	cl, ok := r.reveal(vClick, "", body)
	if !ok || len(cl.cmds) != 2 || !strings.HasPrefix(cl.cmds[1].Verb, menuItemVerb) {
		return clause{}
	}
	if ref := r.ix.resolve(tokenize(cl.cmds[1].Phrase), vClick); len(ref.unexplained) == 0 {
		if _, ok := ref.best(); ok {
			return clause{} // on the page already: not an item behind the menu
		}
	}
	return cl
}

// revealMenu is reveal for a phrase the page half explains ("Show hidden files in the
// View menu" shares "files" with a checkbox): only a menu or a tab named as the place
// opens first, never any button the qualifier's words fit.
func (r *reader) revealMenu(v verb, vw string, rest []token) (clause, bool) {
	cl, ok := r.reveal(v, vw, rest)
	if !ok || len(cl.cmds) == 0 {
		return clause{}, false
	}
	n, found := r.obs.Node(cl.cmds[0].Action.ID)
	if !found || !n.Has("popup") && n.Role != page.RoleTab {
		return clause{}, false
	}
	return cl, true
}

// pathMarkers put a path after what it does: "move it to Archive with Edit > Move to".
var pathMarkers = set("with", "using", "via", "through", "from", "under")

// pathPlaced joins a path said after the item as where it is: "open live chat, it's under
// Help > Contact us" is "open live chat under Help > Contact us", which withInstrument reads
// as Help > Contact us > live chat.
func pathPlaced(toks []token) []token {
	if !slices.ContainsFunc(toks, func(t token) bool { return t.kind == tokPunct && t.key == ">" }) {
		return toks
	}
	for i := 1; i+3 < len(toks); i++ {
		if toks[i].raw != "," {
			continue
		}
		j := i + 1
		switch {
		case toks[j].key == "its" || toks[j].raw == "it's" || toks[j].raw == "it’s":
			j++
		case toks[j].key == "it" && toks[j+1].key == "is":
			j += 2
		default:
			continue
		}
		if j < len(toks) && (toks[j].key == "under" || toks[j].key == "in") {
			under := toks[j]
			under.key = "under"
			return slices.Concat(toks[:i], []token{under}, toks[j+1:])
		}
	}
	return toks
}

// pronouns stand for what an earlier clause named ("move it", "export them").
var pronouns = set("it", "them", "this", "that", "these", "those")

// withInstrument reads a path said as the means of an errand: "move it to Archive with
// Edit > Move to" is Edit > Move to > Archive. The errand's words that the path's steps
// and pronouns do not account for name the item chosen last.
func withInstrument(parts [][]token, vw string) [][]token {
	first := parts[0]
	m := -1
	for k := 1; k < len(first)-1; k++ {
		if first[k].kind == tokWord && pathMarkers[first[k].key] {
			m = k
		}
	}
	if m < 0 {
		return parts
	}
	stepKeys := map[string]bool{}
	for _, p := range append([][]token{first[m+1:]}, parts[1:]...) {
		for _, t := range p {
			stepKeys[t.key] = true
		}
	}
	var item []token
	said := tokenize(vw)
	if v, _ := verbAt(said, 0); v == vOpen || v == vClick {
		// "open live chat under Help > Contact us": a verb that only opens or clicks is no
		// word of the item's name, as "move" of "Move to" may be.
		said = nil
	}
	for _, t := range slices.Concat(said, first[:m]) {
		switch {
		case t.kind == tokPunct, definite[t.key], pronouns[t.key], stepKeys[t.key], ignorable[t.key]:
		default:
			item = append(item, t)
		}
	}
	if len(item) > 3 || slices.ContainsFunc(item, func(t token) bool { return connectives[t.key] }) {
		return parts // more than an item's name: the path is no means of this errand
	}
	out := slices.Concat([][]token{first[m+1:]}, parts[1:])
	if len(item) > 0 {
		out = append(out, item)
	}
	return out
}

// showsNoMenu reports a popup button the page says shows something other than a menu: what
// it holds behind it is known, and none of it is a menu item ("+ New payee" opens a form,
// whose fields the commas after it fill).
func (r *reader) showsNoMenu(node int) bool {
	id, some := r.ix.nodes[node].ID, false
	for _, h := range r.obs.Behind {
		if h.By != id {
			continue
		}
		if h.Role == page.RoleMenuItem {
			return false
		}
		some = true
	}
	return some
}

// commaPath reads a menu path written with commas: "view, zoom, 150%", "Help menu,
// keyboard shortcuts". The first part must name a menu button and every later part be a
// short item name with no verb of its own; the commas are then the path's steps.
func (r *reader) commaPath(body []token) ([]token, bool) {
	var parts [][]token
	cur := []token{}
	for _, t := range body {
		switch {
		case t.kind == tokPunct && t.raw == ",":
			parts = append(parts, cur)
			cur = []token{}
			continue
		case t.kind == tokWord && connectives[t.key]:
			return nil, false
		}
		cur = append(cur, t)
	}
	parts = append(parts, cur)
	if len(parts) < 2 {
		return nil, false
	}
	first := parts[0]
	if _, n := verbAt(first, 0); n > 0 && n < len(first) {
		first = first[n:]
	}
	b, ok := r.ix.resolve(first, vClick).best()
	if ref := r.ix.resolve(first, vClick); !ok || b.score < 0.9 || len(ref.unexplained) > 0 || ref.ambiguous || !r.ix.nodes[b.node].Has("popup") || r.showsNoMenu(b.node) {
		return nil, false
	}
	for _, p := range parts[1:] {
		if len(p) == 0 || len(p) > 4 {
			return nil, false
		}
		if v, _ := verbAt(p, 0); v != "" {
			return nil, false
		}
	}
	out := slices.Clone(body)
	for k, t := range out {
		if t.kind == tokPunct && t.raw == "," {
			out[k] = token{raw: ">", key: ">", kind: tokPunct, start: t.start, end: t.end}
		}
	}
	return out, true
}

// revealedItem reads "pick Timeline" after "open the View menu": a clause that names
// what the page does not show yet, right after a click that only opened a menu, a tab
// or a dialog, names one of the items it opened.
func (r *reader) revealedItem(body []token, changed bool) clause {
	if !r.revealed || !changed {
		return clause{}
	}
	v, n := verbAt(body, 0)
	switch v {
	case vSelect, vOpen:
		v = vClick
	case vClick, vCheck, vUncheck, vToggle:
	default:
		return clause{}
	}
	rest := trimEnd(slices.Clone(body[n:]))
	if len(rest) == 0 || len(rest) > 5 || commaInside(rest) || r.breaksInside(rest) || r.instructionLike(rest) ||
		isVague(rest) || rest[0].kind == tokWord && (indefinite[rest[0].key] || allWords[rest[0].key]) {
		return clause{}
	}
	if _, ok := r.ix.resolve(rest, v).best(); ok {
		return clause{} // on the page already: the other frames read it
	}
	words := joinRaw(rest)
	return clause{quality: 0.9, deferred: true, changes: true,
		cmds: []Command{{Verb: menuItemVerb + string(v), Phrase: words, Words: joinRaw(body)}}}
}
