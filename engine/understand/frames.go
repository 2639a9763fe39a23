package understand

import (
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// readClause reads one clause: the verb frames that fit it are tried and the reading that
// explains the most words with the best matches wins.
func (r *reader) readClause(toks []token, c carry, changed bool) clause {
	body := r.clauseBody(toks)
	if len(body) == 0 {
		if i, ok := r.exactLabel(trimEnd(slices.Clone(toks))); ok && c.verb == "" {
			// "Next" is a courtesy word only when the page has no Next button.
			return r.bindClause(vClick, "", i, 1, "", false, joinRaw(toks))
		}
		return clause{quality: 1, next: c}
	}
	if hasPath(body) {
		cl := r.menuPath(body, changed)
		if len(cl.cmds) == 0 && len(cl.unexplained) > 0 {
			// "Export > CSV": a path that leaves out the menu button is read by its words.
			if mw := r.menuWords(body, changed); len(mw.cmds) > 0 {
				return mw
			}
		}
		return cl
	}
	if path, ok := r.commaPath(body); ok {
		return r.menuPath(path, changed)
	}
	body, times := repeatCount(body)
	var best clause
	consider := func(cl clause) {
		if cl.quality > best.quality || best.quality == 0 && len(best.unexplained) == 0 && len(best.cmds) == 0 && len(best.questions) == 0 {
			best = cl
		}
	}
	ownVerb := false
	if v, n := verbAt(body, 0); v != "" {
		ownVerb = true
		consider(r.withVerb(v, joinRaw(body[:n]), body[n:], changed))
	}
	if c.verb != "" && !ownVerb {
		// A clause with no verb continues the one before ("…, Last name with Kaur"). One
		// that starts with a verb of an errand ("print the results") continues it only as
		// a grounded element: "tick A, Book dentist appointment" names a checkbox.
		cl := r.withVerb(c.verb, c.words, body, changed)
		cl.quality *= 0.98 // a verb said beats a verb inherited
		if !(body[0].kind == tokWord && actionVerbs[body[0].key]) || (c.verb != vType && c.verb != vSearch && cl.quality >= 0.9) {
			consider(cl)
		}
	}
	if best.quality < 0.95 {
		for _, cl := range r.afterSoftVerb(body, changed) {
			consider(cl)
		}
	}
	if v, n := fuzzyVerbAt(body, 0); v != "" && !r.ix.onPage(body[:n]) {
		cl := r.withVerb(v, joinRaw(body[:n]), body[n:], changed)
		cl.quality *= 0.9
		consider(cl)
	}
	if lead := leadingPlace(body); lead > 0 {
		// "in the time field put 9:15", "under Notifications tick Comments": the place
		// said first qualifies what follows.
		moved := slices.Concat(body[lead:], body[:lead])
		if v, n := verbAt(moved, 0); v != "" {
			cl := r.withVerb(v, joinRaw(moved[:n]), trimEnd(moved[n:]), changed)
			cl.quality *= 0.99
			consider(cl)
		}
	}
	consider(r.inSection(body, changed))
	consider(r.labelGoal(body, changed))
	consider(r.opener(body))
	consider(r.stepTo(body, changed))
	if ownVerb && best.quality >= 0.97 && len(best.unexplained) == 0 {
		// A verb said and read word for word: the readings without a verb cannot do better.
		return repeat(best, times)
	}
	for _, frame := range []func([]token, bool) clause{r.fieldValuePlain, r.verbAsName, r.optionGoal, r.shapedGoal,
		r.removeItem, r.optionForGroup, r.reversedPair, r.fromTo, r.itemInMenu, r.labelChoice, r.revealedItem, r.amountOf,
		r.onlyChoice, r.fieldAndButton, r.headcount, r.quantified, r.onlyList, r.leadChoice, r.looseOption, r.bagName, r.partOfDay, r.statement, r.saidOfMe, r.unwanted, r.deniedGroup, r.yesOrNo, r.namedWhen, r.scheduledWhen, r.chosenBy, r.markAs, r.timeRange, r.loneValue, r.namedBoxes, r.sharedHead, r.statedAge, r.sendIt, r.menuWords, r.itsMenu, r.factsButton, r.renameTo, r.downloadFile, r.answerInOwnWords} {
		consider(frame(body, changed))
	}
	if best.quality == 0 && len(best.cmds) == 0 && len(best.questions) == 0 {
		best = r.unread(body, c)
	} else if len(best.cmds) == 0 && r.remark(body) {
		best = remarkClause(body) // "I'll do the rest tomorrow": no field is asked about
	}
	return repeat(best, times)
}

// afterSoftVerb reads what follows a general verb as a clause the page explains without
// it: "show 25 rows per page", "set Business class", "make it one way".
func (r *reader) afterSoftVerb(body []token, changed bool) []clause {
	v, n := verbAt(body, 0)
	if !softVerb(v) || n >= len(body) {
		return nil
	}
	rest := body[n:]
	if len(rest) > 1 && (rest[0].key == "it" || rest[0].key == "this") {
		// "make it one way", "make it 3 usb-c cables": "it" is the page's state.
		rest = rest[1:]
		if len(rest) > 1 && (rest[0].key == "to" || rest[0].key == "be") {
			rest = rest[1:]
		}
	}
	vw := joinRaw(body[:n])
	if namesAnew(vw) {
		return nil
	}
	out := []clause{r.fieldValue(rest, changed, false), r.reversedPair(rest, changed), r.optionGoal(rest, changed), r.optionForGroup(rest, changed)}
	if fold(vw) == "add" {
		// "add garlic bread", "can u add a bbq dip", "add olives": what is added is an
		// item the page offers, its menu item, button or box, read as the page names it;
		// "a" counts one of it.
		if len(rest) > 1 && (rest[0].key == "a" || rest[0].key == "an") {
			rest = rest[1:]
		}
		if cl := r.readClause(rest, carry{after: -1}, changed); onlyAdds(cl) {
			out = append(out, cl)
		}
	}
	for i := range out {
		out[i].quality *= 0.97
	}
	return out
}

// onlyAdds reports a reading whose every command clicks or ticks what it names, with
// nothing asked or left over: what "add" can mean besides typing.
func onlyAdds(cl clause) bool {
	if len(cl.cmds) == 0 || len(cl.questions)+len(cl.unexplained) > 0 {
		return false
	}
	for _, c := range cl.cmds {
		if k := c.Action.Kind; !c.Bound || k != page.Click && k != page.Check {
			return false
		}
	}
	return true
}

// fieldValuePlain is fieldValue on a clause with no verb, where "Name Jas" may pair a
// field and a value with nothing between them.
func (r *reader) fieldValuePlain(body []token, changed bool) clause {
	return r.fieldValue(body, changed, true)
}

// unread is a clause no frame reads: its words are unexplained, unless a tab or menu
// just opened, when it is read again on what that shows, or it is a remark (remarks.go).
func (r *reader) unread(body []token, c carry) clause {
	if r.revealed && !r.instructionLike(body) {
		return r.readAgainAs(body, c, 0.6)
	}
	if r.remark(body) {
		return remarkClause(body)
	}
	return clause{unexplained: words(body)}
}

// readAgain is the clause read again, whole, on the page an earlier step leaves.
func (r *reader) readAgain(body []token, quality float64) clause {
	return clause{quality: quality, deferred: true, cmds: []Command{{Verb: verbClause, Phrase: r.written(body), Words: joinRaw(body)}}}
}

// repeat makes a click or a key said "twice" or "3 times" that many clicks or presses.
func repeat(cl clause, times int) clause {
	if k := cl.cmds; times > 1 && len(k) == 1 && (k[0].Action.Kind == page.Click || k[0].Action.Kind == page.Press) {
		for k := 1; k < times; k++ {
			cl.cmds = append(cl.cmds, cl.cmds[0])
		}
	}
	return cl
}

// softVerb reports verbs that say little more than "make it so": show, set, use, choose.
func softVerb(v verb) bool {
	return v == vOpen || v == vType || v == vSelect
}

// repeatCount strips "twice", "three times", "5 times" from the end of a clause.
func repeatCount(body []token) ([]token, int) {
	n := len(body)
	if n >= 2 && body[n-1].key == "twice" {
		return body[:n-1], 2
	}
	if n >= 3 && (body[n-1].key == "times" || body[n-1].key == "x") {
		if v, ok := parseNumber(body[n-2].raw); ok && atoi(v) > 1 && atoi(v) <= 20 {
			return body[:n-2], atoi(v)
		}
	}
	return body, 1
}

// leadingPlace returns the length of a place phrase before the verb ("in the Notes box,"),
// or 0 when the clause does not start with one.
func leadingPlace(body []token) int {
	if len(body) < 3 || body[0].kind != tokWord {
		return 0
	}
	switch body[0].key {
	case "in", "into", "on", "under", "inside", "within", "for", "at":
	default:
		return 0
	}
	for m := 2; m < len(body); m++ {
		if v, _ := verbAt(body, m); v != "" {
			return m
		}
	}
	return 0
}

// fuzzyVerbAt reads a verb typed with a slip ("slect", "trun on", "cilck").
func fuzzyVerbAt(toks []token, i int) (verb, int) {
	if v, _ := verbAt(toks, i); v != "" {
		return "", 0
	}
	for n := 2; n >= 1; n-- {
		if i+n > len(toks) {
			continue
		}
		for phrase, v := range verbs {
			ws := strings.Fields(phrase)
			if len(ws) != n {
				continue
			}
			ok := true
			for k, w := range ws {
				t := toks[i+k]
				if t.kind != tokWord || t.key != w && (len(w) < 4 || keySim(t.key, w) < typoSim) {
					ok = false
					break
				}
			}
			if ok && !nounOf(toks, i, n) {
				return v, n
			}
		}
	}
	return "", 0
}

// stripPolite finds the clause's body between polite openers and closers.
func stripPolite(toks []token) (int, int) {
	lo, hi := 0, len(toks)
	for changed := true; changed; {
		changed = false
		for _, p := range politeLead {
			if matchWords(toks[lo:hi], 0, p) {
				lo += len(p)
				changed = true
				break
			}
		}
		for lo < hi && toks[lo].kind == tokPunct {
			lo++
			changed = true
		}
	}
	for changed := true; changed && hi > lo; {
		changed = false
		for _, p := range politeTail {
			if hi-lo > len(p) && matchWords(toks[lo:hi], hi-lo-len(p), p) {
				hi -= len(p)
				changed = true
				break
			}
		}
		for hi > lo && toks[hi-1].kind == tokPunct && toks[hi-1].raw != ")" {
			hi--
			changed = true
		}
	}
	return lo, hi
}

func matchWords(toks []token, at int, ws []string) bool {
	if at < 0 || at+len(ws) > len(toks) {
		return false
	}
	for k, w := range ws {
		if toks[at+k].kind != tokWord || toks[at+k].key != w {
			return false
		}
	}
	return true
}

func words(toks []token) []string {
	var out []string
	for _, t := range toks {
		if t.kind != tokPunct && !ignorable[t.key] {
			out = append(out, t.raw)
		}
	}
	return out
}

// withVerb reads a clause that starts with a known verb.
func (r *reader) withVerb(v verb, vw string, rest []token, changed bool) clause {
	next := carry{verb: v, words: vw}
	var cl clause
	switch v {
	case vBack:
		cl = r.back(rest)
	case vWait:
		cl = r.wait(rest)
	case vScroll:
		cl = r.scroll(vw, rest)
	case vType:
		cl = r.typeFrame(vw, rest, changed)
	case vSelect:
		cl = r.selectFrame(vw, rest, changed)
	case vSubmit:
		cl = r.submit(vw, rest, changed)
	case vSearch:
		cl = r.search(vw, rest, changed)
	default:
		if v == vClick {
			if k, ok := keyOf(rest); ok && !r.namesElement(rest) {
				cl = simple(said(page.Action{Kind: page.Press, Text: k}, "press", k), vw+" "+joinRaw(rest))
				break
			}
		}
		if v == vOpen {
			if u, ok := urlOf(rest); ok {
				cl = simple(said(page.Action{Kind: page.Navigate, Text: u}, "open", u), vw+" "+joinRaw(rest))
				cl.changes = true
				break
			}
		}
		cl = r.elementFrame(v, vw, rest, changed)
	}
	cl.next = next
	return cl
}

// elementFrame reads "VERB element-phrase": click, double-click, hover, focus, open,
// close, check, uncheck, toggle, clear.
func (r *reader) elementFrame(v verb, vw string, rest []token, changed bool) clause {
	if len(rest) == 0 {
		if v == vClose {
			return r.onlyCloser(v, vw, rest, changed)
		}
		return clause{}
	}
	if v == vClose && onlyDialogWords(rest) {
		return r.onlyCloser(v, vw, rest, changed)
	}
	if m := instrumentAt(rest); m > 0 && (v == vClose || v == vClick) {
		return r.closeWith(v, vw, rest, m, changed)
	}
	ref := r.ix.resolve(rest, v)
	if _, ok := ref.best(); !ok {
		if cl, ok := r.reveal(v, vw, rest); ok {
			return cl
		}
	} else if len(ref.unexplained) > 0 {
		if cl, ok := r.revealMenu(v, vw, rest); ok {
			return cl
		}
	}
	if _, ok := ref.best(); !ok || len(ref.unexplained) > 0 {
		// The verb may be the label's first word: "select Tom Baker" ticks "Select Tom
		// Baker", "mark all as read" presses "Mark all as read".
		with := slices.Concat(tokenize(vw), rest)
		if alt := r.ix.resolve(with, v); altBetter(alt, ref) {
			return r.fromRef(v, "", with, alt, changed, "")
		}
	}
	return r.fromRef(v, vw, rest, ref, changed, "")
}

func altBetter(a, b ref) bool {
	ab, aok := a.best()
	if !aok || len(a.unexplained) > 0 || ab.score < 0.85 {
		return false
	}
	bb, bok := b.best()
	return !bok || ab.score > bb.score || len(b.unexplained) > 0
}
