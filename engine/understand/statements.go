package understand

import (
	"slices"
	"strings"
	"unicode"

	"github.com/errand-app/errand/engine/page"
)

// Statements that settle a choice. People answer a form by saying what is true of them
// rather than what to click: "I sing alto", "It has to be certified", "I'm the landlord".
// Such a clause is read as the choice it names when it starts with the person (or "it", the
// thing the form is about, or "she", the one it is for), names exactly one option, radio or checkbox of the page, and
// every other word is one the page does not use, or one of the chosen control's own name
// or group. Anything that could turn the statement round or leave it open (not, never,
// without, maybe, or, if, used to, someone else) leaves it to a question, and so does a
// value or a control verb left over. The reading is announced (docs/understanding.md
// item 30).

// statementSubjects start a statement, by their words as written (apostrophes kept, so
// "we're" is not the past "were").
var statementSubjects = set("i", "i'm", "im", "i've", "ive", "i'd", "id", "i'll", "we", "we're", "we've", "we'd", "we'll",
	"our", "my", "it", "it's", "its", "it'll",
	// The person the form is for, when it is not the person typing: "she's in 4 Birch".
	"he", "he's", "hes", "he'll", "she", "she's", "shes", "she'll", "they", "they're", "theyre", "they'll", "their", "his", "her")

// turnWords turn a statement round or leave it open: a choice is never read through them.
var turnWords = set("not", "no", "never", "dont", "doesnt", "didnt", "cant", "cannot", "wont", "isnt",
	"arent", "wasnt", "werent", "havent", "hasnt", "hadnt", "shouldnt", "wouldnt", "couldnt", "aint",
	"without", "except", "unless", "instead", "rather", "neither", "nor", "none", "nothing",
	"maybe", "perhaps", "probably", "possibly", "might", "may", "think", "guess", "unsure", "sure",
	"or", "if", "whether", "used", "was", "had", "wish", "hope", "hoping", "wondering", "else",
	"anymore", "longer", "stopped", "quit", "other", "another", "than", "but", "yet", "off", "out", "away",
	"less", "fewer", "minus")

// statementGrammar are the small words a statement is built of, never a name it leaves out
// (kept in testdata/statements.txt with the other lists).
var statementGrammar = set("to", "for", "from", "and", "so", "also", "too", "just", "the", "a", "an", "my", "our", "its",
	"of", "both", "all", "here", "in", "on", "at", "with", "by", "as", "type", "kind",
	// How often or how much, which never turns a statement: "I always like to sit by the window".
	"always", "usually", "normally", "generally", "mostly", "really", "definitely", "much")

// stateVerbs say what is so, not what to change; any other verb in a statement may turn
// it round ("skipping", "cancelling"), so only these are read past. The list is closed
// and kept in review as testdata/statements.txt.
var stateVerbs = set("am", "is", "are", "be", "been", "being", "have", "has", "got", "need", "needs",
	"want", "wants", "like", "likes", "prefer", "prefers", "use", "uses", "using", "sing", "sings", "play",
	"plays", "wear", "wears", "live", "lives", "living", "drive", "drives", "own", "owns", "speak",
	"speaks", "come", "comes", "coming", "attend", "attending", "bring", "bringing", "take", "taking",
	"go", "going", "join", "joining", "run", "runs", "rent", "renting", "will", "shall", "would", "there",
	"sit", "sitting", "stay", "staying", "travel", "travelling", "traveling", "visit", "visiting", "fly",
	"flying", "doing", "working", "growing", "eat", "eating", "theres", "therell")

// participle reports a word shaped as a verb's -ed or -ing form.
func participle(k string) bool {
	return len(k) > 4 && (strings.HasSuffix(k, "ed") || strings.HasSuffix(k, "ing") || strings.HasSuffix(k, "en"))
}

// smallWord reports a word a statement is built of, which names nothing on the page.
func smallWord(k string) bool {
	return ignorable[k] || functionWords[k] || statementGrammar[k]
}

// statementSpan is the longest words of a statement read as one choice.
const statementSpan = 6

