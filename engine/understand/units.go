package understand

import (
	"slices"
	"strings"
)

// Currencies and units said by name: "pounds" for an option "GBP – Pound sterling (£)",
// "kilometres" for "km". The table is closed and small, like the other lists the reader
// knows, and is checked against testdata/units.txt. An option taken through it is an
// assumption the agent announces.

// unitNames maps a unit's code to what people call it; the code and symbols are among
// the names, since the page may show either.
var unitNames = map[string][]string{
	"CHF": {"chf", "swiss franc", "swiss francs", "franc", "francs"},
	"EUR": {"eur", "€", "euro", "euros"},
	"GBP": {"gbp", "£", "pound", "pounds", "sterling", "pound sterling", "pounds sterling", "british pound", "british pounds", "quid"},
	"JPY": {"jpy", "¥", "yen", "japanese yen"},
	"USD": {"usd", "$", "dollar", "dollars", "us dollar", "us dollars", "american dollar", "american dollars", "bucks"},
	"ft":  {"ft", "foot", "feet"},
	"kg":  {"kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"},
	"km":  {"km", "kms", "kilometre", "kilometres", "kilometer", "kilometers"},
	"lb":  {"lb", "lbs"},
	"m":   {"m", "metre", "metres", "meter", "meters"},
	"mi":  {"mi", "mile", "miles"},
}

// unitOf is the unit a value names, said whole ("pounds", "US dollars", "£"), or "".
func unitOf(value string) string {
	v := strings.Join(strings.Fields(strings.ToLower(strings.TrimSpace(value))), " ")
	for code, names := range unitNames {
		if slices.Contains(names, v) {
			return code
		}
	}
	return ""
}

// unitOption finds the one option that shows the unit a value names: by its code, its
// symbol or one of its names ("GBP – Pound sterling (£)" for "pounds"). None, or
// several, is no match.
func unitOption(value string, options []string) (int, bool) {
	code := unitOf(value)
	if code == "" {
		return 0, false
	}
	hit := -1
	for k, o := range options {
		if !showsUnit(o, unitNames[code]) {
			continue
		}
		if hit >= 0 {
			return 0, false
		}
		hit = k
	}
	return hit, hit >= 0
}

// showsUnit reports an option text that holds one of a unit's names as a whole word, or
// one of its symbols anywhere.
func showsUnit(option string, names []string) bool {
	words := " " + strings.Join(strings.FieldsFunc(strings.ToLower(option), func(r rune) bool {
		return !isWordRune(r) && !strings.ContainsRune("£€$¥", r)
	}), " ") + " "
	for _, n := range names {
		if strings.EqualFold(strings.TrimSpace(option), n) {
			return true
		}
		if len(n) > 1 || !hasWordRune(n) { // "m" inside "M – Medium" is no metre
			if !hasWordRune(n) && strings.Contains(option, n) {
				return true
			}
			if strings.Contains(words, " "+n+" ") {
				return true
			}
		}
	}
	return false
}
