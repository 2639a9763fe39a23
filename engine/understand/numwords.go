package understand

import "strings"

// unhyphenNumbers writes a number spelled with hyphens with spaces ("twenty-four" →
// "twenty four", "one-hundred" → "one hundred"), so numberIn reads it as it reads the
// spaced form. Other hyphenated words are left as they are ("two-way").
func unhyphenNumbers(s string) string {
	if !strings.ContainsAny(s, "-‐‑–") {
		return s
	}
	words := strings.Fields(s)
	for i, w := range words {
		parts := strings.FieldsFunc(strings.ToLower(w), func(r rune) bool { return r == '-' || r == '‐' || r == '‑' || r == '–' })
		if len(parts) < 2 {
			continue
		}
		all := true
		for _, p := range parts {
			if _, ok := numberWords[strings.Trim(p, ",.;")]; !ok {
				all = false
				break
			}
		}
		if all {
			words[i] = strings.Join(parts, " ")
		}
	}
	return strings.Join(words, " ")
}
