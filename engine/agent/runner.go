package agent

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/page"
)

// Browser is what the runner needs of a browser tab.
type Browser interface {
	Observe(ctx context.Context) (page.Observation, error)
	Execute(ctx context.Context, chain []page.Action) (page.ChainResult, error)
	Navigate(ctx context.Context, url string) error
}

// Store persists a task after every step, in one transaction per checkpoint.
type Store interface {
	SaveCheckpoint(ctx context.Context, c Checkpoint) error
	LoadState(ctx context.Context, taskID string) (State, error)
}

// Checkpoint is everything one step changed.
type Checkpoint struct {
	State   State
	Actions []ActionRecord
	Events  []Event
	// Audit is what the step decided and what the person replied, for the audit log.
	Audit []AuditRecord
	// Usage is the step's model calls.
	Usage []llm.Usage
	At    time.Time
	// Started is when the task began; Finished is set on the step that ended it.
	Started  time.Time
	Finished *time.Time
}

// ActionRecord is one executed action with its verification.
type ActionRecord struct {
	Step, Index           int
	Action                page.Action
	BeforeURL, AfterURL   string
	BeforeHash, AfterHash string
	Verified              bool
	Tier                  int
	Evidence              string
	Error                 string
	DurationMs            int64
}

// Prompter puts an open dialog to the person — a round of questions, an announcement, a
// plan to approve, a failed step — and blocks until the reply or until ctx ends. The reply
// is an Input without its observation: Answers, a Decision or a Correction. Countdowns
// (an announcement's 3 s, a question's timeout) are the prompter's to run, on the engine's
// clock, because only it knows whether the person is typing.
type Prompter interface {
	Prompt(ctx context.Context, dialog Output) (Input, error)
}

// PrompterFunc adapts a func to a Prompter.
type PrompterFunc func(ctx context.Context, dialog Output) (Input, error)

// Prompt calls f.
func (f PrompterFunc) Prompt(ctx context.Context, dialog Output) (Input, error) {
	return f(ctx, dialog)
}

// Dialog reports whether an output waits for the person.
func (o Output) Dialog() bool {
	switch o.Kind {
	case OutputAsk, OutputAnnounce, OutputAwaitApproval, OutputMidExecDialog:
		return true
	}
	return false
}

// ErrNeedsAnswer ends a run that met a question with no one to answer it. The task stays
// persisted in its question state; `errand resume` or an answer continues it.
var ErrNeedsAnswer = errors.New("the errand needs an answer")

// Runner drives the step function against a real browser: observe → step → persist →
// execute → observe. A nil Prompter makes questions end the run with ErrNeedsAnswer.
type Runner struct {
	Agent    *Agent
	Browser  Browser
	Store    Store
	Prompter Prompter
	Sink     Sink
	Now      func() time.Time // nil = time.Now
	NewID    func() string    // task ids; required
	Logger   *slog.Logger     // nil = discard
	// NoReplay starts tasks that neither replay an errand done before nor are kept.
	NoReplay bool
}

type run struct {
	r       *Runner
	st      State
	started time.Time
}

func (r *Runner) now() time.Time {
	if r.Now == nil {
		return time.Now()
	}
	return r.Now()
}

func (r *Runner) log() *slog.Logger {
	if r.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return r.Logger
}

// Run starts a new task on startURL (the current page when empty).
func (r *Runner) Run(ctx context.Context, goal, startURL string) (Result, error) {
	// The task's time counts from here: opening the start page is part of it.
	began := r.now()
	if startURL != "" {
		if err := r.Browser.Navigate(ctx, startURL); err != nil {
			return Result{}, fmt.Errorf("open %s: %w", startURL, err)
		}
	}
	obs, err := r.Browser.Observe(ctx)
	if err != nil {
		return Result{}, fmt.Errorf("observe start page: %w", err)
	}
	ru := &run{r: r, st: State{TaskID: r.NewID(), Phase: PhaseIdle}, started: began}
	return ru.loop(ctx, Input{Kind: InputStart, Goal: goal, Observation: obs, Now: began, NoReplay: r.NoReplay})
}

