package recorded

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

func load(t testing.TB, name string) page.Observation {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var o page.Observation
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return o
}

func TestPageSignatureIsStableUnderValueChanges(t *testing.T) {
	same := [][2]string{
		// Typed values, states, messages, text, title, scroll, a query, and new ids.
		{"new_patient", "new_patient_filled"},
		// Three rows or five, other names in them, another page count.
		{"patients_3", "patients_5"},
		// Another record of the same page kind.
		{"edit_17", "edit_42"},
	}
	for _, p := range same {
		a, b := PageSignature(load(t, p[0])), PageSignature(load(t, p[1]))
		if a != b {
			t.Errorf("%s and %s: %s != %s", p[0], p[1], a, b)
		}
	}
}

func TestPageSignatureDiffersAcrossPages(t *testing.T) {
	names := []string{"new_patient", "patients_3", "settings", "new_patient_dialog", "edit_17"}
	seen := map[string]string{}
	for _, n := range names {
		sig := PageSignature(load(t, n))
		if other, ok := seen[sig]; ok {
			t.Errorf("%s and %s share the signature %s", n, other, sig)
		}
		seen[sig] = n
	}
	// The same controls under another path are another page.
	o := load(t, "new_patient")
	o.URL = "http://127.0.0.1:7480/staff/new"
	if PageSignature(o) == PageSignature(load(t, "new_patient")) {
		t.Error("the same form under /staff/new has the signature of /patients/new")
	}
	// A renamed button is another page (a healed replay step notices it).
	o = load(t, "new_patient")
	o.Tree[9].Name = "Save patient"
	if PageSignature(o) == PageSignature(load(t, "new_patient")) {
		t.Error("renaming Save did not change the signature")
	}
}

func TestPageSignatureShape(t *testing.T) {
	tests := map[string]string{
		"new_patient": "/patients/new#",
		"edit_17":     "/patients/*/edit#",
		"settings":    "/settings#",
	}
	for name, prefix := range tests {
		sig := PageSignature(load(t, name))
		if !strings.HasPrefix(sig, prefix) || len(sig) != len(prefix)+12 {
			t.Errorf("%s: %q, want %s and 12 hex digits", name, sig, prefix)
		}
		if SignaturePath(sig) != strings.TrimSuffix(prefix, "#") {
			t.Errorf("SignaturePath(%q) = %q", sig, SignaturePath(sig))
		}
	}
}

func BenchmarkPageSignature(b *testing.B) {
	o := load(b, "patients_5")
	for len(o.Tree) < 5000 {
		o.Tree = append(o.Tree, o.Tree...)
	}
	for b.Loop() {
		PageSignature(o)
	}
}
