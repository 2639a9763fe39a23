package understand

import "slices"

// Marking an item as something: "Flag both the Uber and the Costa payments as Not me",
// "mark the glossary as reference only". What follows "as" is the name of a control in
// each item's row (a "Not me" button, a "Reference only" box); what comes before names the
// items, one or a list. Each item must find exactly one such control, or the clause is
// left to the other readings (docs/understanding.md item 33).

// markVerbs say an item is to be marked.
var markVerbs = set("flag", "mark", "label", "tag", "set", "report")

// selfWords are the person marking themselves: "mark me as away".
var selfWords = set("me", "us", "myself", "ourselves")

// markAs reads "<mark> X as Y".
func (r *reader) markAs(body []token, changed bool) clause {
	if len(body) < 4 || body[0].kind != tokWord || !markVerbs[body[0].key] {
		return clause{}
	}
	as := slices.IndexFunc(body, func(t token) bool { return t.kind == tokWord && t.key == "as" })
	if as < 2 || as == len(body)-1 {
		return clause{}
	}
	items, what := body[1:as], body[as+1:]
	if len(items) > 0 && (items[0].key == "both" || items[0].key == "all") {
		items = items[1:]
	}
	if slices.ContainsFunc(items, func(t token) bool { return t.key == "or" }) {
		return clause{} // "the Uber or the Costa one" leaves which open
	}
	if len(items) == 1 && selfWords[items[0].key] {
		// "mark me as can't make it for the 10 March rehearsal": the person is no item; the
		// rest is a control and what it is for, read as said after a click.
		cl := r.withVerb(vClick, "", what, changed)
		if len(cl.cmds) != 1 || !cl.cmds[0].Bound || len(cl.questions) > 0 || len(cl.unexplained) > 0 || cl.quality < 0.85 {
			return clause{}
		}
		if n := r.ix.nodes[r.ix.nodeOf(cl.cmds[0].Action.ID)]; toggles(n) {
			if cl = r.withVerb(vCheck, "", what, changed); len(cl.cmds) != 1 || !cl.cmds[0].Bound {
				return clause{}
			}
		}
		cl.grounded = append(cl.grounded, Grounding{Words: joinRaw(body[:as+1]), As: "verb"})
		cl.quality *= 0.95
		return cl
	}
	var out clause
	out.quality = 1
	for _, item := range splitList(items) {
		phrase := slices.Concat(what, tokenize("for"), item)
		cl := r.withVerb(vClick, "", phrase, changed)
		if len(cl.cmds) != 1 || !cl.cmds[0].Bound || len(cl.questions) > 0 || len(cl.unexplained) > 0 || cl.quality < 0.85 {
			return clause{}
		}
		if n := r.ix.nodes[r.ix.nodeOf(cl.cmds[0].Action.ID)]; toggles(n) {
			cl = r.withVerb(vCheck, "", phrase, changed) // "as reference only" ticks the box
			if len(cl.cmds) != 1 || !cl.cmds[0].Bound {
				return clause{}
			}
		}
		out.cmds = append(out.cmds, cl.cmds...)
		out.grounded = append(out.grounded, cl.grounded...)
		out.quality = min(out.quality, cl.quality)
		out.changes = out.changes || cl.changes
	}
	if len(out.cmds) == 0 {
		return clause{}
	}
	out.quality *= 0.95
	return out.readAs(joinRaw(body), describeAll(out.cmds))
}