// statement reads a clause that says something of the person and names one choice.
//
// Without the person as subject, a clause is read so only when it answers the choice's own
// question: every other word is the question's, or a small one, and one at least is the
// question's ("Tenant will let them in" under "Who will let the engineer in?").
func (r *reader) statement(body []token, changed bool) clause {
	if len(body) < 2 || body[0].kind != tokWord {
		return clause{}
	}
	first := 1
	if !statementSubjects[statementRaw(body[0])] {
		if v, _ := verbAt(body, 0); v != "" || !r.asksQuestion(body) {
			return clause{} // a clause with a verb of its own is no answer
		}
		first = 0
	}
	for _, t := range body[first:] {
		switch {
		case t.kind == tokQuoted, t.kind == tokPunct && t.raw == "?":
			return clause{}
		case t.kind == tokWord && t.key != "a" && t.key != "an" && (turnWords[t.key] || kin[t.key] || indefinite[t.key] || vagueValues[t.key] && !pronouns[t.key]):
			return clause{}
		case t.kind == tokWord && t.key == "were" && statementRaw(t) == "were":
			return clause{} // "we were members": the past settles nothing now
		}
	}
	type found struct {
		cl       clause
		from, to int
	}
	var hits []found
	for from := first; from < len(body); from++ {
		for to := from + 1; to <= len(body) && to-from <= statementSpan; to++ {
			span := body[from:to]
			_, count := shapeAt(span, 0)
			if span[0].kind != tokWord || !count && !r.pageWord(span[0].key) && !r.slipFor(span[0]) {
				continue // a choice's words start on a word of the page, a count on its number
			}
			if count && to < len(body) && body[to].kind == tokWord && !smallWord(body[to].key) && !r.pageWord(body[to].key) {
				continue // "it's a 3 bed house": the count says what the house is, not how many beds
			}
			for _, cl := range []clause{r.withVerb(vSelect, "", span, changed), r.withVerb(vCheck, "", span, changed), r.optionForGroup(span, changed), r.reversedPair(span, changed)} {
				i, ok := r.statedChoice(cl)
				if first == 0 && ok && r.ix.nodes[i].Role != page.RoleRadio {
					ok = false // only a question's answer reads without a subject; a field's value has its frames
				}
				if ok && r.restSays(body, first, from, to, i) {
					hits = append(hits, found{cl: cl, from: from, to: to})
				}
			}
		}
	}
	if len(hits) == 0 {
		return clause{}
	}
	// The most words read as the choice win; another choice as long leaves it open.
	best := slices.MaxFunc(hits, func(a, b found) int { return (a.to - a.from) - (b.to - b.from) })
	for _, h := range hits {
		if h.to-h.from == best.to-best.from && !slices.EqualFunc(h.cl.cmds, best.cl.cmds, sameCommand) {
			return clause{}
		}
	}
	for k, t := range body {
		if (k < best.from || k >= best.to) && t.kind == tokWord && codeWord(t.raw) {
			return clause{} // "my car reg is LD71 XFP": a code is a value to type, which the choice does not hold
		}
	}
	return stated(best.cl, body)
}

// codeWord reports a word like a reference or a registration ("LD71", "AB12CD"): two
// letters at least and two digits at least.
func codeWord(s string) bool {
	letters, digits := 0, 0
	for _, c := range s {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case unicode.IsLetter(c):
			letters++
		}
	}
	return letters >= 2 && digits >= 2
}

// asksQuestion reports a word of the clause that is a word of a radio group's question,
// the only clauses read as an answer without a subject.
func (r *reader) asksQuestion(body []token) bool {
	ctx := r.ix.ctxIndex()
	for _, t := range body {
		if t.kind != tokWord || smallWord(t.key) {
			continue
		}
		for _, i := range ctx[t.key] {
			if r.ix.nodes[i].Role == page.RoleRadio {
				return true
			}
		}
	}
	return false
}

// stated rates and announces a choice read from a statement: it says less than a verb.
func stated(cl clause, body []token) clause {
	cl.quality = min(cl.quality, 0.95) * 0.85
	return cl.readAs(joinRaw(body), cl.cmds[0].Action.Description)
}

// statedChoice is the element of a reading that chooses one option, radio or checkbox, or
// sets a count.
func (r *reader) statedChoice(cl clause) (int, bool) {
	if len(cl.cmds) == 0 || !cl.cmds[0].Bound || len(cl.questions) > 0 || len(cl.unexplained) > 0 || cl.quality < 0.75 {
		return 0, false
	}
	a := cl.cmds[0].Action
	i := r.ix.nodeOf(a.ID)
	if i < 0 {
		return 0, false
	}
	switch n := r.ix.nodes[i]; {
	case a.Kind == page.SetValue && n.Has("autocomplete") && slices.Contains(n.Options, a.Text):
		return i, true // typed, then the suggestion picked
	case len(cl.cmds) > 1:
	case a.Kind == page.SetValue && (n.Type == "number" || n.Type == "range"):
		return i, true // "we've got 14 windows": a count before its field
	case a.Kind == page.Select, n.Role == page.RoleRadio, a.Kind == page.Check:
		return i, true
	}
	return 0, false
}

