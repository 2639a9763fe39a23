package agent

import (
	"fmt"
	"strings"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/rules"
)

// Announcement is seed 000's assume-and-announce card: what Errand assumed, the plan, and
// how long until it runs unless corrected or cancelled.
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

// Approval is a plan waiting for Execute/Cancel (seed 000's awaiting_approval, seed 004's
// ApprovalRequest).
type Approval struct {
	RequestID  string   `json:"requestId"`
	Plan       PlanView `json:"plan"`
	Confidence float64  `json:"confidence"`
	Reason     string   `json:"reason"`
}

// Correction is seed 000's correctAssumption: with NewValue it sets the field at once
// (an element id or name for a target, the text for a value); without, it asks.
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
		for k, a := range p.Actions {
			steps = append(steps, strings.TrimSuffix(presentTense(a.Description), "."))
			last = p.Commands[k]
		}
	}
	if len(steps) == 0 && last+1 < len(s.st.Commands) && s.st.Commands[last+1].Value == "" {
		// A plan whose values are still to be asked for: say so.
		for i := last + 1; i < len(s.st.Commands) && s.st.Commands[i].Verb == rules.VerbType && s.st.Commands[i].Value == ""; i++ {
			steps = append(steps, fmt.Sprintf("ask you what to type into %q, then type it", s.st.Commands[i].Target))
			last = i
		}
	}
	for i := last + 1; i < len(s.st.Commands); i++ {
		steps = append(steps, s.st.Commands[i].Raw)
	}
	return PlanView{Summary: s.st.Goal, Steps: steps}
}

// assumptions lists what the waiting chain takes for granted, weakest first is not
// needed: the card shows them in plan order.
func (s *step) assumptions() []Assumption {
	p := s.st.Pending
	var out []Assumption
	for k, a := range p.Actions {
		cmd := s.st.Commands[p.Commands[k]]
		if k < len(p.Matches) && a.Kind.NeedsElement() && p.Matches[k] < 1 {
			out = append(out, Assumption{Field: "target", AssumedValue: page.Describe(p.Targets[k]), Confidence: round2(p.Matches[k]), Command: p.Commands[k]})
		}
		if (a.Kind == page.SetValue || a.Kind == page.Select) && !cmd.Quoted && !a.Sensitive {
			out = append(out, Assumption{Field: "value", AssumedValue: a.Text, Confidence: unquotedMultiPenalty, Command: p.Commands[k]})
		}
	}
	if len(p.Actions) == 0 {
		for k, c := range p.Commands {
			out = append(out, Assumption{Field: "target", AssumedValue: page.Describe(p.Targets[k]), Confidence: fillDeterminism, Command: c})
		}
	}
	if ic := s.st.Conf.Breakdown.IntentClarity; ic < 1 || len(out) == 0 {
		out = append(out, Assumption{Field: "intent", AssumedValue: s.planView().Steps[0], Confidence: round2(ic), Command: p.Commands[0]})
	}
	return out
}

// announce shows the assumptions and runs the chain after the countdown unless the
// person corrects or cancels (seed 000's assume + announce).
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
		s.st.Announcement = nil
		if s.st.Announced == nil {
			s.st.Announced = map[int]bool{}
		}
		for _, c := range s.st.Pending.Commands {
			s.st.Announced[c] = true
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
	if len(s.st.Pending.Actions) == 0 {
		s.st.Pending = nil
		return s.decide(obs)
	}
	return s.act()
}

// correct applies a correctAssumption. With a value it binds it and decides again; without,
// it asks about that field (seed 000: Correct → clarification).
func (s *step) correct(c Correction, obs page.Observation) (State, Output, []Event, error) {
	if c.Command < 0 || c.Command >= len(s.st.Commands) {
		return s.st, Output{}, nil, fmt.Errorf("step: correction names step %d of %d", c.Command, len(s.st.Commands))
	}
	s.st.Announcement, s.st.Pending = nil, nil
	cmd := s.st.Commands[c.Command]
	if c.NewValue != "" {
		switch c.Field {
		case "value":
			s.st.Commands[c.Command].Value, s.st.Commands[c.Command].Quoted = c.NewValue, true
		default:
			if _, ok := obs.Node(c.NewValue); ok {
				s.bindElement(c.Command, c.NewValue)
			} else {
				s.applyFreeform(Question{Command: c.Command, Binds: bindsElement}, c.NewValue)
			}
		}
		s.markAnnounced(c.Command)
		return s.decide(obs)
	}
	var q Question
	switch c.Field {
	case "value":
		q = Question{Type: Freeform, Text: fmt.Sprintf("What should I use instead of %q?", cmd.Value), AllowFreeform: true,
			Command: c.Command, Binds: bindsValue, Reason: "you corrected the value"}
	default:
		res := rules.Resolve(cmd, obs)
		if len(res.Candidates) == 0 {
			q = Question{Type: Freeform, Text: fmt.Sprintf("Which element did you mean for %q?", cmd.Raw), AllowFreeform: true,
				Command: c.Command, Binds: bindsElement, Reason: "you corrected the target"}
			break
		}
		res.Ambiguous = true
		q = *chooseElement(c.Command, cmd, res)
		q.Reason = "you corrected the target"
	}
	q.TimeoutMs = timeoutFor(q)
	s.markAnnounced(c.Command)
	return s.ask([]Question{q}, nil, nil)
}

func (s *step) markAnnounced(cmd int) {
	if s.st.Announced == nil {
		s.st.Announced = map[int]bool{}
	}
	s.st.Announced[cmd] = true
}

func (s *step) bindElement(cmd int, id string) {
	if s.st.Bindings == nil {
		s.st.Bindings = map[int]string{}
	}
	s.st.Bindings[cmd] = id
}
