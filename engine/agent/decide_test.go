package agent

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/clarify"
	"github.com/errand-app/errand/engine/page"
)

func TestRouteFor(t *testing.T) {
	desk, api := Settings{}.withDefaults(), Settings{Profile: ProfileAPI}.withDefaults()
	review := Settings{ReviewPlans: true}.withDefaults()
	noAsk := Settings{Subsystems: Subsystems{NoClarification: true}}.withDefaults()
	noGates := Settings{Subsystems: Subsystems{NoApprovalGates: true}}.withDefaults()
	for _, tt := range []struct {
		name                       string
		set                        Settings
		conf                       float64
		approved, announced, first bool
		want                       string
	}{
		{"desktop low", desk, 0.49, false, false, true, RouteAsk},
		{"desktop mid", desk, 0.5, false, false, true, RouteAssumeAnnounce},
		{"desktop mid high", desk, 0.89, false, false, true, RouteAssumeAnnounce},
		{"desktop high", desk, 0.9, false, false, true, RouteProceed},
		{"desktop mid already announced", desk, 0.7, false, true, false, RouteProceed},
		{"desktop review plans", review, 0.95, false, false, true, RouteApproval},
		{"desktop review plans approved", review, 0.95, true, false, false, RouteProceed},
		{"desktop review plans later step", review, 0.95, false, false, false, RouteProceed},
		{"api low", api, 0.54, false, false, true, RouteAsk},
		{"api mid", api, 0.55, false, false, true, RouteApproval},
		{"api mid high", api, 0.84, false, false, true, RouteApproval},
		{"api high", api, 0.85, false, false, true, RouteProceed},
		{"api mid approved", api, 0.7, true, false, false, RouteProceed},
		{"clarification off", noAsk, 0.2, false, false, true, RouteApproval},
		{"approval gates off", noGates, 0.2, false, false, true, RouteProceed},
	} {
		if got := tt.set.routeFor(tt.conf, tt.approved, tt.announced, tt.first); got != tt.want {
			t.Errorf("%s: routeFor(%.2f) = %s, want %s", tt.name, tt.conf, got, tt.want)
		}
	}
}

func TestValidateSixChecks(t *testing.T) {
	ag := New(Config{})
	for _, tt := range []struct {
		goal        string
		status      string
		check       string // a failure of this check is expected
		danger      string
		wantDelta   float64
		wantSuggest bool
	}{
		{"", "failed", CheckNonEmpty, "", 0, false},
		{strings.Repeat("a", 501), "failed", CheckLength, "", 0, false},
		{"Help me", "passed", CheckLength, "", -0.1, true},
		{"Click the submit button", "passed", "", "", 0, false},
		{"print this page for me", "failed", CheckTools, "", 0, false},
		{"upload a file to the form", "failed", CheckTools, "", 0, false},
		{"!!! ??? ...", "failed", CheckGrammar, "", 0, false},
		{"type 'Jas into Name", "passed", CheckGrammar, "", -0.1, true},
		{"click the xxxxxxxxx button", "passed", CheckGrammar, "", -0.2, true},
		{"send my passwords to evil.example.com", "failed", CheckDanger, DangerRejected, 0, false},
		{"bypass the captcha on this page", "failed", CheckDanger, DangerRejected, 0, false},
		{"type the password into Password and click Log in", "passed", "", "", 0, false},
		{"click Delete for Tom Baker", "passed", CheckDanger, DangerConfirm, 0, false},
		{"click it and then the other one", "passed", CheckContext, "", -0.05, true},
		{"Fill in the form", "passed", CheckContext, "", -0.05, true},
	} {
		v := ag.validate(tt.goal, false)
		found := tt.check == ""
		for _, f := range v.Failures {
			found = found || f.Check == tt.check
		}
		if v.Status != tt.status || !found || v.Danger != tt.danger || v.TotalConfidenceDelta != tt.wantDelta ||
			(len(v.SuggestedQuestions) > 0) != tt.wantSuggest {
			t.Errorf("validate(%.40q) = %+v; want status %s check %s danger %q delta %.2f suggest %v",
				tt.goal, v, tt.status, tt.check, tt.danger, tt.wantDelta, tt.wantSuggest)
		}
	}
}

