package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/agent"
)

// errTooLarge is the error text the always-200 endpoints (docs/decisions.md D-11) give for a
// body over MaxBody, instead of a 413.
const errTooLarge = "request body too large"

// executeBody is POST /reasoning/execute's request: the goal plus an
// optional start page (docs/decisions.md D-11).
type executeBody struct {
	Goal string `json:"goal"`
	URL  string `json:"url"`
}

// execute starts a task and answers when it ends or first waits on a person.
func (s *Server) execute(w http.ResponseWriter, r *http.Request) {
	var body executeBody
	if msg := s.decode(w, r, &body); msg != "" {
		writeJSON(w, http.StatusOK, s.rejected(body.Goal, msg))
		return
	}
	body.Goal = strings.TrimSpace(body.Goal)
	if body.Goal == "" {
		writeJSON(w, http.StatusOK, s.rejected("", "the goal is empty; say what to do, e.g. \"Click the submit button\""))
		return
	}
	if body.URL != "" {
		if u, err := url.Parse(body.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			writeJSON(w, http.StatusOK, s.rejected(body.Goal, fmt.Sprintf("url %q is not an http(s) address", body.URL)))
			return
		}
	}
	t := newTask(s, body.Goal, body.URL)
	s.mu.Lock()
	if busy := s.active; busy != nil {
		s.mu.Unlock()
		busy.mu.Lock()
		id := busy.id
		busy.mu.Unlock()
		writeJSON(w, http.StatusConflict, errorBody{Error: "another task is running or waiting for an answer; one task at a time",
			TaskID: id, Timestamp: s.timestamp()})
		return
	}
	if s.ctx.Err() != nil {
		s.mu.Unlock()
		writeJSON(w, http.StatusOK, s.rejected(body.Goal, "the server is shutting down"))
		return
	}
	s.active = t
	s.wg.Add(1)
	s.mu.Unlock()
	go t.run()
	s.log.Info("task started", "goal", body.Goal, "url", body.URL)
	resp, ok := t.await(r.Context(), 0)
	if !ok {
		return
	}
	s.log.Info("task answered", "task", resp.TaskID, "path", resp.ExecutionPath, "state", resp.ApprovalState, "success", resp.Success)
	writeJSON(w, http.StatusOK, resp)
}

// replyBody is POST /approval/respond/{id}'s request. Which fields count depends on the
// dialog: approved for a plan or a risky confirm; answers (or one answer inline) for
// questions; decision for a failed step.
type replyBody struct {
	Approved         *bool        `json:"approved"`
	Answers          []answerBody `json:"answers"`
	Answer           string       `json:"answer"`
	SelectedOptionID string       `json:"selected_option_id"`
	Decision         string       `json:"decision"`
}

type answerBody struct {
	SelectedOptionID string `json:"selected_option_id"`
	Answer           string `json:"answer"`
}

// respond delivers a reply to the dialog a task waits on and answers when the task ends
// or waits again.
func (s *Server) respond(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	rq := s.lookup(id)
	if rq == nil {
		s.fail(w, http.StatusNotFound, fmt.Sprintf("no request %q", id))
		return
	}
	var body replyBody
	msg := s.decode(w, r, &body)
	t := rq.task
	t.mu.Lock()
	switch rq.state {
	case requestTimedOut:
		resp := t.timeoutResponseLocked(rq)
		t.mu.Unlock()
		writeJSON(w, http.StatusOK, resp)
		return
	case requestAnswered, requestClosed:
		t.mu.Unlock()
		s.fail(w, http.StatusConflict, fmt.Sprintf("request %q was already answered or is no longer open", id))
		return
	}
	var (
		in       agent.Input
		approved *bool
	)
	if msg == "" {
		in, approved, msg = reply(rq, body)
	}
	if msg != "" {
		// The reply is rejected but the dialog stays open (approval_state and
		// soul_request_id say so): the client may send a well-formed one.
		resp := t.responseLocked(t.last)
		resp.Success, resp.Error, resp.ExecutionPath = false, ptr(msg), PathRejected
		t.mu.Unlock()
		writeJSON(w, http.StatusOK, resp)
		return
	}
	t.answerLocked(rq, in, approved)
	seen := rq.seq
	t.mu.Unlock()
	s.log.Info("request answered", "request", id, "kind", in.Kind, "decision", in.Decision)
	resp, ok := t.await(r.Context(), seen)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, resp)
}

