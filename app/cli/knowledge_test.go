package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/llm/fakeollama"
)

const knowledgeDocs = "../../knowledge/testdata/docs"

func TestIngestAskListForget(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := call(t, dir, "ingest", "--offline", "--json", knowledgeDocs)
	if code != ExitOK {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	evs := events(t, out)
	last := evs[len(evs)-1]
	if last["type"] != "done" || last["stored"] != 6.0 || last["failed"] != 1.0 {
		t.Fatalf("last event %v", last)
	}
	var junk map[string]any
	for _, e := range evs {
		if e["type"] == "error" && strings.HasSuffix(e["source"].(string), "junk.bin") {
			junk = e
		}
	}
	if junk == nil || !strings.Contains(junk["error"].(string), "binary content") {
		t.Errorf("junk.bin error event: %v", junk)
	}

	code, out, _ = call(t, dir, "ask", "--json", "--offline", "--site", "local", "how long do refunds take")
	var res struct {
		Question string `json:"question"`
		Passages []struct {
			Text, Source, Heading string
			Score                 float64
		} `json:"passages"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != ExitOK {
		t.Fatalf("ask: %d %q %v", code, out, err)
	}
	if res.Question != "how long do refunds take" || len(res.Passages) == 0 {
		t.Fatalf("ask result %+v", res)
	}
	if p := res.Passages[0]; filepath.Base(p.Source) != "guide.docx" || p.Heading != "Front desk guide > Refunds" ||
		!strings.Contains(p.Text, "fourteen days") || p.Score <= 0 {
		t.Errorf("first passage %+v", p)
	}

	_, out, _ = call(t, dir, "knowledge", "list", "--json")
	if n := len(events(t, out)); n != 6 {
		t.Errorf("list: %d sources, want 6", n)
	}
	guide, _ := filepath.Abs(filepath.Join(knowledgeDocs, "guide.docx"))
	if code, out, _ := call(t, dir, "knowledge", "forget", guide); code != ExitOK || !strings.Contains(out, "Forgot") {
		t.Errorf("forget: %d %q", code, out)
	}
	if code, _, errOut := call(t, dir, "knowledge", "forget", guide); code != ExitFailed || !strings.Contains(errOut, "nothing stored") {
		t.Errorf("forget again: %d %q", code, errOut)
	}
	_, out, _ = call(t, dir, "ask", "--offline", "refunds fourteen days")
	if strings.Contains(out, "guide.docx") {
		t.Errorf("a forgotten source answered: %s", out)
	}
}

func TestIngestEmbedsThroughOllamaAndCrawlsASite(t *testing.T) {
	fake := fakeollama.Start(t)
	fake.SetModels("nomic-embed-text")
	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<html><head><title>Help</title></head><body><h1>Help</h1><p>Read the <a href="/billing">billing page</a> for invoices.</p></body></html>`)
	})
	mux.HandleFunc("/billing", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<html><head><title>Billing</title></head><body><h1>Billing</h1><h2>Invoices</h2><p>Invoices are emailed on the first day of each month.</p></body></html>`)
	})
	site := httptest.NewServer(mux)
	defer site.Close()
	vars := map[string]string{"ERRAND_DATA_DIR": t.TempDir(), "OLLAMA_HOST": fake.URL()}
	code, out, errOut := callEnv(t, vars, "ingest", "--json", "--strategy", "spider", "--max-depth", "1", site.URL+"/")
	if code != ExitOK {
		t.Fatalf("ingest: %d %s", code, errOut)
	}
	stored, embedded := 0, false
	for _, e := range events(t, out) {
		switch e["type"] {
		case "stored":
			stored++
		case "embedding":
			embedded = e["done"] == e["total"] && e["model"] == "nomic-embed-text"
		}
	}
	if stored != 2 || !embedded {
		t.Fatalf("stored %d pages, embedded %v:\n%s", stored, embedded, out)
	}
	code, out, _ = callEnv(t, vars, "ask", "when are invoices sent")
	if code != ExitOK || !strings.Contains(out, "/billing › Invoices") || !strings.Contains(out, "first day of each month") {
		t.Errorf("ask: %d\n%s", code, out)
	}
	// The same crawl again: nothing changed, nothing stored.
	_, out, _ = callEnv(t, vars, "ingest", "--strategy", "spider", site.URL+"/")
	if !strings.Contains(out, "0 stored (0 chunks), 2 unchanged, 0 failed") {
		t.Errorf("second crawl:\n%s", out)
	}
}

func TestIngestUsage(t *testing.T) {
	dir := t.TempDir()
	if code, _, errOut := call(t, dir, "ingest", "--strategy", "bfs", "x"); code != ExitUsage || !strings.Contains(errOut, "unknown strategy") {
		t.Errorf("bad strategy: %d %q", code, errOut)
	}
	if code, _, _ := call(t, dir, "ingest"); code != ExitUsage {
		t.Errorf("no source: %d", code)
	}
	if code, _, errOut := call(t, dir, "ingest", "--offline", filepath.Join(dir, "absent")); code != ExitFailed || errOut != "" {
		t.Errorf("only a missing source: %d %q", code, errOut)
	}
	if code, _, _ := call(t, dir, "ask"); code != ExitUsage {
		t.Errorf("ask without a question: %d", code)
	}
}
