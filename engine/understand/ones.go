package understand

import (
	"slices"
	"strings"
)

// "turn off the email reminders and switch on text ones instead": "ones" after a word is
// the noun said before it, when one element's name has both words ("Text (SMS)
// reminders"). Said so, the clause reads as if the noun were written again. A single
// "one" stands for an item described around it ("the one by Zadie Smith"); "a 2 hour one"
// or "the large one" are left to the readings of choices.

// sayOnesAgain writes "ones" after a word of the page as the noun of an earlier clause
// that, with that word, names one element, and "one" as an item (anItem).
func (r *reader) sayOnesAgain(toks []token) []token {
	var out []token
	say := func(i int, raw, key string) {
		if out == nil {
			out = append([]token(nil), toks...)
		}
		out[i] = token{raw: raw, key: key, kind: tokWord, start: toks[i].start, end: toks[i].end}
	}
	for i, t := range toks {
		switch {
		case i < 1 || t.kind != tokWord:
		case t.key == "one" && anItem(toks, i):
			say(i, "item", "item") // "renew the one by Zadie Smith", "the Zadie Smith one"
		case t.key == "ones" && i >= 2 && r.describes(toks[i-1]):
			if n, ok := r.nounBefore(toks[:i-1], toks[i-1].key); ok {
				say(i, n.raw, n.key)
			}
		}
	}
	if out == nil {
		return toks
	}
	return out
}

// anItem reports a "one" that stands for an item described around it: after "the" or
// "that" and before what says which ("the one by Zadie Smith", "that one with the red
// cover"), or after a name that ends the clause ("the Zadie Smith one").
func anItem(toks []token, i int) bool {
	before := toks[i-1]
	last := i+1 == len(toks) || toks[i+1].kind == tokPunct || connectives[toks[i+1].key]
	switch {
	case toks[i].key != "one":
		return false
	case (before.key == "the" || before.key == "that") && i+2 < len(toks) && nearWords[toks[i+1].key]:
		return true
	case i >= 2 && last && before.kind == tokWord && before.raw != strings.ToLower(before.raw) && toks[i-2].kind == tokWord:
		return true
	}
	return false
}

// namedMany reports a word more than one element's name holds.
func (r *reader) namedMany(k string) bool {
	n := 0
	for _, i := range r.ix.byKey[k] {
		if slices.Contains(r.ix.names[i], k) {
			n++
		}
	}
	return n > 1
}

// notModifier reports the words before "one" that pick among things rather than describe
// one: "the second one", "this one", "any one", "which one".
func notModifier(k string) bool {
	return ordinals[k] != 0 || definite[k] || indefinite[k] || k == "which" || k == "other" || k == "same" || k == "last" || k == "next" || k == "new"
}

// describes reports a word before "ones" that says which of a kind: a word of one element's
// name, not one that picks ("the other ones") nor one several names hold ("tick the vegan
// ones" with several vegan dishes names them all).
func (r *reader) describes(mod token) bool {
	return mod.kind == tokWord && hasLetter(mod.key) && !notModifier(mod.key) && !smallWord(mod.key) &&
		!connectives[mod.key] && r.pageWord(mod.key) && !r.namedMany(mod.key)
}

// nounBefore is the last word before that, with mod, names exactly one element.
func (r *reader) nounBefore(before []token, mod string) (token, bool) {
	for k := len(before) - 1; k >= 0; k-- {
		n := before[k]
		if n.kind != tokWord || n.key == mod || smallWord(n.key) || !r.pageWord(n.key) {
			continue
		}
		both := []string{mod, n.key}
		if onlyOneOf(r.ix.nodesWith(both), func(i int) bool { return holdsAlike(r.ix.names[i], both) }) >= 0 {
			return n, true
		}
	}
	return token{}, false
}
