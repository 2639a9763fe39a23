package understand

import (
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Menu paths and things behind a menu or a tab.

// hasPath reports a menu path: "File > Export > PDF".
func hasPath(toks []token) bool {
	for _, t := range toks {
		if t.kind == tokPunct && t.key == ">" {
			return true
		}
	}
	return false
}

// firstStep is the length of a path's first step: the tokens before its first ">".
func firstStep(body []token) int {
	for i, t := range body {
		if t.kind == tokPunct && t.key == ">" {
			return i
		}
	}
	return len(body)
}

// menuPath reads "File > Export > PDF" as clicks in order; items after the first are
// bound once the menu before them has opened.
func (r *reader) menuPath(body []token, changed bool) clause {
	start := 0
	vw := ""
	if v, n := verbAt(body, 0); v != "" && n < firstStep(body) {
		// "open File > Export": a verb before the path, but not the path's first step
		// ("View > Sort by" opens the View menu).
		start, vw = n, joinRaw(body[:n])
	}
	var parts [][]token
	cur := []token{}
	for _, t := range body[start:] {
		if t.kind == tokPunct && t.key == ">" {
			parts = append(parts, cur)
			cur = []token{}
			continue
		}
		cur = append(cur, t)
	}
	parts = append(parts, cur)
	parts = withInstrument(parts, vw)
	var out clause
	out.quality = 1
	opened := false
	for k, p := range parts {
		if len(p) == 0 {
			// "File > > PDF": a step left out is not read; the words still need an answer.
			return clause{unexplained: words(body)}
		}
		cl, opens := r.pathStep(vw, p, k == len(parts)-1, changed || k > 0, opened)
		opened = opens
		if len(cl.questions) > 0 || len(cl.unexplained) > 0 {
			cl.quality *= 0.9
			return cl
		}
		out.cmds = append(out.cmds, cl.cmds...)
		out.grounded = append(out.grounded, cl.grounded...)
		out.quality = min(out.quality, cl.quality)
		out.changes = true
	}
	if vw != "" {
		out.grounded = append(out.grounded, Grounding{Words: vw, As: "verb"})
	}
	return out
}

// reveal reads "Show ruler in the View menu", "Comments under Notifications": the element
// is not on the page, but the qualifier names a menu button or tab that is. That control
// is opened first and the element is bound on the page it opens.
func (r *reader) reveal(v verb, vw string, rest []token) (clause, bool) {
	for q := 1; q < len(rest)-1; q++ {
		if rest[q].kind != tokWord {
			continue
		}
		switch rest[q].key {
		case "in", "from", "under", "on", "inside", "within", "via":
		default:
			continue
		}
		qual := rest[q+1:]
		ref := r.ix.resolve(qual, vClick)
		b, ok := ref.best()
		if !ok || ref.ambiguous || b.score < 0.85 || len(ref.unexplained) > 0 {
			continue
		}
		n := r.ix.nodes[b.node]
		if n.Role != page.RoleTab && !n.Has("popup") && n.Role != page.RoleButton && n.Role != page.RoleMenuItem || n.Has("popup") && n.Has("expanded") {
			continue // a menu open already shows its items: a click would close it
		}
		open := r.bindClause(vClick, "", b.node, b.score, "", false, joinRaw(qual))
		head := rest[:q]
		val := ""
		if v == vSelect {
			val = joinRaw(head)
		}
		cv := string(v)
		if n.Has("popup") && v != vSelect {
			cv = menuItemVerb + cv // an item of the menu it opens
		}
		open.cmds = append(open.cmds, Command{Verb: cv, Phrase: joinRaw(head), Value: val, Words: strings.TrimSpace(vw + " " + joinRaw(head))})
		open.quality *= 0.9
		open.changes = true
		return open, true
	}
	return clause{}, false
}
