package replay

import (
	"regexp"
	"strings"
	"time"
)

// dateLayouts are the forms people and date fields write a day in. Slashed numeric forms
// are read month first, as the fast path reads them (docs/understanding.md); dotted ones
// day first, as the countries that write them do.
var dateLayouts = []string{
	"2006-01-02", "2006/01/02", "01/02/2006", "1/2/2006", "02.01.2006", "2.1.2006",
	"2 January 2006", "2 Jan 2006", "January 2 2006", "Jan 2 2006", "02/01/2006",
}

// outLayouts are the forms a date can be typed in, tried in this order to find how a step
// wrote its date.
var outLayouts = []string{
	"2006-01-02", "01/02/2006", "02/01/2006", "1/2/2006", "2/1/2006", "02.01.2006", "2.1.2006",
	"2006/01/02", "2 January 2006", "2 Jan 2006", "January 2, 2006", "Jan 2, 2006", "January 2 2006",
}

var (
	ordinalRE = regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th)\b`)
	ofRE      = regexp.MustCompile(`(?i)\s+of\s+`)
	spacesRE  = regexp.MustCompile(`\s+`)
)

// parseDate reads a full date (with its year) in any of dateLayouts, ignoring case,
// ordinals ("3rd"), "of", commas and a dot after a month's abbreviation.
func parseDate(s string) (time.Time, bool) {
	s = ordinalRE.ReplaceAllString(strings.TrimSpace(s), "$1")
	s = ofRE.ReplaceAllString(s, " ")
	s = strings.NewReplacer(",", " ", ". ", " ").Replace(s)
	s = spacesRE.ReplaceAllString(s, " ")
	s = titleMonth(s)
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// titleMonth capitalises words so "3 may 1990" reads as "3 May 1990".
func titleMonth(s string) string {
	fs := strings.Fields(s)
	for i, f := range fs {
		fs[i] = strings.ToUpper(f[:1]) + strings.ToLower(f[1:])
	}
	return strings.Join(fs, " ")
}

// sameDate reports whether typed is the date value written another way, and the layout
// that writes it so.
func sameDate(value, typed string) (string, bool) {
	d, ok := parseDate(value)
	if !ok {
		return "", false
	}
	typed = strings.TrimSpace(typed)
	for _, l := range outLayouts {
		if d.Format(l) == typed {
			return l, true
		}
	}
	return "", false
}
