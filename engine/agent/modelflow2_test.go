package agent

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/page"
)

// contactPage is a form whose fields can all be typed into in one chain.
var contactPage = page.Observation{URL: "http://clinic.test/contact", Title: "Contact", DOMHash: "c1", Tree: []page.Node{
	{ID: "31", Role: "inp", Name: "Name"},
	{ID: "32", Role: "inp", Name: "Email", Type: "email"},
	{ID: "33", Role: "inp", Name: "Phone"},
	{ID: "34", Role: "btn", Name: "Save", Type: "submit"},
}}

// recordPage has a destructive button next to an ordinary field.
var recordPage = page.Observation{URL: "http://clinic.test/patients/40", Title: "Jas", DOMHash: "r1", Tree: []page.Node{
	{ID: "51", Role: "inp", Name: "Notes"},
	{ID: "50", Role: "btn", Name: "Delete patient"},
}}

func TestModelChainSafety(t *testing.T) {
	t.Run("a chain ends after the click", func(t *testing.T) {
		r := newModelRig(t, Limits{})
		r.script.Script(llm.PurposePlanning, planOf(0.95, "Fill in the contact form and save it"))
		r.script.Script(llm.PurposeRefinement, refineOf(0.95, 1, "", act(`setValue(31, "Jas")`, "Name"), act(`setValue(32, "jas@example.com")`, "Email"),
			act("click(34)", "Save"), act(`setValue(33, "555")`, "Phone")))
		out, ev := r.start("Add Jas to the contacts with email 'jas@example.com'", contactPage)
		want := []string{`setValue("31", "Jas")`, `setValue("32", "jas@example.com")`, `click("34")`}
		if got := actions(out); !reflect.DeepEqual(got, want) {
			t.Fatalf("first chain = %v, want %v", got, want)
		}
		ss := payloads[StepStarted](ev, EventStepStarted)
		if len(ss) != 1 || !ss[0].Chained || ss[0].ChainMetadata == nil || ss[0].ChainMetadata.TotalActions != 3 {
			t.Errorf("stepStarted = %+v", ss)
		}
		var cmds []int
		for _, l := range r.st.Pending.Chain {
			cmds = append(cmds, l.Command)
		}
		if len(r.st.Commands) != 4 || !reflect.DeepEqual(cmds, []int{0, 1, 2}) {
			t.Errorf("commands %d pending %v: the fourth waits for the next chain", len(r.st.Commands), cmds)
		}
	})
	t.Run("a risky click runs alone after a confirm", func(t *testing.T) {
		r := newModelRig(t, Limits{})
		r.script.Script(llm.PurposePlanning, planOf(0.95, "Note that Jas moved away, then delete the record"))
		r.script.Script(llm.PurposeRefinement, refineOf(0.95, 1, "", act(`setValue(51, "moved away")`, "Note it"), act("click(50)", "Delete")))
		r.script.Script(llm.PurposeCritic, criticOf(true, "")) // a risky action is always reviewed
		out, _ := r.start("Update Jas's record: add the note 'moved away' and delete the patient", recordPage)
		if got := actions(out); !reflect.DeepEqual(got, []string{`setValue("51", "moved away")`}) {
			t.Fatalf("first chain = %v, want the note alone", got)
		}
		out, ev := r.ran(out, withValues(recordPage, "r1", map[string]string{"51": "moved away"}), page.Observations{DidDomMutate: true})
		if out.Kind != OutputAsk || len(out.Questions) != 1 || out.Questions[0].Type != Confirm || !out.Questions[0].Risky ||
			out.Questions[0].Default != "opt-no" || r.st.Phase != PhaseAwaitingApproval {
			t.Fatalf("out = %+v phase %s, want a confirm that defaults to no", out, r.st.Phase)
		}
		if reps := payloads[Confidence](ev, EventConfidenceReport); len(reps) != 1 || reps[0].Recommendation != RecommendConfirm || !reps[0].HighRisk {
			t.Errorf("confidenceReport = %+v", reps)
		}
		out, _ = r.step(Input{Kind: InputAnswer, Observation: r.obs, Answers: []Answer{{QuestionID: out.Questions[0].ID, SelectedOptionID: "opt-yes"}}})
		if got := actions(out); !reflect.DeepEqual(got, []string{`click("50")`}) {
			t.Fatalf("after yes: %v, want the delete alone", got)
		}
		r.wantCalls(map[llm.Purpose]int{llm.PurposePlanning: 1, llm.PurposeRefinement: 1, llm.PurposeCritic: 1})
	})
}

