package server

import (
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/app/demo"
	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/clock"
)

// These tests run the API profile's three flows (docs/decisions.md D-11) through the real HTTP
// handler, the real Service, a real headless Chromium and testdata/form.html, whose script
// reports every edit and the submit back to the fixture server, so a test checks what reached
// the site.

// fixture serves testdata and records what the page reported.
type fixture struct {
	url string

	mu        sync.Mutex
	fields    map[string]string
	submitted int
}

func serveFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{fields: map[string]string{}}
	mux := http.NewServeMux()
	mux.Handle("GET /", http.FileServer(http.Dir("testdata")))
	record := func(submit bool) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			var fields map[string]string
			if err := json.NewDecoder(r.Body).Decode(&fields); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			f.mu.Lock()
			defer f.mu.Unlock()
			maps.Copy(f.fields, fields)
			if submit {
				f.submitted++
			}
		}
	}
	mux.HandleFunc("POST /fields", record(false))
	mux.HandleFunc("POST /submitted", record(true))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	f.url = srv.URL + "/form.html"
	return f
}

func (f *fixture) state() (map[string]string, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return maps.Clone(f.fields), f.submitted
}

// endSignal passes runs to the Service and says when one has returned, so a test knows
// the browser is free without polling.
type endSignal struct {
	Runner
	ended chan struct{}
}

func (e endSignal) Run(ctx context.Context, req app.TaskRequest) (agent.Result, error) {
	defer func() { e.ended <- struct{}{} }()
	return e.Runner.Run(ctx, req)
}

// e2e is the API served over a real Service.
type e2e struct {
	t   *testing.T
	svc *app.Service
	run endSignal
	clk *clock.Fake
	url string
}

func newE2E(t *testing.T) *e2e {
	t.Helper()
	svc, err := app.Open(context.Background(), app.Config{DataDir: t.TempDir(), Headless: true}, app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	clk := clock.NewFake(epoch())
	run := endSignal{Runner: svc, ended: make(chan struct{}, 4)}
	srv := New(run, Config{Token: testToken, Clock: clk})
	t.Cleanup(func() { srv.Close() })
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &e2e{t: t, svc: svc, run: run, clk: clk, url: ts.URL}
}

func (e *e2e) post(path string, body any) Response {
	e.t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		e.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.url+path, strings.NewReader(string(b)))
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+testToken)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		e.t.Fatalf("POST %s: %d %s %v", path, res.StatusCode, raw, err)
	}
	var resp Response
	if err := json.Unmarshal(raw, &resp); err != nil {
		e.t.Fatalf("decode %s: %v", raw, err)
	}
	e.t.Logf("POST %s → %s", path, raw)
	return resp
}

func (e *e2e) waitEnded() {
	e.t.Helper()
	select {
	case <-e.run.ended:
	case <-time.After(60 * time.Second):
		e.t.Fatal("the run did not end")
	}
}

// High confidence (docs/decisions.md D-11): "Click the submit button" runs at once.
func TestE2EClickTheSubmitButton(t *testing.T) {
	fx := serveFixture(t)
	e := newE2E(t)
	resp := e.post("/reasoning/execute", map[string]string{"goal": "Click the submit button", "url": fx.url})
	if !resp.Success || resp.ExecutionPath != PathHighConfidence || resp.ApprovalState != StateNone || resp.SoulRequestID != nil ||
		resp.Result.Confidence < 0.85 || len(resp.Result.ToolResults) == 0 || !resp.Result.ToolResults[0].Success ||
		resp.Result.ToolsUsed[0] != "click" || !strings.Contains(resp.Result.ReasoningSummary, "Submitted") {
		t.Fatalf("execute: %+v", resp)
	}
	if _, submitted := fx.state(); submitted != 1 {
		t.Errorf("the site saw %d submits, want 1", submitted)
	}
}

