package agent

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/llm/fakeollama"
	"github.com/errand-app/errand/engine/page"
)

// The model-driven flows (docs/decisions.md D-19 to D-30), run through the real Ollama
// client against the scripted fake server, with the browser simulated by synthetic
// observations and chain results. Each test scripts exactly the replies its flow needs, so
// an extra or missing call fails it (the fake answers an unscripted purpose with an
// error).

// addPatient is a COMPLEX goal with no lookup words: on a page with elements, context
// analysis is answered by rule and the first call is PLANNING.
const addPatient = "Add a new patient with name 'Jas'"

// modelRig drives one task through Step with a model behind the fake Ollama.
type modelRig struct {
	t   *testing.T
	srv *fakeollama.Server
	ag  *Agent
	st  State
	ev  []Event          // every event so far, in order
	obs page.Observation // the page of the last input
}

func newModelRig(t *testing.T, lim Limits) *modelRig {
	t.Helper()
	srv := fakeollama.Start(t)
	m, err := llm.NewOllama(llm.Config{Host: srv.URL()})
	if err != nil {
		t.Fatal(err)
	}
	return &modelRig{t: t, srv: srv, ag: New(Config{Model: m, Limits: lim}), st: State{TaskID: "task-1", Phase: PhaseIdle}}
}

// step hands in to the agent and, as the runner does, performs the effects it asks for
// until it decides; the events are those of the whole input.
func (r *modelRig) step(in Input) (Output, []Event) {
	r.t.Helper()
	st, out, ev := stepT(r.t, r.ag, r.st, in)
	r.st, r.obs = st, in.Observation
	for out.Kind == OutputEffect {
		reply := out.Effect.Perform(context.Background())
		var more []Event
		r.st, out, more = stepT(r.t, r.ag, r.st, Input{Kind: InputEffect, Effect: &reply})
		ev = append(ev, more...)
	}
	r.ev = append(r.ev, ev...)
	return out, ev
}

func (r *modelRig) start(goal string, obs page.Observation) (Output, []Event) {
	r.t.Helper()
	return r.step(Input{Kind: InputStart, Goal: goal, Observation: obs})
}

// ran reports the chain of out as run, every action succeeding, with after as the page.
// A field that left the page (the form was saved) was read by the runner right after
// typing, so it holds what was typed.
func (r *modelRig) ran(out Output, after page.Observation, o page.Observations) (Output, []Event) {
	r.t.Helper()
	if out.Kind != OutputAct {
		r.t.Fatalf("out = %s (%s), want act", out.Kind, out.Summary)
	}
	res := outcomes(out.Actions, after, o)
	for i, a := range out.Actions {
		if n, ok := r.obs.Node(a.ID); ok && res.Outcomes[i].Target == nil && a.Kind == page.SetValue {
			n.Value = a.Text
			res.Outcomes[i].Target = &n
		}
	}
	return r.step(Input{Kind: InputObserved, Observation: after, Result: res})
}

// users returns the user message of every request for purpose, in order.
func (r *modelRig) users(p llm.Purpose) []string {
	var out []string
	for _, req := range r.srv.Requests() {
		if req.Purpose == string(p) {
			out = append(out, req.Chat.Messages[1].Content)
		}
	}
	return out
}

// calls counts the requests per purpose, for comparison with a want map.
func (r *modelRig) calls(ps ...llm.Purpose) map[llm.Purpose]int {
	out := map[llm.Purpose]int{}
	for _, p := range ps {
		if n := r.srv.CallsFor(string(p)); n > 0 {
			out[p] = n
		}
	}
	return out
}

var allPurposes = []llm.Purpose{llm.PurposeContextAnalysis, llm.PurposePlanning, llm.PurposeRefinement,
	llm.PurposeVerification, llm.PurposeSelfCorrection, llm.PurposeCritic, llm.PurposeReplanning}

func (r *modelRig) wantCalls(want map[llm.Purpose]int) {
	r.t.Helper()
	if got := r.calls(allPurposes...); !reflect.DeepEqual(got, want) {
		r.t.Errorf("model calls = %v, want %v", got, want)
	}
}

