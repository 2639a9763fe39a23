package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/engine/agent"
)

// dialogKind sorts the engine's dialogs by how an API client answers them.
type dialogKind int

const (
	dialogApproval  dialogKind = iota + 1 // a plan: {"approved": bool}
	dialogConfirm                         // a risky action's confirm, shown as an approval
	dialogQuestions                       // a round of questions: {"answers": [...]}
	dialogMidExec                         // a failed step: {"decision": "retry|skip|replan|abort"}
)

// requestState is where a dialog's request stands; the task's lock guards it.
type requestState int

const (
	requestPending  requestState = iota
	requestAnswered              // a reply went to the engine
	requestTimedOut              // nobody answered within ApprovalTimeout
	requestClosed                // the run ended (server shutdown) before any answer
)

// request is one dialog waiting on /approval/respond/{id}.
type request struct {
	id     string   // soul_request_id: the approval's req-… or the round's first clar-…
	ids    []string // every id the dialog answers to: all question ids of a round
	kind   dialogKind
	dialog agent.Output
	task   *task
	seq    int              // the task's stop that opened it
	reply  chan agent.Input // capacity 1, so answering never blocks
	state  requestState
}

// stop is where a run last paused or ended: an open dialog, or its end.
type stop struct {
	req      *request
	finished bool
	res      agent.Result
	err      error
}

// task is the one errand the server runs. It is the run's Sink and Prompter: it gathers
// what the response reports from events and turns dialogs into requests.
type task struct {
	s         *Server
	goal, url string

	mu        sync.Mutex
	id        string
	conf      float64
	steps     []string
	results   []ToolResult
	used      []string
	suggested []string
	approved  bool     // the person approved the plan or a risky action
	denied    bool     // the person said no to an approval
	gated     bool     // an approval or a risky confirm was asked: the approved path
	asked     bool     // a round of questions was asked
	expired   *request // the request that timed out, if one did
	seq       int      // stops so far
	last      stop
	wake      chan struct{} // closed and replaced at every stop
}

var (
	_ agent.Sink     = (*task)(nil)
	_ agent.Prompter = (*task)(nil)
)

// errTimeout ends a run whose question nobody answered; the task stays resumable.
var errTimeout = errors.New("no answer within the approval timeout")

func newTask(s *Server, goal, url string) *task {
	return &task{s: s, goal: goal, url: url, wake: make(chan struct{}), results: []ToolResult{}, used: []string{},
		steps: []string{}, suggested: []string{}}
}

