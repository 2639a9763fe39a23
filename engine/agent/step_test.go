package agent

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

var formPage = page.Observation{URL: "http://clinic.test/patients/new", Title: "New patient", DOMHash: "h1", Tree: []page.Node{
	{ID: "1", Role: "link", Name: "Patients", Value: "/patients"},
	{ID: "2", Role: "link", Name: "New patient", Value: "/patients/new"},
	{ID: "3", Role: "inp", Name: "Name", State: "required"},
	{ID: "4", Role: "inp", Name: "Date of birth", Type: "date"},
	{ID: "5", Role: "sel", Name: "Gender", Value: "Select…", Options: []string{"Select…", "Female", "Male", "Other"}},
	{ID: "8", Role: "btn", Name: "Save", Type: "submit"},
}}

var linksPage = page.Observation{URL: "http://clinic.test/links", Title: "Links", DOMHash: "h2", Tree: []page.Node{
	{ID: "12", Role: "link", Name: "Details", Ctx: "Lab results", Value: "/details/lab"},
	{ID: "13", Role: "link", Name: "Details", Ctx: "Prescriptions", Value: "/details/rx"},
}}

var listPage = page.Observation{URL: "http://clinic.test/patients", Title: "Patients", DOMHash: "h3", Tree: []page.Node{
	{ID: "2", Role: "link", Name: "New patient", Value: "/patients/new"},
	{ID: "10", Role: "btn", Name: "Delete", Ctx: "Maria Lopez"},
	{ID: "11", Role: "btn", Name: "Delete", Ctx: "Tom Baker"},
}}

func start(t *testing.T, goal string, obs page.Observation) (State, Output, []Event) {
	t.Helper()
	st, out, ev, err := New(Config{}).Step(context.Background(), State{TaskID: "task-1", Phase: PhaseIdle}, Input{Kind: InputStart, Goal: goal, Observation: obs})
	if err != nil {
		t.Fatal(err)
	}
	return st, out, ev
}

func types(ev []Event) []string {
	var out []string
	for _, e := range ev {
		s := string(e.Type)
		if sc, ok := e.Payload.(StateChanged); ok {
			s += ":" + string(sc.To)
		}
		out = append(out, s)
	}
	return out
}

func actions(out Output) []string {
	var s []string
	for _, a := range out.Actions {
		s = append(s, a.String())
	}
	return s
}

// outcomes fakes what the browser reports after a chain: every action succeeded and the
// page reacted as told.
func outcomes(chain []page.Action, after page.Observation, o page.Observations) *page.ChainResult {
	res := &page.ChainResult{FailedIndex: -1, Observations: o}
	for _, a := range chain {
		out := page.Outcome{Index: a.Index, Action: a, URLBefore: "x", URLAfter: after.URL, Observations: o}
		if n, ok := after.Node(a.ID); ok {
			out.Target = &n
		}
		res.Outcomes = append(res.Outcomes, out)
	}
	return res
}

func TestStepFastPathCompletes(t *testing.T) {
	st, out, ev := start(t, "Type 'Jas' into the Name field and click Save", formPage)
	wantEv := []string{"stateChanged:planning", "validation", "planReady", "confidenceReport", "stateChanged:executing", "stepStarted"}
	if got := types(ev); !reflect.DeepEqual(got, wantEv) {
		t.Fatalf("events = %v, want %v", got, wantEv)
	}
	if got, want := actions(out), []string{`setValue("3", "Jas")`, `click("8")`}; !reflect.DeepEqual(got, want) {
		t.Fatalf("actions = %v, want %v", got, want)
	}
	if st.Conf.Overall < 0.9 || st.Conf.Recommendation != RouteProceed {
		t.Errorf("confidence = %+v, want ≥ 0.9 proceed", st.Conf)
	}
	after := formPage
	after.Tree = append([]page.Node(nil), formPage.Tree...)
	after.Tree[2].Value = "Jas"
	after.Messages, after.HasSuccess, after.DOMHash = []string{"Patient Jas saved"}, true, "h9"
	st, out, ev, err := New(Config{}).Step(context.Background(), st, Input{Kind: InputObserved, Observation: after,
		Result: outcomes(out.Actions, after, page.Observations{DidNetworkOccur: true, DidDomMutate: true})})
	if err != nil {
		t.Fatal(err)
	}
	if out.Kind != OutputDone || st.Phase != PhaseCompleted {
		t.Fatalf("out = %+v, phase %s", out, st.Phase)
	}
	if got, want := types(ev), []string{"stepVerified", "stepVerified", "stateChanged:completed"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("events = %v, want %v", got, want)
	}
	if !strings.Contains(out.Summary, "Patient Jas saved") || !strings.Contains(out.Summary, `typed "Jas"`) {
		t.Errorf("summary = %q", out.Summary)
	}
	if len(st.History) != 2 || st.Cursor != 2 {
		t.Errorf("history %d cursor %d", len(st.History), st.Cursor)
	}
}

