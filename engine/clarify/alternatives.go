package clarify

import "strings"

// word is one whitespace-separated word of a question and its mask; a quoted phrase is one
// word, since its inner spaces are masked.
type word struct{ text, mask string }

// key is the word as a lead-in or trailer test sees it: lowercase, punctuation trimmed. A
// quoted word keys as its mask, so a quoted label "Open" is never taken for the verb.
func (w word) key() string {
	return strings.ToLower(strings.Trim(w.mask, `"'“”‘’`+"`*_,.:;()"))
}

func words(s, m string) []word {
	var out []word
	start := -1
	for i := 0; i <= len(m); i++ {
		space := i == len(m) || m[i] == ' ' || m[i] == '\t'
		switch {
		case space && start >= 0:
			out = append(out, word{s[start:i], m[start:i]})
			start = -1
		case !space && start < 0:
			start = i
		}
	}
	return out
}

func join(ws []word) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.text
	}
	return strings.Join(parts, " ")
}

// alternatives reads the options a question spells out: "Save or Cancel?", "A, B, or C?",
// "…: PDF, CSV or Excel?", "between Standard and Express?". The lead-in ("Should I click")
// is told from the first option by its words, and trimmed to the length of the others.
func alternatives(q, m string) []Choice {
	q, m = trimPair(q, m, " ?!")
	lm := lowerASCII(m)
	idx := strings.LastIndex(lm, " or ")
	if idx < 0 {
		return between(q, m)
	}
	right := words(q[idx+4:], m[idx+4:])
	left, lmask := trimPair(q[:idx], m[:idx], " ,")
	chunks := splitMasked(left, lmask, ",", " or ")
	masks := splitMasked(lmask, lmask, ",", " or ")

	var middle [][]word
	var first []word
	colon := false
	for k := len(chunks) - 1; k >= 0; k-- {
		c, cm := trimPair(chunks[k], masks[k], " ")
		if i := strings.LastIndex(cm, ":"); i >= 0 {
			first, colon = words(c[i+1:], cm[i+1:]), true
			break
		}
		ws := words(c, cm)
		if k > 0 && !hasLeadIn(ws) && len(ws) <= len(right)+1 {
			middle = append(middle, ws)
			continue
		}
		first = ws
		break
	}

	var lead []word
	if !colon {
		cut := -1
		for i, w := range first {
			if isLeadIn(w.key()) {
				cut = i
			}
		}
		lead, first = first[:cut+1], first[cut+1:]
	}
	// "click Save or click Cancel", "go to the inbox or go to the archive": words the last
	// option repeats from the end of the lead-in belong to the lead-in.
	for k := min(len(lead), len(right)-1); k > 0; k-- {
		if sameKeys(right[:k], lead[len(lead)-k:]) {
			right = right[k:]
			break
		}
	}
	// "Save or Cancel on this dialog": a trailing phrase qualifies the question, not the option.
	for p := 1; p < len(right); p++ {
		if isTrailer(right[p].key()) {
			if len(first) <= p && !hasTrailer(first) {
				right = right[:p]
			}
			break
		}
	}
	n := len(right)
	for _, ws := range middle {
		n = max(n, len(ws))
	}
	if len(first) > n+1 {
		first = first[len(first)-n:]
	}

	items := []string{join(first)}
	for k := len(middle) - 1; k >= 0; k-- {
		items = append(items, join(middle[k]))
	}
	return choices(append(items, join(right)))
}

// between reads "Should I choose between Standard and Express?".
func between(q, m string) []Choice {
	i := strings.Index(lowerASCII(m), " between ")
	if i < 0 {
		return nil
	}
	rest, rm := q[i+9:], m[i+9:]
	return choices(splitMasked(rest, rm, ", and ", ",", " and "))
}

// choices turns option texts into Choices, dropping empty ones, duplicates and the catch-all
// "something else", which the chat box already offers.
func choices(items []string) []Choice {
	var out []Choice
	seen := map[string]bool{}
	for _, it := range items {
		label := strings.TrimRight(clean(it), "?!")
		v := normalise(label)
		key := strings.ToLower(v)
		switch key {
		case "", "something else", "anything else", "other", "others", "something different":
			continue
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, Choice{Label: label, Value: v})
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

func hasLeadIn(ws []word) bool {
	for _, w := range ws {
		if isLeadIn(w.key()) {
			return true
		}
	}
	return false
}

func hasTrailer(ws []word) bool {
	for _, w := range ws {
		if isTrailer(w.key()) {
			return true
		}
	}
	return false
}

func sameKeys(a, b []word) bool {
	for i := range a {
		if a[i].key() != b[i].key() {
			return false
		}
	}
	return len(a) == len(b)
}
