package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// TestIngestBrowserThenAsk: `errand ingest --browser` reads the single-page app in
// Chromium, presses its disclosure controls, and `errand ask` finds a passage that only
// a tab shows, with the press that revealed it.
func TestIngestBrowserThenAsk(t *testing.T) {
	srv := httptest.NewServer(http.FileServer(http.Dir("../../knowledge/live/testdata")))
	t.Cleanup(srv.Close)
	page := srv.URL + "/spa.html"
	dir := t.TempDir()
	code, out, errOut := call(t, dir, "ingest", "--browser", "--offline", "--json", page)
	if code != ExitOK {
		t.Fatalf("ingest: exit %d: %s", code, errOut)
	}
	var seq []string
	for _, e := range events(t, out) {
		switch e["type"] {
		case "press":
			seq = append(seq, fmt.Sprintf("press %v/%v %v", e["done"], e["total"], e["trigger"]))
		case "stored":
			seq = append(seq, fmt.Sprintf("stored %v", e["trigger"]))
		case "done":
			seq = append(seq, fmt.Sprintf("done stored=%v failed=%v", e["stored"], e["failed"]))
		default:
			seq = append(seq, fmt.Sprint(e["type"]))
		}
	}
	if len(seq) < 5 || !slices.Equal(seq[:4], []string{"start", "stored <nil>", "press 1/6 after clicking tab Annual",
		"stored after clicking tab Annual"}) || seq[len(seq)-1] != "done stored=8 failed=<nil>" {
		t.Errorf("events:\n%s", strings.Join(seq, "\n"))
	}

	code, out, _ = call(t, dir, "ask", "--json", "--offline", "yearly price per seat")
	var res struct {
		Passages []struct{ Text, Source, Heading, Trigger string } `json:"passages"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != ExitOK || len(res.Passages) == 0 {
		t.Fatalf("ask: exit %d %q %v", code, out, err)
	}
	if p := res.Passages[0]; !strings.Contains(p.Text, "120 dollars per seat") || p.Trigger != "after clicking tab Annual" ||
		p.Source != page || p.Heading != "Acme Help > Plans > Annual" {
		t.Errorf("first passage %+v", p)
	}
	_, out, _ = call(t, dir, "ask", "--offline", "yearly price per seat")
	if !strings.HasPrefix(out, "1. "+page+" › Acme Help > Plans > Annual (after clicking tab Annual)  [score ") {
		t.Errorf("ask:\n%s", out)
	}
}

func TestIngestBrowserUsage(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"ingest", "--browser", "--strategy", "spider", "https://example.com/"},
		{"ingest", "--browser", "./manuals"},
	} {
		if code, _, errOut := call(t, dir, args...); code != ExitUsage || !strings.Contains(errOut, "--browser") {
			t.Errorf("%q: exit %d %q", args, code, errOut)
		}
	}
}
