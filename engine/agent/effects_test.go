package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/engine/understand"
)

// checkpointed is st as a restart reads it back from the store.
func checkpointed(t *testing.T, st State) State {
	t.Helper()
	raw, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	var back State
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	return back
}

// TestModelCallsAreEffects: Step calls no model itself. It asks for each call as an
// output; a crash between two calls of one planning step repeats exactly the call it cut
// off; the replayed part of the step emits nothing twice.
func TestModelCallsAreEffects(t *testing.T) {
	r := newModelRig(t, Limits{})
	r.script.Script(llm.PurposePlanning, planOf(0.95, "Fill in the contact form and save it"))
	chain := refineOf(0.95, 1, "", act(`setValue(31, "Jas")`, "Name"), act(`setValue(32, "jas@example.com")`, "Email"), act("click(34)", "Save"))
	r.script.Script(llm.PurposeRefinement, chain, chain) // the second for the call a crash repeats
	var all []Event
	st, out, ev := stepT(t, r.ag, State{TaskID: "task-1", Phase: PhaseIdle},
		Input{Kind: InputStart, Goal: "Add Jas to the contacts with email 'jas@example.com'", Observation: contactPage})
	all = append(all, ev...)
	if out.Kind != OutputEffect || out.Effect.Request.Purpose != llm.PurposePlanning || r.script.Calls() != 0 {
		t.Fatalf("start: %s %+v after %d calls, want a planning effect and no call made", out.Kind, out.Effect, r.script.Calls())
	}
	reply := r.script.answer(out.Effect)
	st, out, ev = stepT(t, r.ag, checkpointed(t, st), Input{Kind: InputEffect, Effect: &reply})
	all = append(all, ev...)
	if out.Kind != OutputEffect || out.Effect.Request.Purpose != llm.PurposeRefinement || len(payloads[UsagePayload](ev, EventUsage)) != 1 {
		t.Fatalf("after planning: %s, events %v; want a refinement effect and the planning call's usage", out.Kind, ev)
	}
	// A crash here: the refinement call is made, but its reply never reaches the
	// checkpoint. The task resumes from its checkpoint and asks for the refinement again.
	_ = r.script.answer(out.Effect)
	st, out, ev = stepT(t, r.ag, checkpointed(t, st), Input{Kind: InputResume, Observation: contactPage})
	all = append(all, ev...)
	if out.Kind != OutputEffect || out.Effect.Request.Purpose != llm.PurposeRefinement || len(ev) != 0 {
		t.Fatalf("resumed: %s with %d events, want the refinement asked again and nothing re-emitted", out.Kind, len(ev))
	}
	reply = r.script.answer(out.Effect)
	st, out, ev = stepT(t, r.ag, checkpointed(t, st), Input{Kind: InputEffect, Effect: &reply})
	all = append(all, ev...)
	if out.Kind != OutputAct || len(out.Actions) != 3 || st.Replay != nil {
		t.Fatalf("after refinement: %s %v (replay %v), want the chain and nothing awaited", out.Kind, out.Actions, st.Replay)
	}
	if got := r.calls(llm.PurposePlanning, llm.PurposeRefinement); got[llm.PurposePlanning] != 1 || got[llm.PurposeRefinement] != 2 {
		t.Errorf("calls %v: the crash must repeat exactly one call, the refinement it cut off", got)
	}
	if st.ModelCalls != 2 || len(payloads[UsagePayload](all, EventUsage)) != 2 {
		t.Errorf("%d calls counted, %d usage events; want the two replies read once each", st.ModelCalls, len(payloads[UsagePayload](all, EventUsage)))
	}
	for i := 1; i < len(all); i++ {
		if all[i].Seq != all[i-1].Seq+1 {
			t.Fatalf("event seqs %d then %d: an event was lost or emitted twice", all[i-1].Seq, all[i].Seq)
		}
	}
}

func TestEffectInputsOutOfTurn(t *testing.T) {
	r := newModelRig(t, Limits{})
	reply := EffectReply{Kind: EffectModel}
	if _, _, _, err := r.ag.Step(context.Background(), State{TaskID: "t", Phase: PhasePlanning}, Input{Kind: InputEffect, Effect: &reply}); err == nil {
		t.Error("an effect reply nothing asked for was taken")
	}
	waiting := State{TaskID: "t", Replay: &Replay{Base: &State{TaskID: "t"}}}
	if _, _, _, err := r.ag.Step(context.Background(), waiting, Input{Kind: InputAnswer}); err == nil {
		t.Error("an answer was taken while a model reply was awaited")
	}
}