// payloads returns the payloads of the events of one type.
func payloads[T any](ev []Event, typ EventType) []T {
	var out []T
	for _, e := range ev {
		if p, ok := e.Payload.(T); ok && e.Type == typ {
			out = append(out, p)
		}
	}
	return out
}

// Scripted replies, written with the agent's own reply types so they follow the schemas.

func planOf(score float64, steps ...string) fakeollama.Reply {
	pr := planReply{Thought: "the form is here", Score: score}
	for _, s := range steps {
		pr.Steps = append(pr.Steps, planStepReply{Description: s, ExpectedOutcome: "done"})
	}
	return fakeollama.JSON(pr)
}

func act(action, desc string) actionReply { return actionReply{Action: action, Description: desc} }

func refineOf(conf float64, covers int, nextGoal string, acts ...actionReply) fakeollama.Reply {
	return fakeollama.JSON(refineReply{Thought: "the fields are listed", Actions: acts, CoversSteps: covers,
		NextGoal: nextGoal, Confidence: conf})
}

func feedbackOf(score float64) fakeollama.Reply {
	return fakeollama.JSON(Feedback{Score: score, Issues: []string{"it never saves"}, Suggestions: []string{"add: click Save"}})
}

func criticOf(approve bool, issue string) fakeollama.Reply {
	return fakeollama.JSON(criticReply{Approve: approve, Issue: issue, Score: map[bool]float64{true: 0.9, false: 0.2}[approve]})
}

