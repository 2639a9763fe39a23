package understand

import (
	"fmt"
	"regexp"
	"strings"
)

// Times of day are matched as the clock shows them: a slot "18:00 – 19:00" is the one
// said "the 6–7pm slot" or "6 to 7pm", and "9:00" is "09:00". A time with am or pm, a
// time with a colon and a range of them take the key "HH:MM" wherever they are written,
// in a goal or on the page, so the two meet.

var (
	reAmPm      = regexp.MustCompile(`^(\d{1,2})(?:[:.](\d{2}))?([ap])\.?m\.?$`)
	reColon     = regexp.MustCompile(`^(\d{1,2}):(\d{2})$`)
	reTimeRange = regexp.MustCompile(`^(\d{1,2})(?:[:.](\d{2}))?(?:([ap])\.?m\.?)?([-–—])(\d{1,2})(?:[:.](\d{2}))?([ap])\.?m\.?$`)
)

// hasAmPm reports a digit followed by am or pm ("7pm", "9 a.m."): text keysOf must read
// whole, though it has none of the signs its fast path looks for. It runs on every name of
// a page, so it is a scan, not a regular expression.
func hasAmPm(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			continue
		}
		j := i + 1
		if j < len(s) && s[j] == ' ' {
			j++
		}
		if j+1 < len(s) && (s[j]|0x20 == 'a' || s[j]|0x20 == 'p') && (s[j+1]|0x20 == 'm' || s[j+1] == '.') {
			return true
		}
	}
	return false
}

// clock24 is hour h with minutes m and an "a" or "p" as HH:MM; ok is false for no time.
func clock24(h, m int, ap string) (string, bool) {
	switch {
	case ap == "" && (h > 23 || m > 59):
		return "", false
	case ap != "" && (h < 1 || h > 12 || m > 59):
		return "", false
	case ap == "p" && h < 12:
		h += 12
	case ap == "a" && h == 12:
		h = 0
	}
	return fmt.Sprintf("%02d:%02d", h, m), true
}

// clockKeys gives the tokens that are times of day their clock key, splitting a range
// written as one word ("6-7pm") into its two times.
func clockKeys(toks []token) []token {
	var out []token
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind != tokWord || !strings.ContainsAny(t.raw, "0123456789") {
			out = append(out, t)
			continue
		}
		low := strings.ToLower(t.raw)
		if m := reTimeRange.FindStringSubmatchIndex(low); m != nil {
			if a, b, ok := rangeKeys(low, m); ok {
				dash := m[8]
				out = append(out, token{raw: t.raw[:dash], key: a, kind: tokWord, start: t.start, end: t.start + dash},
					token{raw: t.raw[dash+len(low[m[8]:m[9]]):], key: b, kind: tokWord, start: t.start + m[9], end: t.end})
				continue
			}
		}
		if m := reAmPm.FindStringSubmatch(low); m != nil {
			if k, ok := clock24(atoi(m[1]), atoi(m[2]), m[3]); ok {
				t.key = k
			}
		} else if m := reColon.FindStringSubmatch(low); m != nil {
			if k, ok := clock24(atoi(m[1]), atoi(m[2]), ""); ok {
				t.key = k
			}
		} else if k, ok := rangeStart(toks, i); ok {
			t.key = k // the "6" of "6 to 7pm"; the "to" between is the range's, not a word
			out = append(out, t)
			i++
			continue
		}
		out = append(out, t)
	}
	return out
}

// rangeKeys reads a range written as one word: "6-7pm", "11am-1pm", "9:30–10:15am".
func rangeKeys(low string, m []int) (string, string, bool) {
	part := func(k int) string {
		if m[2*k] < 0 {
			return ""
		}
		return low[m[2*k]:m[2*k+1]]
	}
	ap2 := part(7)
	h1, h2 := atoi(part(1)), atoi(part(5))
	ap1 := part(3)
	if ap1 == "" {
		ap1 = ap2
		if ap2 == "p" && h1 > h2 && h1 < 12 {
			ap1 = "a" // "11-1pm"
		}
	}
	a, ok1 := clock24(h1, atoi(part(2)), ap1)
	b, ok2 := clock24(h2, atoi(part(6)), ap2)
	return a, b, ok1 && ok2
}

// rangeStart reads a bare hour that starts a range whose end says am or pm: the "6" of
// "6 to 7pm" or "6 – 7pm".
func rangeStart(toks []token, i int) (string, bool) {
	if i+2 >= len(toks) || !isDigits(toks[i].raw) {
		return "", false
	}
	if mid := toks[i+1].raw; mid != "to" && mid != "-" && mid != "–" && mid != "—" {
		return "", false
	}
	m := reAmPm.FindStringSubmatch(strings.ToLower(toks[i+2].raw))
	if m == nil {
		return "", false
	}
	h1, ap := atoi(toks[i].raw), m[3]
	if ap == "p" && h1 > atoi(m[1]) && h1 < 12 {
		ap = "a"
	}
	return clock24(h1, 0, ap)
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// isClockKey reports a key that is a clock time, "HH:MM".
func isClockKey(k string) bool {
	return len(k) == 5 && k[2] == ':' && isDigits(k[:2]) && isDigits(k[3:])
}
