package understand

import (
	"slices"

	"github.com/errand-app/errand/engine/page"
)

// samePart settles a clause's one question of which of several like-named fields is
// meant when exactly one of them is in the part of the page the clause before filled:
// "driver 2: Priya Raman, licence no RAMAN904217PR9" puts the licence into Driver 2's
// field, as "second guest – name Ana, email ana@x.org" does the e-mail. A person who names
// a part once goes on in it until they name another.
func (r *reader) samePart(cl clause, before clause) clause {
	part, ok := r.partOf(before.cmds)
	if !ok {
		return cl
	}
	return answeredBy(cl, func(ch Choice) bool { return len(ch.Then) > 0 && r.ix.nodeOf(ch.ID) >= 0 },
		func(ch Choice) bool { return r.ix.nodes[r.ix.nodeOf(ch.ID)].Ctx == part })
}

// answeredBy settles a clause that is only a question of which element is meant, when every
// choice can be judged and exactly one is kept: the clause runs that choice's commands.
// Anything else leaves the clause as it is (untie, samePart).
func answeredBy(cl clause, judged, keep func(Choice) bool) clause {
	if len(cl.cmds) > 0 || len(cl.questions) != 1 || len(cl.unexplained) > 0 {
		return cl
	}
	q := cl.questions[0]
	if q.Kind != AskElement || len(q.Choices) < 2 {
		return cl
	}
	hit := -1
	for k, ch := range q.Choices {
		if !judged(ch) {
			return cl
		}
		if !keep(ch) {
			continue
		}
		if hit >= 0 {
			return cl
		}
		hit = k
	}
	if hit < 0 {
		return cl
	}
	out := cl
	out.questions = nil
	out.cmds = slices.Clone(q.Choices[hit].Then)
	return out
}

// partOf is the one part of the page (a node's context: its fieldset, section or dialog)
// that a clause's commands gave values in.
func (r *reader) partOf(cmds []Command) (string, bool) {
	part := ""
	for _, c := range cmds {
		if k := c.Action.Kind; k != page.SetValue && k != page.Select && k != page.Check {
			continue
		}
		i := r.ix.nodeOf(c.Action.ID)
		if i < 0 || r.ix.nodes[i].Ctx == "" || part != "" && r.ix.nodes[i].Ctx != part {
			return "", false
		}
		part = r.ix.nodes[i].Ctx
	}
	return part, part != ""
}

// manyFieldsIn reports a part of the page (node i's context) that holds more than one field.
func (r *reader) manyFieldsIn(i int) bool {
	ctx, n := r.ix.nodes[i].Ctx, 0
	for _, m := range r.ix.nodes {
		if isField(m) && m.Ctx == ctx {
			n++
		}
	}
	return n > 1
}
