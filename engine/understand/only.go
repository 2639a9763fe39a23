package understand

import (
	"slices"

	"github.com/errand-app/errand/engine/page"
)

// onlyChoice reads "freehold only", "only economy": a radio button named with "only"
// around it. A radio is chosen alone by its nature, so "only" says nothing more; a
// checkbox is left to other readings, since "only X" there would mean unticking the rest.
func (r *reader) onlyChoice(body []token, changed bool) clause {
	n := len(body)
	var name []token
	switch {
	case n >= 2 && body[n-1].key == "only":
		name = body[:n-1]
	case n >= 2 && body[0].key == "only":
		name = body[1:]
	default:
		return clause{}
	}
	ref := r.ix.resolve(name, vSelect)
	b, ok := ref.best()
	if !ok || b.score < 0.9 || ref.ambiguous || len(ref.unexplained) > 0 || r.ix.nodes[b.node].Role != page.RoleRadio {
		return clause{}
	}
	cl := r.bindClause(vSelect, "", b.node, b.score, "", false, joinRaw(body))
	cl.quality *= 0.95
	return cl
}

// bareRange reports a range said without "from" ("Oslo to Rome"): no verb, and the words
// before "to" name no field, so they are not "brightness to 80".
func (r *reader) bareRange(body []token) bool {
	if len(body) < 3 || body[0].kind != tokWord {
		return false
	}
	if v, _ := verbAt(body, 0); v != "" {
		return false
	}
	q := slices.IndexFunc(body, func(t token) bool { return t.kind == tokWord && rangeWords[t.key] })
	if q < 1 || q == len(body)-1 {
		return false
	}
	b, ok := r.ix.resolve(body[:q], vType).best()
	return !ok || b.score < 0.6
}