// "Fill in the form" (docs/decisions.md D-11): the plan waits for approval; once approved the engine
// asks the values it lacks (one round of questions) and types the answers into the page.
// Denied, nothing is typed.
func TestE2EFillInTheForm(t *testing.T) {
	for _, approved := range []bool{true, false} {
		fx := serveFixture(t)
		e := newE2E(t)
		resp := e.post("/reasoning/execute", map[string]string{"goal": "Fill in the form", "url": fx.url})
		id := str(resp.SoulRequestID)
		if !resp.Success || resp.ExecutionPath != PathApproved || resp.ApprovalState != StateAwaiting || !strings.HasPrefix(id, "req-") ||
			resp.Result.Confidence < 0.55 || resp.Result.Confidence >= 0.85 || len(resp.Result.ToolResults) != 0 {
			t.Fatalf("execute: %+v", resp)
		}
		asked := e.post("/approval/respond/"+id, map[string]bool{"approved": approved})
		if !approved {
			fields, submitted := fx.state()
			if asked.Success || asked.ApprovalState != StateDenied || str(asked.Error) != "User rejected execution" || len(fields) != 0 || submitted != 0 {
				t.Errorf("denied: %+v; the site saw %v", asked, fields)
			}
			continue
		}
		qid := str(asked.SoulRequestID)
		if asked.Success || asked.ExecutionPath != PathClarification || asked.ApprovalState != StateApproved || !strings.HasPrefix(qid, "clar-") ||
			len(asked.Questions) != 3 || len(asked.SuggestedQuestions) != 3 || !strings.Contains(asked.SuggestedQuestions[0], "Full name") {
			t.Fatalf("approved: %+v, want the values asked", asked)
		}
		done := e.post("/approval/respond/"+qid, map[string]any{"answers": []map[string]string{
			{"answer": "Jas Lee"}, {"answer": "jas@example.com"}, {"answer": "Bonn"}}})
		if !done.Success || done.ApprovalState != StateApproved || done.ExecutionPath != PathApproved || len(done.Result.ToolResults) != 3 ||
			done.Result.ToolsUsed[0] != "setValue" {
			t.Fatalf("answered: %+v", done)
		}
		fields, submitted := fx.state()
		if want := map[string]string{"name": "Jas Lee", "email": "jas@example.com", "city": "Bonn"}; !maps.Equal(fields, want) || submitted != 0 {
			t.Errorf("the site saw %v and %d submits, want %v and none", fields, submitted, want)
		}
	}
}

// Medium confidence: a goal read with an assumption ("Tech" for "Technical support") waits
// for approval, since the API has no announcement; approved it runs, denied nothing runs,
// and the engine audited the request and decision (docs/decisions.md D-11).
func TestE2EApproval(t *testing.T) {
	const goal = "Put 'Jas' in the full name box and choose Tech as the topic"
	for _, approved := range []bool{true, false} {
		fx := serveFixture(t)
		e := newE2E(t)
		resp := e.post("/reasoning/execute", map[string]string{"goal": goal, "url": fx.url})
		id := str(resp.SoulRequestID)
		if !resp.Success || resp.ExecutionPath != PathApproved || resp.ApprovalState != StateAwaiting || !strings.HasPrefix(id, "req-") ||
			resp.Result.Confidence < 0.55 || !strings.Contains(resp.Result.ReasoningSummary, "Technical support") || len(resp.Result.ToolResults) != 0 {
			t.Fatalf("execute: %+v", resp)
		}
		done := e.post("/approval/respond/"+id, map[string]bool{"approved": approved})
		fields, _ := fx.state()
		if approved {
			if !done.Success || done.ApprovalState != StateApproved || len(done.Result.ToolResults) != 2 || fields["name"] != "Jas" {
				t.Errorf("approved: %+v; the site saw %v", done, fields)
			}
			continue
		}
		if done.Success || done.ApprovalState != StateDenied || str(done.Error) != "User rejected execution" || len(fields) != 0 {
			t.Errorf("denied: %+v; the site saw %v, want nothing", done, fields)
		}
		// The engine wrote the request and the person's decision to the audit log.
		audit, err := e.svc.AuditLog(context.Background(), done.TaskID)
		if err != nil {
			t.Fatal(err)
		}
		var kinds []string
		for _, a := range audit {
			if a.RequestID == id {
				kinds = append(kinds, a.Kind)
			}
		}
		if strings.Join(kinds, ",") != agent.AuditApproval+","+agent.AuditDecision {
			t.Errorf("audit lines for %s: %v, want the request and the decision", id, kinds)
		}
	}
}

