package agent

import (
	"context"
	"fmt"
	"strings"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/rules"
)

// Config configures an Agent. The zero value is the offline rules model with default limits.
type Config struct {
	Limits Limits
}

// Agent decides. Its Step is deterministic for a given state and input: no clock, no
// randomness, no I/O, so every transition can be table-tested and replayed.
type Agent struct {
	limits Limits
}

// New returns an Agent.
func New(cfg Config) *Agent { return &Agent{limits: cfg.Limits.withDefaults()} }

// step is the working set of one Step call.
type step struct {
	a       *Agent
	st      State
	events  []Event
	lastObs page.Observation
}

func (s *step) emit(t EventType, payload any) {
	s.st.EventSeq++
	s.events = append(s.events, Event{Type: t, TaskID: s.st.TaskID, Seq: s.st.EventSeq, Payload: payload})
}

func (s *step) setPhase(p Phase) {
	if s.st.Phase == p {
		return
	}
	s.emit(EventStateChanged, StateChanged{From: s.st.Phase, To: p})
	s.st.Phase = p
}

func (s *step) finish(p Phase, summary string) (State, Output, []Event, error) {
	s.setPhase(p)
	s.st.Summary = summary
	s.st.Pending, s.st.Question = nil, nil
	return s.st, Output{Kind: OutputDone, Status: p, Summary: summary}, s.events, nil
}

// Step advances a task by one input (DESIGN §3). The caller persists the returned state
// before acting on the output.
func (a *Agent) Step(ctx context.Context, st State, in Input) (State, Output, []Event, error) {
	if err := ctx.Err(); err != nil {
		return st, Output{}, nil, fmt.Errorf("step: %w", err)
	}
	s := &step{a: a, st: st, lastObs: in.Observation}
	if st.Phase.Terminal() {
		return st, Output{Kind: OutputDone, Status: st.Phase, Summary: st.Summary}, nil, nil
	}
	if in.Decision == "cancel" || in.Decision == "abort" {
		return s.finish(PhaseCancelled, "Cancelled; nothing more was done.")
	}
	switch in.Kind {
	case InputStart:
		return s.start(in)
	case InputObserved:
		return s.observed(in)
	case InputAnswer:
		return s.answer(in)
	case InputResume:
		// The browser may have restarted, so element ids and a half-run chain are not to be
		// trusted: re-resolve from the first unverified command on the page as it is now.
		// A chain that never started keeps its step number, so the record has no gap.
		if p := s.st.Pending; p != nil && !p.Started {
			s.st.Step = p.Step - 1
		}
		s.st.Pending, s.st.Question = nil, nil
		return s.decide(in.Observation)
	case InputDecision:
		return s.decide(in.Observation)
	}
	return st, Output{}, nil, fmt.Errorf("step: unknown input %q", in.Kind)
}

func (s *step) start(in Input) (State, Output, []Event, error) {
	goal := strings.TrimSpace(in.Goal)
	s.st.Goal, s.st.StartURL, s.st.Phase = goal, in.Observation.URL, PhaseIdle
	s.st.LastURL, s.st.LastHash = in.Observation.URL, in.Observation.DOMHash
	s.setPhase(PhasePlanning)
	s.st.Validation = s.a.validate(goal)
	if s.st.Validation.Status == "failed" {
		return s.finish(PhaseFailed, s.st.Validation.Failures[0].Message)
	}
	s.st.Complexity = rules.Classify(goal)
	if s.st.Complexity.Level != "SIMPLE" {
		return s.finish(PhaseFailed, "This errand needs a model to plan it ("+s.st.Complexity.Reason+
			"). Without one, Errand runs explicit commands such as: type 'Jas' into Name and click Save.")
	}
	s.st.Commands = s.st.Complexity.Commands
	steps := make([]string, len(s.st.Commands))
	for i, c := range s.st.Commands {
		steps[i] = c.Raw
	}
	s.emit(EventPlanReady, PlanReady{Route: "fast_path", Complexity: s.st.Complexity.Level, Steps: steps})
	return s.decide(in.Observation)
}

