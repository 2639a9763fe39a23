package understand

import (
	"fmt"
	"slices"
	"strings"

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
			cl := r.typeReading(vType, vw, rest[m+1:], verbParticle(rest[:m]), changed)
			if i, ok := r.bodyField(rest[m+1:]); ok && !anyBound(cl.cmds) && !isVague(rest[:m]) {
				// "put '…' in the notes": the one free-text box is where notes go,
				// whatever its label asks ("Anything the pharmacist should know?").
				val, quoted := r.valueText(rest[:m])
				cl = r.bindClause(vType, vw, i, 0.9, val, quoted, joinRaw(rest))
				cl.assumed = append(cl.assumed, fmt.Sprintf("%q is %s, the one box for free text", joinRaw(rest[m+1:]), page.Describe(r.ix.nodes[i])))
			}
			consider(cl, 1)
		}
		if withWords[k] {
			consider(r.typeReading(vType, vw, rest[:m], rest[m+1:], changed), 1)
			// "Set How often to Never": the target is a group of radios, the value one of them.
			if cl := r.optionIn(vw, rest[m+1:], rest[:m], changed); len(cl.cmds) > 0 && cl.cmds[0].Bound && !namesAnew(vw) {
				consider(cl, 0.99)
			}
			if cl, ok := r.triggerOption(vw, rest[m+1:], rest[:m], rest, changed); ok && !namesAnew(vw) {
				consider(cl, 0.99)
			}
			if k == "to" && (wholePage(trimOver(rest[:m])) || r.pageLanguage(trimOver(rest[:m]))) {
				// "switch the site to 日本語": the site is what the choice is for, not a
				// field; read as "switch to 日本語", said so.
				said := slices.Concat(tokenize(vw), rest[m:])
				cl := r.readClause(said, carry{after: -1}, changed)
				need := actMin // as sure as "switch to 日本語" said alone must be
				if b, ok := r.behind(said, carry{after: -1}, changed); ok && (!anyBound(cl.cmds) || actsBehind(cl.cmds)) {
					// What is behind was read strictly already; showing it first costs
					// its reading a little, no certainty.
					cl, need = b, 0.85
				}
				if anyBound(cl.cmds) && len(cl.questions)+len(cl.unexplained) == 0 && cl.quality >= need {
					// Said of the page, the words after "to" are what to switch to, never a
					// value to type: this reading is the one.
					cl = cl.readAs(joinRaw(rest[:m]), "the page itself")
					cl.quality *= 0.98
					return cl
				}
			}
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
	if len(rest) > 1 && intoWords[rest[0].key] {
		// "type into City": a field and no value, which is asked for.
		consider(r.typeReading(vType, vw, rest[1:], nil, changed), 0.95)
	}
	// "in the Name field type Jas" has its target first; "type Jas" has none.
	consider(r.typeReading(vType, vw, nil, rest, changed), 0.9)
	// "fill in the Name field": the value is missing.
	consider(r.typeReading(vType, vw, rest, nil, changed), 0.85)
	if namesAnew(vw) && !r.typesAName(best) {
		// "rename the card to Done" is no filter typed "Done": a new name goes into a field
		// for a name or title, or the page's Rename control is clicked (renames.go).
		best.quality = min(best.quality, actMin*0.9)
	}
	return best
}

// typesAName reports a reading that types into fields for a name or title only.
func (r *reader) typesAName(cl clause) bool {
	for _, c := range cl.cmds {
		if !c.Bound || verb(c.Verb) != vType {
			continue
		}
		var name []string
		if i := r.ix.nodeOf(c.Action.ID); i >= 0 {
			name = r.ix.names[i]
		} else if h, ok := r.hiddenOf(c.Action.ID); ok {
			name = keysOf(h.Name)
		}
		if !slices.ContainsFunc(name, func(k string) bool { return k == "name" || k == "title" }) {
			return false
		}
	}
	return true
}

// actsBehind reports commands bound to a control behind another, which must be shown first.
func actsBehind(cmds []Command) bool {
	return slices.ContainsFunc(cmds, func(c Command) bool { return strings.HasPrefix(c.Action.ID, hiddenPrefix) })
}

// trimOver drops the "over" of "switch the site over to …".
func trimOver(toks []token) []token {
	if n := len(toks); n > 1 && toks[n-1].key == "over" {
		return toks[:n-1]
	}
	return toks
}

// namesAnew reports a verb that gives a new name, which is typed, never chosen: "rename the
// board to 'Archive board'" is no Archive board item of the Board menu.
func namesAnew(vw string) bool { return fold(vw) == "rename" }

