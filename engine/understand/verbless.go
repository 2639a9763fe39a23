package understand

import (
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Clauses whose verb is the page's word: a button's label said as the goal, a verb that
// is a button's first word, a field named with its value.

// labelGoal reads a clause that is word for word what an element says: "Remove my
// profile", "Add to cart", "Next".
func (r *reader) labelGoal(body []token, changed bool) clause {
	if i, ok := r.exactLabel(body); ok {
		// Word for word one button's or link's name, even when its words are ones the
		// reader would otherwise read as a determiner or a courtesy ("One way", "Next").
		cl := r.bindClause(vClick, "", i, 1, "", false, joinRaw(body))
		cl.quality *= 0.99
		return cl
	}
	ref := r.ix.resolve(body, vClick)
	best, ok := ref.best()
	if !ok || best.score < 0.78 || len(ref.unexplained) > 0 || ref.roleOnly || best.member {
		// 0.78: one slip in a label ("sign out of all devies") still names it. Words that
		// name only a row or group ("Year 2" beside a row's Book) say none of a label.
		return clause{}
	}
	n := r.ix.nodes[best.node]
	if isField(n) || n.Role == page.RoleCheckbox || n.Role == page.RoleRadio || n.Role == page.RoleSwitch {
		return clause{} // a box or switch named alone is turned on (namedBoxes), never toggled
	}
	for _, t := range body {
		if t.kind == tokWord && indefinite[t.key] && !slices.Contains(keysOf(n.Name), t.key) {
			// "add a task" is not the "Add task" button: "a" leaves the task open.
			return clause{}
		}
	}
	if ref.ambiguous {
		return clause{quality: 0.9 * best.score, questions: []Question{r.whichElement(joinRaw(body), ref.cands, r.binder(vClick, "", "", false, joinRaw(body)))}}
	}
	cl := r.bindClause(vClick, "", best.node, best.score, "", false, joinRaw(body))
	cl.quality *= 0.99 // a verb said wins a tie
	return cl
}

// exactLabel finds the one button, link, tab or menu item whose name is exactly the words.
func (r *reader) exactLabel(body []token) (int, bool) {
	var keys []string
	for _, t := range body {
		if t.kind == tokQuoted || t.kind == tokPunct && t.raw != "." && t.raw != "!" {
			return 0, false
		}
		if t.kind == tokWord {
			keys = append(keys, t.key)
		}
	}
	keys = dropArticles(keys)
	// "print my schedule" for "Print schedule": the person's own "my" is no word of the
	// label's, unless the label says it ("Delete my account").
	mine := slices.DeleteFunc(slices.Clone(keys), func(k string) bool { return k == "my" || k == "our" })
	plain := asPlain(keys)
	hit := -1
	for _, i := range r.ix.nodesWith(keys) {
		n := r.ix.nodes[i]
		if isField(n) || n.Role == page.RoleCheckbox || n.Role == page.RoleRadio {
			continue
		}
		if !slices.Equal(r.ix.names[i], keys) && (len(mine) < 2 || !slices.Equal(r.ix.names[i], mine)) && (len(plain) < 2 || !slices.Equal(asPlain(r.ix.names[i]), plain)) {
			continue
		}
		if hit >= 0 && !sameThing(r.ix.nodes[hit], n) {
			return 0, false
		}
		hit = i
	}
	return hit, hit >= 0
}

// asPlain is a label's words without "as" and without the object a person puts after its
// verb: "save it as a draft" says "Save draft" and "Save as draft" alike, "mark them as
// read" "Mark as read".
func asPlain(keys []string) []string {
	out := make([]string, 0, len(keys))
	for k, w := range keys {
		if w == "as" || k == 1 && pronouns[w] {
			continue
		}
		out = append(out, w)
	}
	return out
}

// verbAsName reads a clause whose first words are a button's label and the rest says
// which one: "Delete Tom Baker", "save the changes", "remove the second address".
func (r *reader) verbAsName(body []token, changed bool) clause {
	var best clause
	for k := 1; k < len(body) && k <= 3; k++ {
		head := body[:k]
		if head[k-1].kind != tokWord {
			continue
		}
		tail := body[k:]
		headKeys := make([]string, 0, k)
		for _, t := range head {
			headKeys = append(headKeys, t.key)
		}
		// The head must be a button's or link's whole name.
		// "post it", "send them": the head starts a button's name and a pronoun stands for
		// the rest ("Post comment"), when one button starts so.
		pronounTail := len(tail) == 1 && (tail[0].key == "it" || tail[0].key == "them" || tail[0].key == "this")
		var hits []cand
		var prefixes []float64 // per hit: how well the head names the label's first words
		tailKeys0 := keysOfToks(tail)
		for _, i := range r.ix.nodesWith(headKeys) {
			n := r.ix.nodes[i]
			if n.Role != page.RoleButton && n.Role != page.RoleLink && n.Role != page.RoleMenuItem {
				continue
			}
			s, _ := phraseMatch(headKeys, r.ix.names[i])
			if pronounTail && len(r.ix.names[i]) > 0 && r.ix.names[i][0] == headKeys[0] {
				s = max(s, 0.9)
			}
			prefix := 0.0
			if names := r.ix.names[i]; len(names) > k && len(tail) > 0 && !sharesWord(names[k:], tailKeys0) {
				// With rows' words to say which, a label is named by its verb however
				// long the rest: "Delete Fix login timeout" and "Delete Migrate CI to
				// new runners" start alike (the tail decides below). A tail with a word
				// of the rest of the label ("message the engineer", "copy my GitHub
				// password") names the label itself.
				prefix, _ = phraseMatch(headKeys, names[:k])
			}
			if max(s, prefix) < 0.8 {
				continue // a typo in the verb is fine ("edti"), a part of the label is not
			}
			hits = append(hits, cand{node: i, score: s, option: -1})
			prefixes = append(prefixes, prefix)
		}
		if len(hits) == 0 {
			continue
		}
		// The tail names which: nearby text, an ordinal, or a generic object.
		tailKeys, ordinal, indef := tailWords(tail, pronounTail)
		head1 := headNoun(tail, tailKeys)
		kindOnly := r.ix.kindOnly(tail, tailKeys, hits)
		var scored []cand
		for j, h := range hits {
			s := h.score
			if len(tailKeys) > 0 && !kindOnly && !describesItem(tailKeys, head1, r.ix.ctx(h.node)) {
				continue
			}
			if len(tailKeys) > 0 {
				s = max(s, prefixes[j])
			} else if s < 0.8 {
				continue
			}
			scored = append(scored, cand{node: h.node, score: s, option: -1})
		}
		if ordinal != 0 {
			scored = pickOrdinal(scored, ordinal)
		} else {
			// "send it" with Send and Sent: a label read exactly beats one read as a slip.
			scored = withinGap(scored)
		}
		words := joinRaw(body)
		specific := indef && len(hits) > 1 && len(scored) == 1 && (tail[0].key == "a" || tail[0].key == "an") &&
			len(tailKeys) > 0 && func() bool { c, _ := containment(tailKeys, r.ix.ctx(scored[0].node), nil); return c == 1 }()
		switch {
		case specific:
			// "add a sourdough loaf" among rows of Add buttons: "a" before words that
			// single out one row is that row's item, not an open choice. Announced.
			cl := r.bindClause(vClick, "", scored[0].node, scored[0].score, "", false, words)
			cl.quality *= 0.9
			cl = cl.readAs(joinRaw(tail), "the row “"+r.ix.nodes[scored[0].node].Ctx+"”")
			if cl.quality > best.quality {
				best = cl
			}
		case len(scored) == 0 || indef:
			continue
		case len(scored) > 1 && ordinal == 0:
			cl := clause{quality: 0.85, questions: []Question{r.whichElement(words, scored, r.binder(vClick, "", "", false, words))}}
			if cl.quality > best.quality {
				best = cl
			}
		default:
			cl := r.bindClause(vClick, "", scored[0].node, scored[0].score, "", false, words)
			cl.quality *= 0.95
			if cl.quality > best.quality {
				best = cl
			}
		}
	}
	return best
}

// fieldValue reads a clause with no verb that pairs a field with a value: "Name: Jas",
// "Email = jas@example.com", "Leeds as the city", "display name should be Sam", "Quantity
// 3", "country UK". The field must ground well: with no verb, nothing else says this is
// about typing.
func (r *reader) fieldValue(body []token, changed, plain bool) clause {
	var best clause
	try := func(target, value []token, bias float64, marked bool) {
		if len(value) == 0 || len(target) == 0 {
			return
		}
		moved := r.movedField(target, value)
		if moved {
			// "move check-out to the 17th of June", "push the start back to 10:30": a
			// date or time field moved is set to the new one ("move me to the 3pm
			// slot" is no field).
			target = target[1:]
			bias *= 0.9 // a reading that has "move" as a word of the page wins
		}
		if target[0].kind == tokWord && indefinite[target[0].key] {
			return // "a promo code and apply it" names no field
		}
		if v := value[0]; v.kind == tokWord && (connectives[v.key] || isRoleWord(v.key)) {
			return // "the Notes field" is not the value "field"
		}
		if v := value[0]; !marked && v.kind == tokWord && particles[v.key] {
			// "Note down the opening hours", "fill out the form": the first word is a verb
			// with its particle, not a field named "Note" with a value "down …".
			return
		}
		b, ok := r.fieldFor(target, value)
		if moved && (!ok || !whenTypes[r.ix.nodes[b.node].Type]) {
			return
		}
		if ok && b.member && target[0].kind == tokWord && actionVerbs[target[0].key] && r.manyFieldsIn(b.node) {
			// "book yoga flow": the verb of an errand, not the "Book a session" part's
			// fields; "send it to Lloyds" beside the one field asked "Where should we send
			// it?" is that field's.
			return
		}
		whole := len(value) == 1 && value[0].kind == tokQuoted || marked && cleanValue(value) && !swallows(r, value)
		if (!ok || b.score < 0.8 || !isField(r.ix.nodes[b.node])) && whole {
			if i, found := r.bodyField(target); found {
				// "message '…'", "body: …": the one text area takes what is written.
				val, quoted := r.valueText(value)
				cl := r.bindClause(vType, "", i, 0.9, val, quoted, joinRaw(target)+" "+joinRaw(value))
				cl.quality *= bias
				if cl.quality > best.quality {
					best = cl
				}
				return
			}
		}
		// With no verb and no ":" the field must be named well, unless the value's
		// shape is what the field takes ("prefered tiem 4pm" into a time input).
		need := 0.8
		if marked || ok && shapeFits(value, r.ix.nodes[b.node]) || ok && (r.madeValueAt(b.node, value, 0) || codeWords(value) && r.headOfOneField(target, b.node)) {
			need = 0.6
		}
		if !ok || b.score < need {
			return
		}
		if continuesName(target, value, r.ix.nodes[b.node].Name) || r.longerField(target, value, b.score) {
			return // "Last | name with Kaur": the value would start inside the field's name
		}
		if !marked && len(value) > 1 && r.nameWordLead(value[0], b.node) {
			return // "membership no. BCT-4471", "teacher numbr 60412": the field's word, not the value's
		}
		if !marked && r.namesOtherField(value[0], b.node) {
			return // "card expires 09/29": "expires" is Expiry's word, not the value's
		}
		if !marked && r.namedAcross(target, value[0], b.node) {
			return // "Full service with …": "Full service" is an option, not Full name and a value
		}
		if !marked && len(value) > 1 && value[0].kind == tokWord && (typeWords[value[0].key] != nil || isRoleWord(value[0].key)) {
			if rest, _ := r.valueText(value[1:]); allNumbers(value[1:]) || r.fitFor(vType, b.node, rest) == fitMade {
				return // "Phone number 07700 900456": "number" is the field's word, not the value's
			}
		}
		cl := r.typeReading(vType, "", target, value, changed)
		if marked && len(cl.cmds) == 1 && cl.cmds[0].Bound {
			cl = r.commitNew(cl, b.node, cl.cmds[0].Words)
		}
		cl.quality *= bias
		if cl.quality > best.quality {
			best = cl
		}
	}
	for m := 1; m < len(body); m++ {
		t := body[m]
		switch {
		case t.kind == tokPunct && (t.raw == ":" || t.raw == "=") || t.kind == tokWord && (t.raw == "-" || t.raw == "–" || t.raw == "—"):
			try(body[:m], body[m+1:], 0.98, true)
		case t.key == "as":
			try(body[m+1:], body[:m], 0.97, false)
		case (t.key == "in" || t.key == "into") && !saysVerb(body[:m]) && !isVague(body[:m]) && r.namedByOwnWords(body[m+1:], body[:m]):
			try(body[m+1:], body[:m], 0.96, false) // "07700 900123 in the phone box"
		case t.key == "to" || t.key == "at":
			try(body[:m], body[m+1:], 0.96, true) // "brightness to eighty"
		case withWords[t.key]:
			try(body[:m], body[m+1:], 0.97, true) // "Last name with Kaur", after "fill"
		case t.key == "is" || t.key == "be" && m >= 2 && (body[m-1].key == "should" || body[m-1].key == "must" || body[m-1].key == "will" || body[m-1].key == "to"):
			cut := m
			if t.key == "be" {
				cut = m - 1
			}
			value := body[m+1:]
			if len(value) > 1 && value[0].key == "now" {
				value = value[1:] // "my mobile is now 07700 900461": the number is new, "now" no part of it
			}
			if b, ok := r.fieldFor(body[:cut], value); ok && (b.member && !codeWords(value) || !r.saysHead(body[:cut], b.node) && joinsMore(value)) {
				// "the second guest is vegan and allergic to nuts" beside "Guest 2 name": said
				// of a person or a part of the page, not of the field, whose noun is not said,
				// and more than one thing said of them ("the driver is twenty-four" is one).
				break
			}
			try(body[:cut], value, 0.97, true)
		case isContraction(body[m-1]) && r.namesAField(body[m-1]):
			// "Name's Doreen Pike": "'s" is "is". "Peter's passport expiry …" is whose:
			// Peter names a part of the page, no field.
			try(body[:m], body[m:], 0.97, true)
		}
		if noValueStart(body, m) {
			continue // "search for X" is not the value "for X", nor "name: X" ": X"
		}
		if plain || shapeFits(body[m:], page.Node{Type: "number"}) || body[m].kind == tokQuoted || codeWords(body[m:]) && !relates(body[m-1]) {
			// After a verb of typing, a code or a number says where the value starts:
			// "enter promo code SPRING25".
			try(body[:m], body[m:], 0.96, false)
		}
	}
	return best
}

// namedAcross reports another element whose name holds the target's words and the
// value's first word: the split between field and value runs through that name.
func (r *reader) namedAcross(target []token, first token, field int) bool {
	if first.kind != tokWord {
		return false
	}
	keys := append(dropArticles(keysOfToks(target)), first.key)
	return slices.ContainsFunc(r.ix.nodesWith(keys), func(i int) bool {
		return i != field && containsAll(r.ix.names[i], keys)
	})
}

// tailWords reads what follows a button's label: the words of the row it names, an
// ordinal, and whether an indefinite leaves it open ("add a task").
func tailWords(tail []token, pronounTail bool) (keys []string, ordinal int, indef bool) {
	skip := 0
	for k, t := range tail {
		if skip > 0 {
			skip--
			continue
		}
		if t.key == "whose" && k+2 < len(tail) && (tail[k+2].key == "is" || tail[k+2].key == "was") {
			// "the contact whose email is …": the column's name is not in the row, its value is.
			skip = 2
			continue
		}
		if t.kind == tokWord && indefinite[t.key] {
			indef = true
		}
		if k == len(tail)-1 && k > 0 && kindNouns[t.key] {
			continue // "download the February invoice": the kind of thing adds nothing
		}
		switch {
		case t.kind == tokPunct || definite[t.key] || t.key == "a" || t.key == "an" || genericObjects[t.key] || t.key == "entry" || t.key == "row" || t.key == "one" || t.key == "item" || t.key == "for" || t.key == "of" || pronounTail:
		case k == 0 && (t.key == "me" || t.key == "us") && len(tail) > 1 && relates(tail[1]):
			// "book me into Pilates Mat", "stick us on the waitlist": the person, not the item.
		case ordinals[t.key] != 0:
			ordinal = ordinals[t.key]
		case t.kind == tokQuoted:
			keys = append(keys, matchKeys(t.raw)...)
		default:
			keys = append(keys, t.key)
		}
	}
	return keys, ordinal, indef
}

// describesItem reports whether the words after a button's name describe its item: every
// word is in its context, or all but the head noun are ("the trip from Home to Riverside
// Hospital", "the yoghurt swap"). A heading over all the items is in every one's context,
// so "the keyboard from my cart" fits each Remove and is asked about. The relations
// between them ("from", "to", "about") are read as the item's own words, not required.
func describesItem(keys []string, head string, ctx []string) bool {
	var need []string
	for _, k := range keys {
		if !relations[k] {
			need = append(need, k)
		}
	}
	if len(need) == 0 {
		return false
	}
	c, used := containment(need, ctx, nil)
	if c == 1 {
		return true
	}
	missed, got := 0, 0
	for i, k := range need {
		switch {
		case used[i]:
			got++
		case k == head:
		default:
			missed++
		}
	}
	return missed == 0 && got >= 1 && len(need)-got == 1
}

// relations join the words that describe an item: "the trip from Home to Riverside".
var relations = set("from", "to", "with", "about", "on", "at", "by", "regarding", "re", "in", "into", "onto")

// relates reports a relation, or "for" and "of", which tailWords drops.
func relates(t token) bool {
	return relations[t.key] || t.key == "for" || t.key == "of"
}

// withinGap keeps the candidates about as good as the best one.
func withinGap(cands []cand) []cand {
	top := 0.0
	for _, c := range cands {
		top = max(top, c.score)
	}
	var out []cand
	for _, c := range cands {
		if tied(top, c.score) {
			out = append(out, c)
		}
	}
	return out
}

// particles follow a verb to make a phrasal verb ("note down", "sign up", "log in").
var particles = map[string]bool{"down": true, "up": true, "off": true, "out": true, "in": true, "on": true,
	"over": true, "away": true, "back": true, "through": true}

func isRoleWord(k string) bool {
	_, ok := roleWords[singular(k)]
	return ok
}

// bodyWords are what people call the text of a message or a form's free text.
var bodyWords = set("message", "body", "text", "comment", "comments", "note", "notes", "description", "details")

// bodyField finds the one text area in view when the target is a word for what is
// written in it and no field is named so.
func (r *reader) bodyField(target []token) (int, bool) {
	keys := dropArticles(keysOfToks(target))
	if len(keys) != 1 || !bodyWords[keys[0]] {
		return 0, false
	}
	hit := -1
	for i, n := range r.ix.nodes {
		if n.Role != page.RoleTextarea || n.Occ || n.Has("disabled") || n.Has("readonly") {
			continue
		}
		if hit >= 0 {
			return 0, false
		}
		hit = i
	}
	return hit, hit >= 0
}

// shapeFits reports a value whose shape is what the field's type takes.
func shapeFits(value []token, n page.Node) bool {
	sh, ok := shapeAt(value, 0)
	if !ok || sh.n != len(value) {
		return false
	}
	switch sh.kind {
	case "date":
		return n.Type == "date" || n.Type == "datetime-local"
	case "time":
		return n.Type == "time"
	case "email":
		return n.Type == "email"
	case "number":
		return n.Type == "number" || n.Type == "range"
	case "url":
		return n.Type == "url"
	}
	return false
}

// allNumbers reports words that are all numbers ("07700 900456", "+44 7700 900123").
func allNumbers(toks []token) bool {
	for _, t := range toks {
		if _, ok := parseNumber(strings.TrimPrefix(t.raw, "+")); !ok || t.kind != tokWord {
			return false
		}
	}
	return len(toks) > 0
}

// namesOtherField reports a word that is a form of a word of another field's name, so a
// value cannot start with it unless a ":" or a verb said where the value starts.
func (r *reader) namesOtherField(t token, field int) bool {
	if t.kind != tokWord || r.known(t.key) || len(t.key) < 4 {
		return false
	}
	for _, i := range r.ix.fieldStems()[stem(t.key)] {
		if i != field {
			return true
		}
	}
	return false
}

// continuesName reports a split whose value starts with the next word of the element's
// name after the target's words ("Last" + "name with Kaur" for "Last name").
func continuesName(target, value []token, name string) bool {
	keys := matchKeys(name)
	n := 0
	for _, t := range target {
		if t.kind == tokWord && !ignorable[t.key] {
			n++
		}
	}
	return len(value) > 0 && n < len(keys) && value[0].key == keys[n]
}

// contractedHeads are the words before "'s" that make "is" of it and name nothing:
// "there's", "here's", "what's", "he's".
var contractedHeads = set("there", "here", "what", "who", "he", "she", "let", "where", "how")

// isContraction reports a word written with "'s" for "is": "name's", "postcode’s".
func isContraction(t token) bool {
	if t.kind != tokWord || len(t.raw) < 3 {
		return false
	}
	raw := t.raw
	return strings.HasSuffix(raw, "'s") || strings.HasSuffix(raw, "'S") || strings.HasSuffix(raw, "’s") || strings.HasSuffix(raw, "’S")
}

// sharesWord reports a key of the name that is one of keys, or a slip of one.
func sharesWord(name, keys []string) bool {
	return slices.ContainsFunc(keys, func(k string) bool {
		return !smallWord(k) && slices.ContainsFunc(name, func(w string) bool { return wordEq(k, w) >= 0.8 })
	})
}

// namesAField reports a word, less its "'s", that is a word of a field's own name.
func (r *reader) namesAField(t token) bool {
	k := strings.TrimSuffix(strings.TrimSuffix(t.key, "'s"), "’s")
	if pronouns[k] || contractedHeads[k] {
		// "it's solid oak …" speaks of the thing, not of a field whose help says "whether
		// it comes apart".
		return false
	}
	return slices.ContainsFunc(r.ix.byKey[k], func(i int) bool { return isField(r.ix.nodes[i]) })
}

// nameWordLead reports a word that is a word of the field's own name, short for one ("no"
// for "number", "ref") or one slip from one ("numbr").
func (r *reader) nameWordLead(t token, field int) bool {
	if t.kind != tokWord {
		return false
	}
	for _, w := range r.ix.names[field] {
		if t.key == w || shortens(t.key, w) || numberShorts[t.key] && w == "number" {
			return true
		}
	}
	if len(t.key) < 4 || lexiconWords[t.key] || r.pageWord(t.key) {
		return false // a slip is of no word the reader or the page knows
	}
	fix, ok := r.closest(t.key, false)
	return ok && plainWord(t.raw) && slices.Contains(r.ix.names[field], fix)
}
