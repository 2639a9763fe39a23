package server

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The Knowledge screen's verbs over HTTP: adding a file answers 202 with the
// ingestion's id, its progress arrives on the event stream, and the rest reads and
// forgets what was stored.
func TestWebTwinKnowledgeVerbs(t *testing.T) {
	tw := newTwin(t)
	tw.call(t, "GET", "/?token="+testToken, "")
	notes := filepath.Join(t.TempDir(), "shifts.md")
	if err := os.WriteFile(notes, []byte("# Night shift\n\nThe night shift starts at ten and hands over at six.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("GET", tw.srv.URL+"/api/ui/events", nil)
	resp, err := tw.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()

	code, body := tw.call(t, "POST", "/api/ui/knowledge/sources", `{"sources":["`+notes+`"],"strategy":"single"}`)
	if code != http.StatusAccepted || !strings.Contains(body, `"ingestId":"ingest-1"`) {
		t.Fatalf("add: %d %s", code, body)
	}
	lines := bufio.NewScanner(resp.Body)
	var stages []string
	for lines.Scan() {
		data, ok := strings.CutPrefix(lines.Text(), "data: ")
		if !ok {
			continue
		}
		var e struct{ Type, Stage, IngestID string }
		if err := json.Unmarshal([]byte(data), &e); err != nil || e.Type != "ingestProgress" || e.IngestID != "ingest-1" {
			continue
		}
		stages = append(stages, e.Stage)
		if e.Stage == "ended" {
			break
		}
	}
	if got := strings.Join(stages, " "); got != "start stored done ended" {
		t.Fatalf("stages on the stream: %q", got)
	}

	if code, body := tw.call(t, "GET", "/api/ui/knowledge", ""); code != 200 || !strings.Contains(body, `"site":"local","chunks":1`) ||
		!strings.Contains(body, `"title":"Night shift"`) {
		t.Errorf("list: %d %s", code, body)
	}
	if code, body := tw.call(t, "POST", "/api/ui/knowledge/search", `{"question":"when does the night shift start?"}`); code != 200 ||
		!strings.Contains(body, "starts at ten") || !strings.Contains(body, `"heading":"Night shift"`) {
		t.Errorf("search: %d %s", code, body)
	}
	if code, body := tw.call(t, "POST", "/api/ui/knowledge/search", `{"question":" "}`); code != 400 || !strings.Contains(body, "empty") {
		t.Errorf("empty search: %d %s", code, body)
	}
	if code, body := tw.call(t, "POST", "/api/ui/knowledge/sources", `{"sources":["docs/help.md"]}`); code != 400 || !strings.Contains(body, "full path") {
		t.Errorf("relative path: %d %s", code, body)
	}
	if code, body := tw.call(t, "POST", "/api/ui/knowledge/forget", `{"target":"local"}`); code != 200 || body != `{"chunks":1}`+"\n" {
		t.Errorf("forget: %d %s", code, body)
	}
	if code, body := tw.call(t, "POST", "/api/ui/knowledge/forget", `{"target":"local"}`); code != 404 {
		t.Errorf("forget again: %d %s", code, body)
	}
	if code, body := tw.call(t, "DELETE", "/api/ui/skills/7", ""); code != 404 || !strings.Contains(body, "no skill 7") {
		t.Errorf("forget a missing skill: %d %s", code, body)
	}
	if code, body := tw.call(t, "DELETE", "/api/ui/replays/x", ""); code != 400 {
		t.Errorf("forget replay x: %d %s", code, body)
	}
	if code, body := tw.call(t, "POST", "/api/ui/replays/forget", `{"site":"clinic.test"}`); code != 200 || body != `{"forgotten":0}`+"\n" {
		t.Errorf("forget a site's replays: %d %s", code, body)
	}
	if code, _ := tw.call(t, "POST", "/api/ui/knowledge/ingests/ingest-1/cancel", ""); code != http.StatusNoContent {
		t.Errorf("cancel an ended ingestion: %d", code)
	}
}
