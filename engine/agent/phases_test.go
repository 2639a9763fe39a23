package agent

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
)

// reached is a task brought to one phase by real inputs, as a checkpoint holds it.
type reached struct {
	ag *Agent
	st State
	// chain is the chain the last output handed out, for observed inputs.
	out Output
}

// reachPhases drives small tasks into every phase a task can wait in.
func reachPhases(t *testing.T) map[Phase]reached {
	t.Helper()
	got := map[Phase]reached{}
	keep := func(ag *Agent, st State, out Output) {
		if _, ok := got[st.Phase]; !ok {
			got[st.Phase] = reached{ag: ag, st: st, out: out}
		}
	}
	plain := New(Config{})
	keep(plain, State{Version: StateVersion, TaskID: "t", Phase: PhaseIdle}, Output{})
	for _, goal := range []string{"Type 'Jas' into Name and click Save", "Help me", "choose Fem as the gender", ""} {
		st, out, _ := stepT(t, plain, State{TaskID: "t", Phase: PhaseIdle}, Input{Kind: InputStart, Goal: goal, Observation: formPage})
		keep(plain, st, out)
		if st.Phase == PhaseExecuting {
			// The chain's last click finds nothing: the failed-step dialog opens.
			res := notFoundResult(out.Actions, formPage, len(out.Actions)-1)
			st2, out2, _ := stepT(t, plain, st, Input{Kind: InputObserved, Observation: formPage, Result: res})
			keep(plain, st2, out2)
			st3, out3, _ := stepT(t, plain, st, Input{Kind: InputDecision, Decision: DecisionCancel, Observation: formPage})
			keep(plain, st3, out3)
			interrupted := st
			interrupted.Phase = PhaseInterrupted
			keep(plain, interrupted, out)
		}
	}
	review := New(Config{Settings: Settings{ReviewPlans: true}})
	st, out, _ := stepT(t, review, State{TaskID: "t", Phase: PhaseIdle}, Input{Kind: InputStart, Goal: "Type 'Jas' into Name and click Save", Observation: formPage})
	keep(review, st, out)
	// Waiting for a model's reply: planning (the start of a model errand).
	r := newModelRig(t, Limits{})
	st, out, _ = stepT(t, r.ag, State{TaskID: "t", Phase: PhaseIdle}, Input{Kind: InputStart, Goal: "Register the new patient in the clinic", Observation: formPage})
	keep(r.ag, st, out)
	return got
}

// TestEveryPhaseAndInput hands every kind of input to a task in every phase it can wait
// in. Each either is refused with an error or moves the task only along the transition
// table (phases.go); the table printed with -v is the machine as it runs.
func TestEveryPhaseAndInput(t *testing.T) {
	phases := reachPhases(t)
	for _, want := range []Phase{PhaseIdle, PhasePlanning, PhaseClarifying, PhaseAssumeAnnounce, PhaseAwaitingApproval,
		PhaseExecuting, PhaseMidExecDialog, PhaseInterrupted, PhaseFailed, PhaseCancelled} {
		if _, ok := phases[want]; !ok {
			t.Errorf("no task reached %s", want)
		}
	}
	reply := EffectReply{Kind: EffectModel, Err: &EffectError{Kind: errUnavailable, Message: "no model server answers"}}
	inputs := []Input{
		{Kind: InputStart, Goal: "Type 'Jas' into Name and click Save"},
		{Kind: InputObserved},
		{Kind: InputAnswer, Answers: []Answer{{Text: "Name"}}},
		{Kind: InputDecision, Decision: DecisionProceed},
		{Kind: InputDecision, Decision: DecisionCancel},
		{Kind: InputCorrection, Correction: &Correction{}},
		{Kind: InputResume},
		{Kind: InputEffect, Effect: &reply},
	}
	var table []string
	for from, r := range phases {
		for _, in := range inputs {
			in.Observation = formPage
			name := fmt.Sprintf("%s+%s%s", from, in.Kind, in.Decision)
			st, out, ev, err := r.ag.Step(context.Background(), r.st, in)
			if err != nil {
				if strings.Contains(err.Error(), "no phase change") {
					t.Errorf("%s: %v", name, err)
				}
				table = append(table, fmt.Sprintf("%-40s refused: %v", name, err))
				continue
			}
			for _, e := range ev {
				if sc, ok := e.Payload.(StateChanged); ok && !allowed(sc.From, sc.To) {
					t.Errorf("%s: %s → %s is not in the table", name, sc.From, sc.To)
				}
			}
			table = append(table, fmt.Sprintf("%-40s → %s (%s)", name, st.Phase, out.Kind))
		}
	}
	sort.Strings(table)
	t.Log("\n" + strings.Join(table, "\n"))
}

func TestTransitionTable(t *testing.T) {
	for _, tt := range []struct {
		from, to Phase
		want     bool
	}{
		{PhaseIdle, PhasePlanning, true},
		{PhaseIdle, PhaseExecuting, false},
		{PhasePlanning, PhaseMidExecDialog, false},
		{PhaseExecuting, PhaseMidExecDialog, true},
		{PhaseMidExecDialog, PhaseReplanning, true},
		{PhaseCompleted, PhasePlanning, false},
		{PhaseFailed, PhaseCompleted, false},
		{PhaseExecuting, PhaseIdle, false},
		{PhaseClarifying, PhaseCancelled, true},
		{PhaseInterrupted, PhaseExecuting, true},
	} {
		if got := allowed(tt.from, tt.to); got != tt.want {
			t.Errorf("allowed(%s, %s) = %v, want %v", tt.from, tt.to, got, tt.want)
		}
	}
}
