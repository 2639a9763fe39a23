package understand

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/errand-app/errand/engine/page"
)

// typeFrame reads the ways people say "put X into Y": "type X into Y", "fill Y with X",
// "set Y to X", "put X as the Y", "enter Y X" (a value by shape or quotes), "type X" (the
// one field), "fill in Y" (value asked for). Each split is tried; the target that grounds
// best decides where the value ends.
func (r *reader) typeFrame(vw string, rest []token, changed bool) clause {
	var best clause
	consider := func(cl clause, bias float64) {
		cl.quality *= bias
		if cl.quality > best.quality || len(best.cmds)+len(best.questions) == 0 && best.quality == 0 {
			best = cl
		}
	}
	for m := 1; m < len(rest); m++ {
		t := rest[m]
		k := t.key
		if t.kind == tokQuoted {
			continue
		}
		if intoWords[k] || asWords[k] {
			consider(r.typeReading(vType, vw, rest[m+1:], rest[:m], changed), 1)
		}
		if withWords[k] {
			consider(r.typeReading(vType, vw, rest[:m], rest[m+1:], changed), 1)
		}
	}
	// "enter email jas@example.com", "type in Name 'Jas'": a value by shape or quotes at the end.
	for m := 1; m < len(rest); m++ {
		if rest[m].kind == tokQuoted && m == len(rest)-1 {
			consider(r.typeReading(vType, vw, rest[:m], rest[m:], changed), 0.98)
			continue
		}
		if sh, ok := shapeAt(rest, m); ok && m+sh.n == len(rest) {
			consider(r.typeReading(vType, vw, rest[:m], rest[m:], changed), 0.97)
		}
	}
	// "in the Name field type Jas" has its target first; "type Jas" has none.
	consider(r.typeReading(vType, vw, nil, rest, changed), 0.9)
	// "fill in the Name field": the value is missing.
	consider(r.typeReading(vType, vw, rest, nil, changed), 0.85)
	return best
}

// typeReading reads one split of a type clause into a target and a value.
func (r *reader) typeReading(v verb, vw string, target, value []token, changed bool) clause {
	if len(target) == 0 && len(value) == 0 {
		return clause{}
	}
	val, quoted := valueText(value)
	words := strings.TrimSpace(vw + " " + joinRaw(value) + " " + joinRaw(target))
	suspicion := 1.0
	switch {
	case quoted:
	case swallows(r, value):
		suspicion = 0.5
	case hasComma(value):
		// People separate commands with commas far more often than they type one into
		// a value without quotes.
		suspicion = 0.8
	}
	if len(target) == 0 {
		return r.inferField(v, vw, val, quoted, value, words, suspicion)
	}
	ref := r.ix.resolve(target, v)
	if len(value) > 0 && !quoted && isVague(value) && !r.namesOption(ref, val) {
		// A question is as good a reading as its target is a grounding: "set the volume to
		// 80" must not read "the volume" as a vague value for a field named "80".
		g := 0.3
		if b, ok := ref.best(); ok {
			g = b.score
		}
		return clause{quality: 0.95 * g, questions: []Question{r.askValue(ref, words, joinRaw(value))}}
	}
	cl := r.fromRef(v, vw, target, ref, changed, val)
	for k := range cl.cmds {
		cl.cmds[k].Quoted = quoted
		cl.cmds[k].Words = words
	}
	if len(value) == 0 && len(cl.cmds) > 0 && cl.cmds[0].Bound {
		// No value: ask for it, naming the field that was found.
		n, _ := r.obs.Node(cl.cmds[0].Action.ID)
		return clause{quality: cl.quality, questions: []Question{{Kind: AskValue, Command: -1, Words: words,
			Text: fmt.Sprintf("What should I put into %s?", page.Describe(n))}}}
	}
	cl.quality *= suspicion
	return cl
}

// namesOption reports a value that is an option of the target select word for word, so
// "a" in "select A from Grade" is not read as vague.
func (r *reader) namesOption(ref ref, val string) bool {
	b, ok := ref.best()
	if !ok {
		return false
	}
	_, s := matchOption(val, r.ix.nodes[b.node].Options)
	return s >= 1
}

