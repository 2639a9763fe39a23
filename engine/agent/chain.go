package agent

import (
	"fmt"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/rules"
)

// decide builds the next chain from the first unverified command, or asks.
func (s *step) decide(obs page.Observation) (State, Output, []Event, error) {
	if s.st.Cursor >= len(s.st.Commands) {
		if s.st.Plan != nil {
			return s.refineNext(obs)
		}
		if s.st.Rest != "" && s.st.Plan == nil {
			// What the reader read has run; the model plans the rest from here.
			s.st.Complexity = Complexity{levelComplex, "the rest of the goal: " + s.st.Rest}
			return s.planWithModel(obs)
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
			if len(ch.links) == 0 && s.st.Commands[i].Recorded != nil {
				return ch, func() (State, Output, []Event, error) { return s.heal(i, obs) }
			}
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
		if endsChain(b.action) || b.risky || !s.sameFrame(i+1, b.node, obs) || s.picksSuggestion(i+1) {
			break
		}
	}
	return ch, nil
}

// picksSuggestion reports a next command that picks what the typing before it suggests:
// the suggestions are on the page only once the typing has run and been observed.
func (s *step) picksSuggestion(next int) bool {
	return next < len(s.st.Commands) && s.st.Commands[next].Command.PicksSuggestion() && !s.st.Commands[next].Command.Bound
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
