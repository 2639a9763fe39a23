package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

func TestObserveCommand(t *testing.T) {
	srv := startDemo(t)
	dir := t.TempDir()
	code, out, errOut := call(t, dir, "observe", "--url", srv.URL()+"/patients/new", "--json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil || strings.Count(strings.TrimSpace(out), "\n") != 0 {
		t.Fatalf("not one JSON object: %q (%v)", out, err)
	}
	keys := make([]string, 0, len(got))
	for k := range got {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if want := []string{"elements", "text", "title", "tokens", "url"}; !slices.Equal(keys, want) {
		t.Errorf("keys = %v, want %v", keys, want)
	}
	text, _ := got["text"].(string)
	if !strings.HasPrefix(text, `<page url="`+srv.URL()+`/patients/new" title="New patient">`) || !strings.HasSuffix(text, "</page>") ||
		!strings.Contains(text, `] inp Name (required)`+"\n") {
		t.Errorf("text = %s", text)
	}
	if n, _ := got["elements"].(float64); int(n) != strings.Count(text, "] ") || n < 11 {
		t.Errorf("elements = %v for\n%s", got["elements"], text)
	}
	if n, _ := got["tokens"].(float64); int(n) != page.EstimateTokens(text) {
		t.Errorf("tokens = %v, want %d", got["tokens"], page.EstimateTokens(text))
	}

	// Without --json: the same rendering, then its size.
	code, plain, _ := call(t, dir, "observe", "--url", srv.URL()+"/patients/new")
	if code != ExitOK || !strings.HasPrefix(plain, text+"\n") || !strings.Contains(plain, "interactive elements listed, about ") {
		t.Errorf("exit %d, output:\n%s", code, plain)
	}
	if code, _, _ := call(t, dir, "observe"); code != ExitUsage {
		t.Errorf("observe without a page: exit %d, want %d", code, ExitUsage)
	}
}

// TestObserveScroll: --scroll moves the window first, so the rendering starts further down
// and says what is above.
func TestObserveScroll(t *testing.T) {
	var b strings.Builder
	b.WriteString("<!doctype html><title>Long</title><h1>Top</h1>")
	for i := range 400 {
		fmt.Fprintf(&b, `<p style="height:80px"><button>Item %d</button></p>`, i)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, b.String())
	}))
	t.Cleanup(srv.Close)
	code, out, errOut := call(t, t.TempDir(), "observe", "--url", srv.URL, "--scroll", "20000", "--json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got observeJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got.Text, "(more above: ") || !strings.Contains(got.Text, `] Item 210 `) || strings.Contains(got.Text, `] Item 0 `) {
		t.Errorf("after scrolling 20000 px:\n%s", got.Text)
	}
}