// load reads a persisted task; done is set when it has already finished.
func (r *Runner) load(ctx context.Context, taskID string) (ru *run, done bool, err error) {
	st, err := r.Store.LoadState(ctx, taskID)
	if err != nil {
		return nil, false, fmt.Errorf("load task %s: %w", taskID, err)
	}
	started := r.now()
	if !st.Started.IsZero() {
		started = st.Started // a resumed task's duration counts from its start
	}
	return &run{r: r, st: st, started: started}, st.Phase.Terminal(), nil
}

// Resume continues a persisted task from its last checkpoint.
func (r *Runner) Resume(ctx context.Context, taskID string) (Result, error) {
	ru, done, err := r.load(ctx, taskID)
	if err != nil || done {
		return ru.resultOrEmpty(), err
	}
	st := ru.st
	if err := r.Browser.Navigate(ctx, st.LastURL); err != nil {
		return Result{}, fmt.Errorf("reopen %s: %w", st.LastURL, err)
	}
	obs, err := r.Browser.Observe(ctx)
	if err != nil {
		return Result{}, fmt.Errorf("observe: %w", err)
	}
	return ru.loop(ctx, Input{Kind: InputResume, Observation: obs})
}

func (ru *run) loop(ctx context.Context, in Input) (Result, error) {
	r := ru.r
	for {
		prev := ru.st
		st, out, events, err := r.Agent.Step(ctx, ru.st, in)
		if err != nil {
			return ru.result(), err
		}
		ru.st = st
		if err := ru.persist(ctx, prev, in, events, out); err != nil {
			return ru.result(), err
		}
		switch out.Kind {
		case OutputDone:
			return ru.result(), nil
		case OutputEffect:
			reply := out.Effect.Perform(ctx)
			if ctx.Err() != nil {
				// Stopped, not failed: the checkpoint waits for this effect, which a
				// resume asks for again.
				return ru.result(), fmt.Errorf("run: %w", ctx.Err())
			}
			in = Input{Kind: InputEffect, Effect: &reply}
		case OutputAct:
			next, err := ru.execute(ctx, out.Actions)
			if err != nil {
				return ru.fail(ctx, err)
			}
			in = next
		case OutputAsk, OutputAnnounce, OutputAwaitApproval, OutputMidExecDialog:
			if r.Prompter == nil {
				res := ru.result()
				res.Dialog = &out
				return res, ErrNeedsAnswer
			}
			reply, err := r.Prompter.Prompt(ctx, out)
			if err != nil {
				res := ru.result()
				res.Dialog = &out
				return res, fmt.Errorf("ask %s: %w", out.RequestID(), err)
			}
			obs, err := r.Browser.Observe(ctx)
			if err != nil {
				return ru.fail(ctx, fmt.Errorf("observe: %w", err))
			}
			reply.Observation = obs
			if reply.Kind == "" {
				reply.Kind = replyKind(reply)
			}
			in = reply
		default:
			return ru.result(), fmt.Errorf("run: unexpected output %q", out.Kind)
		}
	}
}

// execute marks the chain started (so a crash mid-chain is known), runs it and observes.
func (ru *run) execute(ctx context.Context, chain []page.Action) (Input, error) {
	r := ru.r
	ru.st.Pending.Started = true
	if err := r.Store.SaveCheckpoint(ctx, Checkpoint{State: ru.st, At: r.now(), Started: ru.started}); err != nil {
		return Input{}, fmt.Errorf("save checkpoint: %w", err)
	}
	res, err := r.Browser.Execute(ctx, chain)
	if err != nil {
		return Input{}, fmt.Errorf("execute: %w", err)
	}
	obs, err := r.Browser.Observe(ctx)
	if err != nil {
		return Input{}, fmt.Errorf("observe after step %d: %w", ru.st.Step, err)
	}
	return Input{Kind: InputObserved, Observation: obs, Result: &res}, nil
}

