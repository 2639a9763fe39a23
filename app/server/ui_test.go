package server

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/app/ui"
	"github.com/errand-app/errand/engine/agent"
)

// asking is a Service whose errand asks one question and finishes with the answer; the
// rest (history, settings) is a real Service on an empty data directory.
type asking struct{ *app.Service }

var uiQuestion = agent.Question{ID: "clar-1", Type: agent.OptionSelect, Text: "Which Save?", AllowFreeform: true,
	Options: []agent.Option{{ID: "o1", Text: "Save (top)", Confidence: 0.6}, {ID: "o2", Text: "Save (bottom)", Confidence: 0.4}}}

func (asking) Run(ctx context.Context, req app.TaskRequest) (agent.Result, error) {
	req.Sink.Emit(agent.Event{Type: agent.EventClarifyWithOptions, TaskID: "task-1", Seq: 1,
		Payload: agent.ClarifyWithOptions{Question: uiQuestion}})
	in, err := req.Prompter.Prompt(ctx, agent.Output{Kind: agent.OutputAsk, Questions: []agent.Question{uiQuestion}})
	if err != nil {
		return agent.Result{}, err
	}
	return agent.Result{TaskID: "task-1", Status: agent.PhaseCompleted, Summary: "chose " + in.Answers[0].SelectedOptionID}, nil
}

type twin struct {
	srv    *httptest.Server
	client *http.Client // carries the cookie once signed in
}

func newTwin(t *testing.T) *twin {
	t.Helper()
	svc, err := app.Open(context.Background(), app.Config{DataDir: t.TempDir(), Offline: true}, app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	hub := NewHub()
	b := ui.New(context.Background(), asking{svc}, ui.Options{Emit: hub.Emit, Version: "9.9"})
	s := New(svc, Config{Token: testToken, UI: &UI{Bridge: b, Events: hub,
		Assets: fstest.MapFS{"index.html": {Data: []byte("<title>Errand</title>")}}}})
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		srv.Close()
		s.Close()
		_ = ui.Close(context.Background(), b)
	})
	jar, _ := cookiejar.New(nil)
	return &twin{srv: srv, client: &http.Client{Jar: jar}}
}

func (tw *twin) call(t *testing.T, method, path, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(method, tw.srv.URL+path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := tw.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestWebTwinSignsInWithTheTokenOnce(t *testing.T) {
	tw := newTwin(t)
	// The page holds no data and loads without the token; the verbs want it.
	if code, body := tw.call(t, "GET", "/", ""); code != 200 || !strings.Contains(body, "<title>Errand") {
		t.Fatalf("page: %d %q", code, body)
	}
	if code, _ := tw.call(t, "GET", "/api/ui/tasks", ""); code != http.StatusUnauthorized {
		t.Fatalf("tasks without the cookie: %d, want 401", code)
	}
	if code, _ := tw.call(t, "GET", "/?token=wrong", ""); code != http.StatusUnauthorized {
		t.Fatalf("wrong token: %d, want 401", code)
	}
	// The printed address sets the cookie and lands on the clean page.
	if code, body := tw.call(t, "GET", "/?token="+testToken, ""); code != 200 || !strings.Contains(body, "Errand") {
		t.Fatalf("sign in: %d %q", code, body)
	}
	if code, body := tw.call(t, "GET", "/api/ui/tasks", ""); code != 200 || body != "[]\n" {
		t.Fatalf("tasks: %d %q", code, body)
	}
	if code, body := tw.call(t, "GET", "/api/ui/version", ""); code != 200 || !strings.Contains(body, `"9.9"`) {
		t.Fatalf("version: %d %q", code, body)
	}
}

func TestWebTwinRunsAnErrandOverSSE(t *testing.T) {
	tw := newTwin(t)
	tw.call(t, "GET", "/?token="+testToken, "")
	req, _ := http.NewRequest("GET", tw.srv.URL+"/api/ui/events", nil)
	resp, err := tw.client.Do(req)
	if err != nil || resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("events: %v %v", err, resp)
	}
	defer resp.Body.Close()
	lines := make(chan string, 64)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				lines <- d
			}
		}
		close(lines)
	}()
	next := func(want string) map[string]any {
		t.Helper()
		deadline := time.After(5 * time.Second)
		for {
			select {
			case l := <-lines:
				var m map[string]any
				if err := json.Unmarshal([]byte(l), &m); err != nil {
					t.Fatalf("event %q: %v", l, err)
				}
				if m["type"] == want {
					return m
				}
			case <-deadline:
				t.Fatalf("no %s event", want)
			}
		}
	}

	if code, body := tw.call(t, "POST", "/api/ui/run", `{"goal":"","url":""}`); code != 400 || !strings.Contains(body, "goal is empty") {
		t.Fatalf("empty goal: %d %s", code, body)
	}
	if code, body := tw.call(t, "POST", "/api/ui/run", `{"goal":"click Save","url":"127.0.0.1:9/x"}`); code != 200 || !strings.Contains(body, `"runId":"run-1"`) {
		t.Fatalf("run: %d %s", code, body)
	}
	q := next("clarifyWithOptions")
	if q["id"] != "clar-1" {
		t.Fatalf("question = %v", q)
	}
	if code, _ := tw.call(t, "POST", "/api/ui/run", `{"goal":"click Save"}`); code != http.StatusConflict {
		t.Errorf("second run while one waits: %d, want 409", code)
	}
	if code, body := tw.call(t, "POST", "/api/ui/answer", `{"questionId":"clar-1","optionId":"o9"}`); code != 400 || !strings.Contains(body, "no option") {
		t.Errorf("bad option: %d %s", code, body)
	}
	if code, _ := tw.call(t, "POST", "/api/ui/answer", `{"questionId":"clar-1","optionId":"o2"}`); code != http.StatusNoContent {
		t.Fatalf("answer: %d", code)
	}
	if end := next("runEnded"); end["summary"] != "chose o2" || end["status"] != "completed" {
		t.Errorf("runEnded = %v", end)
	}
}