// decode reads a JSON body within MaxBody; it returns what is wrong, or "".
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) string {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return errTooLarge
		}
		return "could not read the request body: " + err.Error()
	}
	if err := json.Unmarshal(b, v); err != nil {
		return "the request body is not valid JSON: " + err.Error()
	}
	return ""
}

// reply turns a client's body into the engine's input for rq's dialog. approved is set
// for a plan or a confirm; msg says what is wrong with the body.
func reply(rq *request, b replyBody) (in agent.Input, approved *bool, msg string) {
	d := rq.dialog
	switch rq.kind {
	case dialogApproval:
		if b.Approved == nil {
			return in, nil, `this approval wants {"approved": true} or {"approved": false}`
		}
		in = agent.Input{Kind: agent.InputDecision, Decision: agent.DecisionCancel}
		if *b.Approved {
			in.Decision = agent.DecisionApprove
		}
		return in, b.Approved, ""
	case dialogConfirm:
		q := d.Questions[0]
		opt := b.SelectedOptionID
		if len(b.Answers) == 1 {
			opt = b.Answers[0].SelectedOptionID
		}
		if b.Approved != nil {
			opt = "opt-no"
			if *b.Approved {
				opt = "opt-yes"
			}
		}
		o, ok := option(q, opt)
		if !ok {
			return in, nil, fmt.Sprintf(`this confirm wants {"approved": true|false} or {"selected_option_id": %s}`, optionIDs(q))
		}
		yes := o.Value == "yes"
		return agent.Input{Kind: agent.InputAnswer, Answers: []agent.Answer{{QuestionID: q.ID, SelectedOptionID: o.ID}}}, &yes, ""
	case dialogQuestions:
		answers := b.Answers
		if len(answers) == 0 && len(d.Questions) == 1 && (b.Answer != "" || b.SelectedOptionID != "") {
			answers = []answerBody{{SelectedOptionID: b.SelectedOptionID, Answer: b.Answer}}
		}
		if len(answers) != len(d.Questions) {
			return in, nil, fmt.Sprintf(`this round has %d question(s); send {"answers": [...]} with one {"selected_option_id"} or {"answer"} each, in order`,
				len(d.Questions))
		}
		in = agent.Input{Kind: agent.InputAnswer}
		for k, q := range d.Questions {
			a := answers[k]
			if a.SelectedOptionID == "" && strings.TrimSpace(a.Answer) == "" {
				return agent.Input{}, nil, fmt.Sprintf("answer %d (%s) is empty", k+1, q.ID)
			}
			if a.SelectedOptionID != "" {
				if _, ok := option(q, a.SelectedOptionID); !ok {
					return agent.Input{}, nil, fmt.Sprintf("answer %d: %s has no option %q; options are %s", k+1, q.ID,
						a.SelectedOptionID, optionIDs(q))
				}
			}
			in.Answers = append(in.Answers, agent.Answer{QuestionID: q.ID, SelectedOptionID: a.SelectedOptionID,
				Text: strings.TrimSpace(a.Answer)})
		}
		return in, nil, ""
	case dialogMidExec:
		if !slices.Contains(d.Decisions(), b.Decision) {
			return in, nil, fmt.Sprintf(`this failed step wants {"decision": one of %s}`, strings.Join(d.Decisions(), ", "))
		}
		return agent.Input{Kind: agent.InputDecision, Decision: b.Decision}, nil, ""
	}
	return in, nil, "this dialog cannot be answered over HTTP"
}

func option(q agent.Question, id string) (agent.Option, bool) {
	for _, o := range q.Options {
		if o.ID == id && id != "" {
			return o, true
		}
	}
	return agent.Option{}, false
}

func optionIDs(q agent.Question) string {
	ids := make([]string, len(q.Options))
	for i, o := range q.Options {
		ids[i] = o.ID
	}
	return strings.Join(ids, ", ")
}