func TestStepAsksInsteadOfGuessing(t *testing.T) {
	tests := []struct {
		goal, answer string
		obs          page.Observation
		wantOptions  int
		wantAct      []string
	}{
		{"Click the link", "Prescriptions", linksPage, 2, []string{`click("13")`}},
		{"Click the Details link", "2", linksPage, 2, []string{`click("13")`}},
		{"Click the Details link", "Lab results", linksPage, 2, []string{`click("12")`}},
		{"type 'x' into it", "Name", formPage, 2, []string{`setValue("3", "x")`}},
	}
	for _, tt := range tests {
		t.Run(tt.goal+"/"+tt.answer, func(t *testing.T) {
			st, out, ev := start(t, tt.goal, tt.obs)
			if out.Kind != OutputAsk || len(out.Actions) != 0 {
				t.Fatalf("out = %+v, want a question and no actions", out)
			}
			q := out.Questions[0]
			// The reader's questions have no default: a countdown never picks an element.
			if len(q.Options) != tt.wantOptions || !q.AllowFreeform || q.Default != "" || q.Binds != bindsReading {
				t.Fatalf("question = %+v", q)
			}
			if st.Phase != PhaseClarifying || !strings.HasPrefix(q.ID, "clar-") {
				t.Fatalf("phase %s id %s", st.Phase, q.ID)
			}
			if got := types(ev); got[len(got)-1] != "clarifyWithOptions" || got[len(got)-2] != "stateChanged:clarifying" {
				t.Fatalf("events = %v", got)
			}
			st, out, _, err := New(Config{}).Step(context.Background(), st, Input{Kind: InputAnswer, Observation: tt.obs, Answers: []Answer{{Text: tt.answer}}})
			if err != nil {
				t.Fatal(err)
			}
			if got := actions(out); !reflect.DeepEqual(got, tt.wantAct) {
				t.Fatalf("after answer %q: actions %v (out %+v), want %v", tt.answer, got, out, tt.wantAct)
			}
			if st.Questions != nil || st.Phase != PhaseExecuting {
				t.Errorf("questions %v phase %s", st.Questions, st.Phase)
			}
		})
	}
}

func TestStepRiskyActionNeedsConfirm(t *testing.T) {
	for _, tt := range []struct {
		answer    Answer
		wantPhase Phase
		wantAct   []string
	}{
		{Answer{SelectedOptionID: "opt-yes"}, PhaseExecuting, []string{`click("11")`}},
		{Answer{SelectedOptionID: "opt-no"}, PhaseCancelled, nil},
		{Answer{SelectedOptionID: "opt-no", TimedOut: true}, PhaseCancelled, nil},
		{Answer{Text: "whatever"}, PhaseCancelled, nil},
	} {
		st, out, _ := start(t, "click Delete for Tom Baker", listPage)
		if out.Kind != OutputAsk || out.Questions[0].Type != Confirm || out.Questions[0].Default != "opt-no" {
			t.Fatalf("out = %+v, want a confirm defaulting to no", out)
		}
		if st.Phase != PhaseAwaitingApproval || !st.Conf.HighRisk || st.Conf.Overall > 0.7 {
			t.Fatalf("phase %s conf %+v", st.Phase, st.Conf)
		}
		st, out, _, err := New(Config{}).Step(context.Background(), st, Input{Kind: InputAnswer, Observation: listPage, Answers: []Answer{tt.answer}})
		if err != nil {
			t.Fatal(err)
		}
		if st.Phase != tt.wantPhase || !reflect.DeepEqual(actions(out), tt.wantAct) {
			t.Errorf("answer %+v: phase %s actions %v", tt.answer, st.Phase, actions(out))
		}
	}
}