// run is the task's goroutine: the run itself, then freeing the browser for the next task
// before anyone hears the end, so a client that starts again at once is not refused.
func (t *task) run() {
	defer t.s.wg.Done()
	res, err := t.s.svc.Run(t.s.ctx, app.TaskRequest{Goal: t.goal, URL: t.url, Sink: t, Prompter: t, Profile: agent.ProfileAPI})
	t.s.mu.Lock()
	if t.s.active == t {
		t.s.active = nil
	}
	t.s.mu.Unlock()
	if err != nil {
		t.s.log.Info("task ended with an error", "task", res.TaskID, "status", res.Status, "err", err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if req := t.last.req; req != nil && req.state == requestPending {
		req.state = requestClosed
	}
	if t.id == "" {
		t.id = res.TaskID
	}
	t.stopLocked(stop{finished: true, res: res, err: err})
}

func (t *task) stopLocked(st stop) {
	t.seq++
	t.last = st
	close(t.wake)
	t.wake = make(chan struct{})
}

// Emit gathers what the response reports: confidence, plan steps, verified steps.
func (t *task) Emit(e agent.Event) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.id == "" {
		t.id = e.TaskID
	}
	switch p := e.Payload.(type) {
	case agent.Confidence:
		t.conf = p.Overall
	case agent.PlanReady:
		t.steps = append([]string{}, p.Steps...)
	case agent.Validation:
		t.suggested = append([]string{}, p.SuggestedQuestions...)
	case agent.StepVerified:
		t.results = append(t.results, ToolResult{Action: p.Action, Description: p.Description, Success: p.Verified,
			Evidence: p.Evidence, Error: p.Error})
		if k := actionKind(p.Action); k != "" && !slices.Contains(t.used, k) {
			t.used = append(t.used, k)
		}
	}
}

// actionKind is the name of an action call: `setValue("5", "Jas")` → setValue.
func actionKind(call string) string {
	if i := strings.IndexByte(call, '('); i > 0 {
		return call[:i]
	}
	return call
}

// Prompt opens a request for the dialog and blocks until /approval/respond answers it,
// the approval timeout passes, or the server stops.
func (t *task) Prompt(ctx context.Context, d agent.Output) (agent.Input, error) {
	rq, err := t.open(d)
	switch {
	case err != nil:
		return agent.Input{}, err
	case rq == nil:
		// An announcement (desktop profile only) has no place in the API profile (docs/decisions.md
		// D-11): it proceeds.
		return agent.Input{Kind: agent.InputDecision, Decision: agent.DecisionProceed}, nil
	}
	select {
	case in := <-rq.reply:
		return in, nil
	case <-t.s.clk.After(t.s.cfg.ApprovalTimeout):
		return t.expire(rq)
	case <-ctx.Done():
		t.mu.Lock()
		defer t.mu.Unlock()
		if rq.state == requestAnswered {
			return <-rq.reply, nil
		}
		rq.state = requestClosed
		return agent.Input{}, ctx.Err()
	}
}

// open files the dialog as a request and wakes whoever waits for the task to stop.
func (t *task) open(d agent.Output) (*request, error) {
	rq := &request{dialog: d, task: t, reply: make(chan agent.Input, 1)}
	switch {
	case d.Kind == agent.OutputAnnounce:
		return nil, nil
	case d.Kind == agent.OutputAwaitApproval && d.Approval != nil:
		rq.kind, rq.ids = dialogApproval, []string{d.RequestID()}
	case d.Kind == agent.OutputMidExecDialog && d.MidExec != nil:
		rq.kind, rq.ids = dialogMidExec, []string{d.RequestID()}
	case d.Kind == agent.OutputAsk && len(d.Questions) > 0:
		rq.kind = dialogQuestions
		if d.Questions[0].Type == agent.Confirm {
			rq.kind = dialogConfirm
		}
		for _, q := range d.Questions {
			rq.ids = append(rq.ids, q.ID)
		}
	default:
		return nil, fmt.Errorf("server: no way to show a %q dialog", d.Kind)
	}
	rq.id = rq.ids[0]
	t.s.remember(rq)
	t.mu.Lock()
	defer t.mu.Unlock()
	switch rq.kind {
	case dialogApproval, dialogConfirm:
		t.gated = true
	case dialogQuestions:
		t.asked = true
	}
	rq.seq = t.seq + 1
	t.stopLocked(stop{req: rq})
	return rq, nil
}

// expire settles a request nobody answered in time. An answer that raced the timer wins.
// A plan, a confirm or a failed step is cancelled (a risky action never defaults to yes);
// questions end the run with an error, so the task stays resumable at its question.
func (t *task) expire(rq *request) (agent.Input, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if rq.state == requestAnswered {
		return <-rq.reply, nil
	}
	rq.state, t.expired = requestTimedOut, rq
	t.s.log.Info("request timed out", "task", t.id, "request", rq.id, "after", t.s.cfg.ApprovalTimeout)
	if rq.kind == dialogQuestions {
		return agent.Input{}, fmt.Errorf("%s: %w", rq.id, errTimeout)
	}
	return agent.Input{Kind: agent.InputDecision, Decision: agent.DecisionCancel}, nil
}

// answerLocked hands a reply to the blocked Prompt and notes an approval or a denial; the
// caller holds t.mu and has checked the request is pending.
func (t *task) answerLocked(rq *request, in agent.Input, approved *bool) {
	rq.state = requestAnswered
	if approved != nil {
		if *approved {
			t.approved = true
		} else {
			t.denied = true
		}
	}
	rq.reply <- in
}

// await waits until the task stops after stop number seen, and builds the response there.
// ok is false when the client went away first; the task goes on regardless.
func (t *task) await(ctx context.Context, seen int) (resp Response, ok bool) {
	for {
		t.mu.Lock()
		if t.seq > seen {
			resp = t.responseLocked(t.last)
			t.mu.Unlock()
			return resp, true
		}
		wake := t.wake
		t.mu.Unlock()
		select {
		case <-wake:
		case <-ctx.Done():
			return Response{}, false
		}
	}
}
