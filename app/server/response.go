package server

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/errand-app/errand/engine/agent"
)

// Execution paths and approval states of the API profile (docs/decisions.md D-11).
const (
	PathHighConfidence = "high_confidence"
	PathApproved       = "approved"
	PathClarification  = "clarification"
	PathRejected       = "rejected"

	StateNone     = "none"
	StateAwaiting = "awaiting_approval"
	StateApproved = "approved"
	StateDenied   = "denied"
	StateTimeout  = "timeout"
)

// The API profile's fixed error texts (docs/decisions.md D-11).
const (
	errRejected             = "User rejected execution"
	errApprovalTimeout      = "Approval timeout"
	errClarificationTimeout = "Clarification timeout"
)

// Response is the API profile's response schema (docs/decisions.md D-11), plus task_id and,
// when the task waits on them, the full questions and the mid-execution dialog so a client can
// answer.
type Response struct {
	Success            bool             `json:"success"`
	Result             Result           `json:"result"`
	ApprovalState      string           `json:"approval_state"`
	SoulRequestID      *string          `json:"soul_request_id"`
	ExecutionPath      string           `json:"execution_path"`
	SuggestedQuestions []string         `json:"suggested_questions"`
	Error              *string          `json:"error"`
	Timestamp          string           `json:"timestamp"`
	TaskID             string           `json:"task_id,omitempty"`
	Questions          []agent.Question `json:"questions,omitempty"`
	MidExec            *agent.MidExec   `json:"mid_exec,omitempty"`
}

// Result is the response's result object (docs/decisions.md D-11).
type Result struct {
	ReasoningSummary string        `json:"reasoning_summary"`
	ToolResults      []ToolResult  `json:"tool_results"`
	ToolsUsed        []string      `json:"tools_used"`
	Understanding    Understanding `json:"understanding"`
	Confidence       float64       `json:"confidence"`
}

// ToolResult is one verified (or failed) action, from a stepVerified event.
type ToolResult struct {
	Action      string `json:"action"`
	Description string `json:"description,omitempty"`
	Success     bool   `json:"success"`
	Evidence    string `json:"evidence"`
	Error       string `json:"error,omitempty"`
}

// Understanding is what Errand made of the goal: the plan's steps as planReady gave them.
type Understanding struct {
	Goal   string   `json:"goal"`
	TaskID string   `json:"task_id,omitempty"`
	Steps  []string `json:"steps"`
}

func ptr(s string) *string { return &s }

// rejected answers a request the server refused before running anything.
func (s *Server) rejected(goal, msg string) Response {
	return Response{Result: Result{ReasoningSummary: "The request was rejected: " + msg, ToolResults: []ToolResult{},
		ToolsUsed: []string{}, Understanding: Understanding{Goal: goal, Steps: []string{}}},
		ApprovalState: StateNone, ExecutionPath: PathRejected, SuggestedQuestions: []string{}, Error: ptr(msg),
		Timestamp: s.timestamp()}
}

// responseLocked describes the task at a stop; the caller holds t.mu.
func (t *task) responseLocked(st stop) Response {
	r := Response{
		Result: Result{ToolResults: append([]ToolResult{}, t.results...), ToolsUsed: append([]string{}, t.used...),
			Understanding: Understanding{Goal: t.goal, TaskID: t.id, Steps: append([]string{}, t.steps...)}, Confidence: t.conf},
		ApprovalState: t.approvalStateLocked(), SuggestedQuestions: []string{}, Timestamp: t.s.timestamp(), TaskID: t.id,
	}
	if st.req != nil {
		t.describeDialog(&r, st.req)
		return r
	}
	res := st.res
	r.Result.ReasoningSummary = res.Summary
	r.ExecutionPath = t.pathLocked(res)
	switch {
	case res.Status == agent.PhaseCompleted && st.err == nil:
		r.Success = true
	case res.Invalid, res.Steps == 0 && !t.gated && !t.asked && (res.Status == agent.PhaseFailed || st.err != nil):
		// Pre-validation failed, or the errand could not even start: the rejected path (D-11).
		r.ExecutionPath = PathRejected
		r.Error = ptr(firstNonEmpty(res.Summary, errText(st.err)))
		r.SuggestedQuestions = append(r.SuggestedQuestions, t.suggested...)
	case t.denied:
		r.Error = ptr(errRejected)
	case t.expired != nil:
		r.Error = ptr(timeoutText(t.expired))
	default:
		r.Error = ptr(firstNonEmpty(res.Summary, errText(st.err), "The errand ended "+string(res.Status)+"."))
	}
	if r.Result.ReasoningSummary == "" && r.Error != nil {
		r.Result.ReasoningSummary = *r.Error
	}
	return r
}

