// Package golden owns golden files for tests: what a model sees (prompts, schemas) and
// what the page tree looks like are kept in testdata/ so any change shows in review. Each
// test binary declares its own -update flag and passes it in.
package golden

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Path is testdata/<top-level test name>/<name>.golden.
func Path(t testing.TB, name string) string {
	top, _, _ := strings.Cut(t.Name(), "/")
	return filepath.Join("testdata", top, name+".golden")
}

// Check compares got with the file at path, or rewrites the file when update is set.
func Check(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run with -update if the change is intended):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}
