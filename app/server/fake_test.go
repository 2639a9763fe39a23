package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/clock"
)

// epoch is the API contract's example timestamp; the fake clock starts there.
func epoch() time.Time { return time.Date(2026, 2, 5, 10, 30, 45, 0, time.UTC) }

const testToken = "secret-token"

// fakeRunner stands in for the Service the way the real runner behaves: a script emits
// events to the request's Sink and puts dialogs to its Prompter, which blocks until the
// reply. It records every reply and prompt error, and closes ended when a run returns.
type fakeRunner struct {
	script func(ctx context.Context, run *fakeRun) (agent.Result, error)

	mu      sync.Mutex
	runs    int
	replies []agent.Input
	errs    []error
	ended   chan struct{}
}

func newFake(script func(ctx context.Context, run *fakeRun) (agent.Result, error)) *fakeRunner {
	return &fakeRunner{script: script, ended: make(chan struct{}, 8)}
}

var _ Runner = (*fakeRunner)(nil)

func (f *fakeRunner) Run(ctx context.Context, req app.TaskRequest) (agent.Result, error) {
	f.mu.Lock()
	f.runs++
	n := f.runs
	f.mu.Unlock()
	defer func() { f.ended <- struct{}{} }()
	if req.Profile != agent.ProfileAPI {
		return agent.Result{}, fmt.Errorf("fake: profile %q, want api", req.Profile)
	}
	return f.script(ctx, &fakeRun{f: f, req: req, id: fmt.Sprintf("task-%d", n)})
}

func (f *fakeRunner) runCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.runs
}

func (f *fakeRunner) lastReply(t *testing.T) agent.Input {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.replies) == 0 {
		t.Fatal("the runner received no reply")
	}
	return f.replies[len(f.replies)-1]
}

// waitEnded waits for a run to return, as the real runner does after its last dialog.
func (f *fakeRunner) waitEnded(t *testing.T) {
	t.Helper()
	select {
	case <-f.ended:
	case <-time.After(10 * time.Second):
		t.Fatal("the run did not end")
	}
}

// fakeRun is one run of the script.
type fakeRun struct {
	f   *fakeRunner
	req app.TaskRequest
	id  string
	seq int
}

func (r *fakeRun) emit(typ agent.EventType, payload any) {
	r.seq++
	r.req.Sink.Emit(agent.Event{Type: typ, TaskID: r.id, Seq: r.seq, Payload: payload})
}

func (r *fakeRun) prompt(ctx context.Context, d agent.Output) (agent.Input, error) {
	in, err := r.req.Prompter.Prompt(ctx, d)
	r.f.mu.Lock()
	defer r.f.mu.Unlock()
	if err != nil {
		r.f.errs = append(r.f.errs, err)
	} else {
		r.f.replies = append(r.f.replies, in)
	}
	return in, err
}

func (r *fakeRun) verified(action, evidence string) {
	r.emit(agent.EventStepVerified, agent.StepVerified{Step: 1, Action: action, Verified: true, Evidence: evidence})
}

func (r *fakeRun) finish(status agent.Phase, summary string, steps int) (agent.Result, error) {
	r.emit(agent.EventTaskFinished, agent.TaskFinished{Status: status, Summary: summary, Steps: steps})
	return agent.Result{TaskID: r.id, Status: status, Summary: summary, Steps: steps}, nil
}

// Scripts, one per route of the API profile (docs/decisions.md D-11).

func highConfidence(_ context.Context, r *fakeRun) (agent.Result, error) {
	r.emit(agent.EventPlanReady, agent.PlanReady{Route: "fast_path", Steps: []string{"Click the submit button"}})
	r.emit(agent.EventConfidenceReport, agent.Confidence{Overall: 0.95})
	r.verified(`click("4")`, "the page says Submitted")
	return r.finish(agent.PhaseCompleted, "Done: clicked “Submit” button.", 1)
}

