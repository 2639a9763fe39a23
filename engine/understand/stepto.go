package understand

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
)

// A count said for a stepper: "make it 6 servings", "set guests to 3", "add one guest",
// "two more adults", "remove a child seat". The stepper's two buttons are pressed the
// right number of times; a count set outright is reached from the count the page shows.
// More than maxPresses presses ask first.

const maxPresses = 20

// stepper is a down and an up button, the noun they count and the count shown.
type stepper struct {
	down, up int
	noun     []string // singular keys of what is counted: "serving", "guest"
	count    int
	known    bool
	// typed is set when the count is an editable field: a count said outright is typed
	// into it (fieldValue), as the page lets a person do.
	typed bool
}

var (
	stepUpLead   = set("add", "increase", "raise", "up")
	stepDownLead = set("remove", "decrease", "reduce", "lower", "drop", "take")
	stepSetLead  = set("make", "set", "change", "adjust", "update", "scale", "put", "switch")
	// reShownCount is a count drawn between the buttons' symbols: "Servings − 4 + Units".
	reShownCount = regexp.MustCompile(`[−\-–]\s*(\d+)\s*\+`)
	reLoneCount  = regexp.MustCompile(`(?:^|\s)(\d+)(?:\s|$)`)
)

// steppers lists the page's steppers with the count each shows.
func (ix *index) steppers() []stepper {
	var out []stepper
	for _, p := range ix.stepperPairs() {
		s := stepper{down: p[0], up: p[1]}
		for _, k := range ix.names[p[0]][1:] {
			s.noun = append(s.noun, countNoun(k))
		}
		lo, hi := min(p[0], p[1]), max(p[0], p[1])
		for k := lo + 1; k < hi; k++ {
			if n := ix.nodes[k]; isField(n) {
				s.count, s.known = atoiOK(n.Value)
				s.typed = !n.Has("readonly") && !n.Has("disabled")
				for _, w := range ix.names[k] {
					s.noun = append(s.noun, countNoun(w))
				}
			}
		}
		if !s.known {
			s.count, s.known = ix.shownCount(ix.nodes[p[0]].Box)
		}
		out = append(out, s)
	}
	return out
}

// stepperOf finds the stepper whose count field is the node.
func (ix *index) stepperOf(node int) (stepper, bool) {
	for _, s := range ix.steppers() {
		if min(s.down, s.up) < node && node < max(s.down, s.up) {
			return s, true
		}
	}
	return stepper{}, false
}

// shownCount reads the count a stepper shows as text on the buttons' line.
func (ix *index) shownCount(box [4]int) (int, bool) {
	for _, t := range ix.obs.Text {
		if box[3] == 0 || !besideBox(t.Box, box) {
			continue
		}
		if m := reShownCount.FindAllStringSubmatch(t.Text, -1); len(m) == 1 {
			return atoiOK(m[0][1])
		}
		if m := reLoneCount.FindAllStringSubmatch(t.Text, -1); len(m) == 1 {
			return atoiOK(m[0][1])
		}
	}
	return 0, false
}

func atoiOK(s string) (int, bool) {
	n, ok := parseNumber(s)
	if !ok || strings.ContainsAny(n, ".-") {
		return 0, false
	}
	return atoi(n), true
}

// stepTo reads a count said for a stepper into presses of its buttons.
func (r *reader) stepTo(body []token, changed bool) clause {
	if len(body) < 2 || body[0].kind != tokWord {
		return clause{}
	}
	body, instr := r.withoutInstrument(body)
	dir, absolute, rest := 0, false, body
	switch k := body[0].key; {
	case stepUpLead[k]:
		dir, rest = 1, body[1:]
	case stepDownLead[k]:
		dir, rest = -1, body[1:]
	case stepSetLead[k]:
		absolute, rest = true, body[1:]
	}
	n, noun, more, ok := countAndNoun(rest)
	if !ok {
		return clause{}
	}
	switch {
	case more != 0 && !absolute:
		dir = more // "two more adults", "one fewer child"
	case dir == 0:
		absolute = true // "6 servings", "guests: 3"
	}
	s, ok := r.stepperFor(noun)
	if !ok {
		return clause{}
	}
	presses := dir * n
	if absolute {
		if !s.known || dir != 0 || s.typed {
			return clause{}
		}
		presses = n - s.count
	}
	if instr >= 0 && instr != s.up && instr != s.down || instr == s.up && presses < 0 || instr == s.down && presses > 0 {
		return clause{} // "add a guest using the − button" says two things
	}
	return r.pressSteps(s, presses, joinRaw(body))
}

