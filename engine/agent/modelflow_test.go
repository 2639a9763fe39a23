package agent

import (
	"reflect"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/page"
)

// The model-driven flows (docs/decisions.md D-19 to D-30), driven through Step with the
// model's replies scripted (scripted_test.go: the effects are answered in-process, no
// model server) and the browser simulated by synthetic observations and chain results.
// Each test scripts exactly the replies its flow needs, so an extra or missing call fails
// it (the script answers an unscripted purpose with a failed effect).

// addPatient is a COMPLEX goal with no lookup words: on a page with elements, context
// analysis is answered by rule and the first call is PLANNING.
const addPatient = "Add a new patient with name 'Jas'"

// Scripted replies, written with the agent's own reply types so they follow the schemas.

func planOf(score float64, steps ...string) scriptedReply {
	pr := planReply{Thought: "the form is here", Score: score}
	for _, s := range steps {
		pr.Steps = append(pr.Steps, planStepReply{Description: s, ExpectedOutcome: "done"})
	}
	return replyJSON(pr)
}

func act(action, desc string) actionReply { return actionReply{Action: action, Description: desc} }

func refineOf(conf float64, covers int, nextGoal string, acts ...actionReply) scriptedReply {
	return replyJSON(refineReply{Thought: "the fields are listed", Actions: acts, CoversSteps: covers,
		NextGoal: nextGoal, Confidence: conf})
}

func feedbackOf(score float64) scriptedReply {
	return replyJSON(Feedback{Score: score, Issues: []string{"it never saves"}, Suggestions: []string{"add: click Save"}})
}

func criticOf(approve bool, issue string) scriptedReply {
	return replyJSON(criticReply{Approve: approve, Issue: issue, Score: map[bool]float64{true: 0.9, false: 0.2}[approve]})
}

func verifyOf(done bool, conf float64, reason string) scriptedReply {
	return replyJSON(verifyReply{TaskCompleted: done, Confidence: conf, Reason: reason})
}

// withValues is obs after typing: the fields hold the values and the DOM hash changed.
func withValues(obs page.Observation, hash string, values map[string]string) page.Observation {
	o := obs
	o.Tree = append([]page.Node(nil), obs.Tree...)
	for i, n := range o.Tree {
		if v, ok := values[n.ID]; ok {
			o.Tree[i].Value = v
		}
	}
	o.DOMHash = hash
	return o
}

// savedPage is the patient list after Jas was saved.
var savedPage = page.Observation{URL: "http://clinic.test/patients", Title: "Patients", DOMHash: "h-saved",
	Messages: []string{"Patient Jas saved"}, HasSuccess: true, Tree: []page.Node{
		{ID: "2", Role: "link", Name: "New patient", Value: "/patients/new"},
		{ID: "40", Role: "link", Name: "Jas", Value: "/patients/40"},
	}}

var fillAndSave = []actionReply{act(`setValue(3, "Jas")`, "Type Jas into Name"), act("click(8)", "Click Save")}

