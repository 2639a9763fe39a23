package understand

import (
	"slices"

	"github.com/errand-app/errand/engine/page"
)

// Yes/No questions answered in the person's own words. A form asks "Has this been
// reported to the police?" with Yes and No; the person says "we did report it to the
// police" or "I haven't claimed before". Every word the statement says beyond its subject,
// its auxiliaries and its grammar must be a word of one such question; one denial makes it
// No, and anything that leaves the answer open (maybe, or, if) or a value it would lose
// leaves it to a question (docs/understanding.md item 52).

// noSaid turn a statement's answer to No. Two of them, or a denial with a word that
// leaves the answer open, are not read.
var noSaid = set("not", "no", "never", "dont", "doesnt", "didnt", "havent", "hasnt", "hadnt", "wont",
	"cant", "cannot", "isnt", "arent", "wasnt", "werent", "wouldnt", "shouldnt", "couldnt", "aint")

// openWords leave a stated answer open or conditional.
var openWords = set("maybe", "perhaps", "probably", "possibly", "might", "may", "think", "guess", "unsure",
	"or", "if", "whether", "unless", "except", "but", "yet", "wish", "hope", "hoping", "wondering",
	"instead", "rather", "neither", "nor", "sometimes", "once", "until", "soon")

// auxiliaries carry a statement's tense and person, never its content ("ever", "before":
// "I haven't claimed before" asks the page's question, whatever period it names).
var auxiliaries = set("do", "does", "did", "have", "has", "had", "am", "is", "are", "was", "were", "be",
	"been", "being", "will", "would", "shall", "should", "can", "could", "already", "both", "ever", "before",
	"ve", "ll", "re", "s", "d", "m")

// yesNoAnswer is "yes" or "no" said by a statement's words, and the words it says beyond
// its grammar; ok is false when the statement cannot be read as an answer.
func yesNoAnswer(body []token) (want string, said []string, ok bool) {
	want = "yes"
	for _, t := range body {
		if t.kind == tokQuoted || t.kind == tokPunct && t.raw == "?" {
			return "", nil, false
		}
		if t.kind != tokWord {
			continue
		}
		switch {
		case openWords[t.key]:
			return "", nil, false
		case noSaid[t.key]:
			if want == "no" {
				return "", nil, false // "we didn't not report it"
			}
			want = "no"
		case auxiliaries[t.key], pronouns[t.key], smallWord(t.key), statementSubjects[statementRaw(t)]:
		default:
			said = append(said, t.key)
		}
	}
	return want, said, true
}

// yesOrNo reads a yes or a no said with the words of a question the page asks with Yes and
// No choices: "Yes there'll be alcohol" is Yes under "Will alcohol be served or sold?";
// "we did report it to the police" is Yes under "Has this been reported to the police?".
// Every word of the page said must be the question's; other words are the person's own
// ("there'll be"). One question must fit.
func (r *reader) yesOrNo(body []token, changed bool) clause {
	if len(body) < 2 || body[0].kind != tokWord {
		return clause{}
	}
	var want string
	var said []string
	switch {
	case yesWords[body[0].key] || noWords[body[0].key]:
		want = "yes"
		if noWords[body[0].key] {
			want = "no"
		}
		for _, t := range body[1:] {
			switch {
			case t.kind == tokQuoted, t.kind == tokWord && turnWords[t.key] && t.key != "no" && !auxiliaries[t.key]:
				// After a yes or a no, "was" and "had" tell the tense ("yes it was
				// reported"), not a choice given up.
				return clause{}
			case t.kind != tokWord, smallWord(t.key):
			case r.pageWord(t.key):
				said = append(said, t.key)
			}
		}
	case statementSubjects[statementRaw(body[0])]:
		var ok bool
		if want, said, ok = yesNoAnswer(body[1:]); !ok || !slices.ContainsFunc(said, func(k string) bool { return len(k) >= 4 && !stateVerbs[k] }) {
			return clause{} // "we have" says nothing of what is had
		}
	default:
		return clause{}
	}
	for _, t := range body[1:] {
		if _, shaped := shapeAt([]token{t}, 0); shaped {
			return clause{} // "yes, 3 of them": a value the answer would lose
		}
	}
	if len(said) == 0 {
		return clause{}
	}
	hit := onlyOneOf(r.ix.nodesWith([]string{want}), func(i int) bool {
		n := r.ix.nodes[i]
		if n.Role != page.RoleRadio && n.Role != page.RoleOption || !slices.Equal(r.ix.names[i], []string{want}) {
			return false
		}
		c, _ := containment(said, r.ix.ctx(i), nil)
		return c == 1
	})
	if hit < 0 {
		return clause{}
	}
	words := joinRaw(body)
	cl := r.bindClause(vSelect, "", hit, 0.9, "", false, words)
	cl.quality *= 0.9
	return cl.readAs(words, page.Describe(r.ix.nodes[hit]))
}