// reflowed is formPage after a re-render: Jas typed, the birth date field replaced.
func reflowed() page.Observation {
	o := withValues(formPage, "h-reflow", map[string]string{"3": "Jas"})
	o.Tree = append([]page.Node{}, o.Tree...)
	o.Tree[3] = page.Node{ID: "14", Role: "inp", Name: "Born", Type: "date"}
	return o
}

func TestModelPartialChainFailure(t *testing.T) {
	r := newModelRig(t, Limits{})
	const step = "Type Jas and her birth date, then save"
	r.script.Script(llm.PurposePlanning, planOf(0.95, step))
	r.script.Script(llm.PurposeRefinement, refineOf(0.95, 1, "", act(`setValue(3, "Jas")`, "Name"), act(`setValue(4, "1990-03-05")`, "Birth date"),
		act("click(8)", "Save")))
	r.script.Script(llm.PurposeSelfCorrection, replyJSON(correctionReply{Thought: "the field is now Born",
		Actions: []actionReply{act(`setValue(14, "1990-03-05")`, "Birth date")}, Confidence: 0.9}))
	out, _ := r.start(addPatient, formPage)
	if len(out.Actions) != 3 {
		t.Fatalf("first chain = %v", actions(out))
	}
	// The second action fails: its field left the page in a re-render.
	after := reflowed()
	out, ev := r.step(Input{Kind: InputObserved, Observation: after, Result: notFoundResult(out.Actions, after, 1)})
	if got := actions(out); len(got) == 0 || got[0] != `setValue("14", "1990-03-05")` {
		t.Fatalf("after the correction: out %s actions %v, want the corrected action first", out.Kind, got)
	}
	sc := payloads[SelfCorrection](ev, EventSelfCorrection)
	if len(sc) != 1 || sc[0].Source != "model" || sc[0].Failed != `setValue("4", "1990-03-05")` || sc[0].Verified ||
		!reflect.DeepEqual(sc[0].Actions, []string{"Birth date"}) {
		t.Errorf("selfCorrection = %+v", sc)
	}
	if len(r.st.History) != 1 || r.st.History[0].Action.String() != `setValue("3", "Jas")` || r.st.Cursor != 1 {
		t.Errorf("history %+v cursor %d, want the first action once", r.st.History, r.st.Cursor)
	}
	if u := r.users(llm.PurposeSelfCorrection); len(u) != 1 || !strings.Contains(u[0], "Step: "+step) ||
		!strings.Contains(u[0], `Failed: setValue("4", "1990-03-05")`) {
		t.Errorf("correction prompt = %q", u)
	}

	// The fix runs; the rest of its step (Save) is refined again, not skipped.
	r.script.Script(llm.PurposeRefinement, refineOf(0.95, 1, "Patients", act("click(8)", "Save")))
	out, ev = r.ran(out, withValues(after, "h-reflow", map[string]string{"14": "1990-03-05"}), page.Observations{DidDomMutate: true})
	if got := actions(out); !reflect.DeepEqual(got, []string{`click("8")`}) {
		t.Fatalf("after the fix: out %s (%s) actions %v, want Save", out.Kind, out.Summary, got)
	}
	if sc := payloads[SelfCorrection](ev, EventSelfCorrection); len(sc) != 1 || !sc[0].Verified {
		t.Errorf("selfCorrection after the fix = %+v, want it verified", sc)
	}
	var did []string
	for _, d := range r.st.History {
		did = append(did, d.Action.String())
	}
	if want := []string{`setValue("3", "Jas")`, `setValue("14", "1990-03-05")`}; !reflect.DeepEqual(did, want) {
		t.Errorf("history = %v, want %v", did, want)
	}
	if r.st.Plan.Current != 0 {
		t.Errorf("plan at step %d, want 0 until Save ran", r.st.Plan.Current)
	}
	r.wantCalls(map[llm.Purpose]int{llm.PurposePlanning: 1, llm.PurposeRefinement: 2, llm.PurposeSelfCorrection: 1})
}

