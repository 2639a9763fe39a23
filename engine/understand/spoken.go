package understand

import (
	"strconv"
	"strings"
)

// Dates and times as they are said aloud, the way a dictated goal arrives: "the sixteenth of
// March twenty twenty six", "nineteen eighty-seven", "eight thirty", "two thousand and
// twenty six". They are written as digits before the date and clock readers see them.

// dayWords are the ordinals of the days of a month said as words.
var dayWords = func() map[string]int {
	m := map[string]int{}
	base := []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"}
	for i, w := range base {
		m[w] = i + 1
	}
	teens := []string{"tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
		"seventeenth", "eighteenth", "nineteenth"}
	for i, w := range teens {
		m[w] = i + 10
	}
	m["twentieth"], m["thirtieth"] = 20, 30
	for i, w := range base {
		m["twenty "+w] = 20 + i + 1
	}
	m["thirty first"] = 31
	return m
}()

// spokenDate writes the spoken day and year of a date as digits: "the sixteenth of march
// twenty twenty six" → "the 16th of march 2026". Text with nothing spoken is returned as it is.
func spokenDate(s string) string {
	var f []string
	for _, w := range strings.Fields(strings.ToLower(unhyphenNumbers(s))) {
		w = strings.TrimRight(w, ",")
		if a, b, ok := strings.Cut(w, "-"); ok && numberWords[a] != "" && dayWords[b] > 0 {
			f = append(f, a, b) // "twenty-first"
			continue
		}
		f = append(f, w)
	}
	var out []string
	for i := 0; i < len(f); i++ {
		if i+1 < len(f) {
			if d, ok := dayWords[f[i]+" "+f[i+1]]; ok {
				out = append(out, strconv.Itoa(d)+"th")
				i++
				continue
			}
		}
		if d, ok := dayWords[f[i]]; ok {
			out = append(out, strconv.Itoa(d)+"th")
			continue
		}
		if y, n := spokenYear(f[i:]); n > 0 {
			out = append(out, strconv.Itoa(y))
			i += n - 1
			continue
		}
		out = append(out, f[i])
	}
	return strings.Join(out, " ")
}

// spokenYear reads a year said aloud at the start of f and how many words it took:
// "twenty twenty six", "nineteen eighty seven", "two thousand and twenty six".
func spokenYear(f []string) (int, int) {
	num := func(ws []string) (int, int) { // a number under 100 in one or two words
		if len(ws) == 0 {
			return 0, 0
		}
		a, ok := numberWords[ws[0]]
		if !ok || ws[0] == "hundred" || ws[0] == "dozen" {
			return 0, 0
		}
		n := atoi(a)
		if n >= 20 && n%10 == 0 && len(ws) > 1 {
			if b, ok := numberWords[ws[1]]; ok && atoi(b) < 10 && atoi(b) > 0 {
				return n + atoi(b), 2
			}
		}
		return n, 1
	}
	if len(f) >= 3 && f[0] == "two" && f[1] == "thousand" {
		rest := f[2:]
		k := 2
		if len(rest) > 0 && rest[0] == "and" {
			rest, k = rest[1:], 3
		}
		if n, used := num(rest); used > 0 && n < 100 {
			return 2000 + n, k + used
		}
		return 2000, 2
	}
	century, c := num(f)
	if c != 1 || century < 10 || century > 20 {
		return 0, 0
	}
	rest := f[1:]
	if len(rest) > 0 && (rest[0] == "oh" || rest[0] == "o") {
		if n, used := num(rest[1:]); used == 1 && n < 10 {
			return century*100 + n, 2 + used
		}
		return 0, 0
	}
	n, used := num(rest)
	if used == 0 || n < 10 {
		return 0, 0
	}
	return century*100 + n, 1 + used
}

// spokenHourMinute reads a time said as two numbers: "eight thirty", "seven forty five",
// "nine oh five"; am/pm stays with the caller.
func spokenHourMinute(f []string) (int, int, bool) {
	if len(f) < 2 {
		return 0, 0, false
	}
	h, ok := numberWords[f[0]]
	if !ok || atoi(h) < 1 || atoi(h) > 12 {
		return 0, 0, false
	}
	rest := f[1:]
	if rest[0] == "oh" || rest[0] == "o" {
		if len(rest) != 2 {
			return 0, 0, false
		}
		m, ok := numberWords[rest[1]]
		if !ok || atoi(m) > 9 {
			return 0, 0, false
		}
		return atoi(h), atoi(m), true
	}
	m, ok := numberWords[rest[0]]
	if !ok || atoi(m) < 10 || atoi(m) > 59 {
		return 0, 0, false
	}
	mm := atoi(m)
	switch {
	case len(rest) == 2 && mm%10 == 0 && mm >= 20:
		u, ok := numberWords[rest[1]]
		if !ok || atoi(u) < 1 || atoi(u) > 9 {
			return 0, 0, false
		}
		mm += atoi(u)
	case len(rest) != 1:
		return 0, 0, false
	}
	return atoi(h), mm, true
}
