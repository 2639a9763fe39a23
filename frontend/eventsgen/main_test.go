package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestGeneratedFileIsCurrent fails when a Go event changed and the TypeScript types were
// not generated again.
func TestGeneratedFileIsCurrent(t *testing.T) {
	want, err := build(t.Context(), events())
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../src/events.gen.ts")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("frontend/src/events.gen.ts is out of date (%s): run `go generate ./...`", firstDiff(got, want))
	}
}

// firstDiff names the first line where the file differs from what the generator writes.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d is %q, the Go types say %q", i+1, gl, wl)
		}
	}
	return "same lines"
}
