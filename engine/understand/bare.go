package understand

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Things said alone, as a step of their own: values, and the extras a person wants.
//
// Values: "pay Thames Water, £64, ref 88120456", "name
// Ruth Ellis, 07700 900123", "SE1 7PB" for the postcode. A sum of money, a phone number, an
// e-mail address or a postcode says by its shape what kind of field it is for; when the
// page shows exactly one field of that kind, the value goes there. Two such fields (two
// people's phones) leave it to a question, as before (docs/understanding.md item 47).

// moneyFieldWords name a field that takes a sum. "pay" is left out: "Who are you paying?"
// takes a name.
var moneyFieldWords = set("amount", "price", "cost", "total", "donation", "tip", "sum", "fee", "budget",
	"deposit", "contribution")

// postcodeFieldWords name a field that takes a postcode or zip code.
var postcodeFieldWords = set("postcode", "zip", "zipcode", "postal", "eircode")

var rePostcode = regexp.MustCompile(`(?i)^[a-z]{1,2}\d[a-z\d]? ?\d[a-z]{2}$`)

// loneKind is the kind of field a value said alone is for: "money", "postcode", "tel",
// "email", or "" when its shape does not say. A phone number starts with 0 or + and has
// nine digits at least, so a reference number said alone is never dialled.
func loneKind(p []token) string {
	raw := joinRaw(p)
	if _, _, cur := currencyOf(raw); cur {
		if _, ok := numberIn(raw); ok {
			return "money"
		}
		return ""
	}
	if rePostcode.MatchString(raw) {
		return "postcode"
	}
	switch k := valueKind(p); k {
	case "email":
		return k
	case "tel":
		digits := 0
		for _, c := range raw {
			if c >= '0' && c <= '9' {
				digits++
			}
		}
		if digits >= 9 && (raw[0] == '0' || raw[0] == '+') {
			return k
		}
	}
	return ""
}

// takesLone reports a shown field made for values of the kind loneKind names.
func (r *reader) takesLone(i int, kind string) bool {
	n := r.ix.nodes[i]
	if !isField(n) || n.Role == page.RoleSelect || n.Occ || !r.ix.inScope(i) {
		return false
	}
	names := r.ix.names[i]
	switch kind {
	case "money":
		_, _, sign := currencyOf(n.Name)
		return (n.Type == "number" || n.Type == "text" || n.Type == "") &&
			(sign || slices.ContainsFunc(names, func(k string) bool { return moneyFieldWords[k] }))
	case "postcode":
		return slices.ContainsFunc(names, func(k string) bool { return postcodeFieldWords[k] }) ||
			strings.Contains(strings.ToLower(n.Name), "post code")
	}
	return fieldKind(n) == kind
}

// loneValue reads a clause that is only a value whose shape one shown field takes.
func (r *reader) loneValue(body []token, changed bool) clause {
	if changed || len(body) == 0 || body[0].kind == tokQuoted || !r.bareValue(body) {
		// After a step that changes the page, the value is for what it shows: "Tenant
		// will let them in – Priya Das, 07700 900777" is the tenant's phone, not the
		// landlord's one in view (opened.go).
		return clause{}
	}
	kind := loneKind(body)
	if kind == "" {
		return clause{}
	}
	hit := -1
	for i := range r.ix.nodes {
		if r.takesLone(i, kind) {
			if hit >= 0 {
				return clause{}
			}
			hit = i
		}
	}
	if hit < 0 {
		return clause{}
	}
	val, _ := r.valueText(body)
	cl := r.bindClause(vType, "", hit, 0.9, val, false, joinRaw(body))
	if len(cl.cmds) == 0 || len(cl.questions) > 0 {
		return clause{}
	}
	cl.quality *= 0.9
	return cl
}