func TestModelContingency(t *testing.T) {
	r := newModelRig(t, Limits{})
	r.script.Script(llm.PurposePlanning, replyJSON(planReply{Score: 0.95, Steps: []planStepReply{{Description: "Type Jas into Name and save",
		Contingencies: []Contingency{{If: "Got it", Then: "click Got it"}}}}}))
	r.script.Script(llm.PurposeRefinement, refineOf(0.95, 1, "", fillAndSave...))
	out, _ := r.start(addPatient, formPage)

	// A cookie banner covers Save.
	banner := withValues(formPage, "h-banner", map[string]string{"3": "Jas"})
	banner.Tree = append(banner.Tree, page.Node{ID: "60", Role: "btn", Name: "Got it"})
	res := outcomes(out.Actions, banner, page.Observations{DidDomMutate: true})
	res.Outcomes[1].Err = &page.ActionError{Kind: page.ErrCovered, Index: 1, Message: "another element receives the click"}
	res.FailedIndex = 1
	out, ev := r.step(Input{Kind: InputObserved, Observation: banner, Result: res})
	if got := actions(out); !reflect.DeepEqual(got, []string{`click("60")`}) {
		t.Fatalf("out %s (%s) actions %v, want Got it clicked", out.Kind, out.Summary, got)
	}
	sc := payloads[SelfCorrection](ev, EventSelfCorrection)
	if len(sc) != 1 || sc[0].Source != "contingency" || sc[0].Failed != `click("8")` || !reflect.DeepEqual(sc[0].Actions, []string{"click Got it"}) {
		t.Errorf("selfCorrection = %+v", sc)
	}
	if r.st.Plan.Steps[0].Contingencies != nil {
		t.Errorf("contingencies = %+v, want each used once", r.st.Plan.Steps[0].Contingencies)
	}

	// The banner is gone; Save, still bound, runs next.
	gone := withValues(formPage, "h-banner", map[string]string{"3": "Jas"})
	out, _ = r.ran(out, gone, page.Observations{DidDomMutate: true})
	if got := actions(out); !reflect.DeepEqual(got, []string{`click("8")`}) {
		t.Fatalf("after Got it: out %s (%s) actions %v, want Save", out.Kind, out.Summary, got)
	}
	r.wantCalls(map[llm.Purpose]int{llm.PurposePlanning: 1, llm.PurposeRefinement: 1})
}

// stuckPage has a button that sends a request and changes nothing.
var stuckPage = page.Observation{URL: "http://clinic.test/patients", Title: "Patients", DOMHash: "s1", Tree: []page.Node{
	{ID: "70", Role: "btn", Name: "Refresh"},
	{ID: "2", Role: "link", Name: "New patient"},
}}

