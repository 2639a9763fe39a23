package agent

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

func stepT(t *testing.T, ag *Agent, st State, in Input) (State, Output, []Event) {
	t.Helper()
	st, out, ev, err := ag.Step(context.Background(), st, in)
	if err != nil {
		t.Fatal(err)
	}
	return st, out, ev
}

func startWith(t *testing.T, set Settings, goal string, obs page.Observation) (*Agent, State, Output, []Event) {
	t.Helper()
	ag := New(Config{Settings: set})
	st, out, ev := stepT(t, ag, State{TaskID: "task-1", Phase: PhaseIdle}, Input{Kind: InputStart, Goal: goal, Observation: obs})
	return ag, st, out, ev
}

// vanished is formPage after a re-render renamed Save to "Save patient" and moved its id.
func vanished() page.Observation {
	o := formPage
	o.Tree = append([]page.Node(nil), formPage.Tree...)
	o.Tree[2].Value = "Jas"
	o.Tree[5] = page.Node{ID: "18", Role: "btn", Name: "Store record", Type: "submit", XY: [2]int{100, 400}}
	o.DOMHash = "h7"
	return o
}

func notFoundResult(chain []page.Action, obs page.Observation, failed int) *page.ChainResult {
	res := outcomes(chain, obs, page.Observations{DidDomMutate: true})
	res.Outcomes[failed].Err = &page.ActionError{Kind: page.ErrNotFound, Index: failed, Message: "no element " + chain[failed].ID}
	res.Outcomes[failed].Target = nil
	res.Outcomes = res.Outcomes[:failed+1]
	res.FailedIndex = failed
	return res
}

