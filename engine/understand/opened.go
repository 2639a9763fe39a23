package understand

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// A section a step has just opened: what the clauses after it fill and press there
// ("tick This is a gift and write Happy birthday in the message", "add a new payee - Jo
// Wright, sort code 20-45-77, … - and save it"). The controls it shows are in
// Observation.Behind, tied to the control that opened them (docs/understanding.md items
// 10 and 41).

// openedBy is the control the last of cmds turns on, clicks or chooses an option of (a
// dropdown whose "Something else" shows a field), when the page holds
// controls it shows; "" otherwise, which keeps the clause cache shared on most pages.
func (r *reader) openedBy(cmds []Command) string {
	if len(cmds) == 0 {
		return ""
	}
	c := cmds[len(cmds)-1]
	if !c.Bound || !opens(c.Action.Kind) ||
		!slices.ContainsFunc(r.obs.Behind, func(h page.Hidden) bool { return h.By == c.Action.ID }) {
		return ""
	}
	return c.Action.ID
}

// opens reports an action that may show what the page holds behind its control: a click,
// a tick, a radio or an option chosen.
func opens(k page.Kind) bool {
	return k == page.Click || k == page.Check || k == page.Select
}

// oneShownButton is the one button among the hidden controls shows whose name holds the
// verb said: "save it" for "Save payee".
func (r *reader) oneShownButton(shows []int, verbWord string) (int, bool) {
	hit := -1
	for _, k := range shows {
		h := r.obs.Behind[k]
		if h.Role != page.RoleButton || !slices.Contains(matchKeys(h.Name), verbWord) {
			continue
		}
		if hit >= 0 {
			return 0, false
		}
		hit = k
	}
	return hit, hit >= 0
}

// namesShownButton reports words that are all of one shown button's name: "save payee".
func (r *reader) namesShownButton(shows []int, body []token) bool {
	keys := keysOfToks(body)
	for _, k := range shows {
		if h := r.obs.Behind[k]; h.Role == page.RoleButton && slices.Equal(matchKeys(h.Name), keys) {
			return true
		}
	}
	return false
}

// fieldForKind finds the one field a value of the kind fits: a name into the one field
// named for a name, a phone number, e-mail or date into the one field of that type.
func (r *reader) fieldForKind(kind string) (int, bool) {
	if kind == "" || kind == "other" {
		return 0, false
	}
	hit := -1
	for i, n := range r.ix.nodes {
		if !isField(n) || n.Role == page.RoleSelect {
			continue
		}
		fits := fieldKind(n) == kind
		if kind == "name" {
			fits = fieldKind(n) == "" && slices.Contains(r.ix.names[i], "name")
		}
		if fits {
			if hit >= 0 {
				return 0, false
			}
			hit = i
		}
	}
	return hit, hit >= 0
}

// certain reports a clause read on the shown page with every command bound, nothing asked
// and nothing left: what the page shows is what it names.
func certain(cl clause) bool {
	return bound(cl) && cl.quality >= 0.9
}

func anyBound(cmds []Command) bool {
	return slices.ContainsFunc(cmds, func(c Command) bool { return c.Bound })
}

