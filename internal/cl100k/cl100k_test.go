package cl100k

import (
	"slices"
	"testing"
)

func TestCount(t *testing.T) {
	for _, tt := range []struct {
		in     string
		want   int
		pieces []string
	}{
		{"", 0, nil},
		{`[5] inp "Name" (required)`, 10, []string{"[", "5", "]", " inp", ` "`, "Name", `"`, " (", "required", ")"}},
		{"1985-07-12", 6, []string{"198", "5", "-", "07", "-", "12"}},
	} {
		n, err := Count(tt.in)
		if err != nil || n != tt.want {
			t.Errorf("Count(%q) = %d, %v; want %d", tt.in, n, err, tt.want)
		}
		p, err := Pieces(tt.in)
		if err != nil || !slices.Equal(p, tt.pieces) {
			t.Errorf("Pieces(%q) = %q, %v; want %q", tt.in, p, err, tt.pieces)
		}
	}
}
