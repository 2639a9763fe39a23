package understand

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/internal/round"
)

// selectFrame reads "pick X from Y", "choose X", "select the Y radio", "select none":
// an option of a select, a radio, a listbox option, a tab or a menu item.
func (r *reader) selectFrame(vw string, rest []token, changed bool) clause {
	if len(rest) == 0 {
		return clause{}
	}
	var best clause
	consider := func(cl clause, bias float64) {
		cl.quality *= bias
		if cl.quality > best.quality || len(best.cmds)+len(best.questions) == 0 && best.quality == 0 {
			best = cl
		}
	}
	for m := 1; m < len(rest)-1; m++ {
		if k := rest[m].key; rest[m].kind == tokWord && (fromWords[k] || k == "for" || k == "as") {
			consider(r.optionIn(vw, rest[:m], rest[m+1:], changed), 1)
		}
	}
	consider(r.optionAnywhere(vw, rest, changed), 0.98)
	return best
}

// optionWords strips what is not the option's name: determiners and "option", "one".
func optionWords(toks []token) ([]token, bool) {
	var out []token
	indef := false
	for k, t := range toks {
		switch {
		case t.kind == tokPunct:
			continue
		case k == 0 && indefinite[t.key]:
			indef = true
			continue
		case k == 0 && definite[t.key]:
			continue
		case len(toks) > 1 && (t.key == "option" || t.key == "one" || t.key == "choice" || t.key == "value" || t.key == "entry"):
			continue
		}
		out = append(out, t)
	}
	return out, indef
}

// optionIn reads "X from Y": Y is a select, a listbox or a radio group, X one of its options.
func (r *reader) optionIn(vw string, optToks, target []token, changed bool) clause {
	words := strings.TrimSpace(vw + " " + joinRaw(optToks) + " from " + joinRaw(target))
	ref := r.ix.resolve(target, vSelect)
	opt, indef := optionWords(optToks)
	val, quoted := r.valueText(opt)
	if b, ok := ref.best(); ok && r.ix.nodes[b.node].Role == page.RoleSelect && !ref.ambiguous {
		n := r.ix.nodes[b.node]
		explained := 1 - float64(len(ref.unexplained))/float64(max(1, nonPunct(target)))
		if indef || len(opt) == 0 || !quoted && isVague(optToks) && !namesOptionPart(val, n.Options) {
			return clause{quality: 0.95 * explained, questions: []Question{{Kind: AskOption, Command: -1, Words: words,
				Text: fmt.Sprintf("Which option of %s?", page.Describe(n)), Choices: optionChoices(n, ""), Element: n.ID, Verb: string(vSelect)}}}
		}
		cl := r.bindClause(vSelect, vw, b.node, b.score, val, quoted, words)
		cl.quality *= explained
		return cl
	}
	if cl, ok := r.suggestIn(vw, opt, target, words); ok && !indef && (quoted || !isVague(optToks)) {
		return cl
	}
	// A group of option-like elements named by their context: a listbox, radio group, tabs.
	groupKeys := keysOfToks(target)
	var cands []cand
	optKeys := keysOfToks(opt)
	if n, ok := atLeast(opt); ok {
		optKeys = r.ix.keysFor(n) // "at least three" is the option "3+" (optgroups.go)
	}
	if len(optKeys) == 0 {
		return clause{}
	}
	gk := contentKeys(stripRoleKeys(groupKeys))
	var named []cand
	for _, i := range r.ix.nodesWith(optKeys) {
		n := r.ix.nodes[i]
		switch n.Role {
		case page.RoleOption, page.RoleRadio, page.RoleTab, page.RoleMenuItem, page.RoleCheckbox, page.RoleButton:
		default:
			continue
		}
		s, _ := r.ix.nameMatch(optKeys, i)
		if s < asideMatch && r.withoutAside(optKeys, i) {
			s = asideMatch // "plus" for "Plus – €9.90/day" (optgroups.go), announced
		}
		if s >= minMatch {
			named = append(named, cand{node: i, score: s})
		}
	}
	if r.ix.kindOnly(target, kindKeys(target), named) {
		gk = nil // "Cancel for my appointment" under "Your appointments" (kindonly.go)
	}
	for _, nc := range named {
		i, s, n := nc.node, nc.score, r.ix.nodes[nc.node]
		c, _ := containment(gk, r.ix.ctx(i), nil)
		if len(gk) > 0 && c < 1 {
			continue
		}
		if n.Role == page.RoleTab && len(gk) > 0 && !slices.Contains(groupKeys, "tab") && !slices.Contains(groupKeys, "tabs") {
			// A tab is a kind of things, not one: "the mid-range tyre" under "Choose your
			// tyres" is a tyre the Mid-range tab shows, not the tab.
			continue
		}
		cands = append(cands, cand{node: i, score: s, option: -1})
	}
	if len(cands) == 0 {
		if changed {
			return clause{quality: 0.6, deferred: true, cmds: []Command{{Verb: string(vSelect), Phrase: joinRaw(opt), Value: val, Words: words}}}
		}
		return clause{quality: 0.1, unexplained: words0(append(slices.Clone(optToks), target...))}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return cmp.Compare(b.score, a.score) })
	if len(cands) > 1 && tied(cands[0].score, cands[1].score) {
		return clause{quality: 0.9, questions: []Question{r.whichElement(words, cands, r.binder(vSelect, vw, "", quoted, words))}}
	}
	cl := r.bindClause(vSelect, vw, cands[0].node, cands[0].score, "", quoted, words)
	if cands[0].score == asideMatch {
		cl.assumed = append(cl.assumed, fmt.Sprintf("%q read as %q", joinRaw(opt), r.ix.nodes[cands[0].node].Name))
	}
	return cl
}

