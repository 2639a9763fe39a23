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

// remark reports a clause that is a remark: it starts with a subject, holds no request word,
// no word of a control's name, no quoted text and no value of a shape a field takes.
func (r *reader) remark(body []token) bool {
	if len(body) < 2 || body[0].kind != tokWord || !remarkSubjects[body[0].key] {
		return false
	}
	for _, t := range body {
		if t.kind == tokQuoted || t.kind == tokWord && requestWords[t.key] {
			return false
		}
		if t.kind == tokWord && len(r.ix.byKey[t.key]) > 0 && !ignorable[t.key] && !definite[t.key] {
			return false // "we're coming to the ceremony": Ceremony is on the page
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