// countAndNoun reads "6 servings", "a guest", "another child", "two more adults",
// "guests to 3", "guests: 3", "it to 6 servings".
func countAndNoun(toks []token) (n int, noun []string, more int, ok bool) {
	num := -1
	var words []string
	for k, t := range toks {
		switch {
		case t.kind == tokPunct && (t.raw == ":" || t.raw == "="):
		case t.kind != tokWord:
			return 0, nil, 0, false
		case t.key == "more" || t.key == "extra" || t.key == "additional":
			more = 1
		case t.key == "fewer" || t.key == "less":
			more = -1
		case (t.key == "a" || t.key == "an" || t.key == "another") && num < 0:
			num = 1
		case t.key == "it" || t.key == "this" || t.key == "to" || t.key == "the" || t.key == "be" || t.key == "of" || t.key == "by" || t.key == "for":
			if k == len(toks)-1 {
				return 0, nil, 0, false
			}
		default:
			if v, isNum := numberIn(t.raw); isNum && num < 0 && !strings.Contains(v, ".") {
				num = atoi(v)
				continue
			}
			words = append(words, countNoun(t.key))
		}
	}
	if num < 0 || len(words) == 0 {
		return 0, nil, 0, false
	}
	return num, words, more, true
}

// stepperFor finds the one stepper whose counted noun holds every word.
func (r *reader) stepperFor(noun []string) (stepper, bool) {
	var hit []stepper
	for _, s := range r.ix.steppers() {
		all := len(s.noun) > 0
		for _, w := range noun {
			if !slices.Contains(s.noun, w) {
				all = false
				break
			}
		}
		if all {
			hit = append(hit, s)
		}
	}
	if len(hit) != 1 {
		return stepper{}, false
	}
	return hit[0], true
}

// pressSteps presses one of the stepper's buttons presses times (negative: the down one).
func (r *reader) pressSteps(s stepper, presses int, words string) clause {
	btn := s.up
	if presses < 0 {
		btn, presses = s.down, -presses
	}
	if presses == 0 {
		return clause{}
	}
	one := r.bindClause(vClick, "", btn, 1, "", false, words)
	if len(one.cmds) != 1 {
		return clause{}
	}
	cl := clause{quality: 0.97, grounded: one.grounded, changes: true}
	for range presses {
		cl.cmds = append(cl.cmds, one.cmds[0])
	}
	if presses > maxPresses {
		desc := fmt.Sprintf("press %s %d times", page.Describe(r.ix.nodes[btn]), presses)
		q := Question{Kind: AskUnclear, Command: -1, Words: words, Text: fmt.Sprintf("That means I %s. Should I?", desc),
			Choices: []Choice{{Label: "Yes: " + desc, Value: "yes", Then: cl.cmds}, {Label: "No", Value: "no"}}}
		return clause{quality: 0.97, questions: []Question{q}}
	}
	return cl
}

// withoutInstrument drops "using the + button", "with the plus" when it names a
// stepper button, and returns that button (-1 when none was said).
func (r *reader) withoutInstrument(body []token) ([]token, int) {
	for m := 2; m < len(body)-1; m++ {
		if k := body[m].key; body[m].kind != tokWord || k != "using" && k != "with" && k != "via" {
			continue
		}
		ref := r.ix.resolve(body[m+1:], vClick)
		b, ok := ref.best()
		if !ok || b.score < 0.9 || len(ref.unexplained) > 0 {
			continue
		}
		for _, s := range r.ix.steppers() {
			if b.node == s.up || b.node == s.down {
				return body[:m], b.node
			}
		}
	}
	return body, -1
}

// countNoun is a counted noun's singular, enough to tell "2 guests" is about "Add guest":
// "guests" → "guest", "children" → "child", "berries" → "berry", "boxes" → "box".
func countNoun(k string) string {
	switch {
	case k == "children":
		return "child"
	case k == "people":
		return "person"
	case len(k) > 4 && strings.HasSuffix(k, "ies"):
		return k[:len(k)-3] + "y"
	case len(k) > 4 && (strings.HasSuffix(k, "xes") || strings.HasSuffix(k, "ches") || strings.HasSuffix(k, "shes")):
		return k[:len(k)-2]
	case len(k) > 3 && strings.HasSuffix(k, "s") && !strings.HasSuffix(k, "ss"):
		return k[:len(k)-1]
	}
	return k
}