// suggestIn reads "Oslo from the destination list" where the list is what an
// autocomplete field suggests: the value is typed and the suggestion that fits chosen.
func (r *reader) suggestIn(vw string, opt, target []token, words string) (clause, bool) {
	var named []token
	for _, t := range target {
		if t.kind == tokWord && (slices.Contains(roleWords[t.key].roles, page.RoleSelect) || t.key == "suggestions") {
			continue // "the destination list", "the city dropdown"; "switch to …" is no list
		}
		named = append(named, t)
	}
	if len(opt) == 0 || len(named) == 0 || len(named) == len(target) && target[len(target)-1].key != "suggestions" {
		return clause{}, false // the list must be called a list: "Oslo from Destination" is no frame of it
	}
	b, ok := r.ix.resolve(named, vType).best()
	if !ok || b.score < 0.85 || !r.ix.nodes[b.node].Has("autocomplete") {
		return clause{}, false
	}
	val, quoted := r.valueText(opt)
	cl := r.bindClause(vType, vw, b.node, b.score, val, quoted, words)
	return cl, len(cl.cmds) > 0
}

func keysOfToks(toks []token) []string {
	var out []string
	for _, t := range toks {
		switch t.kind {
		case tokQuoted:
			out = append(out, matchKeys(t.raw)...)
		case tokWord:
			if !definite[t.key] && !indefinite[t.key] {
				out = append(out, t.key)
			}
		}
	}
	return out
}

// contentKeys drops the small words of a group's name ("ease of ordering" → ease,
// ordering), so every word that is left must be found.
func contentKeys(keys []string) []string {
	var out []string
	for _, k := range keys {
		switch k {
		case "of", "for", "the", "a", "an", "to", "in", "on", "with", "and", "at", "by", "about", "question":
			continue
		}
		out = append(out, k)
	}
	return out
}

// stripRoleKeys drops role nouns from a group name: "the Destination list" → destination.
func stripRoleKeys(keys []string) []string {
	var out []string
	for _, k := range keys {
		if _, ok := roleWords[k]; ok {
			continue
		}
		if k == "group" || k == "options" || k == "choices" || k == "section" {
			continue
		}
		out = append(out, k)
	}
	return out
}