func TestModelSelfRefine(t *testing.T) {
	for _, tt := range []struct {
		name       string
		scores     []float64 // the critic's scores: the first plan's, then the improved plan's
		wantSteps  []string
		wantScore  float64
		wantUpdate SelfRefineUpdate
	}{
		{"improves", []float64{0.6, 0.95}, []string{"Type Jas into Name", "Click Save"}, 0.95,
			SelfRefineUpdate{Iteration: 1, MaxIterations: 3, PreviousScore: 0.6, NewScore: 0.95, Improvements: []string{"add: click Save"}}},
		{"stops when not improving", []float64{0.6, 0.5}, []string{"Type Jas into Name"}, 0.6,
			SelfRefineUpdate{Iteration: 1, MaxIterations: 3, PreviousScore: 0.6, NewScore: 0.5, Improvements: []string{"add: click Save"}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := newModelRig(t, Limits{})
			r.script.Script(llm.PurposePlanning, planOf(0.6, "Type Jas into Name"), planOf(0.8, "Type Jas into Name", "Click Save"))
			r.script.Script(llm.PurposeCritic, feedbackOf(tt.scores[0]), feedbackOf(tt.scores[1]))
			r.script.Script(llm.PurposeRefinement, refineOf(0.95, 2, "Patients", fillAndSave...))
			out, ev := r.start(addPatient, formPage)

			ups := payloads[SelfRefineUpdate](ev, EventSelfRefineUpdate)
			if len(ups) != 1 || !reflect.DeepEqual(ups[0], tt.wantUpdate) {
				t.Fatalf("selfRefineUpdate events = %+v, want one %+v", ups, tt.wantUpdate)
			}
			var steps []string
			for _, s := range r.st.Plan.Steps {
				steps = append(steps, s.Description)
			}
			if !reflect.DeepEqual(steps, tt.wantSteps) || r.st.Plan.Score != tt.wantScore {
				t.Errorf("plan = %v score %.2f, want %v score %.2f", steps, r.st.Plan.Score, tt.wantSteps, tt.wantScore)
			}
			ready := payloads[PlanReady](ev, EventPlanReady)
			if len(ready) != 1 || ready[0].Route != "model" || ready[0].Score != tt.wantScore || !reflect.DeepEqual(ready[0].Steps, tt.wantSteps) {
				t.Errorf("planReady = %+v", ready)
			}
			// The improvement request carries the critic's findings.
			if u := r.users(llm.PurposePlanning); len(u) != 2 || !strings.Contains(u[1], "A reviewer found: it never saves") ||
				!strings.Contains(u[1], "Your last plan:\n1. Type Jas into Name") {
				t.Errorf("improve prompt = %q", u)
			}
			if out.Kind == OutputDone {
				t.Errorf("out = %+v, want the plan to go on", out)
			}
			r.wantCalls(map[llm.Purpose]int{llm.PurposePlanning: 2, llm.PurposeCritic: 2, llm.PurposeRefinement: 1})
		})
	}
}

// notesPage has the field a looked-up value would go into.
var notesPage = page.Observation{URL: "http://clinic.test/settings", Title: "Clinic settings", DOMHash: "n1", Tree: []page.Node{
	{ID: "21", Role: "txt", Name: "Notes"},
	{ID: "22", Role: "btn", Name: "Save notes", Type: "submit"},
}}

