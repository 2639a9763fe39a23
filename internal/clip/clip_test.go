package clip

import "testing"

func TestRunes(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		n        int
		want     string
	}{
		{"short stays", "Save", 10, "Save"},
		{"exact stays", "Save", 4, "Save"},
		{"cut ends with an ellipsis", "Patients list", 8, "Patient…"},
		{"counts characters, not bytes", "Zürich–Genève", 6, "Züric…"},
		{"one leaves the ellipsis", "abc", 1, "…"},
		{"zero is empty", "abc", 0, ""},
	} {
		if got := Runes(tc.in, tc.n); got != tc.want {
			t.Errorf("%s: Runes(%q, %d) = %q, want %q", tc.name, tc.in, tc.n, got, tc.want)
		}
	}
}
