package page

import (
	"slices"
	"strings"
)

// runLine is how long a line of a run may grow before the run goes on on the next line.
const runLine = 160

// runnable reports the role of a unit that may share a line with its neighbours: a single
// link or button that holds no other controls (those have their members indented under
// them). "" when it may not.
func (v *view) runnable(k int) string {
	u := v.units[k]
	if u.row != 0 || len(u.items) != 1 || u.items[0].node < 0 {
		return ""
	}
	n := v.obs.Tree[u.items[0].node]
	if (n.Role != RoleLink && n.Role != RoleButton) || v.owners[n.ID] {
		return ""
	}
	return n.Role
}

// run is the units at the start of chosen that go on one line: consecutive links (or
// buttons) under the same context with nothing printed between them, as a site's
// navigation or a toolbar is. A unit that starts no run is a run of one.
func (v *view) run(chosen []int) []int {
	role := v.runnable(chosen[0])
	if role == "" {
		return chosen[:1]
	}
	n := 1
	for n < len(chosen) && v.runnable(chosen[n]) == role && !v.units[chosen[n]].after && slices.Equal(v.units[chosen[n]].chain, v.units[chosen[0]].chain) {
		n++
	}
	return chosen[:n]
}

// runLines writes a run: its role once, then each element's id and the rest of its line,
// `links: [1] Patients [2] New patient [3] Reports`; the ids part the names, which are
// quoted when they hold a bracket (see bare). A piece that would come out longer
// than its elements on lines of their own (two buttons) is written that way instead, so a
// rendering never outgrows what selection counted for it.
func (v *view) runLines(run []int, indent int) []string {
	if len(run) == 1 {
		return []string{v.units[run[0]].line}
	}
	role := v.obs.Tree[v.units[run[0]].items[0].node].Role
	var out []string
	var piece []int
	flush := func() {
		if len(piece) == 0 {
			return
		}
		parts := make([]string, len(piece))
		separate := 0
		for i, k := range piece {
			node := v.units[k].items[0].node
			parts[i] = "[" + v.obs.Tree[node].ID + "]" + v.nodeTail(node)
			separate += len(v.units[k].line) + indent + 1
		}
		line := roleWord(role, true) + ": " + strings.Join(parts, " ")
		if len(piece) > 1 && len(line)+indent+1 <= separate {
			out = append(out, line)
		} else {
			for _, k := range piece {
				out = append(out, v.units[k].line)
			}
		}
		piece = piece[:0]
	}
	width := 0
	for _, k := range run {
		w := len(v.units[k].line)
		if len(piece) > 0 && width+w > runLine {
			flush()
			width = 0
		}
		piece = append(piece, k)
		width += w
	}
	flush()
	return out
}
