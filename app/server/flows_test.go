package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/agent"
)

// blockUntilWaiting returns once the task's Prompt waits on its approval timer.
func (h *harness) blockUntilWaiting() {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := h.clk.BlockUntil(ctx, 1); err != nil {
		h.t.Fatalf("the task never waited on its timer: %v", err)
	}
}

func TestHighConfidenceSchema(t *testing.T) {
	t.Parallel()
	h := newHarness(t, highConfidence, Config{})
	w := h.do(http.MethodPost, "/reasoning/execute", executeClick)
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(w.Body.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"success", "result", "approval_state", "soul_request_id", "execution_path", "suggested_questions", "error", "timestamp"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("response lacks the schema's %q: %s", k, w.Body)
		}
	}
	var result map[string]json.RawMessage
	if err := json.Unmarshal(raw["result"], &result); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"reasoning_summary", "tool_results", "tools_used", "understanding", "confidence"} {
		if _, ok := result[k]; !ok {
			t.Errorf("result lacks %q: %s", k, raw["result"])
		}
	}
	resp := decodeResponse(t, w)
	want := Response{Success: true, ExecutionPath: PathHighConfidence, ApprovalState: StateNone, Timestamp: "2026-02-05T10:30:45Z", TaskID: "task-1"}
	if resp.Success != want.Success || resp.ExecutionPath != want.ExecutionPath || resp.ApprovalState != want.ApprovalState ||
		resp.Timestamp != want.Timestamp || resp.TaskID != want.TaskID || resp.SoulRequestID != nil || resp.Error != nil {
		t.Errorf("response %+v, want %+v", resp, want)
	}
	r := resp.Result
	if r.Confidence != 0.95 || r.ReasoningSummary != "Done: clicked “Submit” button." || len(r.ToolResults) != 1 ||
		!r.ToolResults[0].Success || r.ToolResults[0].Action != `click("4")` || !slices.Equal(r.ToolsUsed, []string{"click"}) ||
		!slices.Equal(r.Understanding.Steps, []string{"Click the submit button"}) || r.Understanding.Goal != "Click the submit button" {
		t.Errorf("result %+v", r)
	}
}

func TestApprovalApproved(t *testing.T) {
	t.Parallel()
	h := newHarness(t, approval, Config{})
	resp := h.api("/reasoning/execute", `{"goal": "Put 'Jas' in the applicant name box"}`)
	if !resp.Success || resp.ExecutionPath != PathApproved || resp.ApprovalState != StateAwaiting ||
		str(resp.SoulRequestID) != "req-task-1-1" || len(resp.Result.ToolResults) != 0 || resp.Result.Confidence != 0.7 {
		t.Fatalf("execute: %+v", resp)
	}
	// A reply without "approved" is refused and the approval stays open.
	bad := h.api("/approval/respond/req-task-1-1", `{"answer": "sure"}`)
	if bad.Success || bad.ExecutionPath != PathRejected || bad.ApprovalState != StateAwaiting || !strings.Contains(str(bad.Error), `"approved"`) {
		t.Fatalf("malformed reply: %+v", bad)
	}
	done := h.api("/approval/respond/req-task-1-1", `{"approved": true}`)
	if !done.Success || done.ApprovalState != StateApproved || done.ExecutionPath != PathApproved || len(done.Result.ToolResults) != 1 ||
		!slices.Equal(done.Result.ToolsUsed, []string{"setValue"}) {
		t.Errorf("approved: %+v", done)
	}
	if got := h.run.lastReply(t); got.Kind != agent.InputDecision || got.Decision != agent.DecisionApprove {
		t.Errorf("the runner got %+v, want approve", got)
	}
	// An approval request is answered once (docs/decisions.md D-11, D-35).
	if w := h.do(http.MethodPost, "/approval/respond/req-task-1-1", `{"approved": true}`); w.Code != http.StatusConflict {
		t.Errorf("second respond: %d %s, want 409", w.Code, w.Body)
	}
}

func TestApprovalDenied(t *testing.T) {
	t.Parallel()
	h := newHarness(t, approval, Config{})
	h.api("/reasoning/execute", `{"goal": "Put 'Jas' in the applicant name box"}`)
	resp := h.api("/approval/respond/req-task-1-1", `{"approved": false}`)
	if resp.Success || resp.ApprovalState != StateDenied || str(resp.Error) != "User rejected execution" || len(resp.Result.ToolResults) != 0 {
		t.Errorf("denied: %+v", resp)
	}
	if got := h.run.lastReply(t); got.Decision != agent.DecisionCancel {
		t.Errorf("the runner got %+v, want cancel", got)
	}
}