// TestSeed000Checklist is the desktop flow's testing checklist (docs/decisions.md D-2 to
// D-21, D-28), one subtest a line.
func TestSeed000Checklist(t *testing.T) {
	t.Run("confidence >= 0.9 goes directly to approval (review plans on)", func(t *testing.T) {
		ag, st, out, ev := startWith(t, Settings{ReviewPlans: true}, "Type 'Jas' into Name and click Save", formPage)
		if out.Kind != OutputAwaitApproval || st.Phase != PhaseAwaitingApproval || st.Conf.Overall < 0.9 {
			t.Fatalf("out %s phase %s conf %.2f", out.Kind, st.Phase, st.Conf.Overall)
		}
		if got := types(ev); got[len(got)-1] != "approvalRequest" || !strings.HasPrefix(out.Approval.RequestID, "req-") {
			t.Fatalf("events %v id %s", got, out.Approval.RequestID)
		}
		_, out, _ = stepT(t, ag, st, Input{Kind: InputDecision, Decision: DecisionApprove, Observation: formPage})
		if got := actions(out); !reflect.DeepEqual(got, []string{`setValue("3", "Jas")`, `click("8")`}) {
			t.Fatalf("after Execute: %v", got)
		}
		// Without review plans the desktop profile proceeds at once (docs/decisions.md
		// D-9).
		_, _, out, _ = startWith(t, Settings{}, "Type 'Jas' into Name and click Save", formPage)
		if out.Kind != OutputAct {
			t.Fatalf("review plans off: %s", out.Kind)
		}
	})
	t.Run("confidence 0.5-0.9 shows assume-announce with 3s countdown", func(t *testing.T) {
		// "Fem" is not an option of Gender but reads as "Female": said before it runs.
		_, st, out, ev := startWith(t, Settings{}, "choose Fem as the gender", formPage)
		if out.Kind != OutputAnnounce || st.Phase != PhaseAssumeAnnounce || out.Announcement.AutoExecuteDelay != 3000 {
			t.Fatalf("out %+v phase %s", out, st.Phase)
		}
		if st.Conf.Overall < 0.5 || st.Conf.Recommendation != RouteAssumeAnnounce {
			t.Fatalf("conf %+v", st.Conf)
		}
		found := false
		for _, a := range out.Announcement.Assumptions {
			found = found || a.Field == "value" && strings.Contains(a.AssumedValue, "Female")
		}
		if !found {
			t.Fatalf("assumptions %+v", out.Announcement.Assumptions)
		}
		want := []string{"stateChanged:planning", "validation", "planReady", "confidenceReport", "stateChanged:assume_announce", "assumeAnnounce"}
		if got := types(ev); !reflect.DeepEqual(got, want) {
			t.Fatalf("events %v, want %v", got, want)
		}
		if len(out.Actions) != 0 || st.Step != 0 {
			t.Fatalf("nothing may run before the countdown: %v step %d", out.Actions, st.Step)
		}
	})
	t.Run("countdown end runs the announced chain", func(t *testing.T) {
		ag, st, _, _ := startWith(t, Settings{}, "choose Fem as the gender", formPage)
		st, out, ev := stepT(t, ag, st, Input{Kind: InputDecision, Decision: DecisionProceed, Observation: formPage})
		if got := actions(out); !reflect.DeepEqual(got, []string{`select("5", "Female")`}) || st.Phase != PhaseExecuting {
			t.Fatalf("actions %v phase %s", got, st.Phase)
		}
		if got, want := types(ev), []string{"stateChanged:executing", "stepStarted"}; !reflect.DeepEqual(got, want) {
			t.Fatalf("events %v", got)
		}
	})
	t.Run("confidence < 0.5 shows option-based questions", func(t *testing.T) {
		_, st, out, _ := startWith(t, Settings{}, "Help me", formPage)
		if out.Kind != OutputAsk || st.Conf.Overall >= 0.5 || st.Phase != PhaseClarifying {
			t.Fatalf("out %s conf %.2f phase %s", out.Kind, st.Conf.Overall, st.Phase)
		}
		q := out.Questions[0]
		if q.Type != OptionSelect || !q.AllowFreeform || len(q.Options) < 2 || q.Options[0].Value != "fill in the form" {
			t.Fatalf("question %+v", q)
		}
	})
	t.Run("option selection works correctly", func(t *testing.T) {
		ag, st, out, _ := startWith(t, Settings{}, "Click the Details link", linksPage)
		_, out, _ = stepT(t, ag, st, Input{Kind: InputAnswer, Observation: linksPage,
			Answers: []Answer{{QuestionID: out.Questions[0].ID, SelectedOptionID: out.Questions[0].Options[1].ID}}})
		if got := actions(out); !reflect.DeepEqual(got, []string{`click("13")`}) {
			t.Fatalf("actions %v", got)
		}
	})
	t.Run("freeform input works when Other selected", func(t *testing.T) {
		ag, st, _, _ := startWith(t, Settings{}, "Help me", formPage)
		st, out, _ := stepT(t, ag, st, Input{Kind: InputAnswer, Observation: formPage, Answers: []Answer{{Text: "click Save"}}})
		if got := actions(out); !reflect.DeepEqual(got, []string{`click("8")`}) {
			t.Fatalf("actions %v (out %+v)", got, out)
		}
		if st.Goal != "click Save" || len(st.Clarified) != 1 || st.Request != "Help me" {
			t.Fatalf("goal %q request %q clarified %v", st.Goal, st.Request, st.Clarified)
		}
	})
	t.Run("cancel during assume-announce stops countdown", func(t *testing.T) {
		ag, st, _, _ := startWith(t, Settings{}, "choose Fem as the gender", formPage)
		st, out, _ := stepT(t, ag, st, Input{Kind: InputDecision, Decision: DecisionCancel, Observation: formPage})
		if out.Kind != OutputDone || st.Phase != PhaseCancelled || len(out.Actions) != 0 || st.Step != 0 {
			t.Fatalf("out %+v phase %s step %d", out, st.Phase, st.Step)
		}
	})
	t.Run("correct during assume-announce shows clarification", func(t *testing.T) {
		ag, st, out, _ := startWith(t, Settings{}, "choose Fem as the gender", formPage)
		a := out.Announcement.Assumptions[0]
		st, out, _ = stepT(t, ag, st, Input{Kind: InputCorrection, Observation: formPage, Correction: &Correction{Field: a.Field, Command: a.Command}})
		if out.Kind != OutputAsk || st.Phase != PhaseClarifying || out.Questions[0].Binds != bindsElement || len(out.Questions[0].Options) == 0 {
			t.Fatalf("out %+v phase %s", out, st.Phase)
		}
		// Correct with a value binds it at once.
		ag, st, out, _ = startWith(t, Settings{}, "click the Sve button", formPage)
		_, out, _ = stepT(t, ag, st, Input{Kind: InputCorrection, Observation: formPage, Correction: &Correction{Field: "target", Command: 0, NewValue: "2"}})
		if got := actions(out); !reflect.DeepEqual(got, []string{`click("2")`}) {
			t.Fatalf("corrected actions %v", got)
		}
	})
	t.Run("self-refine improves plan quality", func(t *testing.T) {
		c := &fakeCritic{scores: []float64{0.5, 0.7, 0.95}}
		var ups []SelfRefineUpdate
		plan, fb, err := SelfRefine(context.Background(), c, PlanView{Steps: []string{"v0"}}, func(u SelfRefineUpdate) { ups = append(ups, u) })
		if err != nil || fb.Score != 0.95 || plan.Steps[0] != "v2" || len(ups) != 2 || ups[1].PreviousScore != 0.7 || ups[1].NewScore != 0.95 {
			t.Fatalf("plan %v fb %+v ups %+v err %v", plan, fb, ups, err)
		}
		// A refinement that does not improve is dropped and the loop stops.
		c = &fakeCritic{scores: []float64{0.6, 0.5}}
		plan, fb, _ = SelfRefine(context.Background(), c, PlanView{Steps: []string{"v0"}}, nil)
		if plan.Steps[0] != "v0" || fb.Score != 0.6 || c.refines != 1 {
			t.Fatalf("not improving: plan %v fb %+v refines %d", plan, fb, c.refines)
		}
	})
	t.Run("max 3 refine iterations enforced", func(t *testing.T) {
		c := &fakeCritic{scores: []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6}}
		plan, fb, _ := SelfRefine(context.Background(), c, PlanView{Steps: []string{"v0"}}, nil)
		if c.refines != 3 || fb.Score != 0.4 || plan.Steps[0] != "v3" {
			t.Fatalf("refines %d fb %+v plan %v", c.refines, fb, plan)
		}
	})
	t.Run("step failure shows mid-exec dialog", func(t *testing.T) {
		_, _, out, ev := midExecAfterVanish(t)
		m := out.MidExec
		if out.Kind != OutputMidExecDialog || m.Analysis.Cause != causeMoved || m.SuggestedAction != DecisionRetry ||
			m.Analysis.SuggestedTargetID != "18" || !reflect.DeepEqual(m.Options, []string{"retry", "skip", "replan", "abort"}) {
			t.Fatalf("dialog %+v", m)
		}
		if got := types(ev); got[len(got)-1] != "midExecDialog" || got[len(got)-2] != "stateChanged:mid_exec_dialog" {
			t.Fatalf("events %v", got)
		}
	})
	t.Run("retry re-attempts with similar element", func(t *testing.T) {
		ag, st, _, _ := midExecAfterVanish(t)
		st, out, _ := stepT(t, ag, st, Input{Kind: InputDecision, Decision: DecisionRetry, Observation: vanished()})
		if got := actions(out); !reflect.DeepEqual(got, []string{`click("18")`}) || st.Phase != PhaseExecuting {
			t.Fatalf("actions %v phase %s", got, st.Phase)
		}
	})
	t.Run("skip moves to next step", func(t *testing.T) {
		ag, st, _, _ := midExecAfterVanish(t)
		st, out, _ := stepT(t, ag, st, Input{Kind: InputDecision, Decision: DecisionSkip, Observation: vanished()})
		if out.Kind != OutputDone || st.Phase != PhaseCompleted || st.Cursor != 2 {
			t.Fatalf("out %+v phase %s cursor %d", out, st.Phase, st.Cursor)
		}
	})
	t.Run("replan creates new plan from current state", func(t *testing.T) {
		ag, st, _, _ := midExecAfterVanish(t)
		st, out, ev := stepT(t, ag, st, Input{Kind: InputDecision, Decision: DecisionReplan, Observation: vanished()})
		got := types(ev)
		if got[0] != "stateChanged:replanning" || got[1] != "planReady" {
			t.Fatalf("events %v", got)
		}
		// "Save" is not on the page any more: the new plan asks which element is meant.
		if out.Kind != OutputAsk || st.Cursor != 1 {
			t.Fatalf("out %+v cursor %d", out, st.Cursor)
		}
	})
	t.Run("abort returns to idle", func(t *testing.T) {
		ag, st, _, _ := midExecAfterVanish(t)
		st, out, _ := stepT(t, ag, st, Input{Kind: InputDecision, Decision: DecisionAbort, Observation: vanished()})
		if out.Kind != OutputDone || st.Phase != PhaseCancelled || st.MidExec != nil || st.Pending != nil {
			t.Fatalf("out %+v phase %s", out, st.Phase)
		}
	})
	t.Run("state persists across restarts", func(t *testing.T) {
		ag, st, out, _ := midExecAfterVanish(t)
		b, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		var back State
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		back2, out2, _ := stepT(t, ag, back, Input{Kind: InputResume, Observation: vanished()})
		if out2.Kind != OutputMidExecDialog || out2.MidExec.RequestID != out.MidExec.RequestID || back2.Phase != PhaseMidExecDialog {
			t.Fatalf("after restart: %+v", out2)
		}
		_, out3, _ := stepT(t, ag, back2, Input{Kind: InputDecision, Decision: DecisionRetry, Observation: vanished()})
		if got := actions(out3); !reflect.DeepEqual(got, []string{`click("18")`}) {
			t.Fatalf("retry after restart: %v", got)
		}
	})
}

// midExecAfterVanish runs "type Jas, click Save" where Save vanished before the click.
func midExecAfterVanish(t *testing.T) (*Agent, State, Output, []Event) {
	t.Helper()
	ag, st, out, _ := startWith(t, Settings{}, "Type 'Jas' into Name and click Save", formPage)
	after := vanished()
	st, out, ev := stepT(t, ag, st, Input{Kind: InputObserved, Observation: after, Result: notFoundResult(out.Actions, after, 1)})
	return ag, st, out, ev
}

type fakeCritic struct {
	scores  []float64
	scored  int
	refines int
}

func (c *fakeCritic) Score(_ context.Context, _ PlanView) (Feedback, error) {
	s := c.scores[min(c.scored, len(c.scores)-1)]
	c.scored++
	return Feedback{Score: s, Suggestions: []string{"be specific"}}, nil
}

func (c *fakeCritic) Refine(_ context.Context, p PlanView, _ Feedback) (PlanView, error) {
	c.refines++
	return PlanView{Steps: []string{"v" + string(rune('0'+c.refines))}}, nil
}
