package agent

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// The task's phases and the changes between them (docs/decisions.md D-2, D-3). Handlers ask
// for a phase with setPhase or end the task with finish; both are here, and they are the
// only code that changes State.Phase, besides start, which opens a task in idle. A change
// the table does not list makes Step fail instead of leaving a task in a state no one
// designed.
//
//	from               to
//	idle               planning
//	planning           clarifying, refining, assume_announce, awaiting_approval, executing, replanning, ends
//	clarifying         planning, refining, assume_announce, awaiting_approval, executing, replanning, ends
//	refining           clarifying, assume_announce, awaiting_approval, executing, replanning, ends
//	assume_announce    planning, clarifying, refining, awaiting_approval, executing, ends
//	awaiting_approval  planning, clarifying, refining, assume_announce, executing, ends
//	executing          clarifying, refining, assume_announce, awaiting_approval, mid_exec_dialog, replanning, ends
//	mid_exec_dialog    clarifying, assume_announce, awaiting_approval, executing, replanning, ends
//	replanning         planning, clarifying, refining, assume_announce, awaiting_approval, executing, ends
//	interrupted        as the phase a resume continues in (the store marks tasks interrupted)
//	completed, failed, cancelled: none (the ends)
//
// "ends" are completed, failed and cancelled. Only executing opens the failed-step dialog,
// nothing returns to idle, and an ended task stays ended.
var transitions = map[Phase][]Phase{
	PhaseIdle:             {PhasePlanning},
	PhasePlanning:         {PhaseClarifying, PhaseRefining, PhaseAssumeAnnounce, PhaseAwaitingApproval, PhaseExecuting, PhaseReplanning},
	PhaseClarifying:       {PhasePlanning, PhaseRefining, PhaseAssumeAnnounce, PhaseAwaitingApproval, PhaseExecuting, PhaseReplanning},
	PhaseRefining:         {PhaseClarifying, PhaseAssumeAnnounce, PhaseAwaitingApproval, PhaseExecuting, PhaseReplanning},
	PhaseAssumeAnnounce:   {PhasePlanning, PhaseClarifying, PhaseRefining, PhaseAwaitingApproval, PhaseExecuting},
	PhaseAwaitingApproval: {PhasePlanning, PhaseClarifying, PhaseRefining, PhaseAssumeAnnounce, PhaseExecuting},
	PhaseExecuting:        {PhaseClarifying, PhaseRefining, PhaseAssumeAnnounce, PhaseAwaitingApproval, PhaseMidExecDialog, PhaseReplanning},
	PhaseMidExecDialog:    {PhaseClarifying, PhaseAssumeAnnounce, PhaseAwaitingApproval, PhaseExecuting, PhaseReplanning},
	PhaseReplanning:       {PhasePlanning, PhaseClarifying, PhaseRefining, PhaseAssumeAnnounce, PhaseAwaitingApproval, PhaseExecuting},
}

var ends = []Phase{PhaseCompleted, PhaseFailed, PhaseCancelled}

// allowed reports whether a task may go from one phase to the other.
func allowed(from, to Phase) bool {
	switch {
	case from == to:
		return true
	case from.Terminal():
		return false
	case from == PhaseInterrupted:
		// A resumed task goes on from where it was; the store, not Step, marked it.
		return to != PhaseIdle
	case slices.Contains(ends, to):
		return from != PhaseIdle
	}
	return slices.Contains(transitions[from], to)
}

func (s *step) setPhase(p Phase) {
	if s.st.Phase == p {
		return
	}
	if !allowed(s.st.Phase, p) && s.illegal == nil {
		s.illegal = fmt.Errorf("no phase change from %s to %s (docs/decisions.md D-3)", s.st.Phase, p)
	}
	s.emit(EventStateChanged, StateChanged{From: s.st.Phase, To: p})
	s.st.Phase = p
}

// finish ends the task in phase p with the summary the person reads.
func (s *step) finish(p Phase, summary string) (State, Output, []Event, error) {
	if p == PhaseFailed && s.st.NoModel != "" && !strings.Contains(summary, s.st.NoModel) {
		summary += " " + s.st.NoModel
	}
	s.setPhase(p)
	s.st.Summary = summary
	s.st.Pending, s.st.Questions, s.st.Announcement, s.st.Approval, s.st.MidExec = nil, nil, nil, nil, nil
	return s.st, Output{Kind: OutputDone, Status: p, Summary: summary}, s.events, nil
}

// accepts says whether a task in its phase takes this kind of input. One it does not is
// refused with an error, so a stray or late input (a second click, an answer to a
// question already closed) cannot move the task, let alone end it as done.
func accepts(st State, in Input) error {
	if st.Phase.Terminal() {
		return nil // answered with the end as it is
	}
	idle := st.Phase == PhaseIdle || st.Phase == ""
	waiting := st.Phase == PhaseClarifying || st.Phase == PhaseAssumeAnnounce || st.Phase == PhaseAwaitingApproval ||
		st.Phase == PhaseMidExecDialog
	switch in.Kind {
	case InputStart:
		if !idle {
			return fmt.Errorf("the task has started already (%s)", st.Phase)
		}
		return nil
	case InputEffect:
		return nil // checked against the awaited effect by Step
	}
	if idle {
		return fmt.Errorf("the task has not started: a %s input needs a start first", in.Kind)
	}
	switch in.Kind {
	case InputAnswer:
		if len(st.Questions) == 0 {
			return fmt.Errorf("no question is open (%s)", st.Phase)
		}
	case InputObserved:
		if st.Pending == nil || waiting {
			return fmt.Errorf("no chain was handed out to observe (%s)", st.Phase)
		}
	case InputDecision:
		switch {
		case in.Decision == DecisionCancel || in.Decision == DecisionAbort:
		case st.Phase == PhaseAssumeAnnounce || st.Phase == PhaseAwaitingApproval || st.Phase == PhaseMidExecDialog:
		case len(st.Questions) > 0 && st.Questions[0].Binds == bindsApproval && in.Decision == DecisionApprove:
		default:
			return fmt.Errorf("%q is not a decision the task waits for (%s)", in.Decision, st.Phase)
		}
	case InputCorrection:
		if in.Correction == nil {
			return errors.New("a correction input without a correction")
		}
	}
	return nil
}