// fail ends the task on an infrastructure error (browser gone) and keeps the reason. A
// cancelled context is not a failure: the task stays resumable where it stopped.
func (ru *run) fail(ctx context.Context, cause error) (Result, error) {
	if ctx.Err() != nil {
		return ru.result(), cause
	}
	prev := ru.st
	s := &step{ctx: ctx, st: ru.st}
	st, out, events, _ := s.finish(PhaseFailed, "The browser stopped answering: "+cause.Error())
	ru.st = st
	if err := ru.persist(context.WithoutCancel(ctx), prev, Input{}, events, out); err != nil {
		return ru.result(), errors.Join(cause, err)
	}
	return ru.result(), cause
}

// persist saves one step: state, the actions it verified, its events; then emits them.
func (ru *run) persist(ctx context.Context, prev State, in Input, events []Event, out Output) error {
	r := ru.r
	now := r.now()
	cp := Checkpoint{State: ru.st, At: now, Started: ru.started}
	if in.Kind == InputObserved && in.Result != nil && prev.Pending != nil {
		cp.Actions = actionRecords(*prev.Pending, *in.Result, in.Observation, events)
	}
	if out.Kind == OutputDone {
		ru.st.EventSeq++
		events = append(events, Event{Type: EventTaskFinished, TaskID: ru.st.TaskID, Seq: ru.st.EventSeq, Payload: TaskFinished{
			Status: out.Status, Summary: out.Summary, Steps: ru.st.Step, DurationMs: now.Sub(ru.started).Milliseconds(),
			ModelCalls: ru.st.ModelCalls, Tokens: ru.st.Tokens,
		}})
		cp.State = ru.st
		cp.Finished = &now
	}
	cp.Events = events
	for _, e := range events {
		if u, ok := e.Payload.(UsagePayload); ok {
			cp.Usage = append(cp.Usage, u.Usage)
		}
	}
	cp.Audit = auditRecords(prev, in, events)
	if err := r.Store.SaveCheckpoint(ctx, cp); err != nil {
		return fmt.Errorf("save checkpoint: %w", err)
	}
	if r.Sink != nil {
		for _, e := range events {
			r.Sink.Emit(e)
		}
	}
	r.log().Debug("step", "task", ru.st.TaskID, "phase", ru.st.Phase, "output", out.Kind, "events", len(events))
	return nil
}

// actionRecords joins the runner's outcomes with the step's verdicts.
func actionRecords(p Pending, res page.ChainResult, obs page.Observation, events []Event) []ActionRecord {
	verdicts := map[int]StepVerified{}
	for _, e := range events {
		if v, ok := e.Payload.(StepVerified); ok && v.Step == p.Step {
			verdicts[v.Index] = v
		}
	}
	var out []ActionRecord
	for _, o := range res.Outcomes {
		v := verdicts[o.Index]
		rec := ActionRecord{Step: p.Step, Index: o.Index, Action: o.Action, BeforeURL: o.URLBefore, AfterURL: o.URLAfter,
			BeforeHash: p.BeforeHash, AfterHash: obs.DOMHash, Verified: v.Verified, Tier: v.Tier, Evidence: v.Evidence,
			DurationMs: o.DurationMs}
		if o.Err != nil {
			rec.Error = o.Err.Error()
		}
		out = append(out, rec)
	}
	return out
}

func (ru *run) resultOrEmpty() Result {
	if ru == nil {
		return Result{}
	}
	return ru.result()
}

func (ru *run) result() Result {
	return Result{TaskID: ru.st.TaskID, Status: ru.st.Phase, Summary: ru.st.Summary, Steps: ru.st.Step,
		ModelCalls: ru.st.ModelCalls, Tokens: ru.st.Tokens,
		Duration: ru.r.now().Sub(ru.started), Dialog: ru.st.openDialog(), Invalid: ru.st.Validation.Status == "failed"}
}