// inferField handles a value with no field named: the one empty text field, else a question.
func (r *reader) inferField(v verb, vw, val string, quoted bool, value []token, words string, suspicion float64) clause {
	if len(value) > 0 && !quoted && isVague(value) {
		// "enter a name": the noun may name the field.
		ref := r.ix.resolve(value, v)
		return clause{quality: 0.9, questions: []Question{r.askValue(ref, words, joinRaw(value))}}
	}
	var fields []int
	for i, n := range r.ix.nodes {
		if isField(n) && n.Role != page.RoleSelect && !n.Occ && !n.Has("disabled") && !n.Has("readonly") {
			fields = append(fields, i)
		}
	}
	if len(fields) != 1 {
		cands := make([]cand, len(fields))
		for k, f := range fields {
			cands[k] = cand{node: f, score: 0.5, option: -1}
		}
		q := r.whichElement(-1, words, cands)
		q.Text = fmt.Sprintf("Which field should %q go into?", val)
		return clause{quality: 0.5 * suspicion, questions: []Question{q}}
	}
	cl := r.bindClause(v, vw, fields[0], 0.8, val, quoted, words)
	n := r.ix.nodes[fields[0]]
	cl.assumed = append(cl.assumed, fmt.Sprintf("%q goes into %s, the only field", val, page.Describe(n)))
	cl.quality *= 0.7 * suspicion
	return cl
}

// askValue asks for a value, naming the field when the phrase found one.
func (r *reader) askValue(ref ref, words, vague string) Question {
	q := Question{Kind: AskValue, Command: -1, Words: words, Text: fmt.Sprintf("What exactly should I enter for %q?", vague)}
	if b, ok := ref.best(); ok && !ref.ambiguous {
		n := r.ix.nodes[b.node]
		q.Text = fmt.Sprintf("What should I put into %s? (%q is not a value I can type)", page.Describe(n), vague)
		if n.Role == page.RoleSelect {
			q.Kind = AskOption
			q.Choices = optionChoices(n, "")
		}
	}
	return q
}

// valueText is the value as the person wrote it, and whether it was quoted.
func valueText(value []token) (string, bool) {
	if len(value) == 1 && value[0].kind == tokQuoted {
		return value[0].raw, true
	}
	// A quoted value with a role word after it ("'Jas' as the name" is split elsewhere).
	return joinRaw(value), false
}

// isVague reports a value that names no value: "a name", "some text", "something", "my
// email", "whatever you like". A determiner written with a capital inside a sentence is
// part of a name ("The Beatles").
func isVague(value []token) bool {
	if len(value) == 0 {
		return false
	}
	first := value[0]
	if first.kind != tokWord {
		return false
	}
	if len(value) == 1 {
		return vagueValues[first.key]
	}
	capital := unicode.IsUpper([]rune(first.raw)[0]) && first.key != "a" && first.key != "i"
	switch {
	case indefinite[first.key] && !capital:
		return true
	case definite[first.key] && !capital:
		return true
	case first.key == "random" || first.key == "whatever" || first.key == "something" || first.key == "anything" || first.key == "valid" || first.key == "appropriate" || first.key == "suitable" || first.key == "correct" || first.key == "right":
		return true
	}
	return false
}

func hasComma(toks []token) bool {
	for _, t := range toks {
		if t.kind == tokPunct && (t.raw == "," || t.raw == ";") {
			return true
		}
	}
	return false
}

// swallows reports an unquoted value that holds a connective followed by a verb or by an
// element's name: "Paris and save the profile" was two clauses, not one value.
func swallows(r *reader, value []token) bool {
	for k := 0; k < len(value)-1; k++ {
		if !isConnective(value, k) && value[k].key != "and" {
			continue
		}
		if v, _ := verbAt(value, k+1); v != "" {
			return true
		}
		if len(r.ix.byKey[value[k+1].key]) > 0 && value[k+1].kind == tokWord && len(value[k+1].key) > 2 {
			if lg := r.labelGoal(value[k+1:], false); lg.quality > 0.8 {
				return true
			}
		}
	}
	return false
}

// submit reads "submit", "submit the form", "send it": the form's one submit button.
func (r *reader) submit(vw string, rest []token, changed bool) clause {
	if len(rest) > 0 && !onlyFormWords(rest) {
		// "submit the application" may name a button "Submit application".
		full := append([]token{{raw: "submit", key: "submit", kind: tokWord}}, rest...)
		if lg := r.labelGoal(full, changed); lg.quality > 0 {
			return lg
		}
		return r.elementFrame(vClick, vw, rest, changed)
	}
	cl := r.onlyOne(vSubmit, vw, func(n page.Node) bool { return n.Role == page.RoleButton && n.Type == "submit" }, "submit button")
	if len(cl.cmds) > 0 || len(cl.questions) > 0 && cl.questions[0].Kind != AskMissing {
		return cl
	}
	return r.onlyOne(vSubmit, vw, func(n page.Node) bool {
		if n.Role != page.RoleButton {
			return false
		}
		switch strings.ToLower(strings.TrimSpace(n.Name)) {
		case "submit", "send", "save", "ok", "continue", "done", "apply", "confirm", "go", "search", "sign up", "register", "next":
			return true
		}
		return false
	}, "submit button")
}

func onlyFormWords(rest []token) bool {
	for _, t := range rest {
		if !definite[t.key] && !genericObjects[t.key] && t.key != "it" && t.key != "a" && t.key != "everything" {
			return false
		}
	}
	return true
}