// pageLanguage reports words that name the page's language ("the language", "the site
// language") on a page with no control of that name: the languages it offers are its
// buttons or links, named by themselves.
func (r *reader) pageLanguage(toks []token) bool {
	keys := dropArticles(keysOfToks(toks))
	if len(keys) == 0 || keys[len(keys)-1] != "language" || r.pageWord("language") {
		return false
	}
	for _, k := range keys[:len(keys)-1] {
		if !siteWords[k] && !possessive[k] && k != "display" && k != "interface" && k != "page" {
			return false
		}
	}
	return true
}

// wholePage reports words that name the site or page itself: "the site", "the app", "it".
func wholePage(toks []token) bool {
	keys := dropArticles(keysOfToks(toks))
	return len(keys) == 1 && (siteWords[keys[0]] || keys[0] == "page" || keys[0] == "it" || keys[0] == "everything")
}

// verbParticle drops the particle a typing verb leaves after its object: "put Dr Patel
// down as my dentist", "write the code down in the box" type "Dr Patel" and "the code".
func verbParticle(value []token) []token {
	if n := len(value); n > 1 && value[n-1].kind == tokWord && (value[n-1].key == "down" || value[n-1].key == "up") {
		return value[:n-1]
	}
	return value
}

// typeReading reads one split of a type clause into a target and a value.
func (r *reader) typeReading(v verb, vw string, target, value []token, changed bool) clause {
	if len(target) == 0 && len(value) == 0 {
		return clause{}
	}
	value = quotedCore(value)
	val, quoted := r.valueText(value)
	words := strings.TrimSpace(vw + " " + joinRaw(value) + " " + joinRaw(target))
	suspicion := 1.0
	switch {
	case quoted:
	case swallows(r, value):
		suspicion = 0.5
	case hasComma(value) && wholeShape(joinRaw(value)) == "":
		// People separate commands with commas far more often than they type one into
		// a value without quotes.
		suspicion = 0.8
	}
	if len(target) == 0 {
		if v, ok := introduced(withoutList(value)); ok || len(v) < len(value) {
			// "add a task called Book flights", "add 'x' to my list": the item's name.
			value = v
			val, quoted = r.valueText(value)
		}
		if !cleanValue(value) {
			// "teh board to Sprint 15", "'x' to my list": frame words left in a value
			// with no field named mean the frame was not understood.
			suspicion *= 0.5
		}
		return r.inferField(v, vw, val, quoted, value, words, suspicion)
	}
	if len(target) > 2 && allWords[target[0].key] && len(value) > 0 {
		if cl, ok := r.intoEach(v, vw, target, val, quoted, words, changed); ok {
			return cl
		}
	}
	if cl, ok := r.dateParts(target, val, words); ok {
		return cl
	}
	target = r.whose(target)
	ref := r.ix.resolve(target, v)
	said, loose := target, false
	if lt, alt, ok := r.looseRef(target, v, ref, val); ok && len(value) > 0 {
		target, ref, loose = lt, alt, true
	}
	if len(value) > 0 && !quoted && isVague(value) && !r.namesOption(ref, val) {
		// A question is as good a reading as its target is a grounding: "set the volume to
		// 80" must not read "the volume" as a vague value for a field named "80".
		g := 0.3
		if b, ok := ref.best(); ok {
			g = b.score
		}
		return clause{quality: 0.95 * g, questions: []Question{r.askValue(ref, words, joinRaw(value))}}
	}
	if c, ok := r.nthOne(v, target, ref, val); ok {
		return r.settled(v, vw, c, val, words)
	}
	cl := r.fromRef(v, vw, target, ref, changed, val)
	for k := range cl.cmds {
		cl.cmds[k].Quoted = quoted
		cl.cmds[k].Words = words
	}
	cl = r.nameParted(cl, target, value)
	if len(value) == 0 && len(cl.cmds) > 0 && cl.cmds[0].Bound {
		// No value: ask for it, naming the field that was found.
		n, _ := r.obs.Node(cl.cmds[0].Action.ID)
		return clause{quality: cl.quality, questions: []Question{{Kind: AskValue, Command: -1, Words: words,
			Text: fmt.Sprintf("What should I put into %s?", page.Describe(n)), Element: n.ID, Verb: string(v)}}}
	}
	if len(cl.cmds) == 1 && cl.cmds[0].Bound && r.namedByPlace(target, cl.cmds[0].Action.ID) && (r.verbNamesButtons(vw, target) || addsItem(vw, target)) {
		suspicion *= 0.5
	}
	cl.quality *= suspicion
	if loose {
		cl = looseNoted(cl, said, r.obs)
	}
	return cl
}

