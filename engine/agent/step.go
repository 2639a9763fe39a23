package agent

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/understand"
)

// Config configures an Agent. The zero value is the offline rules model with default limits
// and the desktop routing profile.
type Config struct {
	Limits   Limits
	Settings Settings
	// Model plans what the rules model cannot; nil = offline.
	Model llm.Model
	// Knowledge retrieves documents and skills hints; nil = none.
	Knowledge Knowledge
	// Memory replays errands done before and keeps lessons; nil = none (memory.go).
	Memory Memory
	// Offline is the advice shown when a goal needs a model and none answers, e.g. how to
	// install Ollama or which model to pull.
	Offline string
	// SearchURL is the web search page, with %s for the query; "" = no web search (the
	// person is asked instead). Its host must be among the task's allowed domains.
	SearchURL string
}

// Agent decides. Its Step is deterministic for a given state and input: no clock, no
// randomness, no I/O, so every transition can be table-tested and replayed.
type Agent struct {
	limits    Limits
	set       Settings
	model     llm.Model
	knowledge Knowledge
	memory    Memory
	offline   string
	searchURL string
}

// New returns an Agent.
func New(cfg Config) *Agent {
	return &Agent{limits: cfg.Limits.withDefaults(), set: cfg.Settings.withDefaults(), model: cfg.Model,
		knowledge: cfg.Knowledge, memory: cfg.Memory, offline: cfg.Offline, searchURL: cfg.SearchURL}
}

// Settings returns the decision settings in force, defaults filled in.
func (a *Agent) Settings() Settings { return a.set }

// step is the working set of one Step call.
type step struct {
	ctx     context.Context
	a       *Agent
	st      State
	events  []Event
	lastObs page.Observation
	// replies are the effect replies of the input being handled, used the ones read so
	// far, and wanted the effect the step stopped for (effects.go).
	replies []EffectReply
	used    int
	wanted  *Effect
	// illegal is a phase change the transition table does not allow (phases.go).
	illegal error
	// unread is the reading a model was asked to plan; when no model answers, the goal
	// is read without one instead (docs/understanding.md, "Partial understanding").
	unread *understand.Reading
}

func (s *step) emit(t EventType, payload any) {
	s.st.EventSeq++
	s.events = append(s.events, Event{Type: t, TaskID: s.st.TaskID, Seq: s.st.EventSeq, Payload: payload})
}

// Step advances a task by one input (docs/architecture.md). It reads no clock and does no
// I/O: the browser, the model and the knowledge base are asked for through its output. The
// caller persists the returned state before acting on the output.
func (a *Agent) Step(ctx context.Context, st State, in Input) (State, Output, []Event, error) {
	if err := ctx.Err(); err != nil {
		return st, Output{}, nil, fmt.Errorf("step: %w", err)
	}
	if st.Version > StateVersion {
		// Saved by a newer build: reading it as this one's could lose what it holds, so it
		// is left as it is (versions.go).
		return st, Output{}, nil, fmt.Errorf("step: %w", &NewerStateError{Version: st.Version})
	}
	base, orig, emitted := st, in, 0
	var replies []EffectReply
	if rp := st.Replay; rp != nil {
		switch in.Kind {
		case InputEffect:
			if in.Effect == nil {
				return st, Output{}, nil, fmt.Errorf("step: an effect input without a reply")
			}
			replies = append(append([]EffectReply(nil), rp.Replies...), *in.Effect)
		case InputResume:
			// Ask again for the effect a crash interrupted; the replies kept stand.
			replies = rp.Replies
		default:
			return st, Output{}, nil, fmt.Errorf("step: a %s input came while a model or knowledge reply is awaited", in.Kind)
		}
		base, orig, emitted = *rp.Base, rp.Input, rp.Emitted
	} else if in.Kind == InputEffect {
		return st, Output{}, nil, fmt.Errorf("step: an effect reply that nothing asked for")
	}
	work := base
	if a.model != nil || a.knowledge != nil || a.memory != nil {
		// The step code changes its state in place; a replay must start from the state
		// as it was, so it works on a copy.
		var err error
		if work, err = cloneState(base); err != nil {
			return st, Output{}, nil, fmt.Errorf("step: %w", err)
		}
	}
	s := &step{ctx: ctx, a: a, st: work, lastObs: orig.Observation, replies: replies}
	next, out, events, err := s.run(orig)
	if s.illegal != nil {
		return st, Output{}, nil, fmt.Errorf("step: %w", s.illegal)
	}
	if s.wanted != nil {
		pending, keep := base, base
		pending.Replay = &Replay{Base: &keep, Input: orig, Replies: replies, Emitted: len(s.events)}
		// The checkpoint shows the phase the step reached (planning, say), while the
		// replay starts from the state before the input.
		pending.EventSeq, pending.Phase = s.st.EventSeq, s.st.Phase
		return pending, Output{Kind: OutputEffect, Effect: s.wanted}, s.events[min(emitted, len(s.events)):], nil
	}
	next.Replay = nil
	return next, out, events[min(emitted, len(events)):], err
}