func TestModelContextAnalysis(t *testing.T) {
	const goal = "Look up the clinic's opening hours and add them to Notes"
	t.Run("ask user", func(t *testing.T) {
		r := newModelRig(t, Limits{})
		r.script.Script(llm.PurposeContextAnalysis, replyJSON(contextReply{Thought: "only the person knows",
			Sources: []string{SourceAskUser}, Questions: []askReply{{Question: "Which opening hours?", Options: []string{"Mon-Fri 9-17", "Every day 8-20"}}}}))
		out, ev := r.start(goal, notesPage)
		if out.Kind != OutputAsk || len(out.Questions) != 1 || r.st.Phase != PhaseClarifying {
			t.Fatalf("out = %+v phase %s, want one question", out, r.st.Phase)
		}
		q := out.Questions[0]
		var opts []string
		for _, o := range q.Options {
			opts = append(opts, o.Text)
		}
		if q.Type != OptionSelect || q.Text != "Which opening hours?" || !q.AllowFreeform || len(opts) != 2 ||
			!containsFold(opts, "Mon-Fri 9-17") || !containsFold(opts, "Every day 8-20") {
			t.Fatalf("question = %+v", q)
		}
		if got := types(ev); got[len(got)-1] != "clarifyWithOptions" {
			t.Errorf("events = %v", got)
		}
		r.wantCalls(map[llm.Purpose]int{llm.PurposeContextAnalysis: 1})

		// The answer is merged in and planning restarts with it in the prompt; the
		// analysis is not made again, the answer (MEMORY) stands for what it asked.
		r.script.Script(llm.PurposePlanning, planOf(0.95, "Type the hours into Notes and save"))
		r.script.Script(llm.PurposeRefinement, refineOf(0.95, 1, "", act(`setValue(21, "Mon-Fri 9-17")`, "Type the hours"), act("click(22)", "Save")))
		out, ev = r.step(Input{Kind: InputAnswer, Observation: notesPage, Answers: []Answer{{QuestionID: q.ID, Text: "Mon-Fri 9-17"}}})
		if out.Kind != OutputAct {
			t.Fatalf("after the answer: out = %+v", out)
		}
		plan := r.users(llm.PurposePlanning)
		if len(plan) != 1 || !strings.Contains(plan[0], "Asked: Which opening hours? Answer: Mon-Fri 9-17") {
			t.Errorf("planning prompt = %q, want the answer in it", plan)
		}
		if ready := payloads[PlanReady](ev, EventPlanReady); len(ready) != 1 || !reflect.DeepEqual(ready[0].Sources, []string{SourceAskUser, SourceMemory}) {
			t.Errorf("planReady = %+v", ready)
		}
		r.wantCalls(map[llm.Purpose]int{llm.PurposeContextAnalysis: 1, llm.PurposePlanning: 1, llm.PurposeRefinement: 1})
	})
	t.Run("page", func(t *testing.T) {
		r := newModelRig(t, Limits{})
		r.script.Script(llm.PurposeContextAnalysis, replyJSON(contextReply{Thought: "the page has it", Sources: []string{SourcePage}}))
		r.script.Script(llm.PurposePlanning, planOf(0.95, "Type the hours into Notes and save"))
		r.script.Script(llm.PurposeRefinement, refineOf(0.95, 1, "", act(`setValue(21, "9-17")`, "Type the hours"), act("click(22)", "Save")))
		out, ev := r.start(goal, notesPage)
		if out.Kind != OutputAct || len(out.Questions) != 0 {
			t.Fatalf("out = %+v, want the plan to run", out)
		}
		if ready := payloads[PlanReady](ev, EventPlanReady); len(ready) != 1 || !reflect.DeepEqual(ready[0].Sources, []string{SourcePage}) {
			t.Errorf("planReady = %+v, want sources [PAGE]", ready)
		}
		if u := r.users(llm.PurposeContextAnalysis); len(u) != 1 || !strings.HasPrefix(u[0], "Goal: "+goal) {
			t.Errorf("context prompt = %q", u)
		}
		r.wantCalls(map[llm.Purpose]int{llm.PurposeContextAnalysis: 1, llm.PurposePlanning: 1, llm.PurposeRefinement: 1})
	})
	t.Run("no call when the page has it", func(t *testing.T) {
		r := newModelRig(t, Limits{})
		r.script.Script(llm.PurposePlanning, planOf(0.95, "Type Jas into Name and save"))
		r.script.Script(llm.PurposeRefinement, refineOf(0.95, 1, "", fillAndSave...))
		_, ev := r.start(addPatient, formPage)
		if ready := payloads[PlanReady](ev, EventPlanReady); len(ready) != 1 || !reflect.DeepEqual(ready[0].Sources, []string{SourcePage}) {
			t.Errorf("planReady = %+v, want sources [PAGE] by rule", ready)
		}
		r.wantCalls(map[llm.Purpose]int{llm.PurposePlanning: 1, llm.PurposeRefinement: 1})
	})
}