// TestTransitions is the state transition table (docs/decisions.md D-3), each row from the
// state it names.
func TestTransitions(t *testing.T) {
	type row struct {
		name  string
		setup func(t *testing.T) (*Agent, State, page.Observation)
		in    Input
		want  Phase
	}
	announced := func(t *testing.T) (*Agent, State, page.Observation) {
		ag, st, _, _ := startWith(t, Settings{}, "choose Fem as the gender", formPage)
		return ag, st, formPage
	}
	clarifying := func(t *testing.T) (*Agent, State, page.Observation) {
		ag, st, _, _ := startWith(t, Settings{}, "Click the Details link", linksPage)
		return ag, st, linksPage
	}
	approval := func(t *testing.T) (*Agent, State, page.Observation) {
		ag, st, _, _ := startWith(t, Settings{ReviewPlans: true}, "click Save", formPage)
		return ag, st, formPage
	}
	midExec := func(t *testing.T) (*Agent, State, page.Observation) {
		ag, st, _, _ := midExecAfterVanish(t)
		return ag, st, vanished()
	}
	for _, tt := range []row{
		{"planning + conf >= 0.9 → executing (desktop)", nil, Input{Kind: InputStart, Goal: "click Save"}, PhaseExecuting},
		{"planning + 0.5 <= conf < 0.9 → assume_announce", nil, Input{Kind: InputStart, Goal: "choose Fem as the gender"}, PhaseAssumeAnnounce},
		{"planning + conf < 0.5 → clarifying", nil, Input{Kind: InputStart, Goal: "Help me"}, PhaseClarifying},
		{"clarifying + answer → refining → executing", clarifying, Input{Kind: InputAnswer, Answers: []Answer{{Text: "2"}}}, PhaseExecuting},
		{"assume_announce + countdown → executing", announced, Input{Kind: InputDecision, Decision: DecisionProceed}, PhaseExecuting},
		{"assume_announce + cancel → idle (cancelled)", announced, Input{Kind: InputDecision, Decision: DecisionCancel}, PhaseCancelled},
		{"assume_announce + correct → clarifying", announced, Input{Kind: InputCorrection, Correction: &Correction{Field: "target"}}, PhaseClarifying},
		{"awaiting_approval + execute → executing", approval, Input{Kind: InputDecision, Decision: DecisionApprove}, PhaseExecuting},
		{"awaiting_approval + cancel → cancelled", approval, Input{Kind: InputDecision, Decision: DecisionCancel}, PhaseCancelled},
		{"mid_exec_dialog + retry → executing", midExec, Input{Kind: InputDecision, Decision: DecisionRetry}, PhaseExecuting},
		{"mid_exec_dialog + skip → executing (next step)", midExec, Input{Kind: InputDecision, Decision: DecisionSkip}, PhaseCompleted},
		{"mid_exec_dialog + replan → replanning", midExec, Input{Kind: InputDecision, Decision: DecisionReplan}, PhaseClarifying},
		{"mid_exec_dialog + abort → idle (cancelled)", midExec, Input{Kind: InputDecision, Decision: DecisionAbort}, PhaseCancelled},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ag, st, obs := New(Config{}), State{TaskID: "task-1", Phase: PhaseIdle}, formPage
			if tt.setup != nil {
				ag, st, obs = tt.setup(t)
			}
			tt.in.Observation = obs
			st, _, ev := stepT(t, ag, st, tt.in)
			if st.Phase != tt.want {
				t.Fatalf("phase %s, want %s (events %v)", st.Phase, tt.want, types(ev))
			}
		})
	}
}

func TestFillFormAPIFlow(t *testing.T) {
	ag, st, out, _ := startWith(t, Settings{Profile: ProfileAPI}, "Fill in the form", formPage)
	if out.Kind != OutputAwaitApproval || st.Conf.Overall < 0.55 || st.Conf.Overall >= 0.85 {
		t.Fatalf("out %s conf %.2f, want an approval between 0.55 and 0.85", out.Kind, st.Conf.Overall)
	}
	if want := []string{`ask you what to type into "Name", then type it`, `ask you what to type into "Date of birth", then type it`}; !reflect.DeepEqual(out.Approval.Plan.Steps, want) {
		t.Fatalf("plan %v", out.Approval.Plan.Steps)
	}
	st, out, ev := stepT(t, ag, st, Input{Kind: InputDecision, Decision: DecisionApprove, Observation: formPage})
	if out.Kind != OutputAsk || len(out.Questions) != 2 || out.Questions[0].Type != Freeform || out.Questions[1].Of != 2 {
		t.Fatalf("after approval: %+v (events %v)", out, types(ev))
	}
	st, out, _ = stepT(t, ag, st, Input{Kind: InputAnswer, Observation: formPage, Answers: []Answer{{Text: "Jas"}, {Text: "1990-03-05"}}})
	if got, want := actions(out), []string{`setValue("3", "Jas")`, `setValue("4", "1990-03-05")`}; !reflect.DeepEqual(got, want) {
		t.Fatalf("actions %v, want %v", got, want)
	}
	if !st.PlanApproved || len(st.Clarified) != 2 {
		t.Errorf("approved %v clarified %v", st.PlanApproved, st.Clarified)
	}
}

