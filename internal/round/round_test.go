package round

import "testing"

func TestHundredths(t *testing.T) {
	for _, tc := range []struct {
		in, want float64
	}{
		{0.734, 0.73},
		{0.735, 0.74},
		{0.125, 0.13},
		{1, 1},
		{0, 0},
		{-0.125, -0.13},           // int(f*100+0.5) gave -0.12
		{0.004999999999999999, 0}, // int(f*100+0.5) gave 0.01
	} {
		if got := Hundredths(tc.in); got != tc.want {
			t.Errorf("Hundredths(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
