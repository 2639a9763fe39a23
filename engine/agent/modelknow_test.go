package agent

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/llm"
)

// TestModelKnowledgeFirst: a goal planned by the model looks up the site's documentation
// and learned hints first (docs/decisions.md D-19), each as an effect, and the planning
// prompt carries what they found.
func TestModelKnowledgeFirst(t *testing.T) {
	r := newKnowingRig(t, Limits{})
	r.script.Know(EffectKnowledge, addPatient, "Front desk guide: a new patient needs a Name.")
	r.script.Know(EffectHints, addPatient, "Save is below the fold; scroll first.")
	r.script.Script(llm.PurposePlanning, planOf(0.95, "Type Jas into Name and save"))
	r.script.Script(llm.PurposeRefinement, refineOf(0.95, 1, "", fillAndSave...))
	out, ev := r.start(addPatient, formPage)
	if out.Kind != OutputAct {
		t.Fatalf("out = %s (%s), want the chain", out.Kind, out.Summary)
	}
	if want := []string{"knowledge", "hints", "PLANNING", "REFINEMENT"}; !reflect.DeepEqual(r.script.trail, want) {
		t.Errorf("effects %v, want %v", r.script.trail, want)
	}
	for _, l := range r.script.lookups {
		if l.URL != formPage.URL || l.Query != addPatient {
			t.Errorf("lookup %+v, want the page's URL and the goal", l)
		}
	}
	plan := r.users(llm.PurposePlanning)
	if len(plan) != 1 || !strings.Contains(plan[0], "<page-knowledge>\nFront desk guide: a new patient needs a Name.\n</page-knowledge>") ||
		!strings.Contains(plan[0], "Hint from an earlier errand here: Save is below the fold; scroll first.") {
		t.Errorf("planning prompt = %q, want the passage and the hint", plan)
	}
	if ready := payloads[PlanReady](ev, EventPlanReady); len(ready) != 1 || !reflect.DeepEqual(ready[0].Sources, []string{SourcePage, SourceKnowledge}) {
		t.Errorf("planReady = %+v, want sources [PAGE KNOWLEDGE]", ready)
	}
}

// TestModelMissingInfoFromKnowledge: a value the model says it lacks is looked up in the
// knowledge first (docs/decisions.md D-43); found, the step is refined again with it,
// and the person is not asked.
func TestModelMissingInfoFromKnowledge(t *testing.T) {
	const what = "the clinic's phone number"
	r := newKnowingRig(t, Limits{})
	r.script.Know(EffectKnowledge, what, "Clinic phone: 555-0100")
	r.script.Script(llm.PurposePlanning, planOf(0.95, "Type the clinic's phone into Notes and save"))
	r.script.Script(llm.PurposeRefinement, replyJSON(refineReply{Thought: "no number on the page", MissingInfo: "MISSING_INFO: " + what}),
		refineOf(0.95, 1, "", act(`setValue(21, "555-0100")`, "Type the phone"), act("click(22)", "Save")))
	out, _ := r.start("Add the clinic's phone number to Notes", notesPage)
	if got := actions(out); !reflect.DeepEqual(got, []string{`setValue("21", "555-0100")`, `click("22")`}) {
		t.Fatalf("out %s (%s) actions %v, want the number typed and saved", out.Kind, out.Summary, got)
	}
	if len(r.script.lookups) != 3 || r.script.lookups[2].Kind != EffectKnowledge || r.script.lookups[2].Query != what {
		t.Errorf("lookups %+v, want the goal's two, then the missing value", r.script.lookups)
	}
	if u := r.users(llm.PurposeRefinement); len(u) != 2 || strings.Contains(u[0], "555-0100") || !strings.Contains(u[1], "Clinic phone: 555-0100") {
		t.Errorf("refinement prompts = %q, want the second to hold the passage", u)
	}
	r.wantCalls(map[llm.Purpose]int{llm.PurposePlanning: 1, llm.PurposeRefinement: 2})
}

// knowledgeBase is a Knowledge with fixed passages, for the effects' own performers.
type knowledgeBase struct{ docs, hints []string }

func (k knowledgeBase) Retrieve(context.Context, string, string) ([]string, error) {
	return k.docs, nil
}
func (k knowledgeBase) Hints(context.Context, string, string) ([]string, error) { return k.hints, nil }

// TestEffectsPerformThemselves: what the runner does with an effect, Effect.Perform, asks
// the agent's own model (through the client's structured call) and knowledge, in-process.
// The HTTP client itself is the app's tests' to check.
func TestEffectsPerformThemselves(t *testing.T) {
	replies := map[llm.Purpose]any{
		llm.PurposePlanning:   planReply{Thought: "the form is here", Score: 0.95, Steps: []planStepReply{{Description: "Type Jas into Name and save"}}},
		llm.PurposeRefinement: refineReply{Thought: "fields", Actions: fillAndSave, CoversSteps: 1, Confidence: 0.95},
	}
	var chats []llm.Purpose
	model := llm.ModelFunc(func(_ context.Context, req llm.Request) (llm.Reply, error) {
		chats = append(chats, req.Purpose)
		raw, err := json.Marshal(replies[req.Purpose])
		return llm.Reply{Content: string(raw), Usage: llm.Usage{Purpose: req.Purpose, Role: req.Role, PromptTokens: 100, CompletionTokens: 10}}, err
	})
	ag := New(Config{Model: model, Knowledge: knowledgeBase{docs: []string{"Name is required."}, hints: []string{"Save twice."}}})
	st, out, _ := stepT(t, ag, State{TaskID: "task-1", Phase: PhaseIdle}, Input{Kind: InputStart, Goal: addPatient, Observation: formPage})
	var kinds []EffectKind
	for out.Kind == OutputEffect {
		kinds = append(kinds, out.Effect.Kind)
		reply := out.Effect.Perform(context.Background())
		st, out, _ = stepT(t, ag, st, Input{Kind: InputEffect, Effect: &reply})
	}
	if got := actions(out); !reflect.DeepEqual(got, []string{`setValue("3", "Jas")`, `click("8")`}) {
		t.Fatalf("out %s (%s) actions %v", out.Kind, out.Summary, got)
	}
	if want := []EffectKind{EffectKnowledge, EffectHints, EffectModel, EffectModel}; !reflect.DeepEqual(kinds, want) {
		t.Errorf("effects %v, want %v", kinds, want)
	}
	if !reflect.DeepEqual(chats, []llm.Purpose{llm.PurposePlanning, llm.PurposeRefinement}) || st.ModelCalls != 2 || st.Tokens != 220 {
		t.Errorf("chats %v, state calls %d tokens %d; want two calls of 110 tokens", chats, st.ModelCalls, st.Tokens)
	}
	if !reflect.DeepEqual(st.Knowledge, []string{"Name is required."}) || !reflect.DeepEqual(st.Hints, []string{"Save twice."}) {
		t.Errorf("knowledge %v hints %v", st.Knowledge, st.Hints)
	}
	if reply := (&Effect{Kind: EffectModel}).Perform(context.Background()); reply.Err == nil || reply.Err.Kind != errOther {
		t.Errorf("an effect with no performer = %+v, want it refused", reply)
	}
}
