package understand

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errand-app/errand/engine/page"
)

// Reading an element phrase: "the second Delete button for Tom Baker" as determiner,
// ordinal, name, role word and qualifier, in every way it may split.

// readings lists the ways a phrase may split into head and qualifier: the whole phrase as
// a name ("Date of birth"), or a name with a qualifier ("Delete for Tom Baker").
func readings(toks []token) []phrase {
	base := phrase{explained: make([]bool, len(toks))}
	i := 0
	for i < len(toks) && toks[i].kind == tokWord {
		k := toks[i].key
		if definite[k] || indefinite[k] {
			if base.det == "" || allWords[base.det] && k == "the" {
				if allWords[base.det] {
					base.explained[i] = true
					i++
					continue
				}
				base.det = k
				base.indefinite = indefinite[k]
			}
			base.explained[i] = true
			i++
			continue
		}
		if o, ok := ordinals[k]; ok && i+1 < len(toks) {
			base.ordinal = o
			base.explained[i] = true
			i++
			continue
		}
		break
	}
	out := []phrase{headOnly(toks, i, len(toks), base)}
	if alt, ok := ordinalInName(toks, i, base); ok {
		out = append(out, alt)
	}
	if alt, ok := ordinalOfGroup(toks, i, base); ok {
		out = append(out, alt)
	}
	if out[0].kindNoun {
		keep := base
		keep.keepKind = true
		out = append(out, headOnly(toks, i, len(toks), keep))
	}
	if out[0].rw != nil && len(toks)-i >= 1 {
		// "Copy link", "Save search box": the role noun may be the name's own last word;
		// "click select" with three Select buttons names them, not the one dropdown.
		keep := base
		keep.keepRole = true
		out = append(out, headOnly(toks, i, len(toks), keep))
	}
	for q := i + 1; q < len(toks); q++ {
		k := toks[q].key
		if k == "from" && toks[q].kind == tokWord && kindNouns[toks[q-1].key] {
			// "the email from Lena Fischer": after a kind of item, "from" says whose
			// it is; elsewhere it names a list to pick from ("Oslo from the list").
			out = append(out, withQualifier(toks, i, q, base))
			continue
		}
		if k == "to" && toks[q].kind == tokWord && linkRoles[singular(toks[q-1].key)] {
			// "the link to the 2016 feasibility study", "the button to download it":
			// after a link or a button, "to" says where it leads, as "for" does; after
			// anything else it may be a value's ("set the size to M").
			out = append(out, withQualifier(toks, i, q, base))
			continue
		}
		if toks[q].kind != tokWord || !(nearWords[k] || nameMarker[k]) {
			continue
		}
		out = append(out, withQualifier(toks, i, q, base))
		if alt, ok := partFor(toks, i, q, base); ok {
			out = append(out, alt)
		}
	}
	return out
}

// partFor reads "the sheet music for Αγνή Παρθένε" the other way round: what comes first
// is the part of the page (its heading) and what follows "for" names the element in it,
// "Αγνή Παρθένε (PDF)" under "Sheet music" (docs/understanding.md, item 59).
func partFor(toks []token, from, q int, base phrase) (phrase, bool) {
	if toks[q].key != "for" || base.det != "the" || q+1 >= len(toks) || q == from {
		return phrase{}, false
	}
	for k := from; k < q; k++ {
		if toks[k].kind != tokWord || isRoleWord(toks[k].key) || nameMarker[toks[k].key] || nearWords[toks[k].key] {
			return phrase{}, false
		}
	}
	p := headOnly(toks, q+1, len(toks), base)
	if p.rw != nil || len(p.name) == 0 {
		return phrase{}, false
	}
	for k := from; k <= q; k++ {
		p.explained[k] = true
		if k < q {
			p.near = append(p.near, k)
		}
	}
	return p, true
}

// linkRoles are the role nouns of things that lead somewhere when clicked.
var linkRoles = set("link", "button", "btn", "tab", "icon")