func TestWebTwinCatchesUpAfterAReconnect(t *testing.T) {
	h := NewHub()
	for i := range 3 {
		h.Emit("x", map[string]int{"n": i})
	}
	ch, missed := h.subscribe(1)
	defer h.unsubscribe(ch)
	if len(missed) != 2 || missed[0].id != 2 || string(missed[1].data) != `{"n":2}` {
		t.Fatalf("missed = %+v", missed)
	}
	h.Emit("x", "live")
	if f := <-ch; f.id != 4 || string(f.data) != `"live"` {
		t.Errorf("live frame = %+v", f)
	}
}

func TestWebTwinSettingsAndTraces(t *testing.T) {
	tw := newTwin(t)
	tw.call(t, "GET", "/?token="+testToken, "")
	code, body := tw.call(t, "GET", "/api/ui/settings", "")
	var s app.Settings
	if err := json.Unmarshal([]byte(body), &s); code != 200 || err != nil || s.Profile != agent.ProfileDesktop || s.AskBelow != 0.5 || !s.Offline {
		t.Fatalf("settings: %d %s", code, body)
	}
	s.ProceedAt = 0.4 // below ask: refused, naming the field
	b, _ := json.Marshal(s)
	if code, body := tw.call(t, "PUT", "/api/ui/settings", string(b)); code != 400 || !strings.Contains(body, "thresholds") {
		t.Errorf("bad thresholds: %d %s", code, body)
	}
	s.ProceedAt, s.ReviewPlans, s.AllowedDomains = 0.95, true, []string{" Example.COM ", "example.com"}
	b, _ = json.Marshal(s)
	if code, body := tw.call(t, "PUT", "/api/ui/settings", string(b)); code != 200 || !strings.Contains(body, `"allowedDomains":["example.com"]`) ||
		!strings.Contains(body, `"reviewPlans":true`) {
		t.Errorf("save: %d %s", code, body)
	}
	if code, body := tw.call(t, "GET", "/api/ui/tasks/task-nope", ""); code != 404 || !strings.Contains(body, "no such task") {
		t.Errorf("missing trace: %d %s", code, body)
	}
	if code, body := tw.call(t, "GET", "/api/ui/models", ""); code != 200 || !strings.Contains(body, "offline") {
		t.Errorf("models offline: %d %s", code, body)
	}
	if code, body := tw.call(t, "GET", "/api/ui/knowledge", ""); code != 200 || body != `{"sites":[]}`+"\n" {
		t.Errorf("knowledge: %d %s", code, body)
	}
	if code, body := tw.call(t, "GET", "/api/ui/skills", ""); code != 200 || body != `{"sites":[]}`+"\n" {
		t.Errorf("skills: %d %s", code, body)
	}
}
