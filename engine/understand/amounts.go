package understand

import "github.com/errand-app/errand/engine/page"

// An amount said as a noun phrase: "apply a discount of 12.5%", "leave a tip of £3",
// "pop the driver tip up to 15%", "bring the volume down to 20". The verb says little
// (people use any: apply, give, leave, pop, bump, turn); the field and a number decide.

// amountVerbs are the verbs people put before an amount besides those of the lexicon.
var amountVerbs = set("apply", "give", "leave", "add", "pop", "bump", "turn", "push", "crank", "raise",
	"lower", "drop", "bring", "put", "take", "knock", "nudge", "move", "slide", "dial")

// amountOf reads "[verb] a/the FIELD of N" and "[verb] the FIELD up/down to N" into the
// field, when the field is named well and N is one number.
func (r *reader) amountOf(body []token, changed bool) clause {
	i := 0
	if v, n := verbAt(body, 0); v != "" {
		i = n
	} else if len(body) > 0 && body[0].kind == tokWord && amountVerbs[body[0].key] {
		i = 1
	}
	for m := i + 1; m+1 < len(body); m++ {
		after := 0
		switch k := body[m].key; {
		case body[m].kind != tokWord:
		case k == "of":
			after = m + 1
		case (k == "up" || k == "down") && body[m+1].key == "to" && m+2 < len(body):
			after = m + 2
		}
		if after == 0 {
			continue
		}
		if cl, ok := r.amountInto(body, body[i:m], body[after:]); ok {
			return cl
		}
	}
	return clause{}
}

// amountInto binds one number to the field the target names.
func (r *reader) amountInto(body, target, value []token) (clause, bool) {
	if len(target) > 1 && target[0].kind == tokWord && (definite[target[0].key] || indefinite[target[0].key]) {
		target = target[1:] // "a discount" names the Discount field: the article counts nothing
	}
	val, _ := r.valueText(value)
	if _, ok := numberIn(val); !ok || !hasDigitOrNumberWord(value) {
		return clause{}, false
	}
	ref := r.ix.resolve(target, vType)
	b, ok := ref.best()
	if !ok || ref.ambiguous || len(ref.unexplained) > 0 {
		return clause{}, false
	}
	n := r.ix.nodes[b.node]
	need := 0.8
	if n.Type == "number" || n.Type == "range" {
		need = 0.6 // the number is what the field takes: "the driver tip" for "Tip for the driver"
	}
	if b.score < need || !isField(n) || n.Role == page.RoleSelect {
		return clause{}, false
	}
	cl := r.bindClause(vType, "", b.node, b.score, val, false, joinRaw(body))
	if len(cl.cmds) != 1 || len(cl.questions) > 0 {
		return clause{}, false
	}
	if need < 0.8 && r.onlyNumeric(ref) {
		// The one number field the words point at, and a number for it: the frame says
		// more than the loose name does.
		cl.quality = max(cl.quality, 0.9)
	}
	cl.quality *= 0.95
	return cl, true
}

// onlyNumeric reports a phrase whose one candidate that takes numbers is its best.
func (r *reader) onlyNumeric(ref ref) bool {
	n := 0
	for _, c := range ref.cands {
		if t := r.ix.nodes[c.node].Type; c.score >= minMatch && (t == "number" || t == "range") {
			n++
		}
	}
	return n == 1
}

func hasDigitOrNumberWord(toks []token) bool {
	for _, t := range toks {
		if _, ok := numberWords[t.key]; ok {
			return true
		}
		for _, c := range t.raw {
			if c >= '0' && c <= '9' {
				return true
			}
		}
	}
	return false
}