func TestOneTaskAtATime(t *testing.T) {
	t.Parallel()
	h := newHarness(t, approval, Config{})
	first := h.api("/reasoning/execute", `{"goal": "Put 'Jas' in the applicant name box"}`)
	w := h.do(http.MethodPost, "/reasoning/execute", executeClick)
	var body errorBody
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || w.Code != http.StatusConflict || body.TaskID != first.TaskID {
		t.Fatalf("second task while the first waits: %d %s, want 409 naming %s", w.Code, w.Body, first.TaskID)
	}
	h.api("/approval/respond/"+str(first.SoulRequestID), `{"approved": false}`)
	// The browser is free as soon as the first task's end is told.
	next := h.api("/reasoning/execute", `{"goal": "Put 'Jas' in the applicant name box"}`)
	if next.TaskID != "task-2" || next.ApprovalState != StateAwaiting {
		t.Errorf("a task after the first ended: %+v", next)
	}
}

func TestApprovalTimeout(t *testing.T) {
	t.Parallel()
	h := newHarness(t, approval, Config{})
	resp := h.api("/reasoning/execute", `{"goal": "Put 'Jas' in the applicant name box"}`)
	h.blockUntilWaiting()
	h.clk.Advance(5*time.Minute - time.Second)
	if h.run.runCount() != 1 || len(h.run.ended) != 0 {
		t.Fatal("the task ended before the timeout")
	}
	h.clk.Advance(time.Second)
	h.run.waitEnded(t)
	if got := h.run.lastReply(t); got.Kind != agent.InputDecision || got.Decision != agent.DecisionCancel {
		t.Errorf("after the timeout the runner got %+v, want cancel", got)
	}
	late := h.api("/approval/respond/"+str(resp.SoulRequestID), `{"approved": true}`)
	if late.Success || late.ApprovalState != StateTimeout || str(late.Error) != "Approval timeout" ||
		late.Timestamp != "2026-02-05T10:35:45Z" {
		t.Errorf("late respond: %+v", late)
	}
	// Asked again, it says the same: a timed-out request stays timed out.
	if again := h.api("/approval/respond/"+str(resp.SoulRequestID), `{"approved": true}`); again.ApprovalState != StateTimeout {
		t.Errorf("second late respond: %+v", again)
	}
}

func TestClarificationTimeout(t *testing.T) {
	t.Parallel()
	h := newHarness(t, clarification, Config{})
	resp := h.api("/reasoning/execute", `{"goal": "Help me"}`)
	if resp.Success || resp.ExecutionPath != PathClarification || resp.ApprovalState != StateNone ||
		!strings.HasPrefix(str(resp.SoulRequestID), "clar-") || resp.Result.Confidence != 0.22 ||
		!slices.Equal(resp.SuggestedQuestions, []string{"What would you like me to do on this page?"}) || len(resp.Questions) != 1 {
		t.Fatalf("execute: %+v", resp)
	}
	h.blockUntilWaiting()
	h.clk.Advance(5 * time.Minute)
	h.run.waitEnded(t)
	h.run.mu.Lock()
	errs := slices.Clone(h.run.errs)
	h.run.mu.Unlock()
	if len(errs) != 1 || !errors.Is(errs[0], errTimeout) {
		t.Errorf("the runner's Prompt returned %v, want the timeout error", errs)
	}
	late := h.api("/approval/respond/"+str(resp.SoulRequestID), `{"selected_option_id": "opt-1"}`)
	if late.Success || late.ApprovalState != StateTimeout || str(late.Error) != "Clarification timeout" {
		t.Errorf("late respond: %+v", late)
	}
}

func TestClarificationAnswered(t *testing.T) {
	t.Parallel()
	h := newHarness(t, clarification, Config{})
	resp := h.api("/reasoning/execute", `{"goal": "Help me"}`)
	id := str(resp.SoulRequestID)
	if bad := h.api("/approval/respond/"+id, `{"selected_option_id": "opt-9"}`); bad.Success || !strings.Contains(str(bad.Error), "opt-1, opt-2") {
		t.Fatalf("unknown option: %+v", bad)
	}
	done := h.api("/approval/respond/"+id, `{"selected_option_id": "opt-2"}`)
	if !done.Success || done.ExecutionPath != PathHighConfidence || done.ApprovalState != StateNone {
		t.Errorf("answered: %+v", done)
	}
	got := h.run.lastReply(t)
	if got.Kind != agent.InputAnswer || len(got.Answers) != 1 || got.Answers[0] != (agent.Answer{QuestionID: id, SelectedOptionID: "opt-2"}) {
		t.Errorf("the runner got %+v", got)
	}
}

