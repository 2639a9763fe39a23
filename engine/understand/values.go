package understand

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/errand-app/errand/engine/page"
)

// Values by shape: the forms people write dates, times and numbers in, and the form each
// input type needs. A value for a plain text input is typed as written.

var months = []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}

func monthNumber(k string) int {
	k = strings.TrimSuffix(k, ".")
	if len(k) < 3 {
		return 0
	}
	for i, m := range months {
		if strings.HasPrefix(k, m) && (len(k) == 3 || strings.HasPrefix(fullMonths[i], k) || k == "sept") {
			return i + 1
		}
	}
	return 0
}

var fullMonths = []string{"january", "february", "march", "april", "may", "june", "july", "august",
	"september", "october", "november", "december"}

var weekdays = set("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
	"mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun")

var (
	reISO     = regexp.MustCompile(`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$`)
	reNumeric = regexp.MustCompile(`^(\d{1,2})([/.-])(\d{1,2})[/.-](\d{2}|\d{4})$`)
	reDay     = regexp.MustCompile(`^(\d{1,2})(?:st|nd|rd|th)?$`)
	reYear    = regexp.MustCompile(`^\d{4}$`)
	// reShortYear is a year written with two digits, after its day and month.
	reShortYear = regexp.MustCompile(`^['’]?\d{2}$`)
	reClock     = regexp.MustCompile(`^(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*(a\.?m\.?|p\.?m\.?|h)?$`)
	reNumber    = regexp.MustCompile(`^[$€£¥₹]?\s?(-?\d[\d,]*(?:\.\d+)?)\s?(?:%|[$€£¥₹]|usd|eur|gbp|nok|kr)?$`)
)

// date is a calendar date read from text; ambiguous is set when day and month could swap.
type date struct {
	y, m, d   int
	ambiguous bool
	noYear    bool
}

func (d date) iso() string { return fmt.Sprintf("%04d-%02d-%02d", d.y, d.m, d.d) }

func (d date) valid() bool {
	if d.m < 1 || d.m > 12 || d.d < 1 || d.y < 1 {
		return false
	}
	days := []int{31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	return d.d <= days[d.m-1]
}

// parseDate reads the common written forms of a date. dayFirst is the locale's reading of
// 03/05/2027; year fills in a date written without one.
func parseDate(s string, dayFirst bool, year int) (date, bool) {
	s = strings.TrimSpace(strings.ToLower(s))
	if m := reISO.FindStringSubmatch(s); m != nil {
		d := date{y: atoi(m[1]), m: atoi(m[2]), d: atoi(m[3])}
		return d, d.valid()
	}
	if m := reNumeric.FindStringSubmatch(s); m != nil {
		a, b, y := atoi(m[1]), atoi(m[3]), atoi(m[4])
		if y < 100 {
			y = fullYear(y)
		}
		// Dots are the day-first European habit (5.3.2027); slashes follow the locale.
		first := dayFirst || m[2] == "."
		d := date{y: y, m: a, d: b}
		if first {
			d.m, d.d = b, a
		}
		switch {
		case a > 12 && b <= 12:
			d.m, d.d = b, a
		case b > 12 && a <= 12:
			d.m, d.d = a, b
		case a != b && m[2] != ".":
			d.ambiguous = true
		}
		return d, d.valid()
	}
	// Words: "3 May 2027", "May 3rd, 2027", "3rd of May", "Tuesday, May 3", and said
	// aloud: "the sixteenth of March twenty twenty six".
	f := strings.FieldsFunc(spokenDate(s), func(r rune) bool { return r == ' ' || r == ',' })
	var words []string
	day := -1 // the weekday said with the date, Sunday 0
	for _, w := range f {
		if w == "of" || w == "the" {
			continue
		}
		if k := strings.TrimSuffix(w, "."); weekdays[k] {
			day = weekdayNumber(k)
			continue
		}
		words = append(words, w)
	}
	d := date{}
	for _, w := range words {
		switch {
		case monthNumber(w) > 0 && d.m == 0:
			d.m = monthNumber(w)
		case reYear.MatchString(w) && d.y == 0:
			d.y = atoi(w)
		case reDay.MatchString(w) && d.d == 0:
			d.d = atoi(reDay.FindStringSubmatch(w)[1])
		case reShortYear.MatchString(w) && d.y == 0 && d.d > 0 && d.m > 0:
			d.y = fullYear(atoi(strings.TrimLeft(w, "'’"))) // "born 3 Feb 87"
		default:
			return date{}, false
		}
	}
	if d.m == 0 || d.d == 0 {
		return date{}, false
	}
	if d.y == 0 {
		d.y, d.noYear = year, true
		if day >= 0 {
			d.y = yearOfWeekday(d, day)
		}
	}
	return d, d.valid()
}

// fullYear is the year two digits stand for, as strptime reads them: 69–99 the 1900s,
// 00–68 the 2000s ("3 Feb 87" is 1987, "12/03/27" 2027).
func fullYear(yy int) int {
	if yy >= 69 {
		return 1900 + yy
	}
	return 2000 + yy
}

// weekdayNumber is the day of the week a weekday word names, Sunday 0; -1 for none.
func weekdayNumber(k string) int {
	for i, w := range []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"} {
		if strings.HasPrefix(k, w) {
			return i
		}
	}
	return -1
}