func TestModelConfidenceRoutes(t *testing.T) {
	for _, tt := range []struct {
		name       string
		refine     []scriptedReply
		critic     []scriptedReply
		wantKind   OutputKind
		wantRoute  string
		wantTarget float64 // the model's confidence, as the binding's match
		wantCalls  map[llm.Purpose]int
	}{
		{"sure: act at once", []scriptedReply{refineOf(0.95, 1, "", fillAndSave...)}, nil,
			OutputAct, RouteProceed, 0.95, map[llm.Purpose]int{llm.PurposePlanning: 1, llm.PurposeRefinement: 1}},
		{"unsure, critic approves: announced", []scriptedReply{refineOf(0.6, 1, "", fillAndSave...)},
			[]scriptedReply{criticOf(true, "")},
			OutputAnnounce, RouteAssumeAnnounce, 0.6, map[llm.Purpose]int{llm.PurposePlanning: 1, llm.PurposeRefinement: 1, llm.PurposeCritic: 1}},
		{"rejected twice: the person decides", []scriptedReply{refineOf(0.6, 1, "", fillAndSave...), refineOf(0.6, 1, "", fillAndSave...)},
			[]scriptedReply{criticOf(false, "Jas belongs in Name"), criticOf(false, "still wrong")},
			OutputAnnounce, RouteAssumeAnnounce, 0.5, map[llm.Purpose]int{llm.PurposePlanning: 1, llm.PurposeRefinement: 2, llm.PurposeCritic: 2}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := newModelRig(t, Limits{})
			r.script.Script(llm.PurposePlanning, planOf(0.95, "Type Jas into Name and save"))
			r.script.Script(llm.PurposeRefinement, tt.refine...)
			r.script.Script(llm.PurposeCritic, tt.critic...)
			out, ev := r.start(addPatient, formPage)
			if out.Kind != tt.wantKind {
				t.Fatalf("out = %s (%s), want %s", out.Kind, out.Summary, tt.wantKind)
			}
			reps := payloads[Confidence](ev, EventConfidenceReport)
			if len(reps) != 1 || reps[0].Recommendation != tt.wantRoute || reps[0].Breakdown.IntentClarity != 0.95 ||
				reps[0].Breakdown.TargetMatch != tt.wantTarget {
				t.Fatalf("confidenceReport = %+v, want %s with intent 0.95 (the plan's score) and target %.2f", reps, tt.wantRoute, tt.wantTarget)
			}
			if tt.wantKind == OutputAct {
				if got, want := actions(out), []string{`setValue("3", "Jas")`, `click("8")`}; !reflect.DeepEqual(got, want) {
					t.Errorf("actions = %v, want %v", got, want)
				}
				if n := len(payloads[AnnouncePayload](ev, EventAssumeAnnounce)); n != 0 {
					t.Errorf("%d announcements, want none", n)
				}
			} else if out.Announcement == nil || r.st.Phase != PhaseAssumeAnnounce || r.st.Pending == nil || r.st.Step != 0 {
				t.Errorf("announcement %+v phase %s step %d, want the chain held for the person", out.Announcement, r.st.Phase, r.st.Step)
			}
			if u := r.users(llm.PurposeRefinement); len(u) == 2 && !strings.Contains(u[1], "a reviewer rejected it: Jas belongs in Name") {
				t.Errorf("second refinement prompt = %q, want the critic's issue", u[1])
			}
			r.wantCalls(tt.wantCalls)
		})
	}
}

func TestModelRefinementOffPage(t *testing.T) {
	r := newModelRig(t, Limits{})
	r.script.Script(llm.PurposePlanning, planOf(0.95, "Type Jas into Name and save"))
	r.script.Script(llm.PurposeRefinement, refineOf(0.95, 1, "", act(`setValue(99, "Jas")`, "Type Jas")),
		refineOf(0.95, 1, "", act(`setValue(3, "Jas")`, "Type Jas"), act("click(77)", "Save")))
	out, _ := r.start(addPatient, formPage)
	u := r.users(llm.PurposeRefinement)
	if len(u) != 2 || strings.Contains(u[0], "not on the page") ||
		!strings.Contains(u[1], `Your last answer could not be used: action 1 (setValue(99, "Jas")) names element 99, which is not on the page`) {
		t.Fatalf("refinement prompts = %q", u)
	}
	if out.Kind != OutputDone || r.st.Phase != PhaseFailed || len(r.st.History) != 0 ||
		out.Summary != `The model could not turn "Type Jas into Name and save" into actions on this page: action 2 (click(77)) names element 77, which is not on the page.` {
		t.Errorf("out = %+v phase %s", out, r.st.Phase)
	}
	r.wantCalls(map[llm.Purpose]int{llm.PurposePlanning: 1, llm.PurposeRefinement: 2})
}