func TestRoundOfQuestions(t *testing.T) {
	t.Parallel()
	h := newHarness(t, threeQuestions, Config{})
	resp := h.api("/reasoning/execute", `{"goal": "Fill in the form"}`)
	if len(resp.Questions) != 3 || len(resp.SuggestedQuestions) != 3 || str(resp.SoulRequestID) != "clar-task-1-1" {
		t.Fatalf("execute: %+v", resp)
	}
	if bad := h.api("/approval/respond/clar-task-1-1", `{"answers": [{"answer": "Jas"}, {"answer": "jas@example.com"}]}`); bad.Success ||
		!strings.Contains(str(bad.Error), "3 question") {
		t.Fatalf("two answers for three questions: %+v", bad)
	}
	done := h.api("/approval/respond/clar-task-1-1", `{"answers": [{"answer": "Jas"}, {"answer": "jas@example.com"}, {"answer": " Bonn "}]}`)
	if !done.Success {
		t.Errorf("answered: %+v", done)
	}
	got := h.run.lastReply(t)
	want := []agent.Answer{{QuestionID: "clar-task-1-1", Text: "Jas"}, {QuestionID: "clar-task-1-2", Text: "jas@example.com"},
		{QuestionID: "clar-task-1-3", Text: "Bonn"}}
	if !slices.Equal(got.Answers, want) {
		t.Errorf("the runner got %+v, want %+v", got.Answers, want)
	}
	// Every id of the round is known, and the round is answered.
	if w := h.do(http.MethodPost, "/approval/respond/clar-task-1-3", `{"answer": "x"}`); w.Code != http.StatusConflict {
		t.Errorf("respond to the round's third id: %d, want 409", w.Code)
	}
}

func TestRiskyConfirmIsAnApproval(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		body, option, state string
		success             bool
	}{
		{`{"approved": true}`, "opt-yes", StateApproved, true},
		{`{"approved": false}`, "opt-no", StateDenied, false},
		{`{"selected_option_id": "opt-yes"}`, "opt-yes", StateApproved, true},
	} {
		h := newHarness(t, riskyConfirm, Config{})
		resp := h.api("/reasoning/execute", `{"goal": "Delete Tom Baker"}`)
		if !resp.Success || resp.ExecutionPath != PathApproved || resp.ApprovalState != StateAwaiting ||
			str(resp.SoulRequestID) != "clar-task-1-1" || len(resp.Questions) != 1 {
			t.Fatalf("execute: %+v", resp)
		}
		done := h.api("/approval/respond/clar-task-1-1", tt.body)
		if done.Success != tt.success || done.ApprovalState != tt.state {
			t.Errorf("%s: %+v", tt.body, done)
		}
		if got := h.run.lastReply(t); got.Answers[0].SelectedOptionID != tt.option {
			t.Errorf("%s: the runner got %+v, want %s", tt.body, got, tt.option)
		}
	}
}

func TestMidExecutionDialog(t *testing.T) {
	t.Parallel()
	h := newHarness(t, midExec, Config{})
	resp := h.api("/reasoning/execute", executeClick)
	if resp.Success || resp.ExecutionPath != PathHighConfidence || resp.ApprovalState != StateNone ||
		str(resp.SoulRequestID) != "req-task-1-1" || resp.MidExec == nil || resp.MidExec.SuggestedAction != "replan" ||
		len(resp.Result.ToolResults) != 1 || resp.Result.ToolResults[0].Success {
		t.Fatalf("execute: %+v", resp)
	}
	if bad := h.api("/approval/respond/req-task-1-1", `{"decision": "explode"}`); bad.Success || !strings.Contains(str(bad.Error), "retry, skip, replan, abort") {
		t.Fatalf("unknown decision: %+v", bad)
	}
	done := h.api("/approval/respond/req-task-1-1", `{"decision": "retry"}`)
	if !done.Success || done.MidExec != nil || len(done.Result.ToolResults) != 2 {
		t.Errorf("retried: %+v", done)
	}
	if got := h.run.lastReply(t); got.Decision != agent.DecisionRetry {
		t.Errorf("the runner got %+v, want retry", got)
	}
}

func TestInvalidGoalIsRejected(t *testing.T) {
	t.Parallel()
	h := newHarness(t, invalid, Config{})
	resp := h.api("/reasoning/execute", `{"goal": "Click the submit button and then some"}`)
	if resp.Success || resp.ExecutionPath != PathRejected || str(resp.Error) != "The goal is longer than 500 characters." ||
		!slices.Equal(resp.SuggestedQuestions, []string{"What is the one thing to do?"}) {
		t.Errorf("invalid goal: %+v", resp)
	}
}

func TestCloseLeavesTheTaskWaiting(t *testing.T) {
	t.Parallel()
	h := newHarness(t, approval, Config{})
	resp := h.api("/reasoning/execute", `{"goal": "Put 'Jas' in the applicant name box"}`)
	if err := h.srv.Close(); err != nil {
		t.Fatal(err)
	}
	h.run.mu.Lock()
	errs := slices.Clone(h.run.errs)
	h.run.mu.Unlock()
	if len(errs) != 1 || !errors.Is(errs[0], context.Canceled) {
		t.Errorf("on Close the runner's Prompt returned %v, want context.Canceled (the task stays resumable)", errs)
	}
	if w := h.do(http.MethodPost, "/approval/respond/"+str(resp.SoulRequestID), `{"approved": true}`); w.Code != http.StatusConflict {
		t.Errorf("respond after Close: %d, want 409", w.Code)
	}
	if late := h.api("/reasoning/execute", executeClick); late.ExecutionPath != PathRejected || !strings.Contains(str(late.Error), "shutting down") ||
		h.run.runCount() != 1 {
		t.Errorf("execute after Close: %+v, want rejected without a run", late)
	}
}