// restSays reports whether the words of a statement outside the choice may go unread:
// none is a value, a control verb, or a page word that names something other than the
// chosen control (its name or its group's). With no subject (first is 0), the words must
// be the question's or small ones, and one at least the question's.
func (r *reader) restSays(body []token, first, from, to, chosen int) bool {
	own := slices.Concat(r.ix.names[chosen], r.ix.ctx(chosen))
	asked := false
	for k, t := range body {
		if k < first || k >= from && k < to {
			continue
		}
		if _, shaped := shapeAt(body, k); shaped || t.kind == tokQuoted {
			return false // "we need 2 copies": a value the choice would lose
		}
		if t.kind != tokWord {
			continue
		}
		if (t.key == "a" || t.key == "an") && k != from-1 {
			return false // "I'd like a plot": "a" leaves it open, unless it says what the choice is ("is a Vaillant")
		}
		grammar := smallWord(t.key)
		if !grammar && slices.Contains(own, t.key) {
			asked = true // the question's own word, even a verb ("let" of "Who will let … in?")
			continue
		}
		if v, _ := verbAt(body, k); v != "" || actionVerbs[t.key] {
			return false // "I'd like to delete …" is an errand, not a statement
		}
		switch {
		case grammar:
		case r.pageWord(t.key), first == 0:
			return false // a word of something else on the page, or of no question
		case stateVerbs[t.key], r.slipFor(t):
		case participle(t.key) && k+1 < from && tailPreps[body[k+1].key]:
			// "I'll be learning in an automatic", "we'll be sitting in the stalls": a
			// verb with a place or means after it says where the choice is, not against it.
		case k < from || participle(t.key):
			return false // "we're skipping the ceremony", "the ceremony cancelled": a verb may turn it round
		}
		// A foreign word after the choice is its noun: "the Fast Track service".
	}
	return first > 0 || asked
}

// statementRaw is a word as written, lower-cased, with its apostrophe made plain.
func statementRaw(t token) string {
	return strings.NewReplacer("’", "'", "‘", "'").Replace(strings.ToLower(t.raw))
}

// sameCommand reports two commands that do the same thing to the same element.
func sameCommand(a, b Command) bool {
	return a.Action.ID == b.Action.ID && a.Action.Kind == b.Action.Kind && a.Action.Text == b.Action.Text
}

// unwanted reads a want or need denied of a box or switch: "I don't want a replacement
// card", "we no longer need the newsletter" untick it. Only a box that is one thing to
// want reads so; a denied option of a group ("I don't want Express") leaves the choice
// open, and is asked about.
func (r *reader) unwanted(body []token, changed bool) clause {
	denial := body
	if len(denial) > 0 && (denial[0].key == "i" || denial[0].key == "we") {
		denial = denial[1:]
	}
	rest, ok := deniedNeed(denial)
	if !ok || !slices.ContainsFunc(rest, func(t token) bool { return t.kind == tokWord && r.pageWord(t.key) }) {
		return clause{} // "I don't need it" is a reason, not a box (remarks.go)
	}
	for _, t := range rest {
		if t.kind == tokQuoted || t.kind == tokWord && turnWords[t.key] {
			return clause{}
		}
	}
	if len(rest) > 2 && (rest[0].key == "anything" || rest[0].key == "any") && (rest[1].key == "from" || rest[1].key == "about") {
		rest = rest[1:] // "anything from partners": what comes from them, "from partners" said
	}
	if len(rest) > 1 && (rest[0].key == "a" || rest[0].key == "an" || rest[0].key == "any") {
		rest = rest[1:] // "a replacement card": the one the box offers
	}
	cl := r.withVerb(vUncheck, "", rest, changed)
	if len(cl.cmds) != 1 || !cl.cmds[0].Bound || cl.cmds[0].Action.Kind != page.Uncheck || len(cl.questions) > 0 || len(cl.unexplained) > 0 || cl.quality < 0.75 {
		return clause{}
	}
	return stated(cl, body)
}

// yesWords and noWords answer a question.
var yesWords, noWords = set("yes", "yeah", "yep", "yup"), set("no", "nope", "nah")