// TestEffectErrorsSurviveTheCheckpoint: a failed call read back after a restart is the
// same failure to errors.Is and errors.As.
func TestEffectErrorsSurviveTheCheckpoint(t *testing.T) {
	tests := []struct {
		err  error
		want error
	}{
		{fmt.Errorf("planning call: %w", llm.ErrUnavailable), llm.ErrUnavailable},
		{fmt.Errorf("planning: %w", &llm.MissingError{Model: "qwen2.5:3b"}), llm.ErrModelMissing},
		{fmt.Errorf("x: %w", llm.ErrMalformed), llm.ErrMalformed},
		{fmt.Errorf("x: %w", llm.ErrStalled), llm.ErrStalled},
	}
	for _, tt := range tests {
		raw, _ := json.Marshal(replyOf(EffectModel, nil, nil, tt.err))
		var back EffectReply
		if err := json.Unmarshal(raw, &back); err != nil {
			t.Fatal(err)
		}
		if !errors.Is(back.Err, tt.want) || back.Err.Error() != tt.err.Error() {
			t.Errorf("%v read back as %v", tt.err, back.Err)
		}
	}
	raw, _ := json.Marshal(replyOf(EffectModel, nil, nil, &llm.MissingError{Model: "qwen2.5:3b"}))
	var back EffectReply
	_ = json.Unmarshal(raw, &back)
	var missing *llm.MissingError
	if !errors.As(back.Err, &missing) || missing.Model != "qwen2.5:3b" {
		t.Errorf("the missing model's name was lost: %v", back.Err)
	}
}

// TestPlannerQuestionInItsOwnWords: a planner that writes no steps but asks in its free
// text has the question put to the person, with the options it listed.
func TestPlannerQuestionInItsOwnWords(t *testing.T) {
	r := newModelRig(t, Limits{})
	r.script.Script(llm.PurposePlanning, replyJSON(planReply{Thought: "Two cards are saved. Which card should I use: Visa or Mastercard?"}))
	out, _ := r.start(addPatient, contactPage)
	if out.Kind != OutputAsk || len(out.Questions) != 1 || !strings.Contains(out.Questions[0].Text, "Which card") {
		t.Fatalf("out = %s %+v, want the planner's question", out.Kind, out.Questions)
	}
	var opts []string
	for _, o := range out.Questions[0].Options {
		opts = append(opts, o.Text)
	}
	if !containsFold(opts, "Visa") || !containsFold(opts, "Mastercard") {
		t.Errorf("options %v, want Visa and Mastercard", opts)
	}
}

// TestModelPlansOnlyTheRest: the part of a goal the reader read runs as read, with no
// model call; the model is asked only about the words after it, once that part ran.
func TestModelPlansOnlyTheRest(t *testing.T) {
	r := newModelRig(t, Limits{})
	r.script.Script(llm.PurposePlanning, planOf(0.95, "Click Save"))
	r.script.Script(llm.PurposeRefinement, refineOf(0.95, 1, "", act("click(34)", "Save")))
	out, _ := r.start("Type 'Jas' into Name and then book a table for two", contactPage)
	if got := actions(out); out.Kind != OutputAct || len(got) != 1 || got[0] != `setValue("31", "Jas")` || r.script.Calls() != 0 {
		t.Fatalf("out %s %v after %d calls: want the typing first, no model call", out.Kind, got, r.script.Calls())
	}
	typed := contactPage
	typed.Tree = append([]page.Node(nil), contactPage.Tree...)
	typed.Tree[0].Value = "Jas"
	r.ran(out, typed, page.Observations{DidDomMutate: true})
	plans := r.users(llm.PurposePlanning)
	if len(plans) != 1 || !strings.Contains(plans[0], "Still to do (the rest of the goal is done): book a table for two") {
		t.Fatalf("planning prompts %q: want one, about the rest", plans)
	}
}

