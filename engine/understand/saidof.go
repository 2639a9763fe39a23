package understand

import (
	"slices"

	"github.com/errand-app/errand/engine/page"
)

// What a person says of themselves and of the people in their errand
// (docs/understanding.md item 35).
//
// A box or switch whose label is itself a statement of the person ("I rent this property",
// "I have a blue badge", "We have pets at home") is ticked by the person saying it of
// themselves in their own form of the words: "I'm renting", "we've got pets", "I agree".
// And a field of another person is named by whose it is: "The landlord is Colin Hart, his
// email …" fills Landlord name and Landlord email.

// labelSubjects start a label that is a statement of the person, by key ("I'm" is "im").
var labelSubjects = set("i", "im", "ive", "id", "we", "were", "weve", "wed", "my", "our")

// saidAux are the words a statement is conjugated with; they say nothing of which box.
var saidAux = set("am", "is", "are", "be", "have", "has", "got", "do", "does", "will", "shall", "would")

// saidOfMe reads a clause that says of the person what one box's or switch's label says:
// every word beside the subject, the small words and the auxiliaries is a form of a word of
// that label, and they are the label's first word after its subject or half its words at
// least. Any turn word (not, never, used to …) leaves it to a question.
func (r *reader) saidOfMe(body []token, changed bool) clause {
	if len(body) < 2 || body[0].kind != tokWord || !statementSubjects[statementRaw(body[0])] {
		return clause{}
	}
	var said []string
	for _, t := range body[1:] {
		switch {
		case t.kind == tokPunct:
		case t.kind != tokWord, turnWords[t.key], kin[t.key]:
			return clause{}
		case smallWord(t.key), saidAux[t.key], labelSubjects[t.key]:
		default:
			said = append(said, t.key)
		}
	}
	if len(said) == 0 {
		return clause{}
	}
	hit := -1
	for i, n := range r.ix.nodes {
		if n.Role != page.RoleCheckbox && n.Role != page.RoleSwitch || !r.ix.inScope(i) || !saysOfMe(said, r.ix.names[i]) {
			continue
		}
		if hit >= 0 {
			return clause{} // two boxes say it: which is asked
		}
		hit = i
	}
	if hit < 0 {
		return clause{}
	}
	words := joinRaw(body)
	cl := r.bindClause(vCheck, "", hit, 0.9, "", false, words)
	cl.quality *= 0.9
	return cl.readAs(words, page.Describe(r.ix.nodes[hit]))
}

// saysOfMe reports a label that is a statement of the person and holds every word said,
// in any form of it, when the words said include the label's first word after its subject
// (its verb or thing: "I agree", "I'm renting") or half its own words.
func saysOfMe(said, label []string) bool {
	if len(label) < 2 || !labelSubjects[label[0]] {
		return false
	}
	var own []string
	for _, k := range label[1:] {
		if !smallWord(k) && !saidAux[k] {
			own = append(own, k)
		}
	}
	if len(own) == 0 {
		return false
	}
	first := false
	for _, s := range said {
		k := slices.IndexFunc(own, func(w string) bool { return wordEq(s, w) >= 0.95 })
		if k < 0 {
			return false // "I rent a flat": the flat is not what the box says
		}
		first = first || k == 0
	}
	return first || 2*len(said) >= len(own)
}

// thirdPossessives make a field someone else's: "his email".
var thirdPossessives = set("his", "her", "their")

// whose reads "his email", "her phone" as the field of the person the goal named before:
// in "The landlord is Colin Hart, his email …" the word "landlord", put in place of "his",
// names Landlord email. The nearest word before the target that does so for one field,
// shown or behind a control, is the owner; with none, the target is read as said.
func (r *reader) whose(target []token) []token {
	if len(target) < 2 || target[0].kind != tokWord || !thirdPossessives[target[0].key] || r.src == "" || target[0].start > len(r.src) {
		return target
	}
	before := tokenize(r.src[:target[0].start])
	ixs := r.indexes()
	owner := func(t token) bool {
		return t.kind == tokWord && len(t.key) >= 3 && !smallWord(t.key) && !r.known(t.key) && r.pageWord(t.key)
	}
	for k := len(before) - 1; k >= 0; k-- {
		if !owner(before[k]) {
			continue
		}
		// The owner's longest name first: "emergency contact", then "contact".
		for j := max(0, k-2); j <= k; j++ {
			if !slices.ContainsFunc(before[j:k+1], func(t token) bool { return !owner(t) }) && r.ownsField(ixs, slices.Concat(before[j:k+1], target[1:]), before[k].key) {
				return slices.Concat(before[j:k+1], target[1:])
			}
		}
	}
	return target
}

// ownsField reports a phrase that names one field in one of ixs, well and whole, with the
// owner's word w in its name.
func (r *reader) ownsField(ixs []*index, owned []token, w string) bool {
	for _, ix := range ixs {
		ref := ix.resolve(owned, vType)
		if b, ok := ref.best(); ok && b.score >= 0.9 && !ref.ambiguous && len(ref.unexplained) == 0 && isField(ix.nodes[b.node]) && slices.Contains(ix.names[b.node], w) {
			return true
		}
	}
	return false
}