// describeDialog fills the response of a task that waits on rq.
func (t *task) describeDialog(r *Response, rq *request) {
	r.SoulRequestID = ptr(rq.id)
	d := rq.dialog
	switch rq.kind {
	case dialogApproval:
		a := d.Approval
		r.Success, r.ExecutionPath, r.ApprovalState = true, PathApproved, StateAwaiting
		r.Result.Confidence = a.Confidence
		plan := strings.Join(a.Plan.Steps, ", then ")
		if plan == "" {
			plan = "carry out " + strconv.Quote(a.Plan.Summary)
		}
		r.Result.ReasoningSummary = fmt.Sprintf("Will %s; waiting for approval because %s.", plan, a.Reason)
		if len(a.Plan.Steps) > 0 {
			r.Result.Understanding.Steps = append([]string{}, a.Plan.Steps...)
		}
	case dialogConfirm:
		r.Success, r.ExecutionPath, r.ApprovalState = true, PathApproved, StateAwaiting
		r.Result.ReasoningSummary = "Waiting for confirmation: " + d.Questions[0].Text
		r.Questions = d.Questions
	case dialogQuestions:
		r.ExecutionPath = PathClarification
		r.Result.ReasoningSummary = "Clarification needed: " + d.Questions[0].Text
		for _, q := range d.Questions {
			r.SuggestedQuestions = append(r.SuggestedQuestions, q.Text)
		}
		r.Questions = d.Questions
	case dialogMidExec:
		m := d.MidExec
		r.ExecutionPath = t.pathLocked(agent.Result{Steps: 1})
		r.Result.ReasoningSummary = fmt.Sprintf("Step %d failed (%s): %s. %s", m.FailedStep.StepIndex,
			m.FailedStep.TargetDescription, m.Analysis.Cause, m.Analysis.Suggestion)
		r.Error = ptr(fmt.Sprintf("Step %d failed: %s", m.FailedStep.StepIndex, m.FailedStep.Error))
		r.MidExec = m
	}
}

// timeoutResponse answers /approval/respond for a request that timed out.
func (t *task) timeoutResponseLocked(rq *request) Response {
	r := t.responseLocked(t.last)
	r.Success, r.ApprovalState, r.SoulRequestID = false, StateTimeout, ptr(rq.id)
	r.Questions, r.MidExec = nil, nil
	r.Error = ptr(timeoutText(rq))
	r.Result.ReasoningSummary = *r.Error + ": nobody answered " + rq.id + " within " + t.s.cfg.ApprovalTimeout.String() + "."
	return r
}

// timeoutText is the API's error for a request nobody answered in time (docs/decisions.md
// D-11).
func timeoutText(rq *request) string {
	if rq.kind == dialogQuestions {
		return errClarificationTimeout
	}
	return errApprovalTimeout
}

// pathLocked is the path a task took: through an approval; stopped at its questions
// without acting; or acting at once (also after questions, when the answers made it
// certain enough to run unseen).
func (t *task) pathLocked(res agent.Result) string {
	switch {
	case t.gated:
		return PathApproved
	case t.asked && res.Steps == 0 && res.Status != agent.PhaseCompleted:
		return PathClarification
	}
	return PathHighConfidence
}

func (t *task) approvalStateLocked() string {
	switch {
	case t.denied:
		return StateDenied
	case t.expired != nil:
		return StateTimeout
	case t.approved:
		return StateApproved
	}
	return StateNone
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