func TestModelVelocityCheck(t *testing.T) {
	r := newModelRig(t, Limits{})
	clicks := make([]actionReply, 6) // the sixth would finish the step; the stall is found before
	for i := range clicks {
		clicks[i] = act("click(70)", "Refresh")
	}
	r.script.Script(llm.PurposePlanning, planOf(0.95, "Refresh until Jas shows"), planOf(0.95, "Refresh once more"))
	r.script.Script(llm.PurposeRefinement, refineOf(0.95, 1, "", clicks...), refineOf(0.95, 1, "", clicks...))
	out, _ := r.start(addPatient, stuckPage)
	nothing := page.Observations{DidNetworkOccur: true}
	for i := range 4 {
		out, _ = r.ran(out, stuckPage, nothing)
		if r.st.Plan.Stalled != i+1 {
			t.Fatalf("after chain %d: stalled %d", i+1, r.st.Plan.Stalled)
		}
	}
	out, ev := r.ran(out, stuckPage, nothing)
	rp := payloads[Replanned](ev, EventReplanned)
	if len(rp) != 1 || rp[0].Decision != "regenerate" || rp[0].Trigger != "5 steps in a row changed nothing" {
		t.Fatalf("replanned = %+v", rp)
	}
	if ready := payloads[PlanReady](ev, EventPlanReady); len(ready) != 1 || ready[0].Route != "replan" {
		t.Errorf("planReady = %+v", ready)
	}
	if u := r.users(llm.PurposePlanning); len(u) != 2 || !strings.Contains(u[1], "5 steps in a row changed nothing") {
		t.Errorf("planning prompts = %q", u)
	}
	if !r.st.Plan.Reflected || r.st.Plan.Stalled != 0 || r.st.Plan.Replans != 1 || out.Kind != OutputAct {
		t.Fatalf("plan %+v out %s", r.st.Plan, out.Kind)
	}
	// The new plan stalls too: stop.
	for range 5 {
		out, _ = r.ran(out, stuckPage, nothing)
	}
	if out.Kind != OutputDone || r.st.Phase != PhaseFailed || out.Summary != "Stopped: 5 steps in a row changed nothing." {
		t.Errorf("out = %+v", out)
	}
	if len(r.st.History) != 10 {
		t.Errorf("history %d, want 10 verified clicks", len(r.st.History))
	}
	r.wantCalls(map[llm.Purpose]int{llm.PurposePlanning: 2, llm.PurposeRefinement: 2})
}

func TestModelTierEscalation(t *testing.T) {
	r := newModelRig(t, Limits{})
	r.script.Script(llm.PurposePlanning, planOf(0.95, "Type Jas into Name", "Click Save"))
	r.script.Script(llm.PurposeRefinement, refineOf(0.95, 2, "", fillAndSave...))
	r.script.Script(llm.PurposeVerification, verifyOf(true, 0.5, "maybe"), verifyOf(true, 0.9, "Jas is in the list"))
	out, _ := r.start(addPatient, formPage)
	out, ev := r.ran(out, savedPage, page.Observations{DidNetworkOccur: true, DidURLChange: true})
	if out.Kind != OutputDone || r.st.Phase != PhaseCompleted {
		t.Fatalf("out = %+v", out)
	}
	var roles []llm.Role
	var full []bool
	for _, a := range r.script.asked {
		if a.Purpose == llm.PurposeVerification {
			roles = append(roles, a.Role)
			full = append(full, strings.Contains(a.User(), `[40] Jas`))
		}
	}
	if !reflect.DeepEqual(roles, []llm.Role{llm.RoleFast, llm.RolePlanner}) || !reflect.DeepEqual(full, []bool{false, true}) {
		t.Errorf("verification roles %v with the tree %v, want fast without, then planner with", roles, full)
	}
	gv := payloads[GoalVerified](ev, EventGoalVerified)
	if want := (GoalVerified{Tier: 3, TaskCompleted: true, Confidence: 0.9, GoalAchieved: true, Reason: "Jas is in the list"}); len(gv) != 1 || gv[0] != want {
		t.Errorf("goalVerified = %+v, want one %+v", gv, want)
	}
}