// optionAnywhere reads "choose X" with no group named: X may be a select's option, a
// radio, a listbox option, a tab, a menu item, or any element ("select the Save button").
func (r *reader) optionAnywhere(vw string, rest []token, changed bool) clause {
	words := strings.TrimSpace(vw + " " + joinRaw(rest))
	opt, indef := optionWords(rest)
	val, quoted := r.valueText(opt)
	// "select none": nothing, unless an option is literally called so.
	if len(opt) == 1 && noneWords[opt[0].key] {
		if cl, ok := r.selectNone(vw, val, words); ok {
			return cl
		}
	}
	if len(opt) < len(rest) && len(opt) > 0 && (definite[rest[0].key] || indefinite[rest[0].key]) {
		// The option must hold the determiner too: "a bulk action" is no "Bulk actions".
		said, _ := r.valueText(rest)
		if i, o, ok := r.oneListFor(rest, r.ix.lists()); ok && slices.Equal(r.ix.keysFor(o), matchKeys(said)) {
			// "every week", "any time": a determiner that is a dropdown option's own
			// first word, said with the rest of it.
			cl := r.bindClause(vSelect, vw, i, 1, o, quoted, words)
			if len(cl.cmds) == 1 && cl.cmds[0].Bound {
				cl.quality = 0.95 // every word is the option's: nothing is left open
				return cl
			}
		}
	}
	ref := r.ix.resolve(rest, vSelect)
	if vw != "" {
		// "select Tom Baker" ticks the checkbox labelled "Select Tom Baker".
		with := slices.Concat(tokenize(vw), rest)
		if alt := r.ix.resolve(with, vSelect); altBetter(alt, ref) {
			ref = alt
		}
	}
	cands := slices.Clone(ref.cands)
	optKeys := keysOfToks(opt)
	if len(optKeys) > 0 {
		for _, i := range r.ix.nodesWith(optKeys) {
			n := r.ix.nodes[i]
			suggests := n.Has("autocomplete") && len(n.Options) > 0
			if n.Role != page.RoleSelect && !suggests {
				continue
			}
			k, s := r.ix.optionOf(val, i)
			if s < 0.7 || suggests && s < 0.9 {
				// "Business class" on the Cabin class dropdown, "the Harrogate centre" in
				// Exam centre: words of the field's own name may come with the option.
				if rest := withoutKeys(opt, r.ix.names[i]); len(rest) > 0 && len(rest) < len(opt) {
					if k2, s2 := r.ix.optionOf(joinRaw(rest), i); s2 >= 0.7 {
						k, s = k2, s2*0.98
					}
				}
			}
			if suggests {
				// "pick the iPhone 16 Pro": a suggestion the field holds, named whole, is
				// chosen as a select's option is (typed, then picked); "Harrogate" for
				// "Harrogate – Royal Hall" is its name without the aside (announced).
				if s >= 0.88 {
					cands = append(cands, cand{node: i, score: round.Hundredths(s * 0.98), option: k})
				}
				continue
			}
			if k >= 0 && s >= 0.7 {
				cands = append(cands, cand{node: i, score: round.Hundredths(s * 0.98), option: k})
			}
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return cmp.Compare(b.score, a.score) })
	if indef {
		if i, ok := r.exactChoice(rest); ok || len(cands) > 0 && r.namedExactly(rest, cands[0].node) {
			if !ok {
				i = cands[0].node // "an SUV": the one option of that name (optgroups.go)
			}
			// "One way" is a radio's name, not an open choice of one.
			return r.bindClause(vSelect, vw, i, 1, "", quoted, words)
		}
		// "pick a size", "choose any option": the person left the choice open.
		return r.openChoice(rest, words, cands)
	}
	if len(cands) == 0 || cands[0].score < minMatch {
		if cl, ok := r.reveal(vSelect, vw, rest); ok {
			return cl
		}
		if changed {
			return clause{quality: 0.6, deferred: true, cmds: []Command{{Verb: string(vSelect), Phrase: joinRaw(rest), Value: val, Words: words}}}
		}
		return clause{quality: 0.1, unexplained: words0(rest)}
	}
	if len(cands) > 1 && tied(cands[0].score, cands[1].score) && cands[0].node != cands[1].node && ref.ordinal == 0 {
		return clause{quality: 0.9, questions: []Question{r.whichElement(words, cands, r.binder(vSelect, vw, "", quoted, words))}}
	}
	c := cands[0]
	n := r.ix.nodes[c.node]
	explained := 1.0
	if c.option < 0 && len(ref.unexplained) > 0 {
		explained = 1 - float64(len(ref.unexplained))/float64(max(1, nonPunct(rest)))
	}
	v, verb := "", vSelect
	if c.option >= 0 && len(n.Options) > c.option && (n.Role == page.RoleSelect || n.Has("autocomplete")) {
		v = n.Options[c.option]
		if n.Role != page.RoleSelect {
			verb = vType // typed, then the suggestion picked (bindType)
		}
	}
	if verb == vType {
		// What is typed is what was said for the option, less the field's own words
		// ("the Harrogate centre" types Harrogate); the suggestion picked is the option.
		typed := val
		if rest := withoutKeys(opt, r.ix.names[c.node]); len(rest) > 0 && len(rest) < len(opt) {
			said, _ := r.valueText(rest)
			_, whole := r.ix.optionOf(val, c.node)
			if _, part := r.ix.optionOf(said, c.node); part > whole {
				typed = said
			}
		}
		cl := r.bindClause(verb, vw, c.node, c.score, typed, quoted, words)
		cl.quality *= explained
		if k := len(cl.cmds) - 1; k > 0 && cl.cmds[k].Verb == verbSuggest {
			cl.cmds[k].Phrase, cl.cmds[k].Value = v, v
		}
		if len(cl.cmds) > 0 && !strings.EqualFold(typed, v) {
			// "Harrogate" for the suggestion "Harrogate – Royal Hall", as a select's option is.
			cl.assumed = append(cl.assumed, fmt.Sprintf("%q means %q in %s", typed, v, page.Describe(n)))
		}
		return cl
	}
	cl := r.bindClause(verb, vw, c.node, c.score, v, quoted, words)
	cl.quality *= explained
	return cl
}