// headOnly reads toks[from:to] as role words, ordinals and a name.
func headOnly(toks []token, from, to int, base phrase) phrase {
	p := base
	p.explained = slices.Clone(base.explained)
	// A trailing "number 3" or "#3".
	if to-from >= 2 && toks[to-2].key == "number" {
		if n, ok := atoiKey(toks[to-1].key); ok {
			p.ordinal = n
			p.explained[to-2], p.explained[to-1] = true, true
			to -= 2
		}
	}
	from, to = p.takeRoles(toks, from, to)
	// An ordinal after the determiner was taken; one right before the role noun too.
	if p.ordinal == 0 && to-from >= 1 {
		if o, ok := ordinals[toks[from].key]; ok && (to-from > 1 || p.roleKey != "") {
			p.ordinal = o
			p.explained[from] = true
			from++
		}
	}
	p.takeName(toks, from, to)
	return p
}

// takeRoles reads the role noun at the end ("the Save button") or at the start ("button
// Save", "the field Email"), two-word nouns first, and a type word before it or alone at
// the end ("the date field", "the email"); it returns what is left of from and to.
func (p *phrase) takeRoles(toks []token, from, to int) (int, int) {
	takeRole := func(at, n int, key string) bool {
		if p.keepRole && at+n == to {
			return false
		}
		key = singular(key)
		if rw, ok := roleWords[key]; ok {
			p.rw, p.roleKey = &rw, key
		} else if key == "x" || key == "search" {
			p.roleKey = key
		} else {
			return false
		}
		for k := at; k < at+n; k++ {
			p.explained[k] = true
		}
		if key == "x" {
			p.closeish = true
		}
		return true
	}
	if to-from >= 2 {
		if key, ok := twoWordRoles[[2]string{toks[to-2].key, toks[to-1].key}]; ok && takeRole(to-2, 2, key) {
			to -= 2
		}
	}
	if p.roleKey == "" && to-from >= 1 && toks[to-1].kind == tokWord {
		k := toks[to-1].key
		if _, ok := roleWords[singular(k)]; ok && (to-from >= 2 || k != "check") && takeRole(to-1, 1, k) {
			to--
		}
	}
	if p.roleKey == "" && to-from >= 2 && toks[from].kind == tokWord {
		if key, ok := twoWordRoles[[2]string{toks[from].key, toks[from+1].key}]; ok && takeRole(from, 2, key) {
			from += 2
		} else if _, ok := roleWords[toks[from].key]; ok && toks[from].key != "check" && takeRole(from, 1, toks[from].key) {
			from++
		}
	}
	if to-from >= 1 && toks[to-1].kind == tokWord {
		if ts, ok := typeWords[toks[to-1].key]; ok && (p.rw == nil || p.rw.field || to-from == 1) {
			p.types = ts
			if p.rw != nil && p.rw.field {
				// "the second time field": the type word picks the kind, not the name.
				p.explained[to-1] = true
				p.typeWordOnly = true
				to--
			}
		}
	}
	return from, to
}

// takeName reads toks[from:to] as the name, leaving out a kind noun after it ("Tom's
// lunch email") and "one" standing for the element ("the 🌱 one").
func (p *phrase) takeName(toks []token, from, to int) {
	for k := from; k < to; k++ {
		if k == to-1 && k > from && (kindNouns[toks[k].key] || itemKinds[toks[k].key]) && p.rw == nil && !p.keepKind {
			// "the library books task", "Tom's lunch email": a kind noun after a name.
			p.explained[k] = true
			p.kindNoun = true
			continue
		}
		if toks[k].kind == tokPunct || (toks[k].key == "one" || toks[k].key == "ones") && k == to-1 && k > from {
			p.explained[k] = true
			continue
		}
		if toks[k].kind == tokQuoted {
			p.quoted = true
		}
		p.name = append(p.name, k)
	}
	if len(p.name) == 1 && closeWords[toks[p.name[0]].key] {
		p.closeish = true
	}
}

