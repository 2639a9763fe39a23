package replay

import (
	"fmt"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/knowledge/recorded"
)

// Var is one value of a recorded instruction, made a variable.
type Var struct {
	Name  string `json:"name"`  // text1, number1, email1, date1, value1: kind and order
	Kind  Kind   `json:"kind"`  //
	Value string `json:"value"` // as the recorded instruction wrote it, without quotes
	Words int    `json:"words"` // how many words Value has; splits two variables side by side
	// Used is set when a step's text or element holds the value. A value no step holds
	// shaped the errand some other way ("add 3 items" clicked Add three times), so only the
	// same value replays it.
	Used bool `json:"used,omitempty"`
}

// Templatize makes an instruction a key: its words lower-cased without the punctuation
// around them, each value replaced by {name}. typed are the texts the errand typed into
// the page (see TypedValues); where the instruction names one unquoted, it is a value too.
// "Add patient Jas" with Jas typed is "add patient {value1}"; secrets' placeholders
// (%password%) stay words.
func Templatize(goal string, typed []string) (key string, vars []Var) {
	counts := map[Kind]int{}
	parts := make([]string, 0, 8)
	for _, it := range scan(goal, typed) {
		if it.kind == "" {
			parts = append(parts, escape(it.norm))
			continue
		}
		counts[it.kind]++
		v := Var{Name: fmt.Sprintf("%s%d", it.kind, counts[it.kind]), Kind: it.kind, Value: it.raw, Words: it.words}
		vars = append(vars, v)
		parts = append(parts, "{"+v.Name+"}")
	}
	return strings.Join(parts, " "), vars
}

// TypedValues returns the texts steps typed or chose on the page, secrets left out.
func TypedValues(steps []recorded.Step) []string {
	var out []string
	for _, s := range steps {
		a := s.Action
		if (a.Kind == page.SetValue || a.Kind == page.Select) && !a.Sensitive && strings.TrimSpace(a.Text) != "" {
			out = append(out, a.Text)
		}
	}
	return out
}

// templateStep writes vars into a step: each text that holds a variable's value holds
// {name} instead (a date in another form, {name|layout}), and literal braces are doubled.
// It marks the variables it used.
func templateStep(s recorded.Step, vars []Var) recorded.Step {
	s.Action.Text = templateText(s.Action.Text, vars)
	s.Action.Description = templateText(s.Action.Description, vars)
	s.Element.Name = templateText(s.Element.Name, vars)
	s.Element.Context = templateText(s.Element.Context, vars)
	return s
}

func templateText(s string, vars []Var) string {
	if s == "" || recorded.IsPlaceholder(s) {
		return escape(s)
	}
	for i := range vars {
		v := &vars[i]
		if strings.EqualFold(strings.TrimSpace(s), v.Value) {
			v.Used = true
			return "{" + v.Name + "}"
		}
		if v.Kind == KindDate {
			if layout, ok := sameDate(v.Value, s); ok {
				v.Used = true
				return "{" + v.Name + "|" + layout + "}"
			}
		}
	}
	// The values inside a longer text: "/patients/42/edit", "Delete for Tom Baker".
	// Longer values first, so "Lee Chan" is not cut up by "Lee".
	var hits []hit
	for _, i := range byLength(vars) {
		v := &vars[i]
		if len(v.Value) < 2 {
			continue // one letter or digit inside a text is too often something else
		}
		for _, m := range findWords(s, v.Value) {
			if !overlaps(hits, m[0], m[1]) {
				hits = append(hits, hit{m[0], m[1], v.Name})
				v.Used = true
			}
		}
	}
	var b strings.Builder
	at := 0
	for _, h := range sortHits(hits) {
		b.WriteString(escape(s[at:h.start]))
		b.WriteString("{" + h.name + "}")
		at = h.end
	}
	b.WriteString(escape(s[at:]))
	return b.String()
}

// hit is a variable's value found inside a text.
type hit struct {
	start, end int
	name       string
}

func overlaps(hits []hit, start, end int) bool {
	for _, h := range hits {
		if start < h.end && h.start < end {
			return true
		}
	}
	return false
}

func sortHits(hits []hit) []hit {
	slices.SortFunc(hits, func(a, b hit) int { return a.start - b.start })
	return hits
}

// byLength returns the indexes of vars, longest value first.
func byLength(vars []Var) []int {
	idx := make([]int, len(vars))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return len(vars[b].Value) - len(vars[a].Value) })
	return idx
}

// escape doubles braces, so a recorded text's own "{" is never read as a variable.
func escape(s string) string {
	return strings.NewReplacer("{", "{{", "}", "}}").Replace(s)
}

// unescape undoes escape.
func unescape(s string) string {
	if !strings.ContainsAny(s, "{}") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "{{", "{"), "}}", "}")
}

// fill writes bindings into a template made by templateText.
func fill(tmpl string, bindings Bindings) (string, error) {
	var b strings.Builder
	for i := 0; i < len(tmpl); i++ {
		c := tmpl[i]
		switch {
		case (c == '{' || c == '}') && i+1 < len(tmpl) && tmpl[i+1] == c:
			b.WriteByte(c)
			i++
		case c == '{':
			end := strings.IndexByte(tmpl[i:], '}')
			if end < 0 {
				return "", fmt.Errorf("unclosed { in %q", tmpl)
			}
			ref := tmpl[i+1 : i+end]
			i += end
			name, layout, _ := strings.Cut(ref, "|")
			v, ok := bindings[name]
			if !ok {
				return "", fmt.Errorf("no value for {%s}", name)
			}
			if layout != "" {
				d, ok := parseDate(v)
				if !ok {
					return "", fmt.Errorf("%q is not a date I can read", v)
				}
				v = d.Format(layout)
			}
			b.WriteString(v)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}
