package agent

import (
	"fmt"
	"strings"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/understand"
	"github.com/errand-app/errand/internal/round"
)

// Announcement is the assume-and-announce card (docs/decisions.md D-10): what Errand
// assumed, the plan, and how long until it runs unless corrected or cancelled.
type Announcement struct {
	RequestID        string       `json:"requestId"`
	Assumptions      []Assumption `json:"assumptions"`
	Plan             PlanView     `json:"plan"`
	AutoExecuteDelay int          `json:"autoExecuteDelay"` // milliseconds
}

// Assumption is one guess stated aloud. Field is "target", "value" or "intent"; Command
// is the plan step it belongs to, so a correction knows what to change.
type Assumption struct {
	Field        string  `json:"field"`
	AssumedValue string  `json:"assumedValue"`
	Confidence   float64 `json:"confidence"`
	Command      int     `json:"command"`
}

// PlanView is a plan as a person reads it.
type PlanView struct {
	Summary string   `json:"summary"`
	Steps   []string `json:"steps"`
}

// Approval is a plan waiting for Execute/Cancel (the awaiting_approval state of
// docs/decisions.md D-2, and the API's approval request of D-11).
type Approval struct {
	RequestID  string   `json:"requestId"`
	Plan       PlanView `json:"plan"`
	Confidence float64  `json:"confidence"`
	Reason     string   `json:"reason"`
}

// Correction is a correctAssumption input (docs/decisions.md D-10, D-34): with NewValue it
// sets the field at once (an element id or name for a target, the text for a value);
// without, it asks.
type Correction struct {
	Field    string `json:"field"`
	Command  int    `json:"command"`
	NewValue string `json:"newValue,omitempty"`
}

// AnnouncePayload and ApprovalPayload are the assumeAnnounce and approvalRequest events.
type AnnouncePayload struct{ Announcement }
type ApprovalPayload struct{ Approval }

func (s *step) requestID() string {
	s.st.Requests++
	return fmt.Sprintf("req-%s-%d", shortID(s.st.TaskID), s.st.Requests)
}

// planView describes the waiting chain and the commands after it.
func (s *step) planView() PlanView {
	var steps []string
	last := s.st.Cursor - 1
	if p := s.st.Pending; p != nil {
		for _, l := range p.Chain {
			if l.Action.Kind != "" {
				steps = append(steps, todo(l.Action))
				last = l.Command
			}
		}
	}
	for i := last + 1; i < len(s.st.Commands); i++ {
		c := s.st.Commands[i]
		if c.Ask != nil && c.Ask.Kind == understand.AskValue && c.Ask.Element != "" {
			// A plan whose values are still to be asked for: say so.
			steps = append(steps, fmt.Sprintf("ask you what to type into %q, then type it", strings.TrimPrefix(c.Ask.Words, "type into ")))
			continue
		}
		steps = append(steps, c.Raw())
	}
	return PlanView{Summary: s.st.Goal, Steps: steps}
}

// assumptions lists what the waiting chain takes for granted, in plan order: weak
// matches, unquoted values, what the reader assumed (an abbreviation, a date's order), and
// the reading of the goal itself when nothing else is in doubt.
func (s *step) assumptions() []Assumption {
	p := s.st.Pending
	var out []Assumption
	first := -1
	for _, l := range p.Chain {
		if first < 0 {
			first = l.Command
		}
		a := l.Action
		cmd := s.st.Commands[l.Command].Command
		switch {
		case a.Kind == "":
			out = append(out, Assumption{Field: "target", AssumedValue: page.Describe(l.Target), Confidence: fillDeterminism, Command: l.Command})
		case a.Kind.NeedsElement() && l.Match < 1:
			out = append(out, Assumption{Field: "target", AssumedValue: page.Describe(l.Target), Confidence: round.Hundredths(l.Match), Command: l.Command})
		}
		if (a.Kind == page.SetValue || a.Kind == page.Select) && !cmd.Quoted && !a.Sensitive {
			out = append(out, Assumption{Field: "value", AssumedValue: a.Text, Confidence: unquotedMultiPenalty, Command: l.Command})
		}
	}
	for _, text := range s.st.Assumed {
		out = append(out, Assumption{Field: "value", AssumedValue: text, Confidence: unquotedMultiPenalty, Command: first})
	}
	if ic := s.st.Conf.Breakdown.IntentClarity; ic < 1 || len(out) == 0 {
		out = append(out, Assumption{Field: "intent", AssumedValue: s.planView().Steps[0], Confidence: round.Hundredths(ic), Command: first})
	}
	return out
}

