package agent

import (
	"strings"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/understand"
	"github.com/errand-app/errand/knowledge/recorded"
)

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
	s.recordScript()
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
			s.noteFailure(cmd, p.Chain[k], obs)
			return s.failed(*p, k, o, v, obs)
		}
		target := recorded.ElementOf(p.Chain[k].Target)
		if !o.Action.Kind.NeedsElement() {
			target = recorded.Element{}
		}
		s.st.History = append(s.st.History, Done{Step: p.Step, Index: k, Action: o.Action, Evidence: v.evidence,
			Target: target, Aside: s.st.Commands[cmd].Aside})
		a := o.Action
		a.ID = ""
		s.learn(cmd, recorded.Step{Action: a, Element: target}, obs)
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
	if st, out, evs, err, ok := s.handOver(p, k, o, v, obs); ok {
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