// yearOfWeekday is the year nearest d's, this one, then next, then last, in which d falls
// on the weekday said with it: "Sat 14 June" is 2025's when the page's year is 2025 and
// the clock's 2026. d's own year when none is.
func yearOfWeekday(d date, day int) int {
	for _, y := range []int{d.y, d.y + 1, d.y - 1} {
		if t := time.Date(y, time.Month(d.m), d.d, 12, 0, 0, 0, time.UTC); t.Day() == d.d && int(t.Weekday()) == day {
			return y
		}
	}
	return d.y
}

// numberIn reads the one number a value states with its unit around it: "€150 a night",
// "two hundred euros", "1.5x", "eighty". Two numbers are not one value.
func numberIn(value string) (string, bool) {
	if n, ok := parseNumber(value); ok {
		return n, true
	}
	var found []string
	words := strings.Fields(strings.ToLower(unhyphenNumbers(value)))
	for i := 0; i < len(words); i++ {
		w := strings.Trim(words[i], ",.;")
		if n, ok := parseNumber(strings.TrimSuffix(w, "x")); ok && strings.ContainsAny(w, "0123456789") {
			found = append(found, n)
			continue
		}
		if _, ok := numberWords[w]; !ok || w == "dozen" {
			if !unitWords[w] && w != "" {
				return "", false // a word that is neither a number nor its unit is not part of it
			}
			continue
		}
		// Spelled numbers: "two hundred", "twenty five", "one thousand".
		total, cur := 0, 0
		for ; i < len(words); i++ {
			w = strings.Trim(words[i], ",.;")
			switch {
			case w == "hundred":
				cur = max(cur, 1) * 100
			case w == "thousand":
				total, cur = total+max(cur, 1)*1000, 0
			case w == "and":
			default:
				v, ok := numberWords[w]
				if !ok {
					i--
					goto done
				}
				cur += atoi(v)
			}
		}
	done:
		found = append(found, strconv.Itoa(total+cur))
	}
	if len(found) != 1 {
		return "", false
	}
	return found[0], true
}

// unitWords may stand around a number without changing it: "€150 a night", "15 percent".
var unitWords = set("a", "an", "per", "each", "euro", "euros", "eur", "dollar", "dollars", "usd", "pound",
	"pounds", "gbp", "kr", "nok", "sek", "dkk", "chf", "yen", "percent", "%", "night", "nights", "day", "days",
	"week", "weeks", "month", "months", "year", "years", "x", "times", "pieces", "pcs", "items", "people",
	"persons", "guests", "adults", "children", "kids", "rooms", "tickets", "seats", "minutes", "mins",
	"seconds", "secs", "hours", "hrs", "kg", "km", "cm", "mm", "m", "ml", "l", "about", "around", "roughly")

