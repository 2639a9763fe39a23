package understand

import (
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Where a value typed into a field ends. People chain assignments in one clause ("set the
// reference to X and the execution date to Y", "Name: A, email: B") and mark where a
// value starts with ":" or "=" ("reference: the usual"); a value read past either is a
// guess (docs/understanding.md, Values).

// assignsInside reports words that hold a clause boundary followed by another field's
// name and "to", ":", "=" or "is" ("… and the execution date to Y"), or by a field named
// word for word and more words ("Ana and last name Silva").
func (r *reader) assignsInside(toks []token) bool {
	for _, b := range boundaries(toks) {
		from := b.to
		if k := toks[from].key; toks[from].kind == tokWord && (k == "for" || k == "as") && from+1 < len(toks) {
			from++ // "…, for main course I take the sea bass"
		}
		for m := from + 1; m < len(toks) && m <= from+5; m++ {
			need := 0.9
			if !assignMark(toks[m]) {
				if t := toks[m]; t.kind != tokWord || isRoleWord(t.key) || connectives[t.key] {
					continue // "the full name and name on card fields" names two fields
				}
				need = 1
			}
			ref := r.ix.resolve(toks[from:m], vType)
			if best, ok := ref.best(); ok && need == 1 && r.madeValueAt(best.node, toks, m) {
				need = 0.8 // "… and drop-off 21 May 2026 at 6pm": a value only that field takes
			} else if ok && need == 0.9 && m+1 < len(toks) && r.kindAt(best.node, toks, m+1) {
				need = 0.8 // "… and the mobile is 07700 900461": "Mobile number" takes that shape
			}
			if best, ok := ref.best(); ok && best.score >= need && !ref.ambiguous && len(ref.unexplained) == 0 && isField(r.ix.nodes[best.node]) {
				return true
			}
		}
	}
	return false
}

// swallowsStep reports an unquoted value that runs past a comma into what reads as a
// step of its own: an option the page offers ("Silva, Dermatology"), a control named word
// for word, or a date, time, e-mail or address by its shape ("…, 14/06/2027 at 10:40").
// An address or a list typed whole ("12 Orchard Lane, Leeds") has no such piece.
func (r *reader) swallowsStep(toks []token) bool {
	bs := boundaries(toks)
	for k, b := range bs {
		if !commaAt(toks[b.from:b.to]) {
			continue
		}
		end := len(toks)
		for _, nb := range bs[k+1:] {
			if commaAt(toks[nb.from:nb.to]) {
				end = nb.from // "+" and "and" may sit inside the piece: "radius + 1 mile"
				break
			}
		}
		if r.readsAsStep(toks[b.to:end]) {
			return true
		}
	}
	return false
}

func commaAt(toks []token) bool {
	for _, t := range toks {
		if t.kind == tokPunct && (t.raw == "," || t.raw == ";") {
			return true
		}
	}
	return false
}

// readsAsStep reports words that are, alone, a value by shape or a choice on the page.
func (r *reader) readsAsStep(piece []token) bool {
	if len(piece) == 0 || piece[0].kind == tokQuoted {
		return false
	}
	if sh, ok := shapeAt(piece, 0); ok && sh.n == len(piece) && sh.kind != "number" && sh.kind != "time" {
		// A time after a comma most often ends the date before it: "14 March, 7.30pm".
		return true
	}
	text := joinRaw(piece)
	for i, n := range r.ix.nodes {
		if len(n.Options) > 0 {
			if _, s := r.ix.optionOf(text, i); s >= 1 {
				return true
			}
		}
	}
	ref := r.ix.resolve(piece, vClick)
	if b, ok := ref.best(); ok && b.score >= 0.9 && !ref.ambiguous && len(ref.unexplained) == 0 {
		switch r.ix.nodes[b.node].Role {
		case page.RoleCheckbox, page.RoleRadio, page.RoleOption, page.RoleButton, page.RoleTab:
			return true
		}
	}
	return r.fieldWithOption(piece)
}

// fieldWithOption reports words that name a select and then one of its options word for
// word: "radius + 1 mile".
func (r *reader) fieldWithOption(piece []token) bool {
	for m := 1; m < len(piece) && m <= 4; m++ {
		ref := r.ix.resolve(piece[:m], vSelect)
		b, ok := ref.best()
		if !ok || b.score < 0.6 || ref.ambiguous || len(ref.unexplained) > 0 || len(r.ix.nodes[b.node].Options) == 0 {
			continue
		}
		if _, s := r.ix.optionOf(joinRaw(piece[m:]), b.node); s >= 1 {
			return true
		}
	}
	return false
}

// assignMark reports a word or sign that says a field's value follows.
// kindAt reports a value starting at toks[m], up to the next clause, of the kind the
// field i takes (a phone number for a tel field, an e-mail for an e-mail field).
func (r *reader) kindAt(i int, toks []token, m int) bool {
	end := clauseEnd(toks, m)
	k := fieldKind(r.ix.nodes[i])
	return m < end && k != "" && k != "other" && k == valueKind(toks[m:end])
}

func assignMark(t token) bool {
	switch t.kind {
	case tokWord:
		return t.key == "to" || t.key == "is" || t.key == "="
	case tokPunct:
		return t.raw == ":" || t.raw == "="
	}
	return false
}

// typesValue reports a reading that types a value somewhere.
func typesValue(cmds []Command) bool {
	for _, c := range cmds {
		if c.Action.Kind == page.SetValue {
			return true
		}
	}
	return false
}

// noValueStart reports a word no value starts at: a frame word ("search for X" is not the
// value "for X"), "it" or "them" (what the verb acts on), a sign, or any word after a ":"
// or "=", which says where it starts.
func noValueStart(body []token, m int) bool {
	if k := body[m].key; body[m].kind == tokWord && (intoWords[k] || withWords[k] || fromWords[k] || k == "it" || k == "them") {
		return true // nor "send it to Boots" the value "it to Boots": "it" is what is sent
	}
	if k := body[m].key; body[m].kind == tokWord && (k == "is" || k == "are" || k == "was") {
		return true // "the guest is vegan": "is" joins, the value comes after it
	}
	return body[m].kind == tokPunct || markedBefore(body, m)
}

// markedBefore reports a ":" or "=" among body[:m]: once a sign says where the value
// starts, no later word starts it ("reference: the usual" is not the value ": the usual").
func markedBefore(body []token, m int) bool {
	for _, t := range body[:m] {
		if t.kind == tokPunct && (t.raw == ":" || t.raw == "=") {
			return true
		}
	}
	return false
}

// articleOption reports an option whose own first word is the value's article: "a
// friend" for "A friend or colleague" is that option, not an indefinite value.
func articleOption(n page.Node, k int, s float64, val string) bool {
	f := strings.Fields(fold(val))
	return k >= 0 && k < len(n.Options) && s >= 0.75 && len(f) > 1 && strings.HasPrefix(fold(n.Options[k]), f[0]+" ")
}

// saysDate reports words that are one date however it is written ("3rd of April 2025").
func saysDate(toks []token) bool {
	_, ok := parseDate(joinRaw(toks), false, 2000)
	return ok
}

// clauseBody is the clause between polite openers and closers, keeping a word of order
// that starts a name on the page: "First name: Ana" is not "first, name: Ana".
func (r *reader) clauseBody(toks []token) []token {
	lo, hi := stripPolite(toks)
	for lo > 0 && lo < hi && (r.startsName(toks[lo-1], toks[lo]) || ordinalOfRole(toks[lo-1], toks[lo])) {
		lo--
	}
	for hi < len(toks) && lo < hi && r.endsName(toks[hi-1], toks[hi]) {
		hi++ // "Use a different card instead": the page's own words, no courtesy
	}
	return toks[lo:hi]
}

// endsName reports an element whose name ends with the two words.
func (r *reader) endsName(a, b token) bool {
	if a.kind != tokWord || b.kind != tokWord {
		return false
	}
	for _, i := range r.ix.byKey[b.key] {
		if n := r.ix.names[i]; len(n) >= 2 && n[len(n)-1] == b.key && n[len(n)-2] == a.key {
			return true
		}
	}
	return false
}

// startsName reports an element whose name starts with the two words: "first" is a word
// of order in "first, click Save" and a name's own in "First name".
func (r *reader) startsName(a, b token) bool {
	if a.kind != tokWord || b.kind != tokWord {
		return false
	}
	for _, i := range r.ix.byKey[a.key] {
		if n := r.ix.names[i]; len(n) >= 2 && n[0] == a.key && n[1] == b.key {
			return true
		}
	}
	return false
}

// longerField reports a split whose value starts with the rest of another field's name:
// "client | email x@y.z" when the page has a "Client email" field besides "Client".
func (r *reader) longerField(target, value []token, score float64) bool {
	short, _ := r.ix.resolve(target, vType).best()
	for k := 1; k <= 3 && k < len(value); k++ {
		if value[k-1].kind != tokWord || ignorable[value[k-1].key] || definite[value[k-1].key] || indefinite[value[k-1].key] {
			return false
		}
		ref := r.ix.resolve(append(target[:len(target):len(target)], value[:k]...), vType)
		if b, ok := ref.best(); ok && b.node != short.node && b.score >= 0.95 && b.score >= score && !ref.ambiguous && len(ref.unexplained) == 0 && isField(r.ix.nodes[b.node]) {
			return true
		}
	}
	return false
}