func TestStepRejectsBadGoals(t *testing.T) {
	for _, tt := range []struct{ goal, want string }{
		{"", "empty"},
		{"   ", "empty"},
		{strings.Repeat("click Save and ", 40), "limit is 500"},
		{"Book the cheapest flight to Paris for next Friday", "needs a model"},
	} {
		st, out, _ := start(t, tt.goal, formPage)
		if st.Phase != PhaseFailed || out.Kind != OutputDone || !strings.Contains(out.Summary, tt.want) {
			t.Errorf("goal %.30q: phase %s summary %q, want failed with %q", tt.goal, st.Phase, out.Summary, tt.want)
		}
	}
	// Offline, a goal read only in part asks about the rest instead of failing, and runs
	// nothing until it is answered.
	for _, tt := range []struct{ goal, want string }{
		{"Add a new patient with name 'Jas'", "patient"},
		{"click Frobnicate", "Frobnicate"},
	} {
		st, out, _ := start(t, tt.goal, formPage)
		if out.Kind != OutputAsk || len(out.Actions) != 0 || !strings.Contains(out.Questions[0].Text, tt.want) {
			t.Errorf("goal %q: phase %s out %+v, want a question about %q", tt.goal, st.Phase, out, tt.want)
		}
	}
}

func TestStepChainsStopAtNavigation(t *testing.T) {
	st, out, _ := start(t, "Click New patient, then type 'Lee' into Name and press Enter", listPage)
	if got := actions(out); !reflect.DeepEqual(got, []string{`click("2")`}) {
		t.Fatalf("first chain = %v", got)
	}
	st, out, _, err := New(Config{}).Step(context.Background(), st, Input{Kind: InputObserved, Observation: formPage,
		Result: outcomes(out.Actions, formPage, page.Observations{DidURLChange: true})})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := actions(out), []string{`setValue("3", "Lee")`, `press("Enter")`}; !reflect.DeepEqual(got, want) {
		t.Fatalf("second chain = %v, want %v", got, want)
	}
	if st.Step != 2 || st.Cursor != 1 {
		t.Errorf("step %d cursor %d", st.Step, st.Cursor)
	}
}

// TestStepDeferredClauseExpands: a list named for a tab that is not open yet runs as one
// tick per item once the tab shows them, all in the same chain.
func TestStepDeferredClauseExpands(t *testing.T) {
	prefs := page.Observation{URL: "http://app.test/prefs", Title: "Preferences", DOMHash: "p1", Tree: []page.Node{
		{ID: "1", Role: "tab", Name: "General", State: "selected"},
		{ID: "2", Role: "tab", Name: "Notifications"},
		{ID: "3", Role: "inp", Name: "Display name"},
	}}
	st, out, _ := start(t, "On the Notifications tab tick Comments, Mentions and Weekly digest", prefs)
	if got := actions(out); !reflect.DeepEqual(got, []string{`click("2")`}) {
		t.Fatalf("first chain = %v", got)
	}
	shown := prefs
	shown.DOMHash = "p2"
	shown.Tree = []page.Node{
		{ID: "1", Role: "tab", Name: "General"},
		{ID: "2", Role: "tab", Name: "Notifications", State: "selected"},
		{ID: "7", Role: "chk", Name: "Comments"},
		{ID: "8", Role: "chk", Name: "Mentions"},
		{ID: "9", Role: "chk", Name: "Weekly digest"},
	}
	st, out, _, err := New(Config{}).Step(context.Background(), st, Input{Kind: InputObserved, Observation: shown,
		Result: outcomes(out.Actions, shown, page.Observations{DidDomMutate: true})})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := actions(out), []string{`check("7")`, `check("8")`, `check("9")`}; !reflect.DeepEqual(got, want) {
		t.Fatalf("second chain = %v, want %v (%+v)", got, want, out)
	}
	if len(st.Commands) != 4 {
		t.Errorf("commands %d, want the tab and three ticks", len(st.Commands))
	}
}

