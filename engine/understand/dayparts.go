package understand

import (
	"fmt"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Parts of the day name the times in them: "Thursday afternoon slot please", "book the
// morning appointment". A part of the day is a span of clock times (a closed table); the
// slots are the controls whose names start with a time in it, narrowed by the other words
// said (a day, a place) in their context. One slot proceeds, announced; several are asked
// about, each a choice; "an afternoon slot" always asks (docs/understanding.md, item 28).

// dayParts are the spans, from and to in minutes after midnight.
var dayParts = map[string][2]int{
	"morning": {5 * 60, 12 * 60}, "afternoon": {12 * 60, 17 * 60}, "evening": {17 * 60, 24 * 60},
	"lunchtime": {11*60 + 30, 14 * 60}, "night": {18 * 60, 24 * 60},
}

// slotWords say only that a time is meant: "the afternoon slot", "an evening appointment".
var slotWords = set("slot", "slots", "appointment", "time", "session", "one", "please", "the", "book",
	"take", "in", "on", "for", "pm", "am")

func (r *reader) partOfDay(body []token, changed bool) clause {
	at := -1
	for k, t := range body {
		if _, ok := dayParts[t.key]; ok && t.kind == tokWord {
			if at >= 0 {
				return clause{}
			}
			at = k
		}
	}
	if at < 0 {
		return clause{}
	}
	span := dayParts[body[at].key]
	v := vClick
	var rest []token
	indefinite := false
	for k, t := range body {
		switch {
		case k == at:
		case k == 0 && t.kind == tokWord && (verbs[t.key] == vSelect || verbs[t.key] == vClick):
			v = verbs[t.key]
		case t.kind == tokWord && (t.key == "a" || t.key == "an" || t.key == "any" || t.key == "some"):
			indefinite = true
		case t.kind == tokWord && slotWords[t.key], t.kind == tokPunct:
		default:
			rest = append(rest, t)
		}
	}
	want := itemKeys(rest)
	var cands []cand
	for i, n := range r.ix.nodes {
		if n.Occ || n.Has("disabled") || !slotRole(n) {
			continue
		}
		m, ok := startMinute(n.Name)
		if !ok || m < span[0] || m >= span[1] {
			continue
		}
		if len(want) > 0 {
			if c, _ := containment(want, r.ix.ctx(i), r.ix.names[i]); c < 1 {
				continue
			}
		}
		cands = append(cands, cand{node: i, score: 0.9, option: -1})
	}
	words := joinRaw(body)
	switch {
	case len(cands) == 0:
		return clause{}
	case len(cands) == 1 && !indefinite:
		cl := r.bindClause(v, "", cands[0].node, 0.9, "", false, words)
		cl.quality = 0.9
		cl.assumed = append(cl.assumed, fmt.Sprintf("%s is the %s slot", page.Describe(r.ix.nodes[cands[0].node]), body[at].raw))
		return cl
	}
	return clause{quality: 0.9, questions: []Question{r.whichElement(words, cands, r.binder(v, "", "", false, words))}}
}

// slotRole reports a control a time slot is drawn as.
func slotRole(n page.Node) bool {
	switch n.Role {
	case page.RoleButton, page.RoleRadio, page.RoleOption, page.RoleLink, page.RoleCheckbox:
		return true
	}
	return false
}

// startMinute is the first clock time in a name, in minutes after midnight.
func startMinute(name string) (int, bool) {
	if !strings.ContainsAny(name, "0123456789") {
		return 0, false
	}
	for _, t := range clockKeys(tokenize(name)) {
		if k := t.key; len(k) == 5 && k[2] == ':' { // clockKeys writes times as HH:MM
			return atoi(k[:2])*60 + atoi(k[3:]), true
		}
	}
	return 0, false
}
