package understand

import (
	"slices"
	"strings"
)

// How a clause with no verb names the field its value goes into, beyond the field's whole
// name (fieldValue, verbless.go): the noun a label ends on, the field's own words before a
// box or role word, a date or time field "moved" (docs/understanding.md item 49).

// saysVerb reports words that start with a verb or hold an indefinite: "put something
// nice in the requests box" is an instruction, not a value said before its field.
func saysVerb(toks []token) bool {
	if v, _ := verbAt(toks, 0); v != "" {
		return true
	}
	return slices.ContainsFunc(toks, func(t token) bool { return t.kind == tokWord && indefinite[t.key] })
}

// movingWords say a date or time is moved; they are verbs only before a field and one.
var movingWords = set("move", "shift", "push")

// whenTypes are the input types a date or time moved may be.
var whenTypes = set("date", "time", "datetime-local")

// movedField reports "move X to <date or time>" said of a field X ("move check-out to the
// 17th of June"), unless the moving word is the field's own ("Move-in date 14 March").
func (r *reader) movedField(target, value []token) bool {
	if len(target) < 2 || target[0].kind != tokWord || !movingWords[target[0].key] {
		return false
	}
	if k := wholeShape(joinRaw(value)); k != "date" && k != "time" {
		return false
	}
	_, named := r.fieldFor(target, value)
	return !named
}

// namedByOwnWords reports a target that names its field by a word of the field's own
// name, not only by the section it is in: "the phone box" is Phone number, "my basket" no
// field of the basket.
func (r *reader) namedByOwnWords(target, value []token) bool {
	b, ok := r.fieldFor(target, value)
	if !ok {
		return false
	}
	return slices.ContainsFunc(contentKeys(keysOfToks(target)), func(k string) bool {
		return !isRoleWord(k) && slices.Contains(r.ix.names[b.node], k)
	})
}

// codeWords reports a short value every word of which holds a digit or an @, or is quoted:
// "SE1 7PB", "HH-2094417", never words that could be an instruction.
func codeWords(value []token) bool {
	if len(value) == 0 || len(value) > 4 {
		return false
	}
	for _, t := range value {
		if t.kind != tokQuoted && !strings.ContainsAny(t.raw, "0123456789@") {
			return false
		}
	}
	return true
}

// headOfOneField reports a target that is the last words of the field's name, which no
// other field holds: "postcode SE1 7PB" for "Delivery postcode", the noun a name ends on
// being what the field is.
func (r *reader) headOfOneField(target []token, field int) bool {
	keys := dropArticles(keysOfToks(target))
	name := r.ix.names[field]
	if len(keys) == 0 || len(keys) >= len(name) || !slices.Equal(name[len(name)-len(keys):], keys) {
		return false
	}
	return !slices.ContainsFunc(r.ix.nodesWith(keys), func(i int) bool {
		return i != field && isField(r.ix.nodes[i]) && containsAll(r.ix.names[i], keys)
	})
}

// saysHead reports a target that says the noun the field's name ends on ("name" of "Guest 2
// name"), or the field's whole name.
func (r *reader) saysHead(target []token, field int) bool {
	name := r.ix.names[field]
	if len(name) == 0 {
		return false
	}
	head := name[len(name)-1]
	return slices.ContainsFunc(target, func(t token) bool { return t.kind == tokWord && wordEq(t.key, head) >= 0.95 })
}

// joinsMore reports unquoted words that join two things said: "vegan and allergic to nuts".
func joinsMore(value []token) bool {
	return slices.ContainsFunc(value, func(t token) bool { return t.kind == tokWord && connectives[t.key] })
}
