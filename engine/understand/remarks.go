package understand

import "fmt"

// A remark is what a person says about themselves beside the errand: "I'm travelling
// soon", "I got married", "she's moving to her mum's club". It asks for nothing. A clause no
// frame reads that is said with a subject pronoun and no request in it is read as one and
// announced, so the errand beside it runs; one that asks anything ("I need you to …",
// "we want the …", "email me") is no remark. The closed lists below are kept in review as
// testdata/remarks.txt, as the ignorable words are (docs/understanding.md item 23).

// remarkSubjects open a remark: a person or thing talked about. Keys drop the apostrophe
// ("I'm" is "im", "we're" is "were"); "we'll" is left out, since its key is "well".
var remarkSubjects = set("im", "ive", "ill", "i", "were", "weve", "we", "shes", "she", "hes", "he",
	"theyre", "they", "its", "because", "since")

// requestWords make a clause a request, never a remark.
var requestWords = set("need", "needs", "want", "wants", "like", "would", "id", "could", "can", "please",
	"you", "me", "must", "should", "have", "has", "let", "make", "sure")

// unneededWords say, after "don't need" or "don't want", only that the thing is not wanted:
// "I don't need it", "we don't want them any more" give a reason, and ask for nothing.
var unneededWords = set("it", "that", "this", "them", "those", "one", "anymore", "any", "more", "now", "either")

// remark reports a clause that is a remark: it starts with a subject, holds no request word,
// no word of a control's name, no quoted text and no value of a shape a field takes.
func (r *reader) remark(body []token) bool {
	if len(body) < 2 || body[0].kind != tokWord || !remarkSubjects[body[0].key] {
		return false
	}
	if unneeded(body[1:]) {
		return true
	}
	for _, t := range body {
		if t.kind == tokQuoted || t.kind == tokWord && requestWords[t.key] {
			return false
		}
		if t.kind == tokWord && !ignorable[t.key] && !definite[t.key] && r.controlWord(t.key) {
			return false // "we're coming to the ceremony": Ceremony is on the page; "I'm renting" beside "I rent this property"
		}
		if _, ok := shapeAt([]token{t}, 0); ok {
			return false
		}
	}
	return true
}

// remarkClause is a remark read as one: nothing to do, announced.
func remarkClause(body []token) clause {
	words := joinRaw(body)
	return clause{quality: 0.9, assumed: []string{fmt.Sprintf("%q is a remark, not something to do", words)},
		grounded: []Grounding{{Words: words, As: "remark"}}}
}

// unneeded reports "don't need it", "do not want them any more": a need denied, nothing more.
func unneeded(toks []token) bool {
	rest, ok := deniedNeed(toks)
	if !ok {
		return false
	}
	for _, t := range rest {
		if t.kind != tokWord || !unneededWords[t.key] {
			return false
		}
	}
	return true
}

// deniedNeed finds "don't need", "do not want", "no longer need" at the start of toks and
// returns what is denied; ok is false when toks do not start so or nothing follows.
func deniedNeed(toks []token) (rest []token, ok bool) {
	k := 0
	switch {
	case len(toks) > 0 && (toks[0].key == "dont" || toks[0].key == "don't"):
		k = 1
	case len(toks) > 1 && (toks[0].key == "do" && toks[1].key == "not" || toks[0].key == "no" && toks[1].key == "longer"):
		k = 2
	default:
		return nil, false
	}
	if k+1 >= len(toks) || toks[k].key != "need" && toks[k].key != "want" {
		return nil, false
	}
	return toks[k+1:], true
}

// controlWord reports a key that is, or is another form of, a word of a control's name or
// options, on show or held behind another control (behind.go).
func (r *reader) controlWord(k string) bool {
	for _, ix := range r.indexes() {
		if len(ix.byKey[k]) > 0 {
			return true
		}
		if len(k) < 4 {
			continue
		}
		for w := range ix.byKey {
			if wordEq(k, w) >= 0.95 {
				return true
			}
		}
	}
	return false
}