func verifyOf(done bool, conf float64, reason string) fakeollama.Reply {
	return fakeollama.JSON(verifyReply{TaskCompleted: done, Confidence: conf, Reason: reason})
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
			r.srv.Script("PLANNING", planOf(0.6, "Type Jas into Name"), planOf(0.8, "Type Jas into Name", "Click Save"))
			r.srv.Script("CRITIC", feedbackOf(tt.scores[0]), feedbackOf(tt.scores[1]))
			r.srv.Script("REFINEMENT", refineOf(0.95, 2, "Patients", fillAndSave...))
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
		r.srv.Script("CONTEXT_ANALYSIS", fakeollama.JSON(contextReply{Thought: "only the person knows",
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
		r.srv.Script("PLANNING", planOf(0.95, "Type the hours into Notes and save"))
		r.srv.Script("REFINEMENT", refineOf(0.95, 1, "", act(`setValue(21, "Mon-Fri 9-17")`, "Type the hours"), act("click(22)", "Save")))
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
		r.srv.Script("CONTEXT_ANALYSIS", fakeollama.JSON(contextReply{Thought: "the page has it", Sources: []string{SourcePage}}))
		r.srv.Script("PLANNING", planOf(0.95, "Type the hours into Notes and save"))
		r.srv.Script("REFINEMENT", refineOf(0.95, 1, "", act(`setValue(21, "9-17")`, "Type the hours"), act("click(22)", "Save")))
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
		r.srv.Script("PLANNING", planOf(0.95, "Type Jas into Name and save"))
		r.srv.Script("REFINEMENT", refineOf(0.95, 1, "", fillAndSave...))
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
		refine     []fakeollama.Reply
		critic     []fakeollama.Reply
		wantKind   OutputKind
		wantRoute  string
		wantTarget float64 // the model's confidence, as the binding's match
		wantCalls  map[llm.Purpose]int
	}{
		{"sure: act at once", []fakeollama.Reply{refineOf(0.95, 1, "", fillAndSave...)}, nil,
			OutputAct, RouteProceed, 0.95, map[llm.Purpose]int{llm.PurposePlanning: 1, llm.PurposeRefinement: 1}},
		{"unsure, critic approves: announced", []fakeollama.Reply{refineOf(0.6, 1, "", fillAndSave...)},
			[]fakeollama.Reply{criticOf(true, "")},
			OutputAnnounce, RouteAssumeAnnounce, 0.6, map[llm.Purpose]int{llm.PurposePlanning: 1, llm.PurposeRefinement: 1, llm.PurposeCritic: 1}},
		{"rejected twice: the person decides", []fakeollama.Reply{refineOf(0.6, 1, "", fillAndSave...), refineOf(0.6, 1, "", fillAndSave...)},
			[]fakeollama.Reply{criticOf(false, "Jas belongs in Name"), criticOf(false, "still wrong")},
			OutputAnnounce, RouteAssumeAnnounce, 0.5, map[llm.Purpose]int{llm.PurposePlanning: 1, llm.PurposeRefinement: 2, llm.PurposeCritic: 2}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := newModelRig(t, Limits{})
			r.srv.Script("PLANNING", planOf(0.95, "Type Jas into Name and save"))
			r.srv.Script("REFINEMENT", tt.refine...)
			r.srv.Script("CRITIC", tt.critic...)
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
	r.srv.Script("PLANNING", planOf(0.95, "Type Jas into Name and save"))
	r.srv.Script("REFINEMENT", refineOf(0.95, 1, "", act(`setValue(99, "Jas")`, "Type Jas")),
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
		verify      []fakeollama.Reply
		wantPhase   Phase
		wantSummary string
		wantCalls   map[llm.Purpose]int
	}{
		{"finish is checked", `finish("Jas is already there")`, []fakeollama.Reply{verifyOf(true, 0.9, "Jas is in the list")},
			PhaseCompleted, "The page says: Patient Jas saved",
			map[llm.Purpose]int{llm.PurposePlanning: 1, llm.PurposeRefinement: 1, llm.PurposeVerification: 1}},
		{"fail gives up", `fail("the clinic is closed for new patients")`, nil,
			PhaseFailed, "The model gave up: the clinic is closed for new patients",
			map[llm.Purpose]int{llm.PurposePlanning: 1, llm.PurposeRefinement: 1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := newModelRig(t, Limits{})
			r.srv.Script("PLANNING", planOf(0.95, "Open the patient list"))
			r.srv.Script("REFINEMENT", refineOf(0.95, 1, "", act(tt.action, "end")))
			r.srv.Script("VERIFICATION", tt.verify...)
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
	r.srv.Script("PLANNING", planOf(0.6, "Type Jas into Name"), planOf(0.8, "Type Jas into Name", "Click Save"))
	r.srv.Script("CRITIC", feedbackOf(0.6), feedbackOf(0.95))
	// A malformed reply is sent back once; both attempts cost tokens.
	r.srv.Script("REFINEMENT", fakeollama.Text("click Save please"), refineOf(0.95, 2, "", fillAndSave...))
	r.srv.Script("VERIFICATION", verifyOf(true, 0.95, "Jas is in the list"))
	out, _ := r.start(addPatient, formPage)
	r.ran(out, savedPage, page.Observations{DidNetworkOccur: true, DidDomMutate: true, DidURLChange: true})
	if r.st.Phase != PhaseCompleted {
		t.Fatalf("phase %s (%s)", r.st.Phase, r.st.Summary)
	}
	var purposes []string
	for _, req := range r.srv.Requests() {
		purposes = append(purposes, req.Purpose)
	}
	var used []string
	var failed []bool
	for i, u := range payloads[UsagePayload](r.ev, EventUsage) {
		used = append(used, string(u.Purpose))
		failed = append(failed, u.Failed)
		if u.TaskCalls != i+1 || u.PromptTokens == 0 || u.CompletionTokens == 0 {
			t.Errorf("usage %d = %+v", i, u)
		}
	}
	if want := []string{"PLANNING", "CRITIC", "PLANNING", "CRITIC", "REFINEMENT", "REFINEMENT", "VERIFICATION"}; !reflect.DeepEqual(purposes, want) || !reflect.DeepEqual(used, want) {
		t.Fatalf("requests %v, usage events %v, want both %v", purposes, used, want)
	}
	if want := []bool{false, false, false, false, true, false, false}; !reflect.DeepEqual(failed, want) {
		t.Errorf("failed marks = %v, want %v", failed, want)
	}
	if r.st.ModelCalls != r.srv.Calls() || r.st.Tokens != r.srv.Tokens() || r.st.Tokens == 0 {
		t.Errorf("state calls %d tokens %d, fake calls %d tokens %d", r.st.ModelCalls, r.st.Tokens, r.srv.Calls(), r.srv.Tokens())
	}
	last := payloads[UsagePayload](r.ev, EventUsage)[6]
	if last.TaskCalls != r.st.ModelCalls || last.TaskTokens != r.st.Tokens || last.Model != llm.DefaultFast {
		t.Errorf("last usage = %+v", last)
	}
}
