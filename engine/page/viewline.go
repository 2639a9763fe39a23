package page

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/errand-app/errand/internal/clip"
)

// line renders a unit without its indentation and counts the elements on it.
func (v *view) line(u unit) (string, int) {
	if u.row == 0 {
		it := u.items[0]
		if it.node >= 0 {
			return v.nodeLine(it.node), 1
		}
		return textLine(v.obs.Text[it.text]), 0
	}
	// A row is its cells and controls in document order, as a table shows them.
	parts := make([]string, 0, len(u.items))
	cells, nodes := 0, 0
	for _, it := range u.items {
		if it.node >= 0 {
			parts = append(parts, v.nodeLine(it.node))
			nodes++
			continue
		}
		t := v.obs.Text[it.text]
		if t.Kind == TextStatus {
			parts = append(parts, messageLine(t.Text))
			continue
		}
		parts = append(parts, clip.Runes(t.Text, 80))
		cells++
	}
	if cells == 0 {
		if name := v.group(u.row).Name; name != "" {
			parts = append([]string{clip.Runes(name, 80)}, parts...)
		}
	}
	return strings.Join(parts, " | "), nodes
}

// textLine renders a text block: headings with #, messages quoted, the rest as it reads.
func textLine(t TextBlock) string {
	switch t.Kind {
	case TextHeading:
		return strings.Repeat("#", min(max(t.Level, 1), 3)) + " " + clip.Runes(t.Text, 120)
	case TextStatus:
		return messageLine(t.Text)
	}
	return clip.Runes(t.Text, 300)
}

func messageLine(m string) string {
	return "message: " + quoted(clip.Runes(oneLine(m), 200))
}

// nodeLine renders one element: `[id] role name = value (flags) {options} -> address`.
func (v *view) nodeLine(i int) string {
	n := v.obs.Tree[i]
	return "[" + n.ID + "] " + n.Role + v.nodeTail(i)
}

// nodeTail is what follows an element's id and role: its name, value, flags, other
// options and address, each only when it says something.
func (v *view) nodeTail(i int) string {
	n := v.obs.Tree[i]
	var b strings.Builder
	name := clip.Runes(oneLine(n.Name), 80)
	if name != "" {
		b.WriteString(" " + bare(name))
	}
	if n.Value != "" && n.Role != RoleLink {
		b.WriteString(" = " + bare(clip.Runes(oneLine(n.Value), 40)))
	}
	var flags []string
	if n.Type != "" && n.Type != "text" && !typeNamed(name, n.Type) {
		flags = append(flags, n.Type)
	}
	for s := range strings.SplitSeq(n.State, ",") {
		if s != "" {
			flags = append(flags, s)
		}
	}
	if len(flags) > 0 {
		b.WriteString(" (" + strings.Join(flags, ", ") + ")")
	}
	if len(n.Options) > 0 {
		// The other options: the chosen one is the value already.
		opts := make([]string, 0, len(n.Options))
		for _, o := range n.Options {
			if o = oneLine(o); o != n.Value {
				opts = append(opts, clip.Runes(o, 30))
			}
		}
		if len(opts) > 0 {
			b.WriteString(" {" + clip.Runes(strings.Join(opts, "|"), 160) + "}")
		}
	}
	if h := v.hrefs[i]; h != "" {
		b.WriteString(" -> " + h)
	}
	return b.String()
}

// typeWords are the words in a field's name that already say its input type.
var typeWords = map[string][]string{"tel": {"tel", "phone", "mobile"}, "email": {"email", "e-mail", "mail"}}

// typeNamed reports whether a field's name already says its input type ("Phone" for tel).
func typeNamed(name, typ string) bool {
	name = strings.ToLower(name)
	if strings.Contains(name, typ) {
		return true
	}
	for _, w := range typeWords[typ] {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

func quoted(s string) string { return `"` + strings.ReplaceAll(s, `"`, `'`) + `"` }

// bare leaves a name or value unquoted when nothing in it could be read as the line's own
// marks (quotes, brackets, braces, =, |, ->): `[5] inp Date of birth (required)` reads
// plainly and costs two tokens less than with quotes. Anything else is quoted.
func bare(s string) string {
	if s == "" || strings.ContainsAny(s, `"()[]{}=|<>`) || strings.Contains(s, "->") ||
		strings.TrimSpace(s) != s {
		return quoted(s)
	}
	return s
}

// oneLine collapses white space.
func oneLine(s string) string {
	if plainLine(s) {
		return s // the usual case, without the copies Fields and Join make
	}
	return strings.Join(strings.Fields(s), " ")
}

// plainLine reports whether s is ASCII with single spaces between words and none at
// either end, so oneLine would return it unchanged.
func plainLine(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= utf8.RuneSelf, c == '\t', c == '\n', c == '\v', c == '\f', c == '\r':
			return false
		case c == ' ' && (i == 0 || i == len(s)-1 || s[i-1] == ' '):
			return false
		}
	}
	return true
}

