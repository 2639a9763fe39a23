package understand

import (
	"fmt"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// Doing it later, said with the control's own word: "schedule it for June 1st 2027 at 9:30
// am", "Schedule the ride for April 3rd 2025 at 6:45 am", "Schedule it to go out on 1 May
// 2025 at 9 in the morning". The first word is the first word of the one control for doing
// it later: a radio, switch or box ("Schedule for later") that shows the date and time
// fields, which is turned on and the fields it shows filled; or a button ("Schedule")
// beside the one date-and-time field in view, which is filled and the button pressed. The
// words before "on"/"for"/"at" may only point at the thing the page is about ("it", "the
// ride"); what follows is when (docs/understanding.md item 42).

// laterVerbs say to do something at a time to come.
var laterVerbs = set("schedule", "reschedule")

// laterFillers are the words that may stand between the verb and when.
var laterFillers = set("it", "this", "that", "them", "the", "my", "our", "to", "go", "out", "be", "sent", "send",
	"published", "delivered")

func (r *reader) scheduledWhen(body []token, changed bool) clause {
	if len(body) < 3 || body[0].kind != tokWord || r.behindReader() == nil && !r.hasLaterField() {
		return clause{}
	}
	at := -1
	for m := 1; m+1 < len(body) && m <= 6; m++ {
		if body[m].kind == tokWord && whenWords[body[m].key] {
			at = m
			break
		}
		if t := body[m]; t.kind != tokWord || !laterFillers[t.key] && !r.inContextOnly(t.key) {
			return clause{} // a word that names a control may say what to schedule: asked
		}
	}
	if at < 0 {
		return clause{}
	}
	text, _ := r.valueText(body[at+1:])
	iso, ok := parseDateTime(text, r.opts)
	if !ok {
		d, isDate := parseDate(text, r.opts.DayFirst, r.opts.year())
		if !isDate {
			return clause{}
		}
		iso = d.iso()
	}
	words := joinRaw(body)
	if cl, ok := r.laterToggle(body[0].key, iso, words); ok {
		return cl
	}
	return r.laterButton(body[0].key, iso, words)
}

// inContextOnly reports a word the page uses around its controls but in no control's name:
// "ride" of "Choose a ride".
func (r *reader) inContextOnly(k string) bool {
	return len(r.ix.byKey[k]) == 0 && len(r.ix.ctxIndex()[k]) > 0
}

// hasLaterField reports a date or date-and-time field in view.
func (r *reader) hasLaterField() bool {
	return slices.ContainsFunc(r.ix.nodes, func(n page.Node) bool { return !n.Occ && (n.Type == "date" || n.Type == "datetime-local") })
}

// laterToggle turns on the one unticked control named with the verb that shows date or
// time fields, and fills them.
func (r *reader) laterToggle(verbWord, iso, words string) (clause, bool) {
	toggle := -1
	for _, i := range r.togglesNamedBy(verbWord) {
		if len(r.laterFields(r.ix.nodes[i].ID)) == 0 {
			continue
		}
		if toggle >= 0 {
			return clause{}, false
		}
		toggle = i
	}
	if toggle < 0 {
		return clause{}, false
	}
	cl := r.bindClause(vCheck, "", toggle, 1, "", false, words)
	if len(cl.cmds) != 1 {
		return clause{}, false
	}
	cl.cmds[0].Changes = true
	date, clock, _ := strings.Cut(iso, "T")
	for _, k := range r.laterFields(r.ix.nodes[toggle].ID) {
		value := ""
		switch r.obs.Behind[k].Type {
		case "datetime-local":
			value = iso
		case "date":
			value = date
		case "time":
			value = clock
		}
		if value == "" {
			continue
		}
		cl.cmds = append(cl.cmds, Command{Verb: string(vType), Phrase: r.hiddenPhrase(k), Value: value, Quoted: true, Words: words,
			Action: page.Action{Todo: fmt.Sprintf("type %q into “%s”", value, r.obs.Behind[k].Name)}})
	}
	if len(cl.cmds) == 1 {
		return clause{}, false
	}
	cl.quality, cl.changes, cl.deferred = 0.9, true, true
	return cl, true
}

// togglesNamedBy lists the unticked radios, boxes and switches in view whose name starts
// with the verb ("Schedule for later", "Leave in a safe place"), found through the index:
// these frames run for every clause.
func (r *reader) togglesNamedBy(verbWord string) []int {
	var out []int
	for _, i := range r.ix.nodesWith([]string{verbWord}) {
		n := r.ix.nodes[i]
		if n.Occ || n.Has("checked") || n.Role != page.RoleRadio && n.Role != page.RoleCheckbox && n.Role != page.RoleSwitch {
			continue
		}
		if keys := r.ix.names[i]; len(keys) > 0 && wordEq(verbWord, keys[0]) >= 0.95 {
			out = append(out, i)
		}
	}
	return out
}

// laterFields are the date, time and date-and-time fields the control with id shows.
func (r *reader) laterFields(id string) []int {
	var out []int
	for k, h := range r.obs.Behind {
		if h.By == id && (h.Type == "date" || h.Type == "time" || h.Type == "datetime-local") {
			out = append(out, k)
		}
	}
	return out
}

// laterButton fills the one date-and-time field in view and presses the one button named
// the verb alone, when the verb is one of doing it later ("Schedule"): "send it on the
// first of May" beside a Send button says when, not to send. A field whose name starts
// with the verb ("Schedule for") is the one the words name, and the button is not pressed.
func (r *reader) laterButton(verbWord, iso, words string) clause {
	if !laterVerbs[verbWord] {
		return clause{}
	}
	button, field := -1, -1
	for i, n := range r.ix.nodes {
		switch {
		case n.Occ:
		case n.Role == page.RoleButton && slices.Equal(r.ix.names[i], []string{verbWord}):
			if button >= 0 {
				return clause{}
			}
			button = i
		case n.Type == "datetime-local" || n.Type == "date" && !strings.Contains(iso, "T"):
			if field >= 0 {
				return clause{}
			}
			field = i
		}
	}
	if button < 0 || field < 0 || len(r.ix.names[field]) > 0 && r.ix.names[field][0] == verbWord {
		return clause{}
	}
	cl := r.bindClause(vType, "", field, 0.9, iso, false, words)
	press := r.bindClause(vClick, "", button, 1, "", false, words)
	if len(cl.cmds) != 1 || len(press.cmds) != 1 {
		return clause{}
	}
	cl.cmds = append(cl.cmds, press.cmds...)
	cl.grounded = append(cl.grounded, press.grounded...)
	cl.quality, cl.changes = 0.9, true
	return cl
}

// chosenBy reads "leave it in the shed" (docs/understanding.md item 46): the verb is the
// first word of choices that show fields ("Leave with a neighbour", "Leave in a safe
// place"), and what follows is an option of exactly one dropdown one of them shows (Safe
// place: Shed). That choice is made and the option chosen. The words between are only
// pointing and place words ("it", "in the").
func (r *reader) chosenBy(body []token, changed bool) clause {
	if len(body) < 2 || body[0].kind != tokWord || r.behindReader() == nil {
		return clause{}
	}
	m := 1
	for m < len(body) && body[m].kind == tokWord && (pointing[body[m].key] || tailPreps[body[m].key] || body[m].key == "the") {
		m++
	}
	if m == len(body) {
		return clause{}
	}
	val, quoted := r.valueText(body[m:])
	if quoted {
		return clause{}
	}
	type pick struct {
		toggle, field int
		option        string
	}
	var hits []pick
	for _, i := range r.togglesNamedBy(body[0].key) {
		for k, h := range r.obs.Behind {
			if h.By != r.ix.nodes[i].ID || h.Role != page.RoleSelect {
				continue
			}
			if o, s := r.behindReader().ix.optionOf(val, k); o >= 0 && s >= 1 && !isPlaceholder(h.Options[o]) {
				hits = append(hits, pick{i, k, h.Options[o]})
			}
		}
	}
	if len(hits) != 1 {
		return clause{}
	}
	hit, field := hits[0], r.obs.Behind[hits[0].field]
	words := joinRaw(body)
	cl := r.bindClause(vCheck, "", hit.toggle, 0.9, "", false, words)
	if len(cl.cmds) != 1 {
		return clause{}
	}
	cl.cmds[0].Changes = true
	// Typed by the field's name once shown, which chooses a dropdown's option (bind.go).
	cl.cmds = append(cl.cmds, Command{Verb: string(vType), Phrase: r.hiddenPhrase(hit.field), Value: hit.option, Quoted: true, Words: words,
		Action: page.Action{Todo: fmt.Sprintf("choose %q in “%s”", hit.option, field.Name)}})
	cl.quality, cl.changes, cl.deferred = 0.9, true, true
	cl.assumed = append(cl.assumed, fmt.Sprintf("%q is %s, then %q in %s", joinRaw(body[:1]), page.Describe(r.ix.nodes[hit.toggle]), val, field.Name))
	return cl
}

// pointing are the words that point at the thing the page is about.
var pointing = set("it", "them", "this", "that", "they")