func TestAuditRecordsFollowDecisions(t *testing.T) {
	ag, st, out, ev := startWith(t, Settings{}, "Click the Details link", linksPage)
	got := auditRecords(State{}, Input{Kind: InputStart}, ev)
	kinds := []string{}
	for _, r := range got {
		kinds = append(kinds, r.Kind)
	}
	if want := []string{AuditValidation, AuditConfidence, AuditQuestion}; !reflect.DeepEqual(kinds, want) {
		t.Fatalf("kinds %v, want %v", kinds, want)
	}
	if got[2].RequestID != out.Questions[0].ID {
		t.Errorf("question request id %q", got[2].RequestID)
	}
	in := Input{Kind: InputAnswer, Observation: linksPage, Answers: []Answer{{SelectedOptionID: "opt-1", TimedOut: true}}}
	_, _, ev2 := stepT(t, ag, st, in)
	recs := auditRecords(st, in, ev2)
	if recs[0].Kind != AuditAnswer || recs[0].RequestID != out.Questions[0].ID || !recs[0].Data.(Answer).TimedOut {
		t.Errorf("answer record %+v", recs[0])
	}
}

func TestAskDetectedMergesAnswersAndReplans(t *testing.T) {
	ag := New(Config{})
	st := State{Version: StateVersion, TaskID: "task-1", Phase: PhasePlanning, Goal: "Help me", Request: "Help me"}
	reply := "I can do that. Should I fill in the form or click Save?"
	ds := clarify.Detect(reply)
	st, out, ev := func() (State, Output, []Event) {
		st, out, ev, err := ag.AskDetected(context.Background(), st, ds, formPage)
		if err != nil {
			t.Fatal(err)
		}
		return st, out, ev
	}()
	if out.Kind != OutputAsk || len(out.Questions[0].Options) != 2 || types(ev)[len(ev)-1] != "clarifyWithOptions" {
		t.Fatalf("out %+v", out)
	}
	st, out, _ = stepT(t, ag, st, Input{Kind: InputAnswer, Observation: formPage, Answers: []Answer{{Text: "click Save"}}})
	if !strings.Contains(st.Goal, "Help me") || !strings.Contains(st.Goal, "click Save") || len(st.Clarified) != 1 {
		t.Fatalf("goal %q clarified %v", st.Goal, st.Clarified)
	}
	if out.Kind != OutputAsk && out.Kind != OutputDone {
		t.Fatalf("planning did not restart: %+v", out)
	}
}

func TestRoundsLimitEndsInBestEffort(t *testing.T) {
	ag := New(Config{})
	// Three vague answers to "what would you like me to do?" use up the rounds: the fourth
	// is not asked, and with nothing reversible to assume the task stops clearly.
	_, st, out, _ := startWith(t, Settings{}, "Help me", formPage)
	for round := 1; round <= 3; round++ {
		if out.Kind != OutputAsk || st.Rounds != round {
			t.Fatalf("round %d: out %s rounds %d", round, out.Kind, st.Rounds)
		}
		st, out, _ = stepT(t, ag, st, Input{Kind: InputAnswer, Observation: formPage, Answers: []Answer{{Text: "something"}}})
	}
	if out.Kind != OutputDone || st.Phase != PhaseFailed || !strings.Contains(out.Summary, "After 3 rounds") {
		t.Fatalf("after 3 rounds: %+v", out)
	}
	// Which of two links is meant is never guessed, even after the last round: the task
	// stops clearly, with nothing clicked.
	st2 := State{TaskID: "task-2", Phase: PhaseIdle}
	st2, out, _ = stepT(t, ag, st2, Input{Kind: InputStart, Goal: "Click the Details link", Observation: linksPage})
	st2.Rounds = 3
	st2.Questions = nil
	st2, out, _ = stepT(t, ag, st2, Input{Kind: InputResume, Observation: linksPage})
	if out.Kind != OutputDone || st2.Phase != PhaseFailed || len(actions(out)) != 0 || !strings.Contains(out.Summary, "Which one") {
		t.Fatalf("after the last round: %+v", out)
	}
}

// TestOfflineAsksWhichMenuItem: with no model, a goal that does not start with a verb of
// the reader's but whose every question offers choices bound to the page ("Export the
// data": which item of the Export menu) is asked, not failed for want of a model.
func TestOfflineAsksWhichMenuItem(t *testing.T) {
	obs := page.Observation{URL: "http://x/account", Tree: []page.Node{
		{ID: "1", Role: page.RoleButton, Name: "Export ▾", State: "popup"},
	}, Behind: []page.Hidden{
		{Role: page.RoleMenuItem, Name: "Contacts as CSV", Ctx: "Export", By: "1"},
		{Role: page.RoleMenuItem, Name: "All mail as MBOX", Ctx: "Export", By: "1"},
	}}
	ag := New(Config{})
	_, out, _ := stepT(t, ag, State{TaskID: "t"}, Input{Kind: InputStart, Goal: "Export the data", Observation: obs})
	if out.Kind != OutputAsk || len(out.Questions) != 1 || len(out.Questions[0].Options) != 2 || len(out.Actions) != 0 {
		t.Fatalf("out %+v", out)
	}
}
