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

// TestPlanStepsSayWhatEachIsFor: a click the plan binds once a menu is open (a sub-menu's
// item on the way) still says what it is for; no step of the plan shown is blank.
func TestPlanStepsSayWhatEachIsFor(t *testing.T) {
	obs := page.Observation{URL: "http://x/gym", Title: "Gym", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Account", State: "popup"},
	}, Behind: []page.Hidden{
		{Role: page.RoleMenuItem, Name: "Membership", By: "1"},
		{Role: page.RoleMenuItem, Name: "Freeze membership", Via: 1},
	}}
	_, _, ev := start(t, "freeze my membership", obs)
	var pr PlanReady
	for _, e := range ev {
		if p, ok := e.Payload.(PlanReady); ok {
			pr = p
		}
	}
	if len(pr.Steps) != 3 {
		t.Fatalf("plan steps = %q, want the opening, the sub-menu and the item", pr.Steps)
	}
	for _, s := range pr.Steps {
		if s == "" {
			t.Fatalf("a blank step in %q", pr.Steps)
		}
	}
	if want := "open “Membership” to reach “Freeze membership”"; pr.Steps[1] != want {
		t.Errorf("step 2 = %q, want %q", pr.Steps[1], want)
	}
}