// intoEach reads "Jane Doe in both the full name and name on card fields": one value into
// each field of a list; a role noun at the end ("fields") applies to every part.
func (r *reader) intoEach(v verb, vw string, target []token, val string, quoted bool, words string, changed bool) (clause, bool) {
	parts := [][]token{{}}
	for _, t := range target[1:] {
		if t.kind == tokPunct && t.raw == "," || t.kind == tokWord && t.key == "and" {
			parts = append(parts, []token{})
			continue
		}
		parts[len(parts)-1] = append(parts[len(parts)-1], t)
	}
	if len(parts) < 2 {
		return clause{}, false
	}
	last := parts[len(parts)-1]
	if n := len(last); n > 1 {
		if _, ok := roleWords[strings.TrimSuffix(last[n-1].key, "s")]; ok {
			parts[len(parts)-1] = last[:n-1]
		}
	}
	out := clause{quality: 1}
	seen := map[int]bool{}
	for _, p := range parts {
		ref := r.ix.resolve(p, v)
		b, ok := ref.best()
		if !ok || ref.ambiguous || len(ref.unexplained) > 0 || seen[b.node] {
			return clause{}, false
		}
		seen[b.node] = true
		cl := r.bindClause(v, vw, b.node, b.score, val, quoted, words)
		if len(cl.cmds) != 1 {
			return clause{}, false
		}
		out.cmds = append(out.cmds, cl.cmds...)
		out.grounded = append(out.grounded, cl.grounded...)
		out.quality = min(out.quality, cl.quality)
	}
	return out, true
}

// dateParts reads a date into a group of Day, Month and Year selects ("Date of birth: 3
// May 1987" on a form that asks for each part apart).
func (r *reader) dateParts(target []token, val, words string) (clause, bool) {
	d, ok := parseDate(val, r.opts.DayFirst, r.opts.year())
	if !ok {
		return clause{}, false
	}
	group := contentKeys(stripRoleKeys(keysOfToks(target)))
	if len(group) == 0 {
		return clause{}, false
	}
	part := map[string]int{}
	for _, i := range r.ix.groupMembers(group) {
		n := r.ix.nodes[i]
		if n.Role != page.RoleSelect {
			continue
		}
		for _, k := range r.ix.names[i] {
			switch k {
			case "day", "month", "year", "dd", "mm", "yyyy":
				part[k] = i
			}
		}
	}
	day, okD := part["day"]
	month, okM := part["month"]
	year, okY := part["year"]
	if !okD || !okM || !okY {
		return clause{}, false
	}
	out := clause{quality: 1}
	for _, p := range []struct {
		node  int
		value string
	}{{day, fmt.Sprint(d.d)}, {month, capitalize(fullMonths[d.m-1])}, {year, fmt.Sprint(d.y)}} {
		cl := r.bindClause(vSelect, "", p.node, 1, p.value, false, words)
		if len(cl.cmds) != 1 || len(cl.questions) > 0 {
			return clause{}, false
		}
		out.cmds = append(out.cmds, cl.cmds...)
		out.grounded = append(out.grounded, cl.grounded...)
		out.assumed = append(out.assumed, cl.assumed...)
	}
	return out, true
}

// namesOption reports a value that is an option of the target select word for word, so
// "a" in "select A from Grade" is not read as vague.
func (r *reader) namesOption(ref ref, val string) bool {
	b, ok := ref.best()
	if !ok {
		return false
	}
	// Any of the elements tied for the words may be the one the option settles: "the
	// boiler is a combi" with Boiler make and Boiler type (settle.go).
	for _, c := range ref.cands {
		if c.node != b.node && !tied(b.score, c.score) {
			continue
		}
		if k, s := r.ix.optionOf(val, c.node); s >= 1 || articleOption(r.ix.nodes[c.node], k, s, val) {
			return true
		}
		if _, rest, ok := objectOfLabel(val, r.ix.nodes[c.node].Name); ok {
			if _, s := r.ix.optionOf(rest, c.node); s >= 0.75 {
				return true // "the new card to the Briggate branch" for “Send it to” (bind.go)
			}
		}
	}
	return false
}