func TestStepVerificationFailures(t *testing.T) {
	ag := New(Config{})
	st, out, _ := start(t, "Type 'Jas' into Name and click Save", formPage)
	chain := out.Actions

	// The value did not stick: the mid-execution dialog names what it saw.
	wrong := formPage
	wrong.Tree = append([]page.Node(nil), formPage.Tree...)
	wrong.Tree[2].Value = "J"
	st2, out2, _, _ := ag.Step(context.Background(), st, Input{Kind: InputObserved, Observation: wrong,
		Result: outcomes(chain, wrong, page.Observations{DidDomMutate: true})})
	if st2.Phase != PhaseMidExecDialog || out2.MidExec == nil || !strings.Contains(out2.MidExec.FailedStep.Error, `holds "J", not "Jas"`) {
		t.Errorf("phase %s dialog %+v", st2.Phase, out2.MidExec)
	}

	// A new error message after the last action fails the step.
	errPage := formPage
	errPage.Tree = append([]page.Node(nil), formPage.Tree...)
	errPage.Tree[2].Value = "Jas"
	errPage.HasErrors, errPage.Messages = true, []string{"Phone is required"}
	st3, out3, _, _ := ag.Step(context.Background(), st, Input{Kind: InputObserved, Observation: errPage,
		Result: outcomes(chain, errPage, page.Observations{DidDomMutate: true})})
	if st3.Phase != PhaseMidExecDialog || out3.MidExec == nil || !strings.Contains(out3.MidExec.FailedStep.Error, "Phone is required") {
		t.Errorf("phase %s dialog %+v", st3.Phase, out3.MidExec)
	}

	// A vanished element is retried on the fresh page, with the partial chain kept.
	res := outcomes(chain, formPage, page.Observations{})
	res.Outcomes[0].Target = &page.Node{ID: "3", Role: "inp", Name: "Name", Value: "Jas"}
	res.Outcomes[1].Err = &page.ActionError{Kind: page.ErrNotFound, Index: 1, Message: "no element 8"}
	res.FailedIndex = 1
	st4, out4, _, _ := ag.Step(context.Background(), st, Input{Kind: InputObserved, Observation: formPage, Result: res})
	if st4.Cursor != 1 || st4.Retries != 1 || !reflect.DeepEqual(actions(out4), []string{`click("8")`}) {
		t.Errorf("cursor %d retries %d actions %v", st4.Cursor, st4.Retries, actions(out4))
	}
}

func TestStepResumeReresolves(t *testing.T) {
	st, out, _ := start(t, "Type 'Jas' into Name and click Save", formPage)
	if st.Pending == nil {
		t.Fatal("no pending chain")
	}
	// After a restart the same page got new ids.
	fresh := formPage
	fresh.Tree = append([]page.Node(nil), formPage.Tree...)
	fresh.Tree[2].ID, fresh.Tree[5].ID = "30", "80"
	_ = out
	st, out, _, err := New(Config{}).Step(context.Background(), st, Input{Kind: InputResume, Observation: fresh})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := actions(out), []string{`setValue("30", "Jas")`, `click("80")`}; !reflect.DeepEqual(got, want) {
		t.Fatalf("resumed chain = %v, want %v", got, want)
	}
	if st.Step != 1 {
		t.Errorf("step = %d, want 1: the chain never started, so its number is reused", st.Step)
	}
}

func TestEventMarshalsFlat(t *testing.T) {
	b, err := Event{Type: EventStateChanged, TaskID: "t", Seq: 3, Payload: StateChanged{From: PhaseIdle, To: PhasePlanning}}.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"type":"stateChanged","taskId":"t","seq":3,"from":"idle","to":"planning"}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
}

func TestISODate(t *testing.T) {
	for in, want := range map[string]string{"1990-03-05": "1990-03-05", "05/03/1990": "1990-05-03",
		"25/12/2001": "2001-12-25", "March 5, 1990": "1990-03-05", "5 March 1990": "1990-03-05"} {
		if got, ok := isoDate(in); !ok || got != want {
			t.Errorf("isoDate(%q) = %q %v, want %q", in, got, ok, want)
		}
	}
}
