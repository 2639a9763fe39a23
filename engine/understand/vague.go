package understand

import (
	"strings"
	"unicode"
)

// Values that name no value ("a name", "something"), and values that swallowed the
// next command ("Paris and save the profile").

// isVague reports a value that names no value: "a name", "some text", "something", "my
// email", "whatever you like". A determiner written with a capital inside a sentence is
// part of a name ("The Beatles").
func isVague(value []token) bool {
	for len(value) > 1 && value[0].kind == tokWord && (value[0].key == "for" || value[0].key == "with" || value[0].key == "to") {
		value = value[1:]
	}
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
		return !saysDate(value[1:]) // "the 3rd of April 2025" is a date, not "the date"
	case first.key == "random" || first.key == "whatever" || first.key == "something" || first.key == "anything" || first.key == "valid" || first.key == "appropriate" || first.key == "suitable" || first.key == "correct" || first.key == "right":
		return true
	}
	return false
}

// holdsValue reports words that hold a value of their own: a quoted text, a word with a
// digit or an @ (a number, an amount, a date, an address), or words after a ":" or a
// spaced dash ("the picker - ripe avocados only").
func holdsValue(toks []token) bool {
	for k, t := range toks {
		switch {
		case t.kind == tokQuoted || strings.ContainsAny(t.raw, "0123456789@"):
			return true
		case k > 0 && k+1 < len(toks) && (t.kind == tokPunct && t.raw == ":" || isDash(t.raw) && t.start > toks[k-1].end):
			return true
		}
	}
	return false
}

// cleanValue reports a value that is one quoted text, or words with no frame word and
// no quote among them.
func cleanValue(value []token) bool {
	if len(value) == 1 {
		return true
	}
	for _, t := range value {
		if t.kind == tokQuoted || t.kind == tokWord && (intoWords[t.key] || withWords[t.key] || asWords[t.key] || fromWords[t.key]) {
			return false
		}
	}
	return true
}

func hasComma(toks []token) bool {
	for _, t := range toks {
		if t.kind == tokPunct && (t.raw == "," || t.raw == ";") {
			return true
		}
	}
	return false
}

// swallows reports an unquoted value that holds ", then", a connective followed by a verb or by an
// element's name ("Paris and save the profile" was two clauses, not one value), or a
// frame word or comma followed by a field's name ("Amara as the given names and Okafor",
// "SW1A 2AA, town London" hold a second field), or words after a quoted value.
func swallows(r *reader, value []token) bool {
	for k := 0; k < len(value)-1; k++ {
		t := value[k]
		if t.kind == tokQuoted && value[k+1].kind == tokWord && !pointsNowhere(value[k+1:]) && len(withoutList(value)) == len(value) {
			return true // `"Defrost the freezer" with due date …`: the quotes closed the value
		}
		if t.kind == tokPunct && (t.raw == "," || t.raw == ";") && (value[k+1].key == "then" || value[k+1].key == "afterwards") {
			return true // ", then …" starts the next step, whatever its words
		}
		if k >= 1 && (t.key == "should" || t.key == "must") && value[k+1].key == "be" {
			return true // "address postcode should be S11 8YA": a field set, not a text
		}
		if t.raw == "-" || t.raw == "–" || t.raw == "—" {
			if v, _ := verbAt(value, k+1); v != "" || actionVerbs[value[k+1].key] {
				return true // "S11 8YA - change it": a dash, then the next step
			}
		}
		if (t.key == "and" || isConnective(value, k)) && k+2 < len(value) && (value[k+2].key == "me" || value[k+2].key == "us") {
			return true // "and get me a quote": another errand, for the person
		}
		if t.kind == tokPunct && t.raw == "," || t.kind == tokWord && (asWords[t.key] || t.key == "into" || t.key == "in") {
			for j := min(len(value), k+5); j > k+1; j-- {
				if b, ok := r.ix.resolve(value[k+1:j], vType).best(); ok && b.score >= 0.8 && isField(r.ix.nodes[b.node]) {
					return true
				}
			}
		}
		if !isConnective(value, k) && value[k].key != "and" {
			continue
		}
		if v, _ := verbAt(value, k+1); v != "" || actionVerbs[value[k+1].key] {
			return true
		}
		if value[k+1].kind == tokWord && len(value[k+1].key) > 2 && len(r.ix.nodesWith([]string{value[k+1].key})) > 0 {
			if lg := r.labelGoal(value[k+1:], false); lg.quality > 0.8 {
				return true
			}
		}
	}
	return false
}

// pointsNowhere reports words like "into it", "in there", "here": a place that names no
// element of the page.
func pointsNowhere(toks []token) bool {
	if len(toks) == 0 {
		return false
	}
	for _, t := range toks {
		switch t.key {
		case "in", "into", "inside", "to", "it", "this", "that", "there", "here", "one", "the", "field", "box":
		default:
			return false
		}
	}
	return true
}