func TestModelFinishAndFail(t *testing.T) {
	for _, tt := range []struct {
		name        string
		action      string
		verify      []scriptedReply
		wantPhase   Phase
		wantSummary string
		wantCalls   map[llm.Purpose]int
	}{
		{"finish is checked", `finish("Jas is already there")`, []scriptedReply{verifyOf(true, 0.9, "Jas is in the list")},
			PhaseCompleted, "The page says: Patient Jas saved",
			map[llm.Purpose]int{llm.PurposePlanning: 1, llm.PurposeRefinement: 1, llm.PurposeVerification: 1}},
		{"fail gives up", `fail("the clinic is closed for new patients")`, nil,
			PhaseFailed, "The model gave up: the clinic is closed for new patients",
			map[llm.Purpose]int{llm.PurposePlanning: 1, llm.PurposeRefinement: 1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := newModelRig(t, Limits{})
			r.script.Script(llm.PurposePlanning, planOf(0.95, "Open the patient list"))
			r.script.Script(llm.PurposeRefinement, refineOf(0.95, 1, "", act(tt.action, "end")))
			r.script.Script(llm.PurposeVerification, tt.verify...)
			out, ev := r.start(addPatient, savedPage)
			if out.Kind != OutputDone || r.st.Phase != tt.wantPhase || !strings.HasSuffix(out.Summary, tt.wantSummary) {
				t.Fatalf("out = %+v phase %s, want %s ending %q", out, r.st.Phase, tt.wantPhase, tt.wantSummary)
			}
			gv := payloads[GoalVerified](ev, EventGoalVerified)
			if tt.verify != nil && (len(gv) != 1 || !gv[0].GoalAchieved || gv[0].Tier != 2) {
				t.Errorf("goalVerified = %+v, want achieved at tier 2", gv)
			}
			if tt.verify == nil && len(gv) != 0 {
				t.Errorf("goalVerified = %+v, want none", gv)
			}
			if r.st.Step != 0 || len(r.st.History) != 0 {
				t.Errorf("step %d history %v: nothing should have run", r.st.Step, r.st.History)
			}
			r.wantCalls(tt.wantCalls)
		})
	}
}

func TestModelUsageEvents(t *testing.T) {
	r := newModelRig(t, Limits{})
	r.script.Script(llm.PurposePlanning, planOf(0.6, "Type Jas into Name"), planOf(0.8, "Type Jas into Name", "Click Save"))
	r.script.Script(llm.PurposeCritic, feedbackOf(0.6), feedbackOf(0.95))
	// A malformed reply was sent back once by the client (engine/llm's TestStructured
	// checks the repair): one effect whose two attempts both cost tokens.
	r.script.Script(llm.PurposeRefinement, repaired("click Save please", refineOf(0.95, 2, "", fillAndSave...)))
	r.script.Script(llm.PurposeVerification, verifyOf(true, 0.95, "Jas is in the list"))
	out, _ := r.start(addPatient, formPage)
	r.ran(out, savedPage, page.Observations{DidNetworkOccur: true, DidDomMutate: true, DidURLChange: true})
	if r.st.Phase != PhaseCompleted {
		t.Fatalf("phase %s (%s)", r.st.Phase, r.st.Summary)
	}
	var purposes []llm.Purpose
	for _, a := range r.script.asked {
		purposes = append(purposes, a.Purpose)
	}
	var used []llm.Purpose
	var failed []bool
	for i, u := range payloads[UsagePayload](r.ev, EventUsage) {
		used = append(used, u.Purpose)
		failed = append(failed, u.Failed)
		if u.TaskCalls != i+1 || u.PromptTokens == 0 || u.CompletionTokens == 0 {
			t.Errorf("usage %d = %+v", i, u)
		}
	}
	// One effect a call, one usage event an attempt: the repaired refinement is two.
	const p, c, rf, v = llm.PurposePlanning, llm.PurposeCritic, llm.PurposeRefinement, llm.PurposeVerification
	if wantAsked, wantUsed := []llm.Purpose{p, c, p, c, rf, v}, []llm.Purpose{p, c, p, c, rf, rf, v}; !reflect.DeepEqual(purposes, wantAsked) || !reflect.DeepEqual(used, wantUsed) {
		t.Fatalf("requests %v, usage events %v, want %v and %v", purposes, used, wantAsked, wantUsed)
	}
	if want := []bool{false, false, false, false, true, false, false}; !reflect.DeepEqual(failed, want) {
		t.Errorf("failed marks = %v, want %v", failed, want)
	}
	if r.st.ModelCalls != r.script.Calls() || r.st.Tokens != r.script.Tokens() || r.st.Tokens == 0 {
		t.Errorf("state calls %d tokens %d, scripted calls %d tokens %d", r.st.ModelCalls, r.st.Tokens, r.script.Calls(), r.script.Tokens())
	}
	last := payloads[UsagePayload](r.ev, EventUsage)[6]
	if last.TaskCalls != r.st.ModelCalls || last.TaskTokens != r.st.Tokens || last.Model != llm.DefaultFast {
		t.Errorf("last usage = %+v", last)
	}
}
