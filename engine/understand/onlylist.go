package understand

import (
	"slices"

	"github.com/errand-app/errand/engine/page"
)

// "Only detached, semi-detached and bungalows", "tick only Work and Gym", "show only the
// completed ones": the boxes named are ticked and the others of their group unticked; a
// tab, radio or option said with "only" is chosen, since it is chosen alone anyway. The
// group is the check boxes of one role beside each other in one part of the page: the
// same context, the same fieldset or row group and the same section.

// onlyList reads a list said with "only" before or after it.
func (r *reader) onlyList(body []token, changed bool) clause {
	list, v, ok := onlyBody(body)
	if !ok || !r.wholeList(body) {
		return clause{}
	}
	items := splitList(list)
	var nodes []int
	for k, it := range items {
		ref := r.ix.resolve(it, vCheck)
		if n := len(it); k == len(items)-1 && n > 1 && len(ref.unexplained) > 0 && listNouns[it[n-1].key] {
			// "low and medium intensity classes": the kind of thing listed, said after it.
			ref = r.ix.resolve(it[:n-1], vCheck)
		}
		b, ok := ref.best()
		if !ok || b.score < 0.8 || ref.ambiguous || len(ref.unexplained) > 0 || slices.Contains(nodes, b.node) {
			return clause{}
		}
		nodes = append(nodes, b.node)
	}
	if len(nodes) == 0 {
		return clause{}
	}
	first := r.ix.nodes[nodes[0]]
	if len(nodes) == 1 && single(first) && v != vUncheck {
		cl := r.bindClause(vSelect, "", nodes[0], 1, "", false, joinRaw(body))
		cl.quality = 0.95
		return cl
	}
	if len(nodes) == 1 {
		// One box "only" would untick the rest; in "only A, B and C" read clause by
		// clause, it would untick B and C too: a list says it, one box does not.
		return clause{}
	}
	group := r.ix.siblings(nodes[0])
	for _, n := range nodes {
		if !slices.Contains(group, n) {
			return clause{}
		}
	}
	if len(group) <= len(nodes) || v == vUncheck || !ticks(first) {
		return clause{}
	}
	out := clause{quality: 0.95}
	for _, m := range group {
		want := vUncheck
		if slices.Contains(nodes, m) {
			want = vCheck
		}
		b := r.bindClause(want, "", m, 1, "", false, joinRaw(body))
		out.cmds = append(out.cmds, b.cmds...)
		out.grounded = append(out.grounded, b.grounded...)
		out.changes = out.changes || b.changes
	}
	return out
}

// onlyBody finds the list of a clause said with "only": after an optional verb, "only"
// first or last.
func onlyBody(body []token) ([]token, verb, bool) {
	var v verb
	body = wantOnly(body)
	if w, n := verbAt(body, 0); w != "" && n < len(body) {
		switch w {
		case vCheck, vUncheck, vSelect, vOpen, vClick, vType:
			v, body = w, body[n:]
		default:
			return nil, "", false
		}
	}
	for len(body) > 0 && body[0].kind == tokWord && definite[body[0].key] {
		body = body[1:]
	}
	n := len(body)
	switch {
	case n >= 2 && body[0].key == "only":
		body = body[1:]
	case n >= 2 && body[n-1].key == "only":
		body = body[:n-1]
	default:
		return nil, "", false
	}
	return body, v, true
}

// wantOnly drops what a person says before "only" of themselves: "I only want to see low
// and medium", "we'd only like", "I just need" ("just" is "only" there).
func wantOnly(body []token) []token {
	if len(body) < 4 || body[0].kind != tokWord || !statementSubjects[statementRaw(body[0])] {
		return body
	}
	k := 1
	if body[k].key != "only" && body[k].key != "just" {
		return body
	}
	only := body[k]
	k++
	if !wantWords[body[k].key] {
		return body
	}
	k++
	if k+1 < len(body) && body[k].key == "to" && seeWords[body[k+1].key] {
		k += 2
	}
	if k >= len(body) {
		return body
	}
	only.raw, only.key = "only", "only"
	return append([]token{only}, body[k:]...)
}

var (
	wantWords = set("want", "need", "like", "care", "use", "do")
	seeWords  = set("see", "show", "get", "have", "view", "book", "do")
)

// listNouns are the kinds of thing a list is of, said after its last item.
var listNouns = set("ones", "classes", "items", "options", "results", "kinds", "types", "sessions", "events", "courses", "categories")

// single reports a control chosen alone by its nature: a radio, a tab, an option.
func single(n page.Node) bool {
	return n.Role == page.RoleRadio || n.Role == page.RoleTab || n.Role == page.RoleOption
}

func ticks(n page.Node) bool { return n.Role == page.RoleCheckbox || n.Role == page.RoleSwitch }

// siblings are the elements of i's group: the run of controls of its role beside it, with
// its context, fieldset or row group and section, and nothing else between them.
func (ix *index) siblings(i int) []int {
	n := ix.nodes[i]
	same := func(k int) bool {
		m := ix.nodes[k]
		return sameRun(m, n) && ix.section(k) == ix.section(i) && !m.Occ
	}
	lo, hi := i, i
	for lo > 0 && same(lo-1) {
		lo--
	}
	for hi+1 < len(ix.nodes) && same(hi+1) {
		hi++
	}
	out := make([]int, 0, hi-lo+1)
	for k := lo; k <= hi; k++ {
		out = append(out, k)
	}
	return out
}

// wholeList reports a clause that is a whole list: no list item runs on before it or
// after it ("Only A, B" is not the list of "Only A, B and C", however the goal is split).
func (r *reader) wholeList(body []token) bool {
	if r.src == "" || len(body) == 0 || body[0].start < 0 || body[len(body)-1].end > len(r.src) {
		return true
	}
	isJoin := func(t token) bool {
		return t.kind == tokPunct && t.raw == "," || t.kind == tokWord && (t.key == "and" || t.key == "or" || t.key == "&")
	}
	before := tokenize(r.src[:body[0].start])
	if n := len(before); n > 0 && isJoin(before[n-1]) {
		return false
	}
	after := tokenize(r.src[body[len(body)-1].end:])
	if len(after) > 0 && isJoin(after[0]) {
		k := 1
		for k < len(after) && (isJoin(after[k]) || after[k].key == "then") {
			k++
		}
		if v, _ := verbAt(after, k); v == "" && (k == 1 || after[k-1].key != "then") {
			return false
		}
	}
	return true
}