// TestSelfRefineLeavesOneIterationAtATime: each self-refine iteration's event leaves the
// step as soon as its score is in, before the next improving call is made.
func TestSelfRefineLeavesOneIterationAtATime(t *testing.T) {
	r := newModelRig(t, Limits{})
	r.script.Script(llm.PurposePlanning, planOf(0.5, "Type Jas", "Save"), planOf(0.6, "Type Jas into Name", "Save"),
		planOf(0.7, "Type Jas into Name", "Click Save"))
	r.script.Script(llm.PurposeCritic, replyJSON(Feedback{Score: 0.5, Issues: []string{"vague"}}),
		replyJSON(Feedback{Score: 0.7, Issues: []string{"no button"}}), replyJSON(Feedback{Score: 0.95}))
	r.script.Script(llm.PurposeRefinement, refineOf(0.95, 2, "", act(`setValue(31, "Jas")`, "Name"), act("click(34)", "Save")))
	st, out, _ := stepT(t, r.ag, State{TaskID: "task-1", Phase: PhaseIdle}, Input{Kind: InputStart, Goal: addPatient, Observation: contactPage})
	var iterations []int // the iteration each update reported, in the order they left
	for out.Kind == OutputEffect {
		reply := r.script.answer(out.Effect)
		callsBefore := r.script.Calls()
		var ev []Event
		st, out, ev = stepT(t, r.ag, st, Input{Kind: InputEffect, Effect: &reply})
		ups := payloads[SelfRefineUpdate](ev, EventSelfRefineUpdate)
		if len(ups) > 1 {
			t.Fatalf("%d self-refine updates left one step together", len(ups))
		}
		if len(ups) == 1 {
			if r.script.Calls() != callsBefore {
				t.Fatal("a model call was made before the update left")
			}
			iterations = append(iterations, ups[0].Iteration)
		}
	}
	if len(iterations) != 2 || iterations[0] != 1 || iterations[1] != 2 {
		t.Errorf("updates for iterations %v, want 1 then 2, each on its own", iterations)
	}
}

func TestLaterPart(t *testing.T) {
	cmd := func(words string) understand.Command { return understand.Command{Words: words} }
	unclear := func(words string, at int) understand.Question {
		return understand.Question{Kind: understand.AskUnclear, Words: words, At: at}
	}
	for _, tt := range []struct {
		goal string
		r    understand.Reading
		want string
	}{
		{"Type 'Jas' into Name and then book a table for two",
			understand.Reading{Commands: []understand.Command{cmd("Type Name")}, Questions: []understand.Question{unclear("book a table for two", 1)}},
			"book a table for two"},
		// The unread words come first, though the question is placed after the command.
		{"Save my contact details: Jas Kaur, jas@example.com, in Leeds, Spain",
			understand.Reading{Commands: []understand.Command{cmd("Spain")}, Questions: []understand.Question{unclear("Save my contact details Jas Kaur jas@example.com in Leeds", 1)}},
			""},
		{"click Save", understand.Reading{Commands: []understand.Command{cmd("click Save")}}, ""},
	} {
		if got := laterPart(tt.goal, tt.r); got != tt.want {
			t.Errorf("laterPart(%q) = %q, want %q", tt.goal, got, tt.want)
		}
	}
}

// TestModelRepliesUnusable: a call whose reply stayed malformed after the client's repair
// ends the task saying so, with both attempts' tokens counted.
func TestModelRepliesUnusable(t *testing.T) {
	r := newModelRig(t, Limits{})
	r.script.Script(llm.PurposePlanning, malformed("add the patient", "I will add the patient"))
	out, ev := r.start(addPatient, formPage)
	if out.Kind != OutputDone || r.st.Phase != PhaseFailed ||
		!strings.HasPrefix(out.Summary, "The model's replies could not be used (") || !strings.Contains(out.Summary, "did not follow the schema") {
		t.Fatalf("out = %s (%s) phase %s, want the task failed for unusable replies", out.Kind, out.Summary, r.st.Phase)
	}
	var failed []bool
	for _, u := range payloads[UsagePayload](ev, EventUsage) {
		failed = append(failed, u.Failed)
	}
	if !reflect.DeepEqual(failed, []bool{true, true}) || r.st.ModelCalls != 2 || r.st.Tokens != r.script.Tokens() || r.st.Tokens == 0 {
		t.Errorf("usage failed marks %v, calls %d tokens %d (scripted %d): want both attempts counted", failed, r.st.ModelCalls, r.st.Tokens, r.script.Tokens())
	}
	if len(r.st.History) != 0 {
		t.Errorf("history %v, want nothing done", r.st.History)
	}
	r.wantCalls(map[llm.Purpose]int{llm.PurposePlanning: 1})
}
