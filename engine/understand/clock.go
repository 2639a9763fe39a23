package understand

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Times of day as people write and say them ("9:05 pm", "half past two in the
// afternoon"), and a date with a time.

var reDotClock = regexp.MustCompile(`^(\d{1,2})\.(\d{2})(\s*[ap]\.?m\.?)$`)

// reHourMinute is an hour and minutes with no am or pm: "6.30", "6:30".
var reHourMinute = regexp.MustCompile(`^(\d{1,2})[.:](\d{2})$`)

// parseClock reads "10:30", "9:05 pm", "3pm", "15h", "noon", "midnight".
func parseClock(s string) (string, bool) {
	s = unsure(strings.TrimSpace(strings.ToLower(s)))
	if t, ok := spokenClock(s); ok {
		return t, true
	}
	switch s {
	case "noon", "midday", "12 noon":
		return "12:00", true
	case "midnight":
		return "00:00", true
	}
	s = unsure(strings.TrimPrefix(s, "at "))
	s = strings.TrimSuffix(strings.TrimSuffix(s, " o'clock"), " oclock")
	if d := reDotClock.FindStringSubmatch(s); d != nil {
		s = d[1] + ":" + d[2] + d[3] // "7.30pm": a dot between hour and minutes only with am or pm
	}
	m := reClock.FindStringSubmatch(s)
	if m == nil {
		return "", false
	}
	h, mm := atoi(m[1]), 0
	if m[2] != "" {
		mm = atoi(m[2])
	} else if m[3] == "" {
		return "", false // a bare number is not a time
	}
	switch {
	case strings.HasPrefix(m[3], "p") && h < 12:
		h += 12
	case strings.HasPrefix(m[3], "a") && h == 12:
		h = 0
	}
	if h > 23 || mm > 59 {
		return "", false
	}
	return fmt.Sprintf("%02d:%02d", h, mm), true
}

// unsure drops the word that says how sure the person is of a time: "around half 9",
// "at about quarter past two" (the time is the same).
func unsure(s string) string {
	if w, rest, ok := strings.Cut(s, " "); ok && approximators[w] {
		return rest
	}
	return s
}

// spokenClock reads "half past two in the afternoon", "quarter to nine pm", "ten
// o'clock in the morning", "9 in the evening".
func spokenClock(s string) (string, bool) {
	pm, am := false, false
	for _, suf := range []string{" in the afternoon", " in the evening", " at night", " tonight"} {
		if strings.HasSuffix(s, suf) {
			s, pm = strings.TrimSuffix(s, suf), true
		}
	}
	if strings.HasSuffix(s, " in the morning") {
		s, am = strings.TrimSuffix(s, " in the morning"), true
	}
	s = strings.TrimSuffix(strings.TrimSuffix(s, " o'clock"), " oclock")
	hour := func(w string) (int, bool) {
		if n, ok := numberWords[w]; ok {
			return atoi(n), true
		}
		if n, err := strconv.Atoi(w); err == nil {
			return n, true
		}
		return 0, false
	}
	h, m := 0, 0
	f := strings.Fields(s)
	switch {
	case len(f) == 2 && f[0] == "half":
		// "half 9 at night", "half nine": half past, as it is said in Britain.
		hh, ok := hour(f[1])
		if !ok {
			return "", false
		}
		h, m = hh, 30
	case len(f) == 3 && f[1] == "past" && (f[0] == "half" || f[0] == "quarter"):
		hh, ok := hour(f[2])
		if !ok {
			return "", false
		}
		h, m = hh, map[string]int{"half": 30, "quarter": 15}[f[0]]
	case len(f) == 3 && f[1] == "to" && f[0] == "quarter":
		hh, ok := hour(f[2])
		if !ok {
			return "", false
		}
		h, m = hh-1, 45
	case len(f) == 1 && (pm || am) && reHourMinute.MatchString(f[0]):
		// "6.30 in the evening": the part of the day says which 6.30.
		d := reHourMinute.FindStringSubmatch(f[0])
		h, m = atoi(d[1]), atoi(d[2])
		if m > 59 || h > 12 {
			return "", false
		}
	case len(f) == 1 && (pm || am):
		hh, ok := hour(f[0])
		if !ok {
			return "", false
		}
		h = hh
	case len(f) >= 2 && len(f) <= 4:
		// "eight thirty", "seven forty five pm": said as digits are written.
		if n := len(f); f[n-1] == "pm" || f[n-1] == "am" || f[n-1] == "p.m." || f[n-1] == "a.m." {
			pm, am, f = strings.HasPrefix(f[n-1], "p"), strings.HasPrefix(f[n-1], "a"), f[:n-1]
		}
		hh, mm, ok := spokenHourMinute(f)
		if !ok {
			return "", false
		}
		h, m = hh, mm
	default:
		return "", false
	}
	if pm && h < 12 {
		h += 12
	}
	if h < 0 || h > 23 {
		return "", false
	}
	return fmt.Sprintf("%02d:%02d", h, m), true
}

// parseDateTime reads a date and a time together: "3 May 2027 at 10:30", "2027-05-03 14:00".
func parseDateTime(s string, opts Options) (string, bool) {
	s = strings.TrimSpace(s)
	if t := strings.Index(s, "T"); t == 10 {
		s = s[:t] + " " + s[t+1:]
	}
	toks := tokenize(s)
	for cut := len(toks) - 1; cut >= 1; cut-- {
		left, right := toks[:cut], toks[cut:]
		if len(right) > 0 && right[0].key == "at" {
			right = right[1:]
		}
		if len(left) > 0 && left[len(left)-1].kind == tokPunct {
			left = left[:len(left)-1]
		}
		if len(right) == 0 || len(left) == 0 {
			continue
		}
		d, ok := parseDate(joinRaw(left), opts.DayFirst, opts.year())
		if !ok {
			continue
		}
		if t, ok := parseClock(joinRaw(right)); ok {
			return d.iso() + "T" + t, true
		}
	}
	return timeThenDate(toks, opts)
}

// timeThenDate reads the time said first: "noon on July 1st, 2027", "9:30 on 3 May".
func timeThenDate(toks []token, opts Options) (string, bool) {
	for cut := 1; cut < len(toks)-1; cut++ {
		if toks[cut].key != "on" && toks[cut].raw != "," {
			continue
		}
		t, ok := parseClock(joinRaw(toks[:cut]))
		if !ok {
			continue
		}
		if d, ok := parseDate(joinRaw(toks[cut+1:]), opts.DayFirst, opts.year()); ok {
			return d.iso() + "T" + t, true
		}
	}
	return "", false
}