// namedBoxes reads a clause with no verb that names unticked boxes or switches, each one
// alone: "parking and a programme" among the extras ticks Car park pass and Official tour
// programme. With no verb there is nothing else a box's name can ask for; a name that fits
// anything but a box (a field, a button, a radio) leaves it to the other readings.
func (r *reader) namedBoxes(body []token, changed bool) clause {
	if v, _ := verbAt(body, 0); v != "" {
		return clause{}
	}
	var cl clause
	if either(body) && r.wholeList(body) {
		// "mornings or evenings": times that all suit, boxes of one group, each ticked.
		cl = clause{quality: 1}
		for _, p := range splitList(body) {
			pc := r.withVerb(vCheck, "", p, changed)
			cl.cmds, cl.grounded = append(cl.cmds, pc.cmds...), append(cl.grounded, pc.grounded...)
			cl.questions, cl.unexplained = append(cl.questions, pc.questions...), append(cl.unexplained, pc.unexplained...)
			cl.assumed, cl.quality = append(cl.assumed, pc.assumed...), min(cl.quality, pc.quality)
		}
		if !r.oneBoxGroup(cl.cmds) {
			return clause{}
		}
	} else {
		cl = r.withVerb(vCheck, "", body, changed)
	}
	if !bound(cl) || cl.quality < 0.6 {
		return clause{}
	}
	for _, c := range cl.cmds {
		n := r.ix.nodeOf(c.Action.ID)
		if n < 0 || c.Action.Kind != page.Check {
			return clause{}
		}
		if nd := r.ix.nodes[n]; nd.Role != page.RoleCheckbox && nd.Role != page.RoleSwitch || nd.Has("checked") || picksRow(r.ix.names[n]) {
			return clause{} // "Select Ottolenghi SIMPLE" picks a row for a verb said before
		}
	}
	var names []string
	for _, g := range cl.grounded {
		if g.ID == "" {
			continue
		}
		// The words must name the box and nothing else on the page: "SMS updates" is the
		// updates switch; the "Mobile number for SMS" beside it has one word of two.
		keys := dropArticles(keysOfToks(tokenize(g.Words)))
		if hit := onlyOneOf(r.ix.nodesWith(keys), func(i int) bool { return holdsAlike(r.ix.names[i], keys) }); hit < 0 || r.ix.nodes[hit].ID != g.ID {
			return clause{}
		}
		names = append(names, g.Element)
	}
	if cl.quality < 0.85 {
		cl.quality = 0.85
		cl.assumed = append(cl.assumed, fmt.Sprintf("%q asks for %s", joinRaw(body), strings.Join(names, " and ")))
	}
	cl.quality *= 0.9
	return cl
}

// either reports "A or B" (and "A, B or C"): said of boxes, the items that all suit.
func either(body []token) bool {
	return slices.ContainsFunc(body, func(t token) bool { return t.kind == tokWord && t.key == "or" })
}

// oneBoxGroup reports two or more commands that tick boxes of one group.
func (r *reader) oneBoxGroup(cmds []Command) bool {
	if len(cmds) < 2 {
		return false
	}
	first := r.ix.nodeOf(cmds[0].Action.ID)
	for _, c := range cmds {
		n := r.ix.nodeOf(c.Action.ID)
		if n < 0 || first < 0 || r.ix.nodes[n].Role != page.RoleCheckbox || r.ix.nodes[n].Ctx != r.ix.nodes[first].Ctx {
			return false
		}
	}
	return true
}

// holdsAlike reports a name that has each key, or another form of it.
func holdsAlike(name, keys []string) bool {
	for _, k := range keys {
		if !slices.ContainsFunc(name, func(w string) bool { return wordEq(k, w) >= 0.95 }) {
			return false
		}
	}
	return len(keys) > 0
}

// picksRow reports a box named for choosing what follows ("Select Klara and the Sun"): it
// marks a row for a verb said elsewhere.
func picksRow(name []string) bool {
	if len(name) < 2 {
		return false
	}
	v, ok := verbs[name[0]]
	return ok && (v == vSelect || v == vCheck)
}
