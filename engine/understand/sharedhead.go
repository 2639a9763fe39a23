package understand

import (
	"fmt"
	"slices"

	"github.com/errand-app/errand/engine/page"
)

// sharedHead reads values said after the words the names of several fields share: "pick
// up from Manchester Airport on 14 March 2025 at 9am" fills Pick-up location, Pick-up date
// and Pick-up time. Each value, after its preposition, goes into the one field of those
// that takes it: a date into the date field, a time into the time field, words that are
// one of a field's options or suggestions into that field. A value that fits none of them,
// or two, and there is no reading of this kind (docs/understanding.md item 50).
func (r *reader) sharedHead(body []token, changed bool) clause {
	m := slices.IndexFunc(body, func(t token) bool { return t.kind == tokWord && partPreps[t.key] })
	if m < 1 || m > 3 {
		return clause{}
	}
	_, fields := r.fieldsWithAll(body[:m])
	var part []string
	if len(fields) < 2 {
		// "PT session with Priya on the 3rd of June at half five": the words name a part
		// of the page, and the values go to its fields and its run of radios.
		if part, fields = r.partFields(body[:m]); len(fields) < 2 {
			return clause{}
		}
	}
	var parts [][]token
	for k := m; k < len(body); k++ {
		if body[k].kind == tokWord && partPreps[body[k].key] {
			parts = append(parts, nil)
			continue
		}
		parts[len(parts)-1] = append(parts[len(parts)-1], body[k])
	}
	if len(parts) < 2 {
		return clause{} // one value after the name is namedWhen's or the field frames'
	}
	used := map[int]bool{}
	out := clause{quality: 0.9}
	type said struct {
		at   int
		cmds []Command
	}
	var runs []said
	for _, p := range parts {
		if len(p) == 0 {
			return clause{}
		}
		text, _ := r.valueText(p)
		hit := r.fieldTaking(fields, text, used)
		v := vType
		if hit < 0 && part != nil {
			hit, v = r.radioTaking(part, p, used), vSelect
		}
		if hit < 0 {
			return clause{}
		}
		used[hit] = true
		if v == vSelect {
			text = ""
		}
		cl := r.bindClause(v, "", hit, 0.9, text, false, joinRaw(body))
		if len(cl.cmds) == 0 || !cl.cmds[0].Bound || len(cl.questions) > 0 {
			return clause{}
		}
		for _, c := range cl.cmds {
			if i := r.ix.nodeOf(c.Action.ID); c.Bound && i >= 0 {
				used[i] = true // a date said with its time fills the time beside it too
			}
		}
		runs = append(runs, said{hit, cl.cmds})
		out.grounded = append(out.grounded, cl.grounded...)
		// Which field a value went to was settled by the value: said so (as settle does).
		out.assumed = append(append(out.assumed, cl.assumed...), fmt.Sprintf("%q goes into %s", joinRaw(p), page.Describe(r.ix.nodes[hit])))
	}
	// Filled in the page's order, whatever the order said ("at noon on 3 March"); a
	// suggestion picked stays after its typing.
	slices.SortStableFunc(runs, func(a, b said) int { return a.at - b.at })
	for _, run := range runs {
		out.cmds = append(out.cmds, run.cmds...)
	}
	return out
}

// partPreps set off each value said after a shared head.
var partPreps = set("from", "on", "at", "by", "with")

// partFields names a part of the page by the head's words and lists its fields, for
// values by shape, and its radios, for a value that is one of them.
func (r *reader) partFields(head []token) ([]string, []int) {
	keys := sectionKeys(head)
	if len(keys) == 0 || len(r.ix.scope) > 0 {
		return nil, nil
	}
	// Every word is a word of some part's name, as written: looked up, not compared with
	// every element (this runs for any clause with a preposition in it).
	var cands []int
	for k, w := range keys {
		at := r.ix.ctxIndex()[w]
		if len(at) == 0 {
			return nil, nil
		}
		if k == 0 || len(at) < len(cands) {
			cands = at
		}
	}
	var out []int
	for _, i := range cands {
		n := r.ix.nodes[i]
		if c, _ := containment(keys, r.ix.ctx(i), nil); c == 1 && !n.Occ && (isField(n) || n.Role == page.RoleRadio) {
			out = append(out, i)
		}
	}
	return keys, out
}

// radioTaking is the radio of the part that the words name, read as a choice in that part
// alone, and not one of a run already chosen from.
func (r *reader) radioTaking(part []string, value []token, used map[int]bool) int {
	r.ix.scope = part
	ref := r.ix.resolve(value, vSelect)
	r.ix.scope = nil
	b, ok := ref.best()
	if !ok || ref.ambiguous || b.score < 0.8 || len(ref.unexplained) > 0 || r.ix.nodes[b.node].Role != page.RoleRadio {
		return -1
	}
	for i := range used {
		if sameRun(r.ix.nodes[i], r.ix.nodes[b.node]) && r.ix.nodes[i].Role == page.RoleRadio {
			return -1
		}
	}
	return b.node
}

// fieldTaking is the one field, not yet used, made for a value (settle.go's fitFor): by its
// type for a date or a time, by an option or suggestion that is the value otherwise.
func (r *reader) fieldTaking(fields []int, text string, used map[int]bool) int {
	return onlyOneOf(fields, func(i int) bool {
		return !used[i] && r.ix.nodes[i].Role != page.RoleRadio && r.fitFor(vType, i, text) == fitMade
	})
}