// decide builds the next chain from the first unverified command, or asks.
func (s *step) decide(obs page.Observation) (State, Output, []Event, error) {
	if s.st.Cursor >= len(s.st.Commands) {
		return s.complete(obs)
	}
	if s.st.Step >= s.a.limits.MaxSteps {
		return s.finish(PhaseFailed, fmt.Sprintf("Stopped after %d steps without finishing.", s.st.Step))
	}
	var (
		chain   []page.Action
		cmdIdx  []int
		factors []factor
		reasons []string
	)
	for i := s.st.Cursor; i < len(s.st.Commands); i++ {
		b := s.bind(i, obs)
		if b.question != nil {
			// Chains stop after any action that may change the page, so this command was
			// resolved on the page as it is: ask now, before anything runs.
			f := factor{target: b.match, value: 1, determinism: 1}
			if b.question.Binds == bindsValue {
				f.target, f.value = 1, 0
				for _, o := range b.question.Options {
					f.value = max(f.value, o.Confidence)
				}
			}
			return s.ask(*b.question, append(factors, f), reasons)
		}
		if b.deferred {
			if len(chain) == 0 {
				return s.notFound(i, b.res, obs)
			}
			break
		}
		if b.risky && !s.st.Approved[i] {
			if len(chain) > 0 {
				break // a risky action always runs alone, after its confirm
			}
			return s.confirm(i, b, obs)
		}
		b.action.Index = len(chain)
		chain = append(chain, b.action)
		cmdIdx = append(cmdIdx, i)
		factors = append(factors, commandFactor(s.st.Commands[i], b.action, b.match, b.risky))
		reasons = append(reasons, b.why)
		if endsChain(b.action) || b.risky {
			break
		}
	}
	conf := score(s.st.Goal, s.st.Validation.TotalConfidenceDelta, factors, reasons)
	s.st.Conf = conf
	s.emit(EventConfidenceReport, conf)
	s.st.Step++
	s.st.Pending = &Pending{Step: s.st.Step, Actions: chain, Commands: cmdIdx, BeforeURL: obs.URL, BeforeHash: obs.DOMHash}
	s.setPhase(PhaseExecuting)
	calls, descs := make([]string, len(chain)), make([]string, len(chain))
	for i, a := range chain {
		calls[i], descs[i] = a.String(), a.Description
	}
	s.emit(EventStepStarted, StepStarted{Step: s.st.Step, Actions: calls, Descriptions: descs, Chained: len(chain) > 1})
	return s.st, Output{Kind: OutputAct, Actions: chain}, s.events, nil
}

// endsChain reports actions after which the page may change under the next command
// (seed 002's chain criteria: no navigation, no async dependency).
func endsChain(a page.Action) bool {
	switch a.Kind {
	case page.Click, page.Press, page.Navigate, page.GoBack, page.Wait, page.ScrollTo, page.Finish, page.Fail:
		return true
	}
	return false
}

func (s *step) complete(obs page.Observation) (State, Output, []Event, error) {
	var did []string
	for _, d := range s.st.History {
		if d.Action.Description != "" {
			did = append(did, d.Action.Description)
		}
	}
	summary := "Done: " + strings.Join(did, "; ") + "."
	if msgs := successMessages(obs); len(msgs) > 0 {
		summary += " The page says: " + strings.Join(msgs, "; ")
	}
	return s.finish(PhaseCompleted, summary)
}

func successMessages(o page.Observation) []string {
	var out []string
	for _, m := range o.Messages {
		if !looksLikeError(m) {
			out = append(out, m)
		}
	}
	return out
}

// observed verifies the pending chain against what happened and moves on.
func (s *step) observed(in Input) (State, Output, []Event, error) {
	p := s.st.Pending
	if p == nil || in.Result == nil {
		return s.decide(in.Observation)
	}
	obs := in.Observation
	res := *in.Result
	newErrs := newMessages(s.st.Errors, errorMessages(obs))
	s.st.Pending = nil
	s.st.LastURL, s.st.LastHash = obs.URL, obs.DOMHash
	for k, o := range res.Outcomes {
		if k >= len(p.Commands) {
			break
		}
		last := k == len(res.Outcomes)-1
		v := verifyOutcome(o, obs, last, newErrs)
		ev := StepVerified{Step: p.Step, Index: k, Action: o.Action.String(), Description: o.Action.Description,
			Verified: v.ok, Tier: 1, Evidence: v.evidence}
		if o.Err != nil {
			ev.Error = string(o.Err.Kind)
		}
		s.emit(EventStepVerified, ev)
		if !v.ok && !o.Action.CanFail {
			return s.failed(p.Commands[k], o, v, obs)
		}
		s.st.History = append(s.st.History, Done{Step: p.Step, Index: k, Action: o.Action, Evidence: v.evidence})
		s.st.Cursor = p.Commands[k] + 1
		s.st.Retries = 0
	}
	s.st.Errors = errorMessages(obs)
	return s.decide(obs)
}

// failed handles an action that did not verify: a vanished element or a slow page is
// retried against the fresh page (self-correction); anything else ends the task with the
// reason, since the full mid-execution dialog is the decision layer's.
func (s *step) failed(cmd int, o page.Outcome, v verdict, obs page.Observation) (State, Output, []Event, error) {
	s.st.Cursor = cmd
	s.st.Errors = errorMessages(obs)
	retryable := o.Err != nil && (o.Err.Kind == page.ErrNotFound || o.Err.Kind == page.ErrTimeout)
	if retryable && s.st.Retries < s.a.limits.MaxRetries {
		s.st.Retries++
		delete(s.st.Bindings, cmd)
		return s.decide(obs)
	}
	what := o.Action.Description
	if what == "" {
		what = o.Action.String()
	}
	return s.finish(PhaseFailed, fmt.Sprintf("Could not %s: %s.", lowerFirst(what), v.evidence))
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
