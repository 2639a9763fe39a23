package agent

import (
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/page"
)

// surveyPage is the form with a survey dialog over it whose buttons are not an obvious
// way to close it, so the reader has nothing to press.
var surveyPage = page.Observation{URL: formPage.URL, Title: formPage.Title, DOMHash: "h7", Modal: "Quick survey", Tree: []page.Node{
	{ID: "3", Role: "inp", Name: "Name", State: "required", Value: "Jas", Occ: true},
	{ID: "8", Role: "btn", Name: "Save", Type: "submit", Occ: true},
	{ID: "20", Role: "btn", Name: "Take the survey", Ctx: "Quick survey"},
	{ID: "21", Role: "btn", Name: "Maybe later", Ctx: "Quick survey"},
}}

// coveredSave runs "type Jas, click Save" with the click covered by the survey.
func coveredSave(r *modelRig) (Output, []Event) {
	r.t.Helper()
	out, _ := r.start("Type 'Jas' into the Name field and click Save", formPage)
	res := outcomes(out.Actions, surveyPage, page.Observations{DidDomMutate: true})
	res.FailedIndex = 1
	res.Outcomes[1].Err = &page.ActionError{Kind: page.ErrCovered, Index: 1, Message: "covered by div.survey"}
	res.Outcomes[1].Target = nil
	return r.step(Input{Kind: InputObserved, Observation: surveyPage, Result: res})
}

func TestFastPathFailureHandsOverToTheModel(t *testing.T) {
	r := newModelRig(t, Limits{})
	r.script.Script(llm.PurposePlanning, planOf(0.95, "Click Maybe later", "Click Save"))
	r.script.Script(llm.PurposeRefinement, refineOf(0.95, 1, "Save", act("click(21)", "Close the survey")))
	out, ev := coveredSave(r)
	if out.Kind != OutputAct || len(out.Actions) != 1 || out.Actions[0].ID != "21" {
		t.Fatalf("out = %s %+v (%s), want the model's click on Maybe later", out.Kind, out.Actions, out.Summary)
	}
	plans := r.users(llm.PurposePlanning)
	if len(plans) != 1 || !strings.Contains(plans[0], `A step failed: <page-note>“Save” button failed: Something covers the element`) ||
		!strings.Contains(plans[0], "Done so far:") || !strings.Contains(plans[0], "Plan from the page as it is now.") {
		t.Errorf("planning prompt does not carry the failure:\n%s", strings.Join(plans, "\n---\n"))
	}
	sc := payloads[SelfCorrection](ev, EventSelfCorrection)
	if len(sc) != 1 || sc[0].Source != "handover" {
		t.Errorf("selfCorrection events = %+v, want one hand-over", sc)
	}
	if r.st.MidExec != nil || r.st.Complexity.Level != levelComplex {
		t.Errorf("state: midExec %+v, complexity %+v", r.st.MidExec, r.st.Complexity)
	}
}

func TestHandOverWithNoModelAnsweringAsksThePerson(t *testing.T) {
	r := newModelRig(t, Limits{})
	r.script.Script(llm.PurposePlanning, scriptedReply{err: &EffectError{Kind: errUnavailable, Message: "ollama: connection refused"}})
	out, _ := coveredSave(r)
	if out.Kind != OutputMidExecDialog || out.MidExec == nil || !strings.HasPrefix(out.MidExec.Analysis.Cause, causeCovered) {
		t.Fatalf("out = %s %+v (%s), want the failed-step dialog", out.Kind, out.MidExec, out.Summary)
	}
	if out.MidExec.RequestID == "" || r.st.Phase != PhaseMidExecDialog {
		t.Errorf("dialog %+v in phase %s", out.MidExec, r.st.Phase)
	}
}

func TestNoModelNoHandOver(t *testing.T) {
	st, out, _ := start(t, "Type 'Jas' into the Name field and click Save", formPage)
	res := outcomes(out.Actions, surveyPage, page.Observations{DidDomMutate: true})
	res.FailedIndex = 1
	res.Outcomes[1].Err = &page.ActionError{Kind: page.ErrCovered, Index: 1, Message: "covered by div.survey"}
	_, out, _, err := New(Config{}).Step(t.Context(), st, Input{Kind: InputObserved, Observation: surveyPage, Result: res})
	if err != nil || out.Kind != OutputMidExecDialog {
		t.Fatalf("out = %s (%v), want the failed-step dialog", out.Kind, err)
	}
}