// withQualifier reads toks[from:q] as the head and toks[q:] as a qualifier: nearby text
// ("for Tom Baker", "in the second row") or a name marker ("labeled Notes").
func withQualifier(toks []token, from, q int, base phrase) phrase {
	p := headOnly(toks, from, q, base)
	marker := toks[q].key
	p.explained[q] = true
	rest := q + 1
	// Multi-word prepositions: next to, close to, in front of, on the left of…
	for rest < len(toks) && toks[rest].kind == tokWord {
		k := toks[rest].key
		if k == "to" || k == "the" || k == "of" || k == "a" || k == "row" || k == "line" || k == "section" ||
			k == "card" || k == "panel" || k == "entry" || k == "record" || k == "item" || k == "label" ||
			k == "text" || k == "heading" || k == "title" || k == "dialog" || k == "area" || k == "group" ||
			k == "part" || k == "says" || k == "popup" || k == "story" || k == "article" || k == "post" || k == "listing" || k == "thread" || k == "modal" || k == "banner" || k == "window" || k == "column" || k == "saying" || k == "reads" || k == "is" ||
			k == "box" && rest+1 < len(toks) {
			p.explained[rest] = true
			rest++
			continue
		}
		break
	}
	var words []int
	for k := rest; k < len(toks); k++ {
		if toks[k].kind == tokPunct {
			p.explained[k] = true
			continue
		}
		if o, ok := ordinals[toks[k].key]; ok && k+1 < len(toks) && (toks[k+1].key == "row" || toks[k+1].key == "line") {
			// "in the second row": an ordinal of rows is a qualifier the tree cannot check
			// by text; keep it as the element's ordinal when none was said.
			if p.ordinal == 0 {
				p.ordinal, p.rowOrdinal = o, true
			}
			p.explained[k], p.explained[k+1] = true, true
			k++
			continue
		}
		words = append(words, k)
	}
	// "Not me for the Costa payments", "Report a problem with the clean on 19 August": the
	// kind of the row, said after or before what tells it from the others, is explained.
	lead := 0
	if len(words) > 3 && definite[toks[words[0]].key] {
		lead = 1
	}
	if n := len(words); n > 1 && rowKind(toks[words[n-1]]) && !possessiveOnly(toks, words[:n-1]) {
		p.explained[words[n-1]] = true
		words = words[:n-1]
	} else if n > lead+2 && rowKind(toks[words[lead]]) && placeWords[toks[words[lead+1]].key] {
		for _, w := range words[:lead+2] {
			p.explained[w] = true
		}
		words = words[lead+2:]
	}
	if w, ok := dropContainerNoun(toks, words); ok && len(p.name) > 0 {
		// "the x on the cookie popup": the popup is what holds the x, named by its kind.
		p.explained[words[len(words)-1]] = true
		words = w
	}
	if (nameMarker[marker] && marker != "with" || marker == "from") && p.rw == nil && len(p.name) == 1 && (kindNouns[toks[p.name[0]].key] || itemKinds[toks[p.name[0]].key]) {
		// "the card called Fix login redirect", "the message from 김민준": the noun before
		// the marker says what kind of thing is meant, and what tells it apart comes after.
		p.explained[p.name[0]] = true
		p.name, p.kindNoun = nil, true
	}
	if (nameMarker[marker] && marker != "with" || marker == "to" && p.rw != nil && slices.Contains(p.rw.roles, page.RoleLink)) && len(p.name) == 0 {
		p.name = words
		return p
	}
	p.near = words
	return p
}

// possessiveOnly reports words that are only "my", "our"…: "my appointment" says no
// more than its noun (kindonly.go).
func possessiveOnly(toks []token, at []int) bool {
	for _, k := range at {
		if !possessive[toks[k].key] {
			return false
		}
	}
	return true
}

// rowKind reports a word that names the kind of a row or item ("payment", "lessons", "the
// clean"), not one of them.
func rowKind(t token) bool {
	if r, _ := utf8.DecodeRuneInString(t.raw); t.kind != tokWord || unicode.IsUpper(r) {
		return false // "the Costa": a capital names one
	}
	k := t.key
	return isItemNoun(k) || rowNouns[k] || strings.HasSuffix(k, "s") && (isItemNoun(k[:len(k)-1]) || rowNouns[k[:len(k)-1]])
}

// rowNouns are further kinds of rows people name a booking or a line of a statement by.
var rowNouns = set("clean", "appointment", "visit", "delivery", "collection", "purchase", "charge", "shift",
	"meeting", "journey", "ride", "stay", "treatment", "service", "repair", "pickup", "drop", "bin")

// singular turns a plural role noun into its singular: "boxes", "buttons", "fields".
func singular(k string) string {
	if _, ok := roleWords[k]; ok {
		return k
	}
	for _, suf := range []string{"es", "s"} {
		if b := strings.TrimSuffix(k, suf); b != k {
			if _, ok := roleWords[b]; ok {
				return b
			}
		}
	}
	return k
}

func atoiKey(k string) (int, bool) {
	n := 0
	for _, r := range k {
		if r < '0' || r > '9' {
			return 0, false
		}
		n = n*10 + int(r-'0')
	}
	return n, k != ""
}
