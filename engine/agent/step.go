package agent

import (
	"context"
	"fmt"
	"strings"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/rules"
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
	offline   string
	searchURL string
}

// New returns an Agent.
func New(cfg Config) *Agent {
	return &Agent{limits: cfg.Limits.withDefaults(), set: cfg.Settings.withDefaults(), model: cfg.Model,
		knowledge: cfg.Knowledge, offline: cfg.Offline, searchURL: cfg.SearchURL}
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
	s.st.Pending, s.st.Questions, s.st.Announcement, s.st.Approval, s.st.MidExec = nil, nil, nil, nil, nil
	return s.st, Output{Kind: OutputDone, Status: p, Summary: summary}, s.events, nil
}

// Step advances a task by one input (DESIGN §3). The caller persists the returned state
// before acting on the output.
func (a *Agent) Step(ctx context.Context, st State, in Input) (State, Output, []Event, error) {
	if err := ctx.Err(); err != nil {
		return st, Output{}, nil, fmt.Errorf("step: %w", err)
	}
	s := &step{ctx: ctx, a: a, st: st, lastObs: in.Observation}
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

func (s *step) start(in Input) (State, Output, []Event, error) {
	goal := strings.TrimSpace(in.Goal)
	s.st.Goal, s.st.Request, s.st.StartURL, s.st.Phase = goal, goal, in.Observation.URL, PhaseIdle
	s.st.LastURL, s.st.LastHash = in.Observation.URL, in.Observation.DOMHash
	s.setPhase(PhasePlanning)
	s.st.Validation = s.a.validate(goal, false)
	s.emit(EventValidation, s.st.Validation)
	if s.st.Validation.Status == "failed" {
		return s.finish(PhaseFailed, firstError(s.st.Validation))
	}
	return s.plan(in.Observation)
}

func firstError(v Validation) string {
	for _, f := range v.Failures {
		if f.Severity == severityError {
			return f.Message
		}
	}
	return "The goal did not pass validation."
}

// plan turns the goal into commands: explicit commands take the fast path, "fill in the
// form" becomes a fill, a vague goal is asked about with options from the page, and the
// rest needs a model.
func (s *step) plan(obs page.Observation) (State, Output, []Event, error) {
	s.setPhase(PhasePlanning)
	goal := s.st.Goal
	s.st.Complexity = rules.Classify(goal)
	s.st.Cursor, s.st.Bindings, s.st.Announced = 0, nil, nil
	switch fill, isFill := rules.FillForm(goal); {
	case s.st.Complexity.Level == "SIMPLE":
		s.st.Commands = s.st.Complexity.Commands
	case isFill:
		s.st.Commands = []rules.Command{fill}
		s.st.Complexity.Reason = "a form to fill, values to ask for"
	default:
		if clarity, _ := rules.GoalClarity(goal); clarity < vagueGoal && !s.a.set.Subsystems.NoClarification {
			return s.askGoal(obs)
		}
		if s.a.model != nil {
			return s.planWithModel(obs)
		}
		msg := "This errand needs a model to plan it (" + s.st.Complexity.Reason +
			"). Without one, Errand runs explicit commands such as: type 'Jas' into Name and click Save."
		if s.a.offline != "" {
			msg += " " + s.a.offline
		}
		return s.finish(PhaseFailed, msg)
	}
	steps := make([]string, len(s.st.Commands))
	for i, c := range s.st.Commands {
		steps[i] = c.Raw
	}
	s.st.PlanBase = 0
	s.planReady(PlanReady{Route: "fast_path", Complexity: s.st.Complexity.Level, Steps: steps}, obs)
	return s.decide(obs)
}

// planReady emits a plan with the page it was made on.
func (s *step) planReady(pr PlanReady, obs page.Observation) {
	pr.URL, pr.Title = obs.URL, obs.Title
	s.emit(EventPlanReady, pr)
}

// planIndex maps a command to its step in the plan last shown: a model's plan step, or
// the fast path's command counted from the first one listed.
func (s *step) planIndex(cmd int) int {
	if r, ok := s.st.Refined[cmd]; ok && s.st.Plan != nil {
		return r.FirstStep
	}
	return max(0, cmd-s.st.PlanBase)
}

// vagueGoal is the goal clarity under which a goal is asked about rather than planned.
const vagueGoal = 0.6

// decide builds the next chain from the first unverified command, or asks.
func (s *step) decide(obs page.Observation) (State, Output, []Event, error) {
	if s.st.Cursor >= len(s.st.Commands) {
		if s.st.Plan != nil {
			return s.refineNext(obs)
		}
		return s.complete(obs)
	}
	if s.st.Step >= s.a.limits.MaxSteps {
		return s.finish(PhaseFailed, fmt.Sprintf("Stopped after %d steps without finishing.", s.st.Step))
	}
	if s.st.Commands[s.st.Cursor].Verb == rules.VerbFill {
		return s.expandFill(obs)
	}
	var (
		chain   []page.Action
		cmdIdx  []int
		factors []factor
		reasons []string
		targets []page.Node
		matches []float64
	)
	for i := s.st.Cursor; i < len(s.st.Commands); i++ {
		b := s.bind(i, obs)
		if b.question != nil {
			// Chains stop after any action that may change the page, so this command was
			// resolved on the page as it is: ask now, before anything runs.
			return s.askBound(i, b, obs, factors, reasons)
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
		targets = append(targets, b.node)
		matches = append(matches, b.match)
		f := commandFactor(s.st.Commands[i], b.action, b.match, b.risky)
		if _, ok := s.st.Refined[i]; ok && s.st.Plan != nil {
			f.intent = s.st.Plan.Score
		}
		factors = append(factors, f)
		reasons = append(reasons, b.why)
		if endsChain(b.action) || b.risky {
			break
		}
		if next := i + 1; next < len(s.st.Commands) && b.node.ID != "" {
			// Seed 002's "same container": a chain does not cross into another frame.
			if id, ok := s.st.Bindings[next]; ok {
				if n, ok := obs.Node(id); ok && n.Frame != b.node.Frame {
					break
				}
			}
		}
	}
	conf := score(s.a.set, s.st.Goal, s.st.Validation.TotalConfidenceDelta, factors, reasons)
	announced := true
	for _, c := range cmdIdx {
		announced = announced && (s.st.Announced[c] || s.st.Approved[c])
	}
	route := s.a.set.routeFor(conf.Overall, s.st.PlanApproved, announced, s.st.Step == 0)
	if !conf.HighRisk {
		conf.Recommendation = route
	}
	s.st.Conf = conf
	s.emit(EventConfidenceReport, conf)
	s.st.Pending = &Pending{Actions: chain, Commands: cmdIdx, Targets: targets, Matches: matches, Reasons: reasons,
		BeforeURL: obs.URL, BeforeHash: obs.DOMHash}
	if s.st.Plan != nil {
		shape := obs.Shape()
		s.st.Pending.Before = &shape
	}
	switch route {
	case RouteAsk:
		return s.askLow(obs)
	case RouteApproval:
		reason := "the plan is not certain enough to run unseen"
		if s.a.set.ReviewPlans {
			reason = "you review plans before they run"
		}
		return s.requestApproval(reason)
	case RouteAssumeAnnounce:
		return s.announce()
	}
	return s.act()
}

// act hands the waiting chain to the runner.
func (s *step) act() (State, Output, []Event, error) {
	p := s.st.Pending
	s.st.Step++
	p.Step = s.st.Step
	s.setPhase(PhaseExecuting)
	calls, descs := make([]string, len(p.Actions)), make([]string, len(p.Actions))
	for i, a := range p.Actions {
		calls[i], descs[i] = a.String(), a.Description
	}
	ev := StepStarted{Step: s.st.Step, Actions: calls, Descriptions: descs, Chained: len(p.Actions) > 1}
	if n := len(p.Commands); n > 0 {
		ev.PlanStep = s.planIndex(p.Commands[0])
		last := s.planIndex(p.Commands[n-1])
		if r, ok := s.st.Refined[p.Commands[n-1]]; ok && s.st.Plan != nil && r.Steps > 1 {
			last += r.Steps - 1
		}
		ev.PlanSteps = max(1, last-ev.PlanStep+1)
	}
	if ev.Chained {
		ev.ChainMetadata = &ChainMetadata{TotalActions: len(p.Actions), EstimatedDuration: chainEstimateMs * len(p.Actions), SafeToChain: true}
	}
	s.emit(EventStepStarted, ev)
	return s.st, Output{Kind: OutputAct, Actions: p.Actions}, s.events, nil
}

// chainEstimateMs is a typical action plus its stability wait (TOOLCHAIN: actions take
// 5–40 ms, the wait at least 500 ms).
const chainEstimateMs = 550

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
	if len(did) == 0 && s.st.Plan != nil && s.st.Plan.Note != "" {
		did = append(did, s.st.Plan.Note)
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
	if s.st.Search != nil && s.st.Search.Stage != "done" {
		return s.afterSearch(*p, in)
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
			PlanStep: s.planIndex(p.Commands[k]), Verified: v.ok, Tier: 1, Evidence: v.evidence, URL: obs.URL, Title: obs.Title}
		if s.st.Plan != nil {
			ev.TokensSaved = s.tier3Tokens(obs)
		}
		if o.Err != nil {
			ev.Error = string(o.Err.Kind)
		}
		s.emit(EventStepVerified, ev)
		if !v.ok && !o.Action.CanFail {
			return s.failed(*p, k, o, v, obs)
		}
		s.st.History = append(s.st.History, Done{Step: p.Step, Index: k, Action: o.Action, Evidence: v.evidence})
		if s.st.Cursor <= p.Commands[k] {
			s.st.Dialogs = 0
		}
		s.st.Cursor = p.Commands[k] + 1
		s.st.Retries = 0
	}
	s.st.Errors = errorMessages(obs)
	if s.st.Plan != nil {
		return s.afterModelChain(*p, obs)
	}
	return s.decide(obs)
}

// failed handles an action that did not verify. A vanished element or a slow page is
// retried against the fresh page when the command still resolves there with confidence
// (self-correction, within the retry limit); everything else opens the mid-execution
// dialog with the failure analysed.
func (s *step) failed(p Pending, k int, o page.Outcome, v verdict, obs page.Observation) (State, Output, []Event, error) {
	cmd := p.Commands[k]
	s.st.Cursor = cmd
	s.st.Errors = errorMessages(obs)
	retryable := o.Err != nil && (o.Err.Kind == page.ErrNotFound || o.Err.Kind == page.ErrTimeout)
	if retryable && s.st.Retries < s.a.limits.MaxRetries && s.stillResolves(cmd, obs) {
		s.st.Retries++
		delete(s.st.Bindings, cmd)
		return s.decide(obs)
	}
	if st, out, evs, err, ok := s.correctModel(cmd, o, v, obs); ok {
		return st, out, evs, err
	}
	return s.midExec(p, k, o, v, obs)
}

// selfCorrectMatch is how well a failed command must resolve on the fresh page to be
// retried without asking.
const selfCorrectMatch = 0.8

func (s *step) stillResolves(cmd int, obs page.Observation) bool {
	c := s.st.Commands[cmd]
	switch c.Verb {
	case rules.VerbNavigate, rules.VerbBack, rules.VerbPress, rules.VerbScroll, rules.VerbWait:
		return true
	}
	res := rules.Resolve(c, obs)
	best, ok := res.Best()
	return ok && !res.Ambiguous && best.Score >= selfCorrectMatch
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
