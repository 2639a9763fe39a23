package agent

import (
	"context"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// The task screen marks plan steps from stepStarted/stepVerified's planStep and shows the
// page from planReady/stepVerified's url and title.
func TestEventsPointIntoThePlan(t *testing.T) {
	st, out, ev := start(t, "Type 'Jas' into the Name field and click Save", formPage)
	var pr PlanReady
	var ss StepStarted
	for _, e := range ev {
		switch p := e.Payload.(type) {
		case PlanReady:
			pr = p
		case StepStarted:
			ss = p
		}
	}
	if pr.URL != formPage.URL || pr.Title != "New patient" || len(pr.Steps) != 2 {
		t.Fatalf("planReady = %+v", pr)
	}
	// Both commands run as one chain: the step covers plan steps 0 and 1.
	if ss.PlanStep != 0 || ss.PlanSteps != 2 {
		t.Fatalf("stepStarted planStep %d planSteps %d, want 0 and 2", ss.PlanStep, ss.PlanSteps)
	}
	after := formPage
	after.Tree = append([]page.Node(nil), formPage.Tree...)
	after.Tree[2].Value = "Jas"
	after.URL, after.Title, after.DOMHash = "http://clinic.test/patients", "Patients", "h9"
	_, _, ev, err := New(Config{}).Step(context.Background(), st, Input{Kind: InputObserved, Observation: after,
		Result: outcomes(out.Actions, after, page.Observations{DidNetworkOccur: true, DidDomMutate: true, DidURLChange: true})})
	if err != nil {
		t.Fatal(err)
	}
	var got []StepVerified
	for _, e := range ev {
		if v, ok := e.Payload.(StepVerified); ok {
			got = append(got, v)
		}
	}
	if len(got) != 2 || got[0].PlanStep != 0 || got[1].PlanStep != 1 {
		t.Fatalf("stepVerified = %+v", got)
	}
	if got[1].URL != after.URL || got[1].Title != "Patients" {
		t.Errorf("page after = %q %q", got[1].URL, got[1].Title)
	}
}

func TestPlanIndexCountsFromTheListShown(t *testing.T) {
	s := &step{st: State{PlanBase: 2}}
	if got := s.planIndex(3); got != 1 {
		t.Errorf("fast path after a re-plan from command 2: planIndex(3) = %d, want 1", got)
	}
	s.st = State{Plan: &Plan{}, Commands: make([]Planned, 6)}
	s.st.Commands[5].Refined = &Refined{FirstStep: 3, Steps: 2}
	if got := s.planIndex(5); got != 3 {
		t.Errorf("model plan: planIndex(5) = %d, want the refinement's first step 3", got)
	}
}
