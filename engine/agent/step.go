package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/rules"
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
			return st, Output{}, nil, fmt.Errorf("step: %s input while a %s effect is awaited", in.Kind, "model or knowledge")
		}
		base, orig, emitted = *rp.Base, rp.Input, rp.Emitted
	} else if in.Kind == InputEffect {
		return st, Output{}, nil, fmt.Errorf("step: an effect reply that nothing asked for")
	}
	work := base
	if a.model != nil || a.knowledge != nil {
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

func (s *step) start(in Input) (State, Output, []Event, error) {
	goal := strings.TrimSpace(in.Goal)
	s.st.Version = StateVersion
	s.st.Goal, s.st.Request, s.st.StartURL = goal, goal, in.Observation.URL
	s.st.Phase = PhaseIdle // a new task, or an old one read again (versions.go)
	if !in.Now.IsZero() {
		s.st.Today, s.st.Started = in.Now.Format(time.DateOnly), in.Now
	}
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

// plan reads the goal on the page. What the reader understood takes the fast path, with
// its questions asked before anything runs; "fill in the form" becomes a fill; words about
// nothing on the page go to the model, or without one are asked about.
func (s *step) plan(obs page.Observation) (State, Output, []Event, error) {
	s.setPhase(PlanningPhase(s.st.Phase))
	goal := s.st.Goal
	s.st.Cursor = 0
	if isFillForm(goal) {
		s.st.Commands = []Planned{{Fill: true, Command: understand.Command{Words: goal}}}
		s.st.Complexity, s.st.Intent = Complexity{levelSimple, "a form to fill, values to ask for"}, 1
		return s.fastPath(obs)
	}
	r := understand.Read(goal, obs, s.readOpts())
	// The reader's open questions are asked before anything runs, so they do not lower
	// the intent of what runs after their answers; unexplained words do until answered.
	s.st.Grounded, s.st.Assumed, s.st.Intent = r.Grounded, r.Assumptions, max(0, 1-0.25*float64(len(r.Unexplained)))
	switch {
	case !needsModel(r):
		s.st.Commands = plannedFrom(r)
		s.st.Complexity = Complexity{levelSimple, "every word is about this page"}
		return s.fastPath(obs)
	case s.a.model != nil:
		// The model plans the whole goal; what the reader assumed is not its plan.
		s.st.Assumed, s.st.Intent = nil, 1
		s.st.Complexity = Complexity{levelComplex, notRead(r)}
		s.unread = &r
		return s.planWithModel(obs)
	}
	return s.planOffline(r, obs)
}

// planOffline is the plan when no model runs: what was read runs after questions about
// the rest; a goal with nothing readable is asked about when vague, and fails otherwise.
func (s *step) planOffline(r understand.Reading, obs page.Observation) (State, Output, []Event, error) {
	s.st.Grounded, s.st.Assumed, s.st.Intent = r.Grounded, r.Assumptions, max(0, 1-0.25*float64(len(r.Unexplained)))
	asking := !s.a.set.Subsystems.NoClarification
	if asking && (len(r.Commands) > 0 || len(r.Questions) > 0 && understand.Commandlike(s.st.Goal)) {
		// Part of it is clear, or it is a command the page does not explain ("click the
		// Sve button"): ask about the rest rather than fail.
		s.st.Commands = plannedFrom(r)
		s.st.Complexity = Complexity{levelSimple, notRead(r)}
		return s.fastPath(obs)
	}
	if clarity, _ := rules.GoalClarity(s.st.Goal); clarity < vagueGoal && asking {
		return s.askGoal(obs)
	}
	msg := "This errand needs a model to plan it (" + notRead(r) + ")."
	switch {
	case s.st.NoModel != "":
		// finish adds why no model planned it.
	case s.a.offline != "":
		msg += " " + s.a.offline
	default:
		msg += " Without one, Errand runs explicit commands such as: type 'Jas' into Name and click Save."
	}
	return s.finish(PhaseFailed, msg)
}

// PlanningPhase is planning, or re-planning when a plan is made again after a failure.
func PlanningPhase(p Phase) Phase {
	if p == PhaseReplanning {
		return p
	}
	return PhasePlanning
}

// fastPath shows the reader's plan and decides on its first commands.
func (s *step) fastPath(obs page.Observation) (State, Output, []Event, error) {
	steps := make([]string, len(s.st.Commands))
	for i, c := range s.st.Commands {
		steps[i] = c.Raw()
	}
	s.st.PlanBase = 0
	s.planReady(PlanReady{Route: "fast_path", Complexity: s.st.Complexity.Level, Steps: steps}, obs)
	return s.decide(obs)
}

// needsModel reports a reading with words about nothing on the page, or with nothing at
// all. The reader's questions about what it did tie to the page (which of these
// elements, which value for this field) are for the person even when a model runs,
// because a model would only guess; a value it could not tie to a field is not.
func needsModel(r understand.Reading) bool {
	if len(r.Commands) == 0 && len(r.Questions) == 0 {
		return true
	}
	for _, q := range r.Questions {
		switch q.Kind {
		case understand.AskUnclear, understand.AskMissing:
			return true
		case understand.AskValue:
			// A model may find the value (knowledge, the page) or ask for it itself.
			return true
		case understand.AskOption:
			if q.Element == "" {
				return true
			}
		case understand.AskElement:
			if bestChoice(q) < 0.6 || !everyChoiceRuns(q) {
				// The reader only guessed at the element from its role, or some of its
				// answers would not run: it has not read the goal, only parts of it.
				return true
			}
		}
	}
	return false
}

func bestChoice(q understand.Question) float64 {
	best := 0.0
	for _, c := range q.Choices {
		best = max(best, c.Score)
	}
	return best
}

func everyChoiceRuns(q understand.Question) bool {
	for _, c := range q.Choices {
		if len(c.Then) == 0 {
			return false
		}
	}
	return len(q.Choices) > 0
}

// notRead says which words the reader could not tie to the page.
func notRead(r understand.Reading) string {
	if len(r.Unexplained) > 0 {
		return fmt.Sprintf("%q is not about anything on this page", strings.Join(r.Unexplained, " "))
	}
	for _, q := range r.Questions {
		if q.Kind == understand.AskMissing && q.Words != "" {
			return fmt.Sprintf("%q is not on this page", q.Words)
		}
	}
	return "no command could be read from it"
}

// planReady emits a plan with the page it was made on.
func (s *step) planReady(pr PlanReady, obs page.Observation) {
	pr.URL, pr.Title = obs.URL, obs.Title
	s.emit(EventPlanReady, pr)
}

// planIndex maps a command to its step in the plan last shown: a model's plan step, or
// the fast path's command counted from the first one listed.
func (s *step) planIndex(cmd int) int {
	if r := s.refined(cmd); r != nil && s.st.Plan != nil {
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
	if s.st.Commands[s.st.Cursor].Fill {
		return s.expandFill(obs)
	}
	if qs := s.openAsks(); len(qs) > 0 {
		// The reader's questions come before anything runs.
		return s.askReader(qs, obs)
	}
	ch, stop := s.buildChain(obs)
	if stop != nil {
		return stop()
	}
	return s.route(ch, obs)
}

// chain is the actions decide may run together, with their confidence factors.
type chain struct {
	links   []Link
	factors []factor
}

// buildChain binds commands from the cursor for as long as they can run together. stop
// is set when a command must be settled first (a question, a confirm, a missing element).
func (s *step) buildChain(obs page.Observation) (chain, func() (State, Output, []Event, error)) {
	var ch chain
	for i := s.st.Cursor; i < len(s.st.Commands); i++ {
		b := s.bind(i, obs)
		if b.question != nil {
			// Chains stop after any action that may change the page, so this command was
			// read on the page as it is: ask now, before anything runs.
			q := *b.question
			return ch, func() (State, Output, []Event, error) {
				s.st.Commands[i].Ask = &q
				return s.askReader([]int{i}, obs)
			}
		}
		if b.node.Occ && len(ch.links) == 0 && obs.Modal != "" {
			if btn, ok := dismissButton(obs); ok {
				return ch, func() (State, Output, []Event, error) { return s.dismissFirst(i, b.node, btn, obs) }
			}
		}
		if b.deferred {
			if len(ch.links) == 0 {
				return ch, func() (State, Output, []Event, error) { return s.notFound(i, obs) }
			}
			break
		}
		if b.risky && !s.st.Commands[i].Approved {
			if len(ch.links) > 0 {
				break // a risky action always runs alone, after its confirm
			}
			return ch, func() (State, Output, []Event, error) { return s.confirm(i, b) }
		}
		b.action.Index = len(ch.links)
		ch.links = append(ch.links, Link{Action: b.action, Command: i, Target: b.node, Match: b.match, Reason: b.why})
		f := commandFactor(s.st.Commands[i].Command, b.action, b.match, b.risky)
		if r := s.st.Commands[i].Refined; r != nil && s.st.Plan != nil {
			f.intent = s.st.Plan.Score
		}
		ch.factors = append(ch.factors, f)
		if endsChain(b.action) || b.risky || !s.sameFrame(i+1, b.node, obs) {
			break
		}
	}
	return ch, nil
}

// sameFrame reports whether command next is bound in the frame of node: a chain does not
// cross into another frame (docs/decisions.md, chaining).
func (s *step) sameFrame(next int, node page.Node, obs page.Observation) bool {
	if next >= len(s.st.Commands) || node.ID == "" {
		return true
	}
	c := s.st.Commands[next].Command
	if n, ok := obs.Node(c.Action.ID); ok && c.Bound {
		return n.Frame == node.Frame
	}
	return true
}

// route scores a chain and sends it on: run it, announce it, wait for approval, or ask.
func (s *step) route(ch chain, obs page.Observation) (State, Output, []Event, error) {
	var reasons []string
	for _, l := range ch.links {
		reasons = append(reasons, l.Reason)
	}
	conf := score(s.a.set, s.intent(ch.factors), s.st.Validation.TotalConfidenceDelta, ch.factors, reasons)
	announced := len(s.st.Assumed) == 0
	for _, l := range ch.links {
		p := s.st.Commands[l.Command]
		announced = announced && (p.Announced || p.Approved)
	}
	route := s.a.set.routeFor(conf.Overall, s.st.PlanApproved, announced, s.st.Step == 0)
	if len(s.st.Assumed) > 0 && route == RouteProceed {
		// What the reader assumed is said before it runs; the API shows no announcement,
		// so there it is approved instead.
		route = RouteAssumeAnnounce
		if s.a.set.Profile == ProfileAPI && !s.st.PlanApproved {
			route = RouteApproval
		}
	}
	if !conf.HighRisk {
		conf.Recommendation = route
	}
	s.st.Conf = conf
	s.emit(EventConfidenceReport, conf)
	s.st.Pending = &Pending{Chain: ch.links, BeforeURL: obs.URL, BeforeHash: obs.DOMHash}
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

// intent is intent clarity for a decision: the reader's, unless the goal is free text
// (judged as such) or a model's plan score stands for it.
func (s *step) intent(fs []factor) intentScore {
	for _, f := range fs {
		if f.intent > 0 {
			return intentScore{f.intent, []string{fmt.Sprintf("the model's plan scored %.2f", f.intent)}}
		}
	}
	for _, f := range fs {
		if f.vague {
			ic, why := rules.GoalClarity(s.st.Goal)
			return intentScore{ic, why}
		}
	}
	if s.st.Intent < 1 {
		return intentScore{s.st.Intent, []string{"some words were not read as part of the page"}}
	}
	return intentScore{value: 1}
}

// act hands the waiting chain to the runner.
func (s *step) act() (State, Output, []Event, error) {
	p := s.st.Pending
	s.st.Step++
	p.Step = s.st.Step
	s.setPhase(PhaseExecuting)
	acts := p.Actions()
	calls, descs := make([]string, len(acts)), make([]string, len(acts))
	for i, a := range acts {
		calls[i], descs[i] = a.String(), a.Description
	}
	ev := StepStarted{Step: s.st.Step, Actions: calls, Descriptions: descs, Chained: len(acts) > 1}
	if n := len(p.Chain); n > 0 && p.Chain[0].Command >= 0 {
		ev.PlanStep = s.planIndex(p.Chain[0].Command)
		last := s.planIndex(p.Chain[n-1].Command)
		if r := s.refined(p.Chain[n-1].Command); r != nil && s.st.Plan != nil && r.Steps > 1 {
			last += r.Steps - 1
		}
		ev.PlanSteps = max(1, last-ev.PlanStep+1)
	}
	if ev.Chained {
		ev.ChainMetadata = &ChainMetadata{TotalActions: len(acts), EstimatedDuration: chainEstimateMs * len(acts), SafeToChain: true}
	}
	s.emit(EventStepStarted, ev)
	return s.st, Output{Kind: OutputAct, Actions: acts}, s.events, nil
}

// refined is the model's record of command i, or nil.
func (s *step) refined(i int) *Refined {
	if i < 0 || i >= len(s.st.Commands) {
		return nil
	}
	return s.st.Commands[i].Refined
}

// chainEstimateMs is a typical action plus its stability wait (TOOLCHAIN: actions take
// 5–40 ms, the wait at least 500 ms).
const chainEstimateMs = 550

// endsChain reports actions after which the page may change under the next command
// (the chain criteria of docs/decisions.md D-25: no navigation, no async dependency).
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
		if k >= len(p.Chain) {
			break
		}
		cmd := p.Chain[k].Command
		last := k == len(res.Outcomes)-1
		v := verifyOutcome(o, obs, last, newErrs)
		ev := StepVerified{Step: p.Step, Index: k, Action: o.Action.String(), Description: o.Action.Description,
			PlanStep: s.planIndex(cmd), Verified: v.ok, Tier: 1, Evidence: v.evidence, URL: obs.URL, Title: obs.Title}
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
		if s.st.Cursor <= cmd {
			s.st.Dialogs = 0
		}
		s.st.Cursor = cmd + 1
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
	cmd := p.Chain[k].Command
	s.st.Cursor = cmd
	s.st.Errors = errorMessages(obs)
	retryable := o.Err != nil && (o.Err.Kind == page.ErrNotFound || o.Err.Kind == page.ErrTimeout)
	if retryable && s.st.Retries < s.a.limits.MaxRetries && s.stillResolves(cmd, obs) {
		s.st.Retries++
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
	c := s.st.Commands[cmd].Command
	if !c.Action.Kind.NeedsElement() {
		return true
	}
	nc, q := understand.Rebind(c, obs, s.readOpts())
	if q != nil || nc.Match < selfCorrectMatch {
		return false
	}
	s.st.Commands[cmd].Command = nc
	return true
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
