package cli

import (
	"fmt"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// browserUseWindow is how far above and below the viewport browser-use still counts an
// element as visible (viewport_threshold in DomService.is_element_visible_according_to_all_parents).
const browserUseWindow = 1000

// browserUseText is an APPROXIMATION of the page text browser-use puts in its prompt by
// default, written over an Errand observation because browser-use cannot run here. It
// follows browser-use's DOMTreeSerializer.serialize_tree (browser_use/dom/serializer/
// serializer.py) with DEFAULT_INCLUDE_ATTRIBUTES (browser_use/dom/views.py):
//   - only what lies within 1,000 px above or below the viewport and is not covered by
//     something painted over it (paint-order filtering);
//   - an interactive element is `[index]<tag attr=value … />`, attributes unquoted, from the
//     default list where an observation knows them: type, value (never a password's),
//     checked, selected, expanded, disabled, required, invalid, haspopup; a select's
//     compound_components with its first four options; a date or tel input's format hints;
//   - the element's own text on the next line, one tab deeper (text nodes under an
//     interactive element are serialized at depth+1); a field's label is text before it;
//   - every other visible text of two characters or more on a line of its own, in document
//     order.
//
// Where an observation cannot say what browser-use would print, the guess makes
// browser-use's text shorter, so a ratio against it errs against Errand:
//   - indices are Errand's small ids, not the backend node ids (often 4–5 digits) it prints;
//   - a paragraph is one line, where browser-use prints each text node (split at every link,
//     code span or emphasis) on a line of its own, and Errand clips a block at 300
//     characters and reads text only one viewport above the visible one (browser-use: 1,000 px);
//   - attributes the observation does not keep (id, name, placeholder, aria-label, title,
//     role, autocomplete, maxlength, …) are left out, as are scroll containers' lines.
func browserUseText(obs page.Observation) string {
	h := obs.Viewport.Height
	inWindow := func(b [4]int) bool {
		if h == 0 {
			return true
		}
		return b[1]+b[3] > -browserUseWindow && b[1] < h+browserUseWindow && b[2] > 0 && b[3] > 0
	}
	var lines []string
	ti := 0
	text := func(upTo int) {
		for ; ti < len(obs.Text) && (obs.Text[ti].At <= upTo || upTo == len(obs.Tree)); ti++ {
			t := obs.Text[ti]
			if s := strings.TrimSpace(t.Text); len(s) > 1 && !t.Occ && inWindow(t.Box) {
				lines = append(lines, s)
			}
		}
	}
	for i, n := range obs.Tree {
		text(i)
		if n.Occ || !inWindow(n.Box) {
			continue
		}
		tag, attrs := browserUseTag(n)
		field := tag == "input" || tag == "select" || tag == "textarea"
		if field && n.Name != "" && n.Role != page.RoleCheckbox && n.Role != page.RoleRadio {
			lines = append(lines, n.Name) // the <label> text before the field
		}
		lines = append(lines, fmt.Sprintf("[%s]<%s%s />", n.ID, tag, attrs))
		if (!field || n.Role == page.RoleCheckbox || n.Role == page.RoleRadio) && len(strings.TrimSpace(n.Name)) > 1 {
			lines = append(lines, "\t"+n.Name)
		}
	}
	text(len(obs.Tree))
	return strings.Join(lines, "\n")
}

// browserUseTag is the tag and attribute string browser-use would print for a node.
func browserUseTag(n page.Node) (string, string) {
	var attrs []string
	add := func(k, v string) {
		if len(v) > 100 {
			v = v[:100] + "..."
		}
		attrs = append(attrs, k+"="+v)
	}
	tag := "button"
	switch n.Role {
	case page.RoleLink:
		tag = "a"
	case page.RoleInput:
		tag = "input"
		if n.Type != "" {
			add("type", n.Type)
		}
		switch n.Type {
		case "date":
			add("format", "YYYY-MM-DD")
			add("placeholder", "YYYY-MM-DD")
		case "tel":
			add("placeholder", "123-456-7890")
		}
	case page.RoleTextarea:
		tag = "textarea"
	case page.RoleCheckbox, page.RoleRadio:
		tag = "input"
		add("type", map[string]string{page.RoleCheckbox: "checkbox", page.RoleRadio: "radio"}[n.Role])
		add("checked", fmt.Sprint(n.Has("checked")))
	case page.RoleSelect:
		tag = "select"
	case page.RoleTab, page.RoleMenuItem, page.RoleOption:
		tag = "div"
		add("role", map[string]string{page.RoleTab: "tab", page.RoleMenuItem: "menuitem", page.RoleOption: "option"}[n.Role])
	case page.RoleSwitch:
		add("role", "switch")
		add("checked", fmt.Sprint(n.Has("checked")))
	}
	if n.Value != "" && n.Role != page.RoleLink && n.Type != "password" {
		add("value", n.Value)
	}
	for _, s := range []string{"selected", "expanded", "disabled", "invalid", "required"} {
		if n.Has(s) {
			add(s, "true")
		}
	}
	if n.Has("popup") {
		add("haspopup", "true")
	}
	if n.Role == page.RoleSelect {
		opts := n.Options
		first := make([]string, 0, 5)
		for _, o := range opts[:min(4, len(opts))] {
			if len(o) > 30 {
				o = o[:30] + "..."
			}
			first = append(first, o)
		}
		if len(opts) > 4 {
			first = append(first, fmt.Sprintf("... %d more options...", len(opts)-4))
		}
		attrs = append(attrs, "compound_components="+fmt.Sprintf("(name=Dropdown Toggle,role=button),(name=Options,role=listbox,count=%d,options=%s)",
			len(opts), strings.Join(first, "|")))
	}
	if len(attrs) == 0 {
		return tag, ""
	}
	return tag, " " + strings.Join(attrs, " ")
}