// parseNumber reads "42", "1,200.50", "$25", "15%" and spelled numbers up to twenty and
// the tens.
func parseNumber(s string) (string, bool) {
	k := europeanDigits(strings.TrimSpace(strings.ToLower(s)))
	if n, ok := numberWords[k]; ok {
		return n, true
	}
	m := reNumber.FindStringSubmatch(k)
	if m == nil {
		return "", false
	}
	n := m[1]
	if i := strings.IndexByte(n, ','); i >= 0 && strings.Count(n, ",") == 1 && !strings.Contains(n, ".") && len(n)-i-1 <= 2 {
		return n[:i] + "." + n[i+1:], true // 75,25: a decimal comma
	}
	return strings.ReplaceAll(n, ",", ""), true
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// shaped is a value recognised by its shape.
type shaped struct {
	n    int    // tokens it takes
	kind string // date, time, number, email, url, money
}

// shapeAt recognises a value that starts at toks[i]: the longest date, time or datetime
// written in words or digits, or one token that is an e-mail, a URL or a number.
func shapeAt(toks []token, i int) (shaped, bool) {
	if i >= len(toks) || toks[i].kind != tokWord {
		return shaped{}, false
	}
	// Dates in words take up to five tokens: "Tuesday , May 3rd , 2027".
	for n := min(6, len(toks)-i); n >= 2; n-- {
		if toks[i+n-1].kind == tokPunct {
			continue
		}
		if _, ok := parseDate(joinRaw(toks[i:i+n]), false, 2000); ok {
			return shaped{n: n, kind: "date"}, true
		}
		if _, ok := parseClock(joinRaw(toks[i : i+n])); ok {
			return shaped{n: n, kind: "time"}, true
		}
	}
	raw := toks[i].raw
	switch {
	case strings.Contains(raw, "@") && strings.Contains(raw, "."):
		return shaped{n: 1, kind: "email"}, true
	case strings.HasPrefix(strings.ToLower(raw), "http") || strings.HasPrefix(strings.ToLower(raw), "www."):
		return shaped{n: 1, kind: "url"}, true
	}
	if _, ok := parseDate(raw, false, 2000); ok {
		return shaped{n: 1, kind: "date"}, true
	}
	if _, ok := parseClock(raw); ok {
		return shaped{n: 1, kind: "time"}, true
	}
	if strings.ContainsAny(raw, "0123456789") {
		if _, ok := parseNumber(raw); ok {
			return shaped{n: 1, kind: "number"}, true
		}
	}
	return shaped{}, false
}

// joinRaw rejoins tokens as the person wrote them (one space between words, none before
// punctuation).
func joinRaw(toks []token) string {
	var b strings.Builder
	for k, t := range toks {
		if k > 0 && t.kind != tokPunct {
			b.WriteByte(' ')
		}
		b.WriteString(t.raw)
	}
	return b.String()
}

// reAmountName finds the currency a field's name says it is in: "Top-up amount (£)",
// "Budget (GBP)".
var reAmountName = regexp.MustCompile(`\((£|€|\$|¥|[A-Z]{3})\)\s*\*?$`)

// amountFor reads a value said as an amount ("£15", "15 quid", "by 15 pounds") for a text
// field whose name says its currency. A value in another currency is ok with no number:
// it is asked about, never typed.
func amountFor(name, value string) (num, code string, ok bool) {
	m := reAmountName.FindStringSubmatch(strings.TrimSpace(name))
	if m == nil {
		return "", "", false
	}
	code = strings.ToUpper(m[1])
	if c, isSign := currencySymbols[m[1]]; isSign {
		code = strings.ToUpper(c)
	}
	if c, sign, said := currencyOf(value); said {
		if strings.ToUpper(c) != code {
			return "", code, true
		}
		if sign != "" {
			value = strings.ReplaceAll(value, sign, " ")
		}
	}
	var rest []string
	for _, w := range strings.Fields(strings.ToLower(value)) {
		if w != "by" && w != "of" && w != "about" { // "top up by 15 quid"
			rest = append(rest, w)
		}
	}
	if len(rest) == 0 {
		return "", "", false
	}
	if len(rest) > 1 {
		unit := unitOf(strings.Join(rest[1:], " "))
		if unit == "" {
			return "", "", false
		}
		if unit != code {
			return "", code, true
		}
		rest = rest[:1]
	}
	num, ok = parseNumber(rest[0])
	return num, code, ok && strings.ContainsAny(rest[0], "0123456789")
}

// convert puts a value in the form an element needs. assumed says what was assumed, for an
// announcement; problem says why the value does not fit, for a question.
func convert(n page.Node, value string, opts Options) (out, assumed, problem string) {
	switch n.Type {
	case "date":
		d, ok := parseDate(value, opts.DayFirst, opts.year())
		if !ok {
			return "", "", fmt.Sprintf("%q is not a date I can read", value)
		}
		if d.ambiguous {
			assumed = fmt.Sprintf("%s read as %s %d, %d", value, capitalize(fullMonths[d.m-1]), d.d, d.y)
		}
		if d.noYear {
			assumed = fmt.Sprintf("%s taken as %d", value, d.y)
		}
		return d.iso(), assumed, ""
	case "time":
		t, ok := parseClock(value)
		if !ok {
			return "", "", fmt.Sprintf("%q is not a time I can read", value)
		}
		return t, "", ""
	case "datetime-local":
		if dt, ok := parseDateTime(value, opts); ok {
			return dt, "", ""
		}
		return "", "", fmt.Sprintf("%q is not a date and time I can read", value)
	case "month":
		if d, ok := parseDate("1 "+value, opts.DayFirst, opts.year()); ok {
			return d.iso()[:7], "", ""
		}
		if d, ok := parseDate(value+"-01", opts.DayFirst, opts.year()); ok {
			return d.iso()[:7], "", ""
		}
	case "email":
		if !strings.Contains(value, "@") {
			// "email a copy to my husband" is no address for the Email field.
			return "", "", fmt.Sprintf("%q is not an e-mail address", value)
		}
	case "number", "range":
		num, ok := numberIn(value)
		if !ok {
			return "", "", fmt.Sprintf("%q is not a number", value)
		}
		return num, "", ""
	}
	if num, code, ok := amountFor(n.Name, value); ok {
		// "Top-up amount (£)": the field says the currency, so it takes the number alone.
		if num == "" {
			return "", "", fmt.Sprintf("%q is not in %s, which the field is in", value, code)
		}
		return num, fmt.Sprintf("%q typed as %s, the field being in %s", value, num, code), ""
	}
	if _, numeric := parseNumber(n.Value); numeric && n.Value != "" {
		// A field that holds a number takes one: "adults: five" into a spinner showing 1.
		if num, ok := numberIn(value); ok {
			return num, "", ""
		}
	}
	return value, "", ""
}
