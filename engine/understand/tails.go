package understand

import (
	"slices"

	"github.com/errand-app/errand/engine/page"
)

// Option tails. People add the place, person or kind to a step with a preposition and the
// option's own words: "test is 2nd May 2025 at Tolworth", "Tuesday 3pm with Dr Okafor".
// Such a preposition parts two steps when what follows it, up to the next comma or "and",
// is word for word the text of exactly one option of the page (a select's option, a radio,
// a listbox option), or a count and the field it fills ("a semi with three bedrooms"). The split is only offered: the reading of the whole clause competes
// with it as with any other segmentation (docs/understanding.md item 37).

// tailPreps are the prepositions that may put an option after a step.
var tailPreps = set("at", "with", "in", "on", "from", "by", "via")

// optionTails adds to bs a boundary at each preposition that starts an option tail.
func (r *reader) optionTails(toks []token, bs []boundary) []boundary {
	out := slices.Clone(bs)
	for i := 1; i+1 < len(toks); i++ {
		if toks[i].kind != tokWord || !tailPreps[toks[i].key] || toks[i-1].kind != tokWord || tailPreps[toks[i-1].key] {
			continue
		}
		end := len(toks)
		for _, b := range bs {
			if b.from > i {
				end = b.from
				break
			}
		}
		var keys []string
		for _, t := range toks[i+1 : end] {
			if t.kind != tokWord {
				keys = nil
				break
			}
			keys = append(keys, t.key)
		}
		if len(keys) > 0 && (r.oneOptionNamed(keys) || r.countOfField(toks[i+1:end])) && !slices.ContainsFunc(bs, func(b boundary) bool { return b.from <= i && i < b.to }) {
			out = append(out, boundary{from: i, to: i + 1})
		}
	}
	// A quoted value ends where its quotes close: `task "Defrost the freezer" with due date
	// 16.04.2026` goes on to a second step, with or without a tail preposition.
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].kind != tokQuoted || toks[i+1].kind != tokWord || intoWords[toks[i+1].key] || asWords[toks[i+1].key] ||
			slices.ContainsFunc(bs, func(b boundary) bool { return b.from <= i+1 && i+1 < b.to }) {
			// `type "x" into Name`, `"Jo" as the name`: the place the value goes is the same step.
			continue
		}
		b := boundary{from: i + 1, to: i + 1}
		if tailPreps[toks[i+1].key] {
			b.to++
		}
		out = append(out, b)
	}
	slices.SortFunc(out, func(a, b boundary) int { return a.from - b.from })
	return out
}

// oneOptionNamed reports exactly one option of the page, shown or behind another control,
// whose whole text is keys.
func (r *reader) oneOptionNamed(keys []string) bool {
	hits := 0
	for _, ix := range r.indexes() {
		for _, i := range ix.byKey[keys[0]] { // the option's first word is posted for it
			n := ix.nodes[i]
			switch n.Role {
			case page.RoleRadio, page.RoleOption:
				if slices.Equal(ix.names[i], keys) {
					hits++
				}
			case page.RoleSelect:
				for _, o := range n.Options {
					if slices.Equal(ix.keysFor(o), keys) {
						hits++
					}
				}
			}
		}
	}
	return hits == 1
}

// countOfField reports words that are a number and then the field it fills, read so.
func (r *reader) countOfField(toks []token) bool {
	if len(toks) < 2 {
		return false
	}
	if _, isNum := numberWords[toks[0].key]; !isNum && !isDigits(toks[0].key) {
		return false
	}
	cl := r.reversedPair(toks, false)
	return len(cl.cmds) == 1 && cl.cmds[0].Bound && len(cl.questions) == 0 && cl.quality >= 0.8
}