func TestModelGoalNotReached(t *testing.T) {
	r := newModelRig(t, Limits{})
	for range 3 {
		r.script.Script(llm.PurposePlanning, planOf(0.95, "Open the list", "Check for Jas"))
		r.script.Script(llm.PurposeRefinement, refineOf(0.95, 2, "", act(`finish("Jas is there")`, "done")))
		r.script.Script(llm.PurposeVerification, verifyOf(false, 0.9, "no Jas in the list"))
	}
	out, ev := r.start(addPatient, listPage)
	if out.Kind != OutputDone || r.st.Phase != PhaseFailed ||
		out.Summary != "The plan ran but the page does not show the goal reached: no Jas in the list" {
		t.Fatalf("out = %+v", out)
	}
	var tiers []int
	for _, g := range payloads[GoalVerified](ev, EventGoalVerified) {
		tiers = append(tiers, g.Tier)
	}
	if !reflect.DeepEqual(tiers, []int{2, 3, 3}) {
		t.Errorf("verification tiers = %v, want 2 then 3 after a re-plan", tiers)
	}
	rp := payloads[Replanned](ev, EventReplanned)
	if len(rp) != 2 || rp[0].Trigger != "the goal is not reached: no Jas in the list" || r.st.Plan.Replans != 2 {
		t.Errorf("replanned = %+v, replans %d; want 2", rp, r.st.Plan.Replans)
	}
	r.wantCalls(map[llm.Purpose]int{llm.PurposePlanning: 3, llm.PurposeRefinement: 3, llm.PurposeVerification: 3})
}

func TestModelSubtasks(t *testing.T) {
	r := newModelRig(t, Limits{})
	const goalA, goalB = "Add the patient Jas", "Book Jas's first visit"
	r.script.Script(llm.PurposePlanning, replyJSON(planReply{Score: 0.95, Steps: []planStepReply{{Description: "Type Jas into Name and save"}},
		Subtasks: []Subtask{{Goal: goalA, Output: "Jas's record"}, {Goal: goalB, Input: "Jas's record"}}}),
		planOf(0.95, "Open Jas and click Book visit"))
	r.script.Script(llm.PurposeRefinement, refineOf(0.95, 1, "", fillAndSave...), refineOf(0.95, 1, "", act("click(40)", "Open Jas")))
	r.script.Script(llm.PurposeVerification, verifyOf(true, 0.9, "Jas is in the list"))
	out, ev := r.start(addPatient+" and book her first visit", formPage)
	if ready := payloads[PlanReady](ev, EventPlanReady); len(ready) != 1 || ready[0].Subtasks != 2 {
		t.Fatalf("planReady = %+v", ready)
	}
	out, ev = r.ran(out, savedPage, page.Observations{DidNetworkOccur: true, DidURLChange: true})
	if got := actions(out); !reflect.DeepEqual(got, []string{`click("40")`}) {
		t.Fatalf("out %s (%s) actions %v, want the second part under way", out.Kind, out.Summary, got)
	}
	// The part is checked against its own goal, with the page.
	if u := r.users(llm.PurposeVerification); len(u) != 1 || !strings.HasPrefix(u[0], "Goal: "+goalA+"\n") {
		t.Errorf("verification prompt = %q, want the first part's goal", u)
	}
	plan := r.users(llm.PurposePlanning)
	if len(plan) != 2 {
		t.Fatalf("%d planning calls, want 2", len(plan))
	}
	want := "Goal: " + goalB + "\nDone so far:\nInput: Jas's record\nFrom the part before: Jas is in the list\n<page "
	if !strings.HasPrefix(plan[1], want) || strings.Contains(plan[1], "typed") {
		t.Errorf("second part's planning prompt = %q, want it to start %q and hold none of the first part's actions", plan[1], want)
	}
	ready := payloads[PlanReady](ev, EventPlanReady)
	if len(ready) != 1 || ready[0].Route != "subtask" || ready[0].Subtasks != 2 {
		t.Errorf("planReady = %+v", ready)
	}
	p := r.st.Plan
	if p.Sub != 1 || !p.Subtasks[0].Done || p.Subtasks[0].Output != "Jas is in the list" || p.Subtasks[1].Done || p.Current != 0 {
		t.Errorf("plan = %+v", p)
	}
}