// behindOpened reads a clause on the controls the control the clause before turned on
// shows: "tick This is a gift and write Happy birthday in the message" fills the Gift
// message box the tick shows. The person opened that section themselves, so any value fits
// (a free text too), and "it" is the one field there: "turn on the spend cap and set it to
// £15". The clause is read again once the click has shown the fields; nothing is clicked
// twice.
func (r *reader) behindOpened(body []token, c carry, changed bool) (clause, bool) {
	opener := r.ix.nodeOf(c.opened)
	// Only what the opened control shows is read: the person has just opened it.
	h, shows := r.hiddenReader(func(hd page.Hidden) bool { return hd.By == c.opened })
	var fields []int // indexes into Behind of the fields among them
	for _, k := range shows {
		if role := r.obs.Behind[k].Role; role != page.RoleButton && role != page.RoleLink && role != page.RoleMenuItem {
			fields = append(fields, k)
		}
	}
	doIt := len(body) == 2 && body[1].key == "it" // "save it", "send it"
	if _, n := verbAt(body, 0); len(body) == 0 || len(fields) == 0 || opener < 0 || n == 0 && actionVerbs[body[0].key] && !doIt && !r.namesShownButton(shows, body) {
		// "send 'Where is my order?'" asks for more than a value in a field.
		return clause{}, false
	}
	body = shownTail(body)
	src, toks := r.src, body
	if pointsBack(body) {
		// "set it to £15": "it" is the one field shown, for a verb that gives a value;
		// "save it" is the one button shown that the verb names ("Save payee"); "close it
		// with the x" is about what was opened, not a field in it.
		v := verbs[body[0].key]
		switch {
		case doIt && (v == vClick || actionVerbs[body[0].key]):
			b, ok := r.oneShownButton(shows, body[0].key)
			if !ok {
				return clause{}, false
			}
			src = r.obs.Behind[b].Name
		case len(fields) != 1 || v != vType && v != vSelect:
			return clause{}, false
		default:
			var ok bool
			if src, ok = r.namingBack(body, r.obs.Behind[fields[0]].Name); !ok {
				return clause{}, false
			}
		}
		toks = tokenize(src)
	}
	h.src = src
	h.ix.acronyms = r.ix.acronyms
	cl := h.readClause(toks, carry{verb: c.verb, words: c.words, after: -1}, changed)
	if !bound(cl) && r.bareValue(toks) {
		// "add a new payee - Jo Wright, sort code …": a value alone goes into the one field
		// just opened that its kind fits (a name into the one name field).
		if f, ok := h.fieldForKind(r.kindOf(joinRaw(toks))); ok {
			val, quoted := h.valueText(toks)
			cl = h.bindClause(vType, "", f, 0.85, val, quoted, joinRaw(toks))
			cl.assumed = append(cl.assumed, fmt.Sprintf("%q goes into %s", val, page.Describe(h.ix.nodes[f])))
		}
	}
	// A value put with no field named ("put jo@example.com") is weak on a whole page and
	// clear among the few fields the person has just opened.
	if v, n := verbAt(toks, 0); n > 0 && (v == vType || v == vSelect) && cl.quality >= 0.5 {
		cl.quality = max(cl.quality, 0.85)
	}
	if len(cl.cmds) == 0 || len(cl.questions) > 0 || len(cl.unexplained) > 0 || cl.quality < actMin {
		return clause{}, false
	}
	for _, cmd := range cl.cmds {
		k, err := strconv.Atoi(strings.TrimPrefix(cmd.Action.ID, hiddenPrefix))
		if !cmd.Bound || err != nil || !slices.Contains(shows, k-1) {
			return clause{}, false
		}
		switch cmd.Action.Kind {
		case page.SetValue, page.Select, page.Check, page.Uncheck, page.Click:
		default:
			return clause{}, false
		}
	}
	out := clause{quality: cl.quality * 0.95, changes: true, deferred: true, next: cl.next, assumed: cl.assumed,
		cmds: []Command{r.onceShown(body, src)}}
	out.next.opened = c.opened
	if len(cl.cmds) == 1 && (cl.cmds[0].Action.Kind == page.SetValue || cl.cmds[0].Action.Kind == page.Select) {
		// The value goes into the field read here, by its name, whatever else the page
		// shows then: "put jo@example.com" is for the field the box showed, not Full name;
		// a dropdown's option is chosen the same way (bind.go).
		k, _ := strconv.Atoi(strings.TrimPrefix(cl.cmds[0].Action.ID, hiddenPrefix))
		out.cmds[0] = Command{Verb: string(vType), Phrase: r.hiddenPhrase(k - 1), Value: cl.cmds[0].Action.Text,
			Quoted: true, Words: joinRaw(body), Changes: true}
	}
	for _, g := range cl.grounded {
		g.ID = ""
		if g.Element != "" {
			g.Element += " (shown by " + page.Describe(r.ix.nodes[opener]) + ")"
		}
		out.grounded = append(out.grounded, g)
	}
	return out, true
}

// onceShown is the clause read again once the fields are shown: its text, "it" named.
func (r *reader) onceShown(body []token, src string) Command {
	phrase := r.written(body)
	if src != r.src {
		phrase = src
	}
	return Command{Verb: verbClause, Phrase: phrase, Words: joinRaw(body), Changes: true}
}

// shownTail drops the words that say a field is the one just shown: "put 2 in the number
// box that shows up", "… in the field that appears".
func shownTail(body []token) []token {
	n := len(body)
	if n >= 3 && body[n-1].key == "up" {
		n--
	}
	if n >= 3 && (body[n-2].key == "that" || body[n-2].key == "which") && showWords[body[n-1].key] {
		return body[:n-2]
	}
	return body
}

var showWords = set("shows", "appears", "pops", "comes", "opens", "appeared", "showed")

// namingBack is the clause's text with its one "it" or "that" replaced by name.
func (r *reader) namingBack(body []token, name string) (string, bool) {
	at := -1
	for k, t := range body {
		if t.kind == tokWord && (t.key == "it" || t.key == "that" || t.key == "this") {
			if at >= 0 {
				return "", false
			}
			at = k
		}
	}
	from, to := body[0].start, body[len(body)-1].end
	if at < 0 || r.src == "" || from < 0 || to > len(r.src) || body[at].start < from {
		return "", false
	}
	return r.src[from:body[at].start] + name + r.src[body[at].end:to], true
}