// linkAddresses decides which links show where they go: only those whose name another
// link with another destination shares, never javascript: or a same-page #anchor, and
// shortened to the part that differs.
func linkAddresses(obs Observation) map[int]string {
	here := urlPath(obs.URL)
	if i := strings.Index(here, "/"); i >= 0 {
		here = here[i:]
	} else {
		here = "/"
	}
	byName := map[string][]int{}
	for i, n := range obs.Tree {
		if n.Role != RoleLink || n.Value == "" || strings.HasPrefix(strings.ToLower(n.Value), "javascript:") {
			continue
		}
		if before, _, ok := strings.Cut(n.Value, "#"); ok && (before == "" || before == here || strings.HasSuffix(obs.URL, before)) {
			continue // an anchor on this page
		}
		key := strings.ToLower(oneLine(n.Name))
		byName[key] = append(byName[key], i)
	}
	out := map[int]string{}
	for _, idx := range byName {
		dest := map[string]bool{}
		for _, i := range idx {
			dest[obs.Tree[i].Value] = true
		}
		if len(dest) < 2 {
			continue
		}
		vals := make([]string, 0, len(idx))
		for _, i := range idx {
			vals = append(vals, obs.Tree[i].Value)
		}
		pre, suf := commonEnds(vals)
		for _, s := range vals {
			if pre+suf >= len(s) || pre+suf < 4 {
				pre, suf = 0, 0 // one would be left empty, or little is saved: show them whole
			}
		}
		for _, i := range idx {
			out[i] = shorten(obs.Tree[i].Value, pre, suf)
		}
	}
	return out
}

// commonEnds returns the lengths of the prefix and suffix all values share, cut at a "/"
// so what is left reads as a path segment.
func commonEnds(vals []string) (int, int) {
	pre, suf := len(vals[0]), len(vals[0])
	for _, s := range vals[1:] {
		p := 0
		for p < pre && p < len(s) && s[p] == vals[0][p] {
			p++
		}
		pre = p
		q := 0
		for q < suf && q < len(s) && s[len(s)-1-q] == vals[0][len(vals[0])-1-q] {
			q++
		}
		suf = q
	}
	pre = max(strings.LastIndex(vals[0][:pre], "/"), 0)
	if suf > 0 {
		tail := vals[0][len(vals[0])-suf:]
		if j := strings.Index(tail, "/"); j >= 0 {
			suf -= j + 1
		} else {
			suf = 0
		}
	}
	return pre, suf
}

func shorten(s string, pre, suf int) string {
	if pre+suf == 0 {
		return clip.Runes(s, 60)
	}
	mid := s[pre : len(s)-suf]
	if pre > 0 {
		mid = "…" + mid
	}
	if suf > 0 {
		mid += "…"
	}
	return clip.Runes(mid, 60)
}

// summary is the line that says what was left out above or below the viewport: elements
// by role with the names nearest the viewport first, then text blocks. "" when nothing was.
func (v *view) summary(above bool) string {
	type roleCount struct {
		role  string
		n     int
		names []string
	}
	counts := map[string]*roleCount{}
	texts := 0
	visit := func(k int) {
		u := v.units[k]
		if v.chosen[k] || v.above(u) != above {
			return
		}
		if u.nodes == 0 {
			texts++
			return
		}
		for _, it := range u.items {
			if it.node < 0 {
				continue
			}
			n := v.obs.Tree[it.node]
			rc := counts[n.Role]
			if rc == nil {
				rc = &roleCount{role: n.Role}
				counts[n.Role] = rc
			}
			rc.n++
			if name := clip.Runes(oneLine(n.Name), 24); name != "" && len(rc.names) < 4 && !slices.Contains(rc.names, name) {
				rc.names = append(rc.names, name)
			}
		}
	}
	if above {
		for k := len(v.units) - 1; k >= 0; k-- {
			visit(k)
		}
		texts += v.obs.TextAbove
	} else {
		for k := range v.units {
			visit(k)
		}
		texts += v.obs.TextBelow
	}
	list := make([]*roleCount, 0, len(counts))
	for _, rc := range counts {
		list = append(list, rc)
	}
	slices.SortFunc(list, func(a, b *roleCount) int {
		if c := cmp.Compare(b.n, a.n); c != 0 {
			return c
		}
		return cmp.Compare(a.role, b.role)
	})
	var parts []string
	for _, rc := range list {
		s := plural(rc.n, roleWord(rc.role, false), roleWord(rc.role, true))
		if len(rc.names) > 0 {
			names := rc.names
			more := ""
			if len(names) > 3 || rc.n > len(names) {
				names, more = names[:min(3, len(names))], ", …"
			}
			s += " (" + strings.Join(names, ", ") + more + ")"
		}
		parts = append(parts, s)
	}
	if !above && v.obs.Pruned > 0 {
		parts = append(parts, plural(v.obs.Pruned, "element", "elements")+" not observed")
	}
	if texts > 0 {
		parts = append(parts, plural(texts, "text block", "text blocks"))
	}
	if len(parts) == 0 {
		return ""
	}
	dir := "below"
	if above {
		dir = "above"
	}
	return clip.Runes(fmt.Sprintf("(more %s: %s)", dir, strings.Join(parts, ", ")), summaryRoom-1)
}

var roleWords = map[string][2]string{
	RoleButton: {"button", "buttons"}, RoleInput: {"field", "fields"}, RoleTextarea: {"text area", "text areas"},
	RoleLink: {"link", "links"}, RoleCheckbox: {"checkbox", "checkboxes"}, RoleRadio: {"radio button", "radio buttons"},
	RoleSelect: {"select", "selects"}, RoleTab: {"tab", "tabs"}, RoleMenuItem: {"menu item", "menu items"},
	RoleOption: {"option", "options"}, RoleSwitch: {"switch", "switches"},
}

func roleWord(role string, many bool) string {
	w, ok := roleWords[role]
	if !ok {
		if many {
			return role + " elements"
		}
		return role + " element"
	}
	if many {
		return w[1]
	}
	return w[0]
}
