package browser

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// normalizeValue turns what a person or a model writes ("5 March 1990", "05/03/1990",
// "2:30 pm") into the wire format an <input type> accepts (1990-03-05, 14:30).
func normalizeValue(typ, text string) (string, error) {
	s := strings.TrimSpace(text)
	if s == "" {
		return "", nil
	}
	switch typ {
	case "date":
		d, err := parseDate(s)
		if err != nil {
			return "", err
		}
		return d.Format("2006-01-02"), nil
	case "time":
		return parseClock(s)
	case "datetime-local":
		return parseDateTime(s)
	case "month":
		for _, l := range []string{"2006-01", "January 2006", "Jan 2006", "01/2006", "1/2006", "2006/01"} {
			if t, err := time.Parse(l, s); err == nil {
				return t.Format("2006-01"), nil
			}
		}
		if d, err := parseDate(s); err == nil {
			return d.Format("2006-01"), nil
		}
		return "", fmt.Errorf("%q is not a month; write it as yyyy-mm", text)
	case "week":
		if regexp.MustCompile(`^\d{4}-W\d{2}$`).MatchString(strings.ToUpper(s)) {
			return strings.ToUpper(s), nil
		}
		if d, err := parseDate(s); err == nil {
			y, w := d.ISOWeek()
			return fmt.Sprintf("%04d-W%02d", y, w), nil
		}
		return "", fmt.Errorf("%q is not a week; write it as yyyy-Www", text)
	case "color":
		if regexp.MustCompile(`^#[0-9a-fA-F]{6}$`).MatchString(s) {
			return strings.ToLower(s), nil
		}
		return "", fmt.Errorf("%q is not a colour; write it as #rrggbb", text)
	case "range":
		if _, err := strconv.ParseFloat(s, 64); err != nil {
			return "", fmt.Errorf("%q is not a number", text)
		}
		return s, nil
	}
	return s, nil
}

// parseDate reads a calendar date. Numeric day-month orders are ambiguous: a part above 12
// decides, and otherwise day first, as outside the United States.
func parseDate(s string) (time.Time, error) {
	layouts := []string{
		"2006-01-02", "2006/01/02", "2006.01.02", "20060102",
		"January 2, 2006", "January 2 2006", "Jan 2, 2006", "Jan 2 2006", "Jan. 2, 2006",
		"2 January 2006", "2 Jan 2006", "2 January, 2006", "Monday, January 2, 2006",
		"Mon, Jan 2, 2006", "Monday 2 January 2006", "2-Jan-2006", "02-Jan-2006",
	}
	clean := strings.Join(strings.Fields(s), " ")
	clean = regexp.MustCompile(`(\d)(st|nd|rd|th)\b`).ReplaceAllString(clean, "$1")
	for _, l := range layouts {
		if t, err := time.Parse(l, clean); err == nil {
			return t, nil
		}
		if t, err := time.Parse(l, titleWords(clean)); err == nil {
			return t, nil
		}
	}
	m := regexp.MustCompile(`^(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{2}|\d{4})$`).FindStringSubmatch(clean)
	if m == nil {
		return time.Time{}, fmt.Errorf("%q is not a date; write it as yyyy-mm-dd", s)
	}
	a, _ := strconv.Atoi(m[1])
	b, _ := strconv.Atoi(m[2])
	y, _ := strconv.Atoi(m[3])
	if len(m[3]) == 2 {
		y += 2000
		if y > time.Now().Year()+10 {
			y -= 100
		}
	}
	day, month := a, b
	if b > 12 && a <= 12 {
		day, month = b, a
	}
	t := time.Date(y, time.Month(month), day, 0, 0, 0, 0, time.UTC)
	if month < 1 || month > 12 || t.Day() != day {
		return time.Time{}, fmt.Errorf("%q is not a valid date", s)
	}
	return t, nil
}

// titleWords capitalizes month names written in lower case ("5 march 1990").
func titleWords(s string) string {
	f := strings.Fields(s)
	for i, w := range f {
		if w != "" && w[0] >= 'a' && w[0] <= 'z' {
			f[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(f, " ")
}

func parseClock(s string) (string, error) {
	c := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), ".", ""))
	for _, l := range []string{"15:04", "15:04:05", "3:04 PM", "3:04PM", "3 PM", "3PM", "03:04 PM", "1504"} {
		if t, err := time.Parse(l, c); err == nil {
			if t.Second() != 0 {
				return t.Format("15:04:05"), nil
			}
			return t.Format("15:04"), nil
		}
	}
	return "", fmt.Errorf("%q is not a time; write it as hh:mm", s)
}

func parseDateTime(s string) (string, error) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse("2006-01-02T15:04", s); err == nil {
		return t.Format("2006-01-02T15:04"), nil
	}
	if t, err := time.Parse("2006-01-02T15:04:05", s); err == nil {
		return t.Format("2006-01-02T15:04:05"), nil
	}
	// Try every split into a date part and a time part.
	sep := regexp.MustCompile(`[ T,]+(at )?`)
	for _, loc := range sep.FindAllStringIndex(s, -1) {
		d, err := parseDate(s[:loc[0]])
		if err != nil {
			continue
		}
		c, err := parseClock(s[loc[1]:])
		if err != nil {
			continue
		}
		return d.Format("2006-01-02") + "T" + c, nil
	}
	return "", fmt.Errorf("%q is not a date and time; write it as yyyy-mm-ddThh:mm", s)
}
