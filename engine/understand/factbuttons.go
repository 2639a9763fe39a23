package understand

import (
	"slices"
	"strconv"

	"github.com/errand-app/errand/engine/page"
)

// Buttons named by what they do and to what: "Book Pilates Mat Tue 11 Mar 09:30", "Join
// waitlist for Spin 45". A timetable or list has one per item, the same verb first and the
// item's facts after it. People say the verb and enough of the facts to pick one, in their
// own order and words: "book me into Pilates Mat on Tuesday at 9:30am", "book the evening
// spin on Tuesday". The button is the one, shown or behind a tab, whose name starts with
// the verb and whose name, row or tab holds every other word said; the words that only
// join facts ("on", "at", "into") or stand for the person ("me") need no match. Several
// that fit are left to the readings that ask (docs/understanding.md, item 56).

// factGlue joins the facts of an item, or says who it is for.
var factGlue = set("on", "at", "in", "into", "onto", "for", "the", "me", "us", "myself", "my", "our", "please", "pls", "class", "session")

// factButton is one button a clause may name: a shown node, or a control behind another.
type factButton struct {
	node   int // index of a shown node, or -1
	behind int // index into Observation.Behind, or -1
	keys   []string
}

func (r *reader) factsButton(body []token, changed bool) clause {
	if len(body) < 3 || body[0].kind != tokWord || changed && r.revealed {
		return clause{}
	}
	lead := body[0].key
	var facts []token
	for _, t := range body[1:] {
		switch {
		case t.kind == tokPunct:
		case t.kind == tokWord && factGlue[t.key]:
		case t.kind == tokWord && (indefinite[t.key] || allWords[t.key]):
			return clause{} // "book a class on Tuesday" leaves which open: others ask
		default:
			facts = append(facts, t)
		}
	}
	all := r.verbButtons(lead)
	var shown []int
	for _, b := range all {
		if b.node >= 0 {
			shown = append(shown, b.node)
		}
	}
	// "cancel my appointment" under "Your appointments" names no row, though one row
	// reads "Hygienist appointment" (kindonly.go).
	facts = slices.DeleteFunc(facts, func(t token) bool { return r.ix.kindOver(t, shown) })
	if len(facts) == 0 {
		return clause{}
	}
	fits := fitting(all, facts)
	if len(fits) != 1 || r.rowsFitting(facts) > 1 {
		// None, or several; or one of several rows the facts fit, the others with another
		// button ("book Sarah's class": her full class has "Join waiting list"). The
		// readings that ask say which.
		return clause{}
	}
	words := joinRaw(body)
	cl, ok := r.press(fits[0], words)
	if !ok {
		return clause{}
	}
	cl.quality = 0.9
	return cl.readAs(words, r.buttonPath(fits[0]))
}

// press clicks a factButton: a shown one at once, one behind a tab or menu after the
// clicks that show it, found again there by its name (and its row, when several share
// the name).
func (r *reader) press(b factButton, words string) (clause, bool) {
	if b.node >= 0 {
		return r.bindClause(vClick, "", b.node, 0.9, "", false, words), true
	}
	h := r.obs.Behind[b.behind]
	chain, ok := r.revealChain(hiddenPrefix + strconv.Itoa(b.behind+1))
	if !ok || r.ix.nodes[-1-chain[0]].Occ || r.ix.nodes[-1-chain[0]].Has("expanded") {
		return clause{}, false // an open menu shows its items; a click would close it
	}
	cmds, ok := r.reachClicks(chain, h.Name, words)
	if !ok {
		return clause{}, false
	}
	phrase := h.Name
	if h.Ctx != "" && slices.ContainsFunc(r.obs.Behind, func(o page.Hidden) bool { return o.Name == h.Name && o.Ctx != h.Ctx }) {
		phrase += " in " + h.Ctx // one "Book" of many, found again by its row
	}
	cmds = append(cmds, Command{Verb: string(vClick), Phrase: phrase, Words: words, Changes: true,
		Action: page.Action{Kind: page.Click, Todo: "click “" + h.Name + "”"}})
	return clause{cmds: cmds, changes: true, deferred: true}, true
}

// buttonPath names a factButton as the person will see it announced.
func (r *reader) buttonPath(b factButton) string {
	if b.node >= 0 {
		return "“" + page.Describe(r.ix.nodes[b.node]) + "”"
	}
	h := r.obs.Behind[b.behind]
	chain, _ := r.revealChain(hiddenPrefix + strconv.Itoa(b.behind+1))
	return "“" + r.pathTo(chain, h.Name) + "”"
}