// announce shows the assumptions and runs the chain after the countdown unless the
// person corrects or cancels (assume and announce, docs/decisions.md D-10).
func (s *step) announce() (State, Output, []Event, error) {
	a := Announcement{RequestID: s.requestID(), Assumptions: s.assumptions(), Plan: s.planView(), AutoExecuteDelay: s.a.set.AnnounceMs}
	s.st.Announcement = &a
	s.setPhase(PhaseAssumeAnnounce)
	s.emit(EventAssumeAnnounce, AnnouncePayload{a})
	return s.st, Output{Kind: OutputAnnounce, Announcement: &a}, s.events, nil
}

// requestApproval shows the plan and waits for Execute/Cancel.
func (s *step) requestApproval(reason string) (State, Output, []Event, error) {
	ap := Approval{RequestID: s.requestID(), Plan: s.planView(), Confidence: s.st.Conf.Overall, Reason: reason}
	s.st.Approval = &ap
	s.setPhase(PhaseAwaitingApproval)
	s.emit(EventApprovalRequest, ApprovalPayload{ap})
	return s.st, Output{Kind: OutputAwaitApproval, Approval: &ap}, s.events, nil
}

// onAnnouncement handles the announcement's end: the countdown ran out or the person
// pressed proceed (run it), or cancelled (nothing runs).
func (s *step) onAnnouncement(in Input) (State, Output, []Event, error) {
	switch in.Decision {
	case DecisionProceed, DecisionApprove:
		s.st.Announcement, s.st.Assumed = nil, nil
		for _, l := range s.st.Pending.Chain {
			s.markAnnounced(l.Command)
		}
		return s.release(in.Observation)
	case DecisionCancel, DecisionAbort:
		return s.finish(PhaseCancelled, "Cancelled during the announcement; nothing was done.")
	}
	return s.st, Output{}, nil, fmt.Errorf("step: %q is not a decision on an announcement", in.Decision)
}

// onApproval handles Execute/Cancel on a waiting plan.
func (s *step) onApproval(in Input) (State, Output, []Event, error) {
	switch in.Decision {
	case DecisionApprove, DecisionProceed:
		s.st.Approval, s.st.PlanApproved = nil, true
		return s.release(in.Observation)
	case DecisionCancel, DecisionAbort:
		return s.finish(PhaseCancelled, "You did not approve the plan; nothing was done.")
	}
	return s.st, Output{}, nil, fmt.Errorf("step: %q is not a decision on a plan", in.Decision)
}

// release runs the chain that waited for an announcement or an approval; a plan that
// waited before its values were known goes on to ask for them.
func (s *step) release(obs page.Observation) (State, Output, []Event, error) {
	if len(s.st.Pending.Actions()) == 0 {
		s.st.Pending = nil
		return s.decide(obs)
	}
	return s.act()
}

// correct applies a correctAssumption. With a value it binds it and decides again; without,
// it asks about that field.
func (s *step) correct(c Correction, obs page.Observation) (State, Output, []Event, error) {
	if c.Command < 0 || c.Command >= len(s.st.Commands) {
		return s.st, Output{}, nil, fmt.Errorf("step: correction names step %d of %d", c.Command, len(s.st.Commands))
	}
	s.st.Announcement, s.st.Pending, s.st.Assumed = nil, nil, nil
	cmd := s.st.Commands[c.Command].Command
	if c.NewValue != "" {
		if c.Field == "value" {
			s.setValue(c.Command, c.NewValue, obs)
		} else if end, summary := s.onElement(c.Command, c.NewValue, obs); end != "" {
			return s.finish(end, summary)
		}
		s.markAnnounced(c.Command)
		return s.decide(obs)
	}
	var q Question
	switch c.Field {
	case "value":
		q = Question{Type: Freeform, Text: fmt.Sprintf("What should I use instead of %q?", cmd.Action.Text), AllowFreeform: true,
			Command: c.Command, Binds: bindsValue, Reason: "you corrected the value"}
	default:
		n, _ := obs.Node(cmd.Action.ID)
		q = s.whichInstead(c.Command, n, obs)
		q.Reason = "you corrected the target"
	}
	q.TimeoutMs = timeoutFor(q)
	s.markAnnounced(c.Command)
	return s.ask([]Question{q}, nil, nil)
}

// setValue gives command i a value the person wrote, on the element it is bound to.
func (s *step) setValue(i int, value string, obs page.Observation) {
	c := s.st.Commands[i].Command
	cmds, q := understand.WithValue(understand.Question{Element: c.Action.ID, Verb: c.Verb, Words: c.Words}, value, obs, s.readOpts())
	s.replaceAsk(i, cmds, q)
}

func (s *step) markAnnounced(cmd int) {
	if cmd >= 0 && cmd < len(s.st.Commands) {
		s.st.Commands[cmd].Announced = true
	}
}
