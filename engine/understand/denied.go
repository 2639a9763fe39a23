package understand

import (
	"fmt"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Denials a group asks for. A group of boxes whose question is itself a denial ("Never send
// me", "We can't attend on", "Allergic to") is answered by the person denying the same
// things: "we don't eat beetroot, kale or mushrooms" ticks those three under "Never send
// me", "she can't do Saturdays" ticks Saturdays under "We can't attend on". Every thing
// named must be one box of that group, named whole; a control verb ("don't tick") or a
// word of another control leaves it to the other readings (docs/understanding.md item 39).

// denials are the words that deny, in a goal and in a group's question alike.
var denials = set("not", "no", "never", "dont", "doesnt", "didnt", "cant", "cannot", "wont", "isnt", "arent",
	"without", "except", "exclude", "excluding", "avoid", "allergic", "unable")

// deniedSpan is how many of the person's own words (a verb: "eat", "do") may come between
// the denial and what it denies.
const deniedSpan = 3

func (r *reader) deniedGroup(body []token, changed bool) clause {
	neg := slices.IndexFunc(body, func(t token) bool { return t.kind == tokWord && denials[t.key] })
	if neg < 0 || neg > 3 {
		return clause{}
	}
	for k := range body[:neg] {
		if v, _ := verbAt(body, k); v != "" || r.pageWord(body[k].key) && !statementSubjects[statementRaw(body[k])] {
			return clause{}
		}
	}
	for from := neg + 1; from <= neg+1+deniedSpan && from < len(body); from++ {
		boxes, ok := r.deniedBoxes(body[from:])
		if !ok || !r.ownWords(body[neg+1:from], boxes[0]) {
			continue
		}
		var cl clause
		var names []string
		for _, i := range boxes {
			b := r.bindClause(vCheck, "", i, 1, "", false, joinRaw(body))
			cl.cmds = append(cl.cmds, b.cmds...)
			cl.grounded = append(cl.grounded, b.grounded...)
			names = append(names, r.ix.nodes[i].Name)
		}
		cl.quality = 0.82 // said of the person, not a verb
		return cl.readAs(joinRaw(body), fmt.Sprintf("ticking %s under %q", strings.Join(names, ", "), r.ix.nodes[boxes[0]].Ctx))
	}
	return clause{}
}

// deniedBoxes reads a list ("beetroot, kale or mushrooms") as boxes of one group whose
// question denies, each named whole.
func (r *reader) deniedBoxes(list []token) ([]int, bool) {
	var out []int
	for _, item := range splitList(list) {
		keys := dropArticles(keysOfToks(item))
		hit := -1
		for _, i := range r.ix.nodesWith(keys) {
			n := r.ix.nodes[i]
			if n.Role != page.RoleCheckbox && n.Role != page.RoleSwitch || !slices.Equal(r.ix.names[i], keys) {
				continue
			}
			if hit >= 0 {
				return nil, false
			}
			hit = i
		}
		if hit < 0 || len(out) > 0 && r.ix.nodes[hit].Ctx != r.ix.nodes[out[0]].Ctx {
			return nil, false
		}
		out = append(out, hit)
	}
	if len(out) == 0 || !slices.ContainsFunc(r.ix.ctx(out[0]), func(k string) bool { return denials[k] }) {
		return nil, false
	}
	return out, true
}

// ownWords reports words between a denial and what it denies that are the person's own
// ("eat", "do") or the group question's ("attend"): no control verb, no other control.
func (r *reader) ownWords(words []token, box int) bool {
	ctx := r.ix.ctx(box)
	for k, t := range words {
		if t.kind != tokWord {
			return false
		}
		if v, _ := verbAt(words, k); v != "" || actionVerbs[t.key] {
			return false
		}
		if r.pageWord(t.key) && !slices.Contains(ctx, t.key) && !smallWord(t.key) {
			return false
		}
	}
	return true
}