// inferField handles a value with no field named: the one empty text field, else a question.
func (r *reader) inferField(v verb, vw, val string, quoted bool, value []token, words string, suspicion float64) clause {
	if len(value) > 1 && value[0].kind == tokQuoted && pointsNowhere(value[1:]) {
		// "type 'x' into it": the quotes hold the value; "into it" names no field.
		val, quoted, value = value[0].raw, true, value[:1]
	}
	if len(value) > 0 && !quoted && isVague(value) {
		// "enter a name": the noun may name the field.
		ref := r.ix.resolve(value, v)
		q := 0.9
		if holdsValue(value[1:]) || r.fieldBeforeTo(value) {
			// "the tip to £5.00", "the discount % 10": a description that holds a value
			// is more likely a field said with it, which a reading that finds the field
			// should win over this question; so is "the experience to Nearly test ready"
			// when the words before "to" name a field.
			q = 0.6
		}
		return clause{quality: q, questions: []Question{r.askValue(ref, words, joinRaw(value))}}
	}
	var fields []int
	for i, n := range r.ix.nodes {
		if isField(n) && n.Role != page.RoleSelect && !n.Occ && !n.Has("disabled") && !n.Has("readonly") && r.ix.inScope(i) {
			fields = append(fields, i)
		}
	}
	if len(fields) != 1 {
		cands := make([]cand, len(fields))
		for k, f := range fields {
			cands[k] = cand{node: f, score: 0.5, option: -1}
		}
		q := r.whichElement(words, cands, r.binder(v, vw, val, quoted, words))
		q.Text = fmt.Sprintf("Which field should %q go into?", val)
		return clause{quality: 0.5 * suspicion, questions: []Question{q}}
	}
	cl := r.bindClause(v, vw, fields[0], 0.8, val, quoted, words)
	n := r.ix.nodes[fields[0]]
	if cl, ok := r.verbButton(cl, vw, fields[0], words); ok {
		// "add Buy milk" beside an Add button: the verb names the button that commits
		// the field, so the field is the one it commits.
		cl.quality *= 0.95 * suspicion
		return cl
	}
	cl.assumed = append(cl.assumed, fmt.Sprintf("%q goes into %s, the only field", val, page.Describe(n)))
	cl.quality *= 0.7 * suspicion
	return cl
}

// verbButton adds the click on a button the verb names ("add" → Add), when that button
// sits with the field in one group and no other button has the name.
func (r *reader) verbButton(cl clause, vw string, field int, words string) (clause, bool) {
	if vw == "" || len(cl.cmds) != 1 || cl.cmds[0].Action.Kind != page.SetValue {
		return cl, false
	}
	vk := matchKeys(vw)
	hit := -1
	for i, n := range r.ix.nodes {
		if n.Role != page.RoleButton || n.Occ {
			continue
		}
		if s, _ := phraseMatch(vk, r.ix.names[i]); s < 1 {
			continue
		}
		if hit >= 0 {
			return cl, false
		}
		hit = i
	}
	if hit < 0 || r.ix.nodes[hit].Ctx == "" || r.ix.nodes[hit].Ctx != r.ix.nodes[field].Ctx {
		return cl, false
	}
	b := r.bindClause(vClick, "", hit, 1, "", false, words)
	cl.cmds = append(cl.cmds, b.cmds...)
	cl.grounded = append(cl.grounded, b.grounded...)
	cl.changes = true
	return cl, true
}

// askValue asks for a value, naming the field when the phrase found one.
func (r *reader) askValue(ref ref, words, vague string) Question {
	q := Question{Kind: AskValue, Command: -1, Words: words, Text: fmt.Sprintf("What exactly should I enter for %q?", vague)}
	if b, ok := ref.best(); ok && !ref.ambiguous {
		n := r.ix.nodes[b.node]
		q.Text = fmt.Sprintf("What should I put into %s? (%q is not a value I can type)", page.Describe(n), vague)
		q.Element, q.Verb = n.ID, string(vType)
		if n.Role == page.RoleSelect {
			q.Kind = AskOption
			q.Choices = optionChoices(n, "")
		}
	}
	return q
}

// valueText is the value exactly as the person wrote it (spacing and signs kept: "+44
// 7700 900123", "08/29"), and whether it was quoted.
func (r *reader) valueText(value []token) (string, bool) {
	if len(value) == 1 && value[0].kind == tokQuoted {
		return value[0].raw, true
	}
	if len(value) == 0 {
		return "", false
	}
	from, to := value[0].start, value[len(value)-1].end
	if r.src != "" && from >= 0 && to <= len(r.src) && from < to {
		return strings.TrimSpace(r.src[from:to]), false
	}
	return joinRaw(value), false
}

// fieldBeforeTo reports words whose part before "to" names a field fairly well: "the
// experience to Nearly test ready" beside "Driving experience".
func (r *reader) fieldBeforeTo(value []token) bool {
	m := slices.IndexFunc(value, func(t token) bool { return t.kind == tokWord && t.key == "to" })
	if m < 1 || m == len(value)-1 {
		return false
	}
	b, ok := r.ix.resolve(value[:m], vType).best()
	return ok && b.score >= 0.7 && isField(r.ix.nodes[b.node])
}
