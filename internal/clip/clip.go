// Package clip shortens text for a line of a table, a prompt or a log: the one rule, so
// every face cuts text the same way and never inside a UTF-8 character.
package clip

import "unicode/utf8"

// Runes keeps at most n characters of s, ending a shortened text with "…" (which counts as
// one of the n).
func Runes(s string, n int) string {
	if n <= 0 {
		return ""
	}
	// Most texts fit: counting is enough, with no copy (a page view clips every name).
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