// run handles one input, recovering the stop for an effect.
func (s *step) run(in Input) (st State, out Output, events []Event, err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(awaitEffect); !ok {
				panic(r)
			}
		}
	}()
	return s.handle(in)
}

func cloneState(st State) (State, error) {
	raw, err := json.Marshal(st)
	if err != nil {
		return st, fmt.Errorf("copy the state: %w", err)
	}
	var c State
	if err := json.Unmarshal(raw, &c); err != nil {
		return st, fmt.Errorf("copy the state: %w", err)
	}
	return c, nil
}

// handle routes one input to its handler.
func (s *step) handle(in Input) (State, Output, []Event, error) {
	st := s.st
	if outdated(st) {
		return s.migrate(in)
	}
	if err := accepts(st, in); err != nil {
		return st, Output{}, nil, fmt.Errorf("step: %w", err)
	}
	if st.Phase.Terminal() {
		return st, Output{Kind: OutputDone, Status: st.Phase, Summary: st.Summary}, nil, nil
	}
	switch in.Kind {
	case InputStart:
		return s.start(in)
	case InputObserved:
		return s.observed(in)
	case InputAnswer:
		return s.answer(in)
	case InputCorrection:
		if in.Correction == nil {
			return st, Output{}, nil, fmt.Errorf("step: a correction input without a correction")
		}
		return s.correct(*in.Correction, in.Observation)
	case InputResume:
		return s.resume(in)
	case InputDecision:
		switch {
		case st.Phase == PhaseAssumeAnnounce && st.Announcement != nil:
			return s.onAnnouncement(in)
		case st.Phase == PhaseAwaitingApproval && st.Approval != nil:
			return s.onApproval(in)
		case st.Phase == PhaseMidExecDialog && st.MidExec != nil:
			return s.onMidExec(in)
		case in.Decision == DecisionCancel || in.Decision == DecisionAbort:
			return s.finish(PhaseCancelled, "Cancelled; nothing more was done.")
		case len(st.Questions) > 0 && st.Questions[0].Binds == bindsApproval && in.Decision == DecisionApprove:
			return s.answer(Input{Kind: InputAnswer, Observation: in.Observation, Answers: []Answer{{QuestionID: st.Questions[0].ID, SelectedOptionID: "opt-yes"}}})
		}
		return s.decide(in.Observation)
	}
	return st, Output{}, nil, fmt.Errorf("step: unknown input %q", in.Kind)
}

// resume continues after a restart. The browser may have restarted, so element ids and a
// half-run chain are not to be trusted: re-resolve from the first unverified command on
// the page as it is now, which asks, announces or requests approval again where the task
// stood. A chain that never started keeps its step number, so the record has no gap. An
// open mid-execution dialog is shown again as it was.
func (s *step) resume(in Input) (State, Output, []Event, error) {
	if m := s.st.MidExec; m != nil && s.st.Phase == PhaseMidExecDialog {
		s.emit(EventMidExecDialog, MidExecPayload{*m})
		return s.st, Output{Kind: OutputMidExecDialog, MidExec: m}, s.events, nil
	}
	if p := s.st.Pending; p != nil && p.Step > 0 && !p.Started {
		s.st.Step = p.Step - 1
	}
	s.st.Pending, s.st.Questions, s.st.Announcement, s.st.Approval = nil, nil, nil, nil
	if len(s.st.Commands) == 0 {
		return s.plan(in.Observation)
	}
	return s.decide(in.Observation)
}