func approval(ctx context.Context, r *fakeRun) (agent.Result, error) {
	r.emit(agent.EventPlanReady, agent.PlanReady{Route: "fast_path", Steps: []string{"type into Name"}})
	r.emit(agent.EventConfidenceReport, agent.Confidence{Overall: 0.7})
	ap := &agent.Approval{RequestID: "req-" + r.id + "-1", Confidence: 0.7, Reason: "the plan is not certain enough to run unseen",
		Plan: agent.PlanView{Summary: r.req.Goal, Steps: []string{"type \"Jas\" into “Name” field"}}}
	in, err := r.prompt(ctx, agent.Output{Kind: agent.OutputAwaitApproval, Approval: ap})
	if err != nil {
		return agent.Result{TaskID: r.id, Status: agent.PhaseAwaitingApproval}, err
	}
	if in.Decision != agent.DecisionApprove {
		return r.finish(agent.PhaseCancelled, "You did not approve the plan; nothing was done.", 0)
	}
	r.verified(`setValue("1", "Jas")`, "“Name” field now holds \"Jas\"")
	return r.finish(agent.PhaseCompleted, "Done: typed \"Jas\" into “Name” field.", 1)
}

func clarification(ctx context.Context, r *fakeRun) (agent.Result, error) {
	r.emit(agent.EventConfidenceReport, agent.Confidence{Overall: 0.22})
	q := agent.Question{ID: "clar-" + r.id + "-1", Type: agent.OptionSelect, Text: "What would you like me to do on this page?",
		Options: []agent.Option{{ID: "opt-1", Text: "Fill in the form", Value: "fill in the form"},
			{ID: "opt-2", Text: "Click “Submit” button", Value: "click Submit"}}}
	in, err := r.prompt(ctx, agent.Output{Kind: agent.OutputAsk, Questions: []agent.Question{q}})
	if err != nil {
		// The real runner keeps the task at its question and returns the cause.
		return agent.Result{TaskID: r.id, Status: agent.PhaseClarifying}, fmt.Errorf("ask %s: %w", q.ID, err)
	}
	r.verified(`click("4")`, "clicked "+in.Answers[0].SelectedOptionID)
	return r.finish(agent.PhaseCompleted, "Done.", 1)
}

func threeQuestions(ctx context.Context, r *fakeRun) (agent.Result, error) {
	var qs []agent.Question
	for i, f := range []string{"Full name", "Email", "City"} {
		qs = append(qs, agent.Question{ID: fmt.Sprintf("clar-%s-%d", r.id, i+1), Type: agent.Freeform,
			Text: "What should I type into “" + f + "” field?"})
	}
	r.emit(agent.EventConfidenceReport, agent.Confidence{Overall: 0.79})
	if _, err := r.prompt(ctx, agent.Output{Kind: agent.OutputAsk, Questions: qs}); err != nil {
		return agent.Result{TaskID: r.id, Status: agent.PhaseClarifying}, err
	}
	return r.finish(agent.PhaseCompleted, "Done: typed the values.", 1)
}

func riskyConfirm(ctx context.Context, r *fakeRun) (agent.Result, error) {
	q := agent.Question{ID: "clar-" + r.id + "-1", Type: agent.Confirm, Risky: true, Default: "opt-no",
		Text:    "This will click “Delete” button, which may not be undone. Continue?",
		Options: []agent.Option{{ID: "opt-yes", Text: "Yes, do it", Value: "yes"}, {ID: "opt-no", Text: "No, stop here", Value: "no"}}}
	in, err := r.prompt(ctx, agent.Output{Kind: agent.OutputAsk, Questions: []agent.Question{q}})
	if err != nil {
		return agent.Result{TaskID: r.id, Status: agent.PhaseAwaitingApproval}, err
	}
	if in.Decision == agent.DecisionCancel || in.Answers[0].SelectedOptionID != "opt-yes" {
		return r.finish(agent.PhaseCancelled, "Cancelled; nothing more was done.", 0)
	}
	r.verified(`click("7")`, "the row is gone")
	return r.finish(agent.PhaseCompleted, "Done: clicked “Delete” button.", 1)
}

