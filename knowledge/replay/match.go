package replay

import (
	"strings"
)

// maxSolutions bounds the ways Match tries to read an instruction: past two it is
// ambiguous already, and a few more let it prefer the split the recording had.
const maxSolutions = 8

// Match reads goal as an instance of the script's instruction: ok when it differs from the
// recorded one in nothing but its values (and case, spacing and punctuation), and the
// bindings give each variable its new value. A variable no step uses must keep its value.
// When the values can be split between side-by-side variables in more than one way, the
// split with the recorded word counts wins; with none or several such splits, no match.
func Match(goal string, s Script) (Bindings, bool) {
	pat := parseKey(s.Key, s.Vars)
	if pat == nil {
		return nil, false
	}
	typed := make([]string, 0, len(s.Vars))
	for _, v := range s.Vars {
		if v.Kind == KindValue || v.Kind == KindText {
			typed = append(typed, v.Value) // the same value unquoted reads as in the recording
		}
	}
	items := scan(goal, typed)
	m := matcher{pat: pat, items: items}
	m.walk(0, 0, make([]string, len(pat)))
	var pick []string
	switch {
	case len(m.found) == 1:
		pick = m.found[0]
	case len(m.found) > 1:
		for _, f := range m.found {
			if sameWords(pat, f) {
				if pick != nil {
					return nil, false
				}
				pick = f
			}
		}
	}
	if pick == nil {
		return nil, false
	}
	b := Bindings{}
	for i, p := range pat {
		if p.v == nil {
			continue
		}
		if !p.v.Used && !strings.EqualFold(pick[i], p.v.Value) {
			return nil, false
		}
		b[p.v.Name] = pick[i]
	}
	return b, true
}

// pat is one element of a key: a literal word, or a variable.
type pat struct {
	word string
	v    *Var
}

// parseKey reads a key made by Templatize back into words and variables; nil when it names
// a variable the script does not have.
func parseKey(key string, vars []Var) []pat {
	byName := make(map[string]*Var, len(vars))
	for i := range vars {
		byName[vars[i].Name] = &vars[i]
	}
	var out []pat
	for _, f := range strings.Fields(key) {
		if strings.HasPrefix(f, "{") && !strings.HasPrefix(f, "{{") && strings.HasSuffix(f, "}") {
			v, ok := byName[f[1:len(f)-1]]
			if !ok {
				return nil
			}
			out = append(out, pat{v: v})
			continue
		}
		out = append(out, pat{word: unescape(f)})
	}
	return out
}

type matcher struct {
	pat   []pat
	items []item
	found [][]string
}

// walk matches pat[pi:] against items[ii:], with vals holding the values bound so far.
func (m *matcher) walk(pi, ii int, vals []string) {
	if len(m.found) >= maxSolutions {
		return
	}
	if pi == len(m.pat) {
		if ii == len(m.items) {
			m.found = append(m.found, append([]string(nil), vals...))
		}
		return
	}
	if ii == len(m.items) {
		return
	}
	p, it := m.pat[pi], m.items[ii]
	if p.v == nil {
		if it.kind == "" && it.norm == p.word {
			m.walk(pi+1, ii+1, vals)
		}
		return
	}
	if it.kind != "" {
		// A value found by its form fills a variable of its kind; text and typed
		// variables take any one value.
		if it.kind == p.v.Kind || p.v.Kind == KindText || p.v.Kind == KindValue {
			vals[pi] = it.raw
			m.walk(pi+1, ii+1, vals)
		}
		return
	}
	if p.v.Kind != KindText && p.v.Kind != KindValue {
		return
	}
	// Unquoted words: one or more, up to a few more than were recorded, never across
	// a clause's joint ("Lee and click Save" is Lee and another command).
	limit := ii + p.v.Words + maxExtraWords
	for end := ii + 1; end <= min(len(m.items), limit); end++ {
		w := m.items[end-1]
		if w.kind != "" || notValue[w.norm] {
			return
		}
		vals[pi] = joinRaw(m.items[ii:end])
		m.walk(pi+1, end, vals)
		if strings.ContainsAny(w.raw[len(w.raw)-1:], ",;:") {
			return // a value does not run past a comma
		}
	}
}

// maxExtraWords is how many words an unquoted value may grow by from its recording:
// "Jas" may become "Mary Ann Lee", not a sentence.
const maxExtraWords = 3

// notValue are words an unquoted value never holds: those that join clauses ("Lee and
// click Save") and those that stand for many records ("delete all of them").
var notValue = map[string]bool{"and": true, "then": true, "also": true, "after": true, "before": true,
	"but": true, "&": true, "all": true, "every": true, "each": true, "everything": true, "everyone": true,
	"them": true, "it": true}

func joinRaw(items []item) string {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = strings.TrimFunc(it.raw, func(r rune) bool { return strings.ContainsRune(`.,;:!?()"`, r) })
	}
	return strings.Join(parts, " ")
}

// sameWords reports whether each variable got as many words as it had when recorded.
func sameWords(pat []pat, vals []string) bool {
	for i, p := range pat {
		if p.v != nil && len(strings.Fields(vals[i])) != p.v.Words {
			return false
		}
	}
	return true
}