// Low confidence (docs/decisions.md D-11): "Help me" asks what to do; with no answer the request times
// out after 5 minutes on the injected clock.
func TestE2EHelpMeTimesOut(t *testing.T) {
	fx := serveFixture(t)
	e := newE2E(t)
	resp := e.post("/reasoning/execute", map[string]string{"goal": "Help me", "url": fx.url})
	id := str(resp.SoulRequestID)
	if resp.Success || resp.ExecutionPath != PathClarification || resp.ApprovalState != StateNone || !strings.HasPrefix(id, "clar-") ||
		len(resp.SuggestedQuestions) == 0 || resp.Result.Confidence >= 0.55 || len(resp.Questions) != 1 || len(resp.Questions[0].Options) == 0 {
		t.Fatalf("execute: %+v", resp)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := e.clk.BlockUntil(ctx, 1); err != nil {
		t.Fatal(err)
	}
	e.clk.Advance(5 * time.Minute)
	e.waitEnded()
	late := e.post("/approval/respond/"+id, map[string]string{"selected_option_id": "opt-1"})
	if late.Success || late.ApprovalState != StateTimeout || str(late.Error) != "Clarification timeout" {
		t.Errorf("late respond: %+v", late)
	}
	if fields, submitted := fx.state(); len(fields) != 0 || submitted != 0 {
		t.Errorf("the site saw %v and %d submits after an unanswered question", fields, submitted)
	}
	// The browser is free again for the next task.
	if next := e.post("/reasoning/execute", map[string]string{"goal": "Click the submit button", "url": fx.url}); !next.Success {
		t.Errorf("next task: %+v", next)
	}
}

// A goal the offline engine reads only in part asks about the rest before anything runs;
// one it cannot accept (too long) is rejected. Nothing runs either way.
func TestE2EPartOfGoalAsks(t *testing.T) {
	fx := serveFixture(t)
	e := newE2E(t)
	resp := e.post("/reasoning/execute", map[string]string{"goal": "Click the Submit button, then type into City", "url": fx.url})
	if resp.Success || resp.ExecutionPath != PathClarification || len(resp.Questions) != 1 ||
		!strings.Contains(resp.Questions[0].Text, "City") || len(resp.Result.ToolResults) != 0 {
		t.Errorf("execute: %+v", resp)
	}
	if _, submitted := fx.state(); submitted != 0 {
		t.Errorf("a goal waiting for its question submitted the form %d times", submitted)
	}
	e2 := newE2E(t)
	long := e2.post("/reasoning/execute", map[string]string{"goal": "Click the submit button " + strings.Repeat("now ", 130), "url": fx.url})
	if long.Success || long.ExecutionPath != PathRejected || long.Error == nil {
		t.Errorf("over-long goal: %+v", long)
	}
	if _, submitted := fx.state(); submitted != 0 {
		t.Errorf("a rejected goal submitted the form %d times", submitted)
	}
}

// A step the page refuses (the demo contact form wants a first name) opens the
// mid-execution dialog; the client's decision goes back to the engine.
func TestE2EMidExecutionDialog(t *testing.T) {
	site, err := demo.Start(context.Background(), "127.0.0.1:0", demo.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { site.Close() })
	e := newE2E(t)
	resp := e.post("/reasoning/execute", map[string]string{"goal": "Click the submit button", "url": site.URL() + "/form5"})
	id := str(resp.SoulRequestID)
	if resp.Success || resp.ExecutionPath != PathHighConfidence || resp.ApprovalState != StateNone || !strings.HasPrefix(id, "req-") ||
		resp.MidExec == nil || !strings.Contains(resp.MidExec.FailedStep.Error, "First name is required") ||
		len(resp.Result.ToolResults) != 1 || resp.Result.ToolResults[0].Success {
		t.Fatalf("execute: %+v", resp)
	}
	done := e.post("/approval/respond/"+id, map[string]string{"decision": "abort"})
	if done.Success || done.MidExec != nil || !strings.Contains(str(done.Error), "Stopped at step 1") {
		t.Errorf("aborted: %+v", done)
	}
	if got := site.Site.Contacts(); len(got) != 0 {
		t.Errorf("the demo site saved %v", got)
	}
}
