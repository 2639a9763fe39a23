package golden

import (
	"fmt"
	"path/filepath"
	"testing"
)

// recorder keeps what Check reports instead of failing the test.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Helper() {}

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "x.golden")
	tests := []struct {
		name   string
		got    string
		update bool
		fails  bool
	}{
		{"missing file", "a", false, true},
		{"update writes", "a", true, false},
		{"same passes", "a", false, false},
		{"different fails", "b", false, true},
	}
	for _, tt := range tests {
		r := &recorder{TB: t}
		Check(r, path, []byte(tt.got), tt.update)
		if (len(r.errs) > 0) != tt.fails {
			t.Errorf("%s: errors %q, want failure %v", tt.name, r.errs, tt.fails)
		}
	}
}

func TestPath(t *testing.T) {
	t.Run("sub", func(t *testing.T) {
		if got, want := Path(t, "x"), filepath.Join("testdata", "TestPath", "x.golden"); got != want {
			t.Errorf("Path = %s, want %s", got, want)
		}
	})
}
