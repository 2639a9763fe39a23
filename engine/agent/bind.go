package agent

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/rules"
)

// binding is one command turned into an action on this page, or the reason it cannot be.
type binding struct {
	action   page.Action
	node     page.Node
	match    float64
	risky    bool
	why      string
	deferred bool // the target is not on this page (yet)
	res      rules.Resolution
	question *Question
}

// bind resolves command i against the page.
func (s *step) bind(i int, obs page.Observation) binding {
	c := s.st.Commands[i]
	switch c.Verb {
	case rules.VerbNavigate:
		u := absURL(obs.URL, c.Value)
		return binding{action: page.Action{Kind: page.Navigate, Text: u, Description: "opened " + u}, match: 1, why: "address given"}
	case rules.VerbBack:
		return binding{action: page.Action{Kind: page.GoBack, Description: "went back"}, match: 1, why: "go back"}
	case rules.VerbPress:
		return binding{action: page.Action{Kind: page.Press, Text: c.Value, Description: "pressed " + c.Value}, match: 1, why: "key " + c.Value}
	case rules.VerbScroll:
		return binding{action: page.Action{Kind: page.ScrollTo, Text: c.Value, Description: "scrolled " + c.Value}, match: 1, why: "scroll"}
	case rules.VerbWait:
		ms, _ := strconv.Atoi(c.Value)
		return binding{action: page.Action{Kind: page.Wait, Ms: ms, Description: fmt.Sprintf("waited %d ms", ms)}, match: 1, why: "wait"}
	}
	b := binding{}
	option := ""
	if id, ok := s.st.Bindings[i]; ok {
		if n, ok := obs.Node(id); ok {
			b.node, b.match, b.why = n, 1, "chosen by you: "+page.Describe(n)
			if r, ok := s.st.Refined[i]; ok {
				b.match, b.why = r.Confidence, fmt.Sprintf("the model chose %s (%.2f)", page.Describe(n), r.Confidence)
			}
		}
	}
	if b.node.ID == "" {
		b.res = rules.Resolve(c, obs)
		best, found := b.res.Best()
		if !found {
			b.deferred = true
			return b
		}
		if b.res.Ambiguous {
			// Picking one of n equally good candidates is right one time in n.
			b.question = chooseElement(i, c, b.res)
			b.match = best.Score / float64(len(b.question.Options))
			return b
		}
		b.node, b.match, b.why, option = best.Node, best.Score, best.Why, best.Option
	}
	n := b.node
	target := page.Describe(n)
	switch {
	case c.Verb == rules.VerbClick:
		b.action = page.Action{Kind: page.Click, ID: n.ID, Description: "clicked " + target}
	case c.Verb == rules.VerbCheck:
		b.action = page.Action{Kind: page.Check, ID: n.ID, Description: "checked " + target}
	case c.Verb == rules.VerbUncheck:
		b.action = page.Action{Kind: page.Uncheck, ID: n.ID, Description: "unchecked " + target}
	case n.Role == page.RoleSelect:
		if option == "" || rules.NameScore(c.Value, option) < rules.MinMatch {
			if c.Quoted && containsFold(n.Options, c.Value) {
				option = c.Value
			} else {
				b.question = chooseOption(i, c, n)
				return b
			}
		}
		b.action = page.Action{Kind: page.Select, ID: n.ID, Text: option, Description: fmt.Sprintf("selected %q in %s", option, target)}
	case c.Verb == rules.VerbSelect && n.Role == page.RoleRadio:
		b.action = page.Action{Kind: page.Check, ID: n.ID, Description: "chose " + target}
	case c.Verb == rules.VerbSelect && n.Role != page.RoleInput && n.Role != page.RoleTextarea:
		b.action = page.Action{Kind: page.Click, ID: n.ID, Description: "chose " + target}
	case c.Value == "" && c.Verb == rules.VerbType:
		q := Question{Type: Freeform, Text: fmt.Sprintf("What should I type into %s?", target), AllowFreeform: true,
			Command: i, Binds: bindsValue, Reason: "no value was given"}
		q.TimeoutMs = timeoutFor(q)
		b.question = &q
		return b
	default:
		v := c.Value
		if n.Type == "date" {
			if iso, ok := isoDate(v); ok {
				v = iso
			}
		}
		b.action = page.Action{Kind: page.SetValue, ID: n.ID, Text: v, Sensitive: n.Type == "password",
			Description: fmt.Sprintf("typed %q into %s", v, target)}
		if n.Type == "password" {
			b.action.Description = "typed the password into " + target
		}
	}
	b.risky = isRisky(b.action, n)
	return b
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// absURL resolves what a person typed as an address against the current page.
func absURL(base, ref string) string {
	if !strings.Contains(ref, "://") && !strings.HasPrefix(ref, "/") {
		ref = "https://" + ref
	}
	b, err := url.Parse(base)
	if err != nil || base == "" {
		return ref
	}
	r, err := url.Parse(ref)
	if err != nil {
		return ref
	}
	return b.ResolveReference(r).String()
}

// Question binds: what an answer changes.
const (
	bindsElement  = "element"
	bindsValue    = "value"
	bindsApproval = "approval"
	bindsGoal     = "goal" // the answer says what the errand is; planning restarts
	bindsPlan     = "plan" // the answer confirms or replaces the reading of the goal
)

// timeoutFor maps a question's complexity to seed 001's timeouts: a yes/no or a choice of
// two is low (8 s), up to four options medium (15 s), free text high (25 s).
func timeoutFor(q Question) int {
	switch {
	case q.Type == Freeform:
		return 25000
	case len(q.Options) <= 2:
		return 8000
	case len(q.Options) <= 4:
		return 15000
	}
	return 25000
}

func chooseElement(i int, c rules.Command, res rules.Resolution) *Question {
	what := "element"
	switch {
	case c.Target != "" && c.Role != "" && c.Role != "field":
		what = fmt.Sprintf("%q %s", c.Target, page.RoleName(c.Role))
	case c.Target != "":
		what = fmt.Sprintf("%q", c.Target)
	case c.Role == "field":
		what = "field"
	case c.Role != "":
		what = page.RoleName(c.Role)
	}
	q := Question{Type: OptionSelect, Text: fmt.Sprintf("Which %s do you mean?", strings.TrimSpace(what)),
		AllowFreeform: true, Command: i, Binds: bindsElement,
		Reason: fmt.Sprintf("%d elements match %q about equally", countAbove(res, rules.MinMatch), c.Raw)}
	for _, cand := range res.Candidates {
		if cand.Score < rules.MinMatch || len(q.Options) == 4 {
			break
		}
		q.Options = append(q.Options, Option{ID: "opt-" + strconv.Itoa(len(q.Options)+1), Text: page.Describe(cand.Node),
			Value: cand.Node.ID, Confidence: cand.Score, Reasoning: cand.Why})
	}
	if len(q.Options) == 0 {
		q.Type = Freeform
	} else {
		q.Default = q.Options[0].ID
	}
	q.TimeoutMs = timeoutFor(q)
	return &q
}

func countAbove(res rules.Resolution, min float64) int {
	n := 0
	for _, c := range res.Candidates {
		if c.Score >= min {
			n++
		}
	}
	return n
}

func chooseOption(i int, c rules.Command, n page.Node) *Question {
	q := Question{Type: OptionSelect, Text: fmt.Sprintf("Which option of %s?", page.Describe(n)),
		AllowFreeform: true, Command: i, Binds: bindsValue,
		Reason: fmt.Sprintf("%q is not one of its options", c.Value)}
	for _, o := range n.Options {
		if strings.HasPrefix(strings.ToLower(o), "select") || strings.TrimSpace(o) == "" || strings.HasPrefix(o, "—") {
			continue // the placeholder is not a choice
		}
		if len(q.Options) == 6 {
			break
		}
		conf := rules.NameScore(c.Value, o)
		q.Options = append(q.Options, Option{ID: "opt-" + strconv.Itoa(len(q.Options)+1), Text: o, Value: o, Confidence: conf})
	}
	if len(q.Options) == 0 {
		q.Options = []Option{{ID: "opt-1", Text: c.Value, Value: c.Value}}
	}
	best := 0
	for k, o := range q.Options {
		if o.Confidence > q.Options[best].Confidence {
			best = k
		}
	}
	q.Default = q.Options[best].ID
	q.TimeoutMs = timeoutFor(q)
	return &q
}

// isoDate reads the date forms people type: 1990-03-05, 05/03/1990 (day first when the
// first number cannot be a month; month first otherwise, as US forms do), and
// "March 5, 1990" or "5 March 1990".
func isoDate(s string) (string, bool) {
	s = strings.TrimSpace(s)
	var y, m, d int
	if n, _ := fmt.Sscanf(s, "%4d-%2d-%2d", &y, &m, &d); n == 3 {
		return fmt.Sprintf("%04d-%02d-%02d", y, m, d), validDate(y, m, d)
	}
	if n, _ := fmt.Sscanf(s, "%d/%d/%d", &m, &d, &y); n == 3 {
		if m > 12 {
			m, d = d, m
		}
		return fmt.Sprintf("%04d-%02d-%02d", y, m, d), validDate(y, m, d)
	}
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ' ' || r == ',' || r == '.' })
	if len(f) == 3 {
		if mm := monthNumber(f[0]); mm > 0 {
			d, _ = strconv.Atoi(strings.TrimRight(f[1], "stndrh"))
			y, _ = strconv.Atoi(f[2])
			return fmt.Sprintf("%04d-%02d-%02d", y, mm, d), validDate(y, mm, d)
		}
		if mm := monthNumber(f[1]); mm > 0 {
			d, _ = strconv.Atoi(strings.TrimRight(f[0], "stndrh"))
			y, _ = strconv.Atoi(f[2])
			return fmt.Sprintf("%04d-%02d-%02d", y, mm, d), validDate(y, mm, d)
		}
	}
	return "", false
}

func validDate(y, m, d int) bool { return y > 0 && m >= 1 && m <= 12 && d >= 1 && d <= 31 }

func monthNumber(s string) int {
	for i, name := range []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"} {
		if strings.HasPrefix(s, name) {
			return i + 1
		}
	}
	return 0
}