// exactChoice finds the one radio, option, tab, checkbox or button whose name is word for
// word the words, even when they start as a determiner would ("One way", "Any time").
func (r *reader) exactChoice(rest []token) (int, bool) {
	var keys []string
	for _, t := range rest {
		if t.kind != tokWord {
			return 0, false
		}
		keys = append(keys, t.key)
	}
	hit := -1
	for _, i := range r.ix.nodesWith(keys) {
		n := r.ix.nodes[i]
		if isField(n) || !slices.Equal(r.ix.names[i], keys) {
			continue
		}
		if hit >= 0 {
			return 0, false
		}
		hit = i
	}
	return hit, hit >= 0
}

// openChoice asks which option when the person said "a size", "any option".
func (r *reader) openChoice(rest []token, words string, cands []cand) clause {
	// The noun may name a select: offer its options.
	nounRef := r.ix.resolve(rest, vType)
	if b, ok := nounRef.best(); ok && r.ix.nodes[b.node].Role == page.RoleSelect {
		n := r.ix.nodes[b.node]
		return clause{quality: 0.95, questions: []Question{{Kind: AskOption, Command: -1, Words: words,
			Text: fmt.Sprintf("Which option of %s?", page.Describe(n)), Choices: optionChoices(n, ""), Element: n.ID, Verb: string(vSelect)}}}
	}
	if fields := r.fieldsOfType(rest); len(fields) > 0 {
		// "pick a date": the question is about a value, so its choices are the fields that
		// take one ("Departure", "Return"), not a checkbox whose name holds the word.
		q := r.whichElement(words, fields, nil)
		q.Text = fmt.Sprintf("Which field, and what should I put into it? (%q is not a value I can type)", joinRaw(rest))
		return clause{quality: 0.95, questions: []Question{q}}
	}
	if len(cands) == 1 && cands[0].score >= 0.9 {
		// One thing fits what was described: "click a button" with one button.
		return r.bindClause(vSelect, "", cands[0].node, cands[0].score, "", false, words)
	}
	if len(cands) == 1 && r.choiceStartsWith(cands[0].node, rest) {
		// "a battery" where one box alone is "Battery storage" (fromref.go).
		return r.soleChoice(vSelect, "", cands[0], "", words)
	}
	q := r.whichElement(words, cands, r.binder(vSelect, "", "", false, words))
	q.Text = "Which one should I choose?"
	quality := 0.95
	if len(cands) == 0 && len(rest) > 0 && (rest[0].key == "a" || rest[0].key == "an") {
		// Nothing on the page fits "a …": a question about it is a weak reading, which a
		// split into things the page has ("a battery and an EV charger") beats. "any
		// room" stays a question of its own.
		quality = 0.5
	}
	return clause{quality: quality, questions: []Question{q}}
}

// fieldsOfType lists the fields that take the kind of value the words name by its type
// word ("a date", "any time"), in page order.
func (r *reader) fieldsOfType(rest []token) []cand {
	keys := keysOfToks(rest)
	if len(keys) != 1 {
		return nil
	}
	types, ok := typeWords[keys[0]]
	if !ok {
		return nil
	}
	var out []cand
	for i, n := range r.ix.nodes {
		if isField(n) && slices.Contains(types, n.Type) && !n.Occ {
			out = append(out, cand{node: i, score: groupScore, option: -1})
		}
	}
	return out
}
