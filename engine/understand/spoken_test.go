package understand

import "testing"

// TestSpoken: dates and times said aloud read as the written ones; words that only look
// like numbers stay words.
func TestSpoken(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"the sixteenth of march twenty twenty six", "2026-03-16"},
		{"March the twenty-first, nineteen eighty-seven", "1987-03-21"},
		{"3rd of May two thousand and twenty seven", "2027-05-03"},
		{"the thirty first of december twenty twenty six", "2026-12-31"},
		{"the first of june two thousand nine", "2009-06-01"},
		{"the sixteenth of march twenty", ""}, // no year is twenty
	} {
		d, ok := parseDate(tt.in, false, 2026)
		got := ""
		if ok && !d.noYear {
			got = d.iso()
		}
		if got != tt.want {
			t.Errorf("parseDate(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	for _, tt := range []struct{ in, want string }{
		{"eight thirty", "08:30"},
		{"seven forty five pm", "19:45"},
		{"nine oh five", "09:05"},
		{"eight thirty in the evening", "20:30"},
		{"6.30 in the evening", "18:30"},
		{"7:15 in the morning", "07:15"},
		{"13.30 in the evening", ""},
		{"eight people", ""},
		{"thirteen thirty", ""},
	} {
		got, ok := parseClock(tt.in)
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("parseClock(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