func TestModelRollingSummary(t *testing.T) {
	form := page.Observation{URL: "http://clinic.test/intake", Title: "Intake", DOMHash: "i1"}
	var fill []actionReply
	values := map[string]string{}
	for i := 1; i <= 12; i++ {
		id := fmt.Sprint(100 + i)
		form.Tree = append(form.Tree, page.Node{ID: id, Role: "inp", Name: fmt.Sprintf("Answer %d", i)})
		fill = append(fill, act(fmt.Sprintf("setValue(%s, \"a%d\")", id, i), "answer"))
		values[id] = fmt.Sprintf("a%d", i)
	}
	form.Tree = append(form.Tree, page.Node{ID: "99", Role: "btn", Name: "Submit intake", Type: "submit"})
	r := newModelRig(t, Limits{})
	r.script.Script(llm.PurposePlanning, planOf(0.95, "Answer the twelve questions", "Submit the intake"))
	r.script.Script(llm.PurposeRefinement, refineOf(0.95, 1, "Submit intake", fill...), refineOf(0.95, 1, "", act("click(99)", "Submit")))
	out, _ := r.start("Add the intake answers a1 to a12 for Jas", form)
	if len(out.Actions) != 12 {
		t.Fatalf("chain = %v", actions(out))
	}
	out, _ = r.ran(out, withValues(form, "i2", values), page.Observations{DidDomMutate: true})
	if got := actions(out); !reflect.DeepEqual(got, []string{`click("99")`}) {
		t.Fatalf("out %s (%s) actions %v", out.Kind, out.Summary, got)
	}
	u := r.users(llm.PurposeRefinement)
	if len(u) != 2 {
		t.Fatalf("%d refinement calls", len(u))
	}
	lines := 0
	for l := range strings.SplitSeq(u[1], "\n") {
		if strings.HasPrefix(l, "- ") {
			lines++
		}
	}
	if !strings.Contains(u[1], "(earlier, 2 actions: typed \"a1\" into") || lines != 10 ||
		!strings.Contains(u[1], "- typed \"a12\" into") || strings.Contains(u[1], "- typed \"a2\" into") {
		t.Errorf("history in the prompt (%d raw lines):\n%s", lines, u[1])
	}
}

func TestModelMaxSteps(t *testing.T) {
	r := newModelRig(t, Limits{MaxSteps: 3})
	r.script.Script(llm.PurposePlanning, planOf(0.95, "Next", "Next", "Next", "Next", "Next"))
	for range 5 { // one a plan step; the guard must stop before the fourth is asked for
		r.script.Script(llm.PurposeRefinement, refineOf(0.95, 1, "Next", act("click(80)", "Next")))
	}
	wizard := page.Observation{URL: "http://clinic.test/wizard", Title: "Wizard", DOMHash: "w0",
		Tree: []page.Node{{ID: "80", Role: "btn", Name: "Next"}}}
	out, _ := r.start("Add Jas through the five-page wizard", wizard)
	for i := 1; out.Kind == OutputAct && i < 10; i++ {
		w := wizard
		w.DOMHash = fmt.Sprint("w", i)
		out, _ = r.ran(out, w, page.Observations{DidDomMutate: true})
	}
	if out.Kind != OutputDone || r.st.Phase != PhaseFailed || out.Summary != "Stopped after 3 steps without finishing." || r.st.Step != 3 {
		t.Errorf("out = %+v step %d", out, r.st.Step)
	}
	// The guard stops before a fourth refinement is paid for.
	r.wantCalls(map[llm.Purpose]int{llm.PurposePlanning: 1, llm.PurposeRefinement: 3})
}
