package understand

import (
	"regexp"
	"strings"
)

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

// reEuropean is a number written with dots between thousands and a decimal comma
// ("1.250,00", "2.500.000"); a lone "1.250" stays the English 1.25.
var reEuropean = regexp.MustCompile(`\d{1,3}(?:\.\d{3})+,\d{1,2}\b|\d{1,3}(?:\.\d{3}){2,}\b`)

// europeanDigits writes such a number the English way: "1.250,00" → "1250.00".
func europeanDigits(s string) string {
	return reEuropean.ReplaceAllStringFunc(s, func(n string) string {
		return strings.ReplaceAll(strings.ReplaceAll(n, ".", ""), ",", ".")
	})
}