func midExec(ctx context.Context, r *fakeRun) (agent.Result, error) {
	r.emit(agent.EventConfidenceReport, agent.Confidence{Overall: 1})
	r.emit(agent.EventStepVerified, agent.StepVerified{Step: 1, Action: `click("10")`, Evidence: "the page shows an error"})
	m := &agent.MidExec{RequestID: "req-" + r.id + "-1", Options: []string{"retry", "skip", "replan", "abort"}, SuggestedAction: "replan",
		FailedStep: agent.FailedStep{StepIndex: 1, Action: `click("10")`, TargetDescription: "“Submit” button", Error: "the page shows an error"},
		Analysis:   agent.Analysis{Cause: "Unknown error", Suggestion: "Make a new plan from here, or skip this step."}}
	in, err := r.prompt(ctx, agent.Output{Kind: agent.OutputMidExecDialog, MidExec: m})
	if err != nil {
		return agent.Result{TaskID: r.id, Status: agent.PhaseMidExecDialog}, err
	}
	if in.Decision != agent.DecisionRetry {
		return r.finish(agent.PhaseCancelled, "Stopped at step 1.", 1)
	}
	r.verified(`click("10")`, "the page says Submitted")
	return r.finish(agent.PhaseCompleted, "Done: clicked “Submit” button.", 2)
}

func invalid(_ context.Context, r *fakeRun) (agent.Result, error) {
	r.emit(agent.EventValidation, agent.Validation{Status: "failed", SuggestedQuestions: []string{"What is the one thing to do?"}})
	summary := "The goal is longer than 500 characters."
	r.emit(agent.EventTaskFinished, agent.TaskFinished{Status: agent.PhaseFailed, Summary: summary})
	return agent.Result{TaskID: r.id, Status: agent.PhaseFailed, Summary: summary, Invalid: true}, nil
}

// harness is a server over a fake runner with a fake clock.
type harness struct {
	t   *testing.T
	srv *Server
	h   http.Handler
	run *fakeRunner
	clk *clock.Fake
}

func newHarness(t *testing.T, script func(context.Context, *fakeRun) (agent.Result, error), cfg Config) *harness {
	t.Helper()
	clk := clock.NewFake(epoch())
	cfg.Token, cfg.Clock = testToken, clk
	run := newFake(script)
	srv := New(run, cfg)
	t.Cleanup(func() { srv.Close() })
	return &harness{t: t, srv: srv, h: srv.Handler(), run: run, clk: clk}
}

// do sends one request as a local client with the token; edit changes it first.
func (h *harness) do(method, path, body string, edit ...func(*http.Request)) *httptest.ResponseRecorder {
	h.t.Helper()
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.Host = "127.0.0.1:7480"
	r.Header.Set("Authorization", "Bearer "+testToken)
	r.Header.Set("Content-Type", "application/json")
	for _, e := range edit {
		e(r)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	w := httptest.NewRecorder()
	h.h.ServeHTTP(w, r.WithContext(ctx))
	return w
}

// api sends a /reasoning/execute or /approval/respond request and decodes its response,
// which must be a 200.
func (h *harness) api(path, body string) Response {
	h.t.Helper()
	w := h.do(http.MethodPost, path, body)
	return decodeResponse(h.t, w)
}

func decodeResponse(t *testing.T, w *httptest.ResponseRecorder) Response {
	t.Helper()
	if w.Code != http.StatusOK {
		t.Fatalf("status %d, want 200: %s", w.Code, w.Body)
	}
	var resp Response
	if err := json.Unmarshal(w.Body.Bytes(), &resp); err != nil {
		t.Fatalf("decode %s: %v", w.Body, err)
	}
	return resp
}

func str(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}