// verbButtons are the buttons and links, shown or behind a tab, whose name starts with
// the word lead ("Book Pilates Mat Tue 09:30", or "Book" in the class's row), with the keys of their name, row and opener.
func (r *reader) verbButtons(lead string) []factButton {
	var out []factButton
	// The inverted index finds the shown ones: most clauses start with a word no control's
	// name does ("click", "set"), and a page may have thousands of controls.
	for _, i := range r.ix.byKey[lead] {
		n, name := r.ix.nodes[i], r.ix.names[i]
		if !n.Occ && !n.Has("disabled") && rowAction(n.Role) && len(name) > 0 && name[0] == lead {
			out = append(out, factButton{node: i, behind: -1, keys: slices.Concat(name, r.ix.ctx(i))})
		}
	}
	for k, h := range r.obs.Behind {
		name, ctx := r.hiddenKeys(k)
		if !rowAction(h.Role) || len(name) == 0 || name[0] != lead || r.opensMore(hiddenPrefix+strconv.Itoa(k+1)) {
			continue
		}
		keys := slices.Concat(name, ctx)
		if h.Via == 0 {
			if o := r.ix.nodeOf(h.By); o >= 0 {
				keys = append(keys, r.ix.names[o]...) // the tab it is under: "Tue 11"
			}
		}
		out = append(out, factButton{node: -1, behind: k, keys: keys})
	}
	return out
}

// hiddenKeys are the keys of hidden control k's name and context.
func (r *reader) hiddenKeys(k int) (name, ctx []string) {
	if r.behindKeys == nil {
		r.behindKeys = make([][2][]string, len(r.obs.Behind))
		for j, h := range r.obs.Behind {
			r.behindKeys[j] = [2][]string{keysOf(h.Name), keysOf(h.Ctx)}
		}
	}
	return r.behindKeys[k][0], r.behindKeys[k][1]
}

// fitting are the buttons whose keys hold every fact said.
func fitting(buttons []factButton, facts []token) []factButton {
	return slices.DeleteFunc(slices.Clone(buttons), func(b factButton) bool { return !factsFit(facts, b.keys) })
}

// rowsFitting counts the rows, shown or behind a tab, whose clickable controls' names,
// row and tab hold every fact said, whatever their verb.
func (r *reader) rowsFitting(facts []token) int {
	rows := map[string]bool{}
	for i, n := range r.ix.nodes {
		if n.Ctx != "" && !n.Occ && rowAction(n.Role) && factsFit(facts, slices.Concat(r.ix.names[i], r.ix.ctx(i))) {
			rows[n.Ctx] = true
		}
	}
	for k, h := range r.obs.Behind {
		if h.Ctx == "" || !rowAction(h.Role) {
			continue
		}
		name, ctx := r.hiddenKeys(k)
		keys := slices.Concat(name, ctx)
		if o := r.ix.nodeOf(h.By); h.Via == 0 && o >= 0 {
			keys = append(keys, r.ix.names[o]...)
		}
		if factsFit(facts, keys) {
			rows[h.Ctx+"\x00"+h.By] = true
		}
	}
	return len(rows)
}

// rowAction reports a role a row's action is drawn as.
func rowAction(role string) bool {
	return role == page.RoleButton || role == page.RoleLink || role == page.RoleMenuItem
}

// factsFit reports every fact said among keys: a word of them, or a part of the day one of
// their times is in ("the evening spin" for 18:30).
func factsFit(facts []token, keys []string) bool {
	for _, f := range facts {
		if span, ok := dayParts[f.key]; ok {
			if !slices.ContainsFunc(keys, func(k string) bool {
				m, ok := clockMinute(k)
				return ok && m >= span[0] && m < span[1]
			}) {
				return false
			}
			continue
		}
		if !slices.ContainsFunc(keys, func(k string) bool { return wordEq(f.key, k) >= 0.95 }) {
			return false
		}
	}
	return true
}

// clockMinute is a clock key's minutes after midnight.
func clockMinute(k string) (int, bool) {
	if !isClockKey(k) {
		return 0, false
	}
	return atoi(k[:2])*60 + atoi(k[3:]), true
}
