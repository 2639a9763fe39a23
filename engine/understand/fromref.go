package understand

import (
	"fmt"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// This file turns a resolved element phrase into commands, or into the question that
// settles it: which element, with each choice carrying what it runs.

// onlyOne binds the one element that fits, when exactly one does.
func (r *reader) onlyOne(v verb, vw string, fits func(page.Node) bool, what string) clause {
	var hits []int
	for i, n := range r.ix.nodes {
		if fits(n) && !n.Occ {
			hits = append(hits, i)
		}
	}
	switch len(hits) {
	case 1:
		cl := r.bindClause(v, vw, hits[0], roleOnlyScore, "", false, vw)
		return cl
	case 0:
		return clause{quality: 0.3, questions: []Question{{Kind: AskMissing, Command: -1, Words: vw,
			Text: "I can't find a " + what + " on this page. What should I do?"}}}
	}
	cands := make([]cand, len(hits))
	for k, h := range hits {
		cands[k] = cand{node: h, score: roleOnlyScore, option: -1}
	}
	return clause{quality: 0.9, questions: []Question{r.whichElement(vw, cands, r.binder(v, vw, "", false, vw))}}
}

// fromRef turns a resolved element phrase into a command or a question. value is the
// value of a type or select clause.
func (r *reader) fromRef(v verb, vw string, phraseToks []token, ref ref, changed bool, value string) clause {
	words := strings.TrimSpace(vw + " " + joinRaw(phraseToks))
	explained := 1.0
	if n := nonPunct(phraseToks); n > 0 {
		explained = 1 - float64(len(ref.unexplained))/float64(n)
	}
	unexpl := make([]string, 0, len(ref.unexplained))
	for _, k := range ref.unexplained {
		unexpl = append(unexpl, phraseToks[k].raw)
	}
	good := 0
	for _, c := range ref.cands {
		if c.score >= minMatch {
			good++
		}
	}
	switch {
	case good == 0:
		if changed && !r.finished && (r.inPath || !r.instructionLike(phraseToks)) && !(v == vType && r.namesShown(value)) {
			// The element may appear once the page has changed: read it again then.
			return clause{quality: 0.6, deferred: true, cmds: []Command{{Verb: string(v), Phrase: joinRaw(phraseToks), Value: value, Words: words}}}
		}
		return clause{quality: 0.2 * explained, unexplained: words0(phraseToks),
			questions: nil}
	case ref.det == "both" && good == 2 && v == vType:
		return r.intoBoth(vw, ref, words, value, explained)
	case allWords[ref.det] && good > 1 && v != vType:
		return r.fromAll(v, vw, ref, words, value, explained)
	case ref.indefinite && good == 1 && !ref.roleOnly && r.namedExactly(phraseToks, ref.cands[0].node):
		// "hire a yoga mat": the whole name of one option, not a kind of thing.
	case ref.indefinite && good == 1 && !ref.roleOnly && v != vType && (r.choiceStartsWith(ref.cands[0].node, phraseToks) || r.kindStartsName(ref.cands[0].node, phraseToks)):
		// "I'm after panels, a battery and an EV charger": of the boxes one alone is a
		// battery, so "a battery" is that one, as "a button" is the one button there is.
		best, _ := ref.best()
		cl := r.soleChoice(v, vw, best, value, words)
		cl.quality *= explained
		cl.unexplained = append(cl.unexplained, unexpl...)
		return cl
	case ref.ambiguous || good > 1 && (ref.indefinite || ref.roleOnly && ref.ordinal == 0 && !namedNear(ref)) || ref.det == "some" || ref.det == "several" ||
		ref.indefinite && !ref.roleOnly && v != vType:
		// "some" leaves the choice open even when one element fits; so does "an email"
		// that matches one element by a word of its name: only "a button" with one button
		// is certain.
		if c, ok := r.settleRef(v, vw, ref, value); ok {
			cl := r.settled(v, vw, c, value, words)
			cl.quality *= explained
			cl.unexplained = append(cl.unexplained, unexpl...)
			return cl
		}
		q := r.whichElement(words, ref.cands, r.binder(v, vw, value, false, words))
		return clause{quality: askQuality(ref) * explained, questions: []Question{q}, unexplained: unexpl}
	}
	best, _ := ref.best()
	fitted := false
	if other, ok := r.fitsInstead(v, ref, best, value); ok {
		best, fitted = other, true
	}
	cl := r.bindClause(v, vw, best.node, best.score, value, false, words)
	cl.quality *= explained
	cl.unexplained = append(cl.unexplained, unexpl...)
	if fitted {
		cl.assumed = append(cl.assumed, fmt.Sprintf("%q is for %s, the one of them it is an option of", value, page.Describe(r.ix.nodes[best.node])))
	}
	return cl
}

// soleChoice binds the one choice an indefinite phrase fits, announced. It is as good a
// reading as a question would be: the page leaves nothing else to choose.
func (r *reader) soleChoice(v verb, vw string, c cand, value, words string) clause {
	cl := r.bindClause(v, vw, c.node, c.score, value, false, words)
	cl.quality = max(cl.quality, 0.9) * 0.95
	cl.assumed = append(cl.assumed, fmt.Sprintf("%q is %s, the only one there is", words, page.Describe(r.ix.nodes[c.node])))
	return cl
}

// choiceStartsWith reports a box, radio, switch or option whose name starts with the words
// said after "a" or "an", or ends with them (its head noun, before a price: "a programme"
// for "Official tour programme (£10)"), and holds more; "any", "some" or "one" leave the
// choice open.
func (r *reader) choiceStartsWith(node int, said []token) bool {
	switch r.ix.nodes[node].Role {
	case page.RoleCheckbox, page.RoleRadio, page.RoleSwitch, page.RoleOption:
	default:
		return false
	}
	if len(said) < 2 || said[0].key != "a" && said[0].key != "an" {
		return false
	}
	keys := keysOfToks(said[1:])
	name := r.ix.names[node]
	if len(keys) == 0 || len(keys) >= len(name) {
		return false
	}
	alike := func(part []string) bool {
		for k, w := range keys {
			if wordEq(w, part[k]) < 0.95 {
				return false
			}
		}
		return true
	}
	head := name
	for len(head) > 0 && strings.ContainsAny(head[len(head)-1], "0123456789") {
		head = head[:len(head)-1] // the price or count after the name: "(£10)"
	}
	// A name that starts with a verb ("Save payee") is a deed, not a thing of that kind.
	return alike(name) || !namesDeed(name) && len(keys) < len(head) && alike(head[len(head)-len(keys):])
}

// kindStartsName reports "a save button" for the one button whose name starts so ("Save
// changes"): the role said names a kind of control, the words before it the kind of that
// control, and one alone is of that kind, as "a button" is the one button there is.
func (r *reader) kindStartsName(node int, said []token) bool {
	n := len(said)
	if n < 3 || said[0].key != "a" && said[0].key != "an" || said[n-1].kind != tokWord {
		return false
	}
	rw, ok := roleWords[said[n-1].key]
	if !ok || !slices.Contains(rw.roles, r.ix.nodes[node].Role) {
		return false
	}
	keys, name := keysOfToks(said[1:n-1]), r.ix.names[node]
	if len(keys) == 0 || len(keys) > len(name) {
		return false
	}
	for k, w := range keys {
		if wordEq(w, name[k]) < 0.95 {
			return false
		}
	}
	return true
}

// namesDeed reports a name that starts with a verb: "Save payee", "Select Klara and the Sun".
func namesDeed(name []string) bool {
	if len(name) == 0 {
		return false
	}
	_, v := verbs[name[0]]
	return v || actionVerbs[name[0]]
}

// fitsInstead finds, when the best element refuses the value (a dropdown without that
// option), the one other good candidate made for it: "pay Thames Water" names both "Pay
// from" and "Who are you paying?", and only the second offers Thames Water.
func (r *reader) fitsInstead(v verb, ref ref, best cand, value string) (cand, bool) {
	if value == "" || v != vType && v != vSelect || r.fitFor(v, best.node, value) != fitNot {
		return cand{}, false
	}
	var hit cand
	n := 0
	for _, c := range ref.cands {
		if c.node != best.node && c.score >= minMatch && r.fitFor(v, c.node, value) == fitMade && len(r.ix.nodes[c.node].Options) > 0 {
			hit = c
			n++
		}
	}
	return hit, n == 1
}

// fromAll binds every element a quantified phrase fits: "tick both boxes", "all the
// product checkboxes", in page order; "both" must fit exactly two.
func (r *reader) fromAll(v verb, vw string, ref ref, words, value string, explained float64) clause {
	if ref.det == "both" && countGood(ref) != 2 {
		return clause{quality: 0.9 * explained, questions: []Question{r.whichElement(words, ref.cands, r.binder(v, vw, value, false, words))}}
	}
	out := clause{quality: explained}
	for _, n := range goodNodes(ref) {
		b := r.bindClause(v, vw, n, 1, value, false, words)
		out.cmds = append(out.cmds, b.cmds...)
		out.grounded = append(out.grounded, b.grounded...)
		out.changes = out.changes || b.changes
	}
	return out
}

func countGood(ref ref) int {
	n := 0
	for _, c := range ref.cands {
		if c.score >= minMatch {
			n++
		}
	}
	return n
}

func words0(toks []token) []string { return words(toks) }

// onlyReveals reports commands whose page changes only show more of the page: a tab, a
// menu or dialog trigger, a disclosure.
func (r *reader) onlyReveals(cmds []Command) bool {
	for _, c := range cmds {
		if !c.Changes {
			continue
		}
		n, ok := r.obs.Node(c.Action.ID)
		if !c.Bound || !ok || c.Action.Kind != page.Click || n.Role != page.RoleTab && !n.Has("popup") && !n.Has("expanded") {
			return false
		}
	}
	return true
}

// namedNear reports a role said with the words of one element's own name after it: "the
// switch for taking away old furniture" is the Take away my old furniture switch, however
// many switches the page has.
func namedNear(ref ref) bool {
	b, ok := ref.best()
	if !ok || !b.ownWords || ref.indefinite {
		return false
	}
	return len(ref.cands) < 2 || !tied(b.score, ref.cands[1].score) && ref.cands[1].score < b.score
}

// finishes reports commands that end with a click on a control that sends, pays for or
// books what the page was for ("Reserve pitch", "Place order"): a person who says more
// after it means this page ("reserve the pitch and add kayak hire", with no kayak hire on
// it, is asked about before the booking is sent), not a page no one has seen.
func (r *reader) finishes(cmds []Command) bool {
	if len(cmds) == 0 {
		return false
	}
	c := cmds[len(cmds)-1]
	i := r.ix.nodeOf(c.Action.ID)
	return c.Bound && c.Action.Kind == page.Click && i >= 0 && len(r.ix.names[i]) > 0 && finishWords[r.ix.names[i][0]]
}

// finishWords start the names of controls that send what a page was for.
var finishWords = set("submit", "send", "reserve", "pay", "buy", "purchase", "checkout", "order", "place",
	"confirm", "finish", "complete", "publish")

// instructionLike reports words that read as another errand ("remind me at 5pm", "email
// my boss"): never an element to look for on the next page.
//
// After a click that only revealed part of the page (a tab, a menu), a verb may name what
// it revealed ("go to the Billing tab and download the February invoice").
//
// A verb the page itself uses in its controls' names ("Delete" beside each row) may name
// the control that appears next ("click Delete patient" in the dialog the first click
// opens), so it does not make the words an instruction.
func (r *reader) instructionLike(toks []token) bool {
	for _, t := range toks {
		if t.kind != tokWord {
			continue
		}
		if t.key == "me" || t.key == "myself" || actionVerbs[t.key] && len(r.ix.byKey[t.key]) == 0 && !r.revealed {
			return true
		}
	}
	return false
}

func nonPunct(toks []token) int {
	n := 0
	for _, t := range toks {
		if t.kind != tokPunct && !ignorable[t.key] {
			n++
		}
	}
	return n
}

// whichElement asks which of the candidates was meant. then reads the clause as if the
// person had named that candidate, so each choice carries the commands it runs.
func (r *reader) whichElement(words string, cands []cand, then func(cand) clause) Question {
	q := Question{Kind: AskElement, Command: -1, Words: words, Text: "Which one do you mean?"}
	for _, c := range cands {
		if c.score < minMatch || len(q.Choices) == 6 {
			break
		}
		n := r.ix.nodes[c.node]
		ch := Choice{Label: page.Describe(n), ID: n.ID, Score: c.score}
		if then != nil {
			c.score = 1 // the person named it
			ch.Then = then(c).cmds
		}
		q.Choices = append(q.Choices, ch)
	}
	return q
}

// binder reads a chosen candidate with the clause's verb and value.
func (r *reader) binder(v verb, vw, value string, quoted bool, words string) func(cand) clause {
	return func(c cand) clause {
		val := value
		if c.option >= 0 && r.ix.nodes[c.node].Role == page.RoleSelect {
			val = r.ix.nodes[c.node].Options[c.option]
		}
		return r.bindClause(v, vw, c.node, 1, val, quoted, words)
	}
}

// goodNodes are the candidates that fit well enough, in page order.
func goodNodes(ref ref) []int {
	var nodes []int
	for _, c := range ref.cands {
		if c.score >= minMatch {
			nodes = append(nodes, c.node)
		}
	}
	slices.Sort(nodes)
	return nodes
}
