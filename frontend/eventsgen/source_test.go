package main

import (
	"go/parser"
	"go/token"
	"slices"
	"testing"
)

func TestSourceReadsEnumsAndDocs(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "testdata/sample.go", nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	s := &goSource{consts: map[string][]string{}, unread: map[string][]string{}, docs: map[string]string{}}
	if err := s.read("example.com/sample", f); err != nil {
		t.Fatal(err)
	}
	consts := map[string][]string{
		"example.com/sample.Mood": {"happy", "sad"},
		"example.com/agent.Kind":  {"borrowed"}, // declared here, of an imported type
	}
	for key, want := range consts {
		if got := s.consts[key]; !slices.Equal(got, want) {
			t.Errorf("constants of %s = %q, want %q", key, got, want)
		}
	}
	if got := s.unread["example.com/sample.Level"]; !slices.Equal(got, []string{"Low"}) {
		t.Errorf("unread constants of Level = %q, want [Low] (High repeats it implicitly)", got)
	}
	docs := map[string]string{
		"example.com/sample.Mood":        "Mood is how a thing feels.",
		"example.com/sample.Report":      "Report is a thing with fields.",
		"example.com/sample.Report.Mood": "Mood is the report's mood.",
		"example.com/sample.Report.A":    "two at once",
		"example.com/sample.Report.B":    "two at once",
	}
	for key, want := range docs {
		if got := s.docs[key]; got != want {
			t.Errorf("doc of %s = %q, want %q", key, got, want)
		}
	}
	if _, ok := s.docs["example.com/sample.Report.Base"]; ok {
		t.Error("the embedded field has no comment, yet one was recorded")
	}
}
