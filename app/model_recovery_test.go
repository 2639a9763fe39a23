package app

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/llm/fakeollama"
)

// fillName scripts a one-step plan on the open patient form.
func (r *modelRig) fillName() {
	t := r.t
	r.ollama.Script("PLANNING", plan(0.95, [2]string{"Type 'Jas' into Name and click Save", ""}))
	r.ollama.Handle("REFINEMENT", func(req fakeollama.Request) fakeollama.Reply {
		u := req.User()
		return saveJas(t, u)
	})
	r.ollama.Script("VERIFICATION", verified(true, 0.9, "saved"))
}

func TestModelCorrectsAFailedClick(t *testing.T) {
	r := newModelRig(t)
	r.fillName()
	// The first keystroke replaces Save with Submit; the correction must find it.
	r.ollama.Handle("SELF_CORRECTION", func(req fakeollama.Request) fakeollama.Reply {
		u := req.User()
		return fakeollama.JSON(map[string]any{"thought": "Save became Submit", "confidence": 0.9,
			"actions": []map[string]string{{"action": fmt.Sprintf("click(%s)", idOf(t, u, "Submit")), "description": "Click Submit"}}})
	})
	res := r.run("Add a new patient with name 'Jas'", "/patients/new?redesign=1")
	if res.Status != agent.PhaseCompleted {
		t.Fatalf("status %s: %s", res.Status, res.Summary)
	}
	if got := names(r.site.Patients()); !strings.HasSuffix(got, ",Jas") {
		t.Errorf("patients = %s, want Jas saved", got)
	}
	if n := r.ollama.CallsFor("SELF_CORRECTION"); n != 1 {
		t.Errorf("%d correction calls, want 1", n)
	}
	sc := r.eventsOf(agent.EventSelfCorrection)
	if len(sc) != 2 {
		t.Fatalf("selfCorrection events = %+v, want the fix and its verification", sc)
	}
	fix, done := sc[0].Payload.(agent.SelfCorrection), sc[1].Payload.(agent.SelfCorrection)
	if fix.Verified || !done.Verified || !strings.HasPrefix(fix.Failed, "click(") || done.Actions[0] != "Click Submit" {
		t.Errorf("corrections = %+v then %+v", fix, done)
	}
	// The correction is in the task's stored record, for the skills memory to learn from.
	evs, err := r.db.Events(t.Context(), "task-model", -1)
	if err != nil {
		t.Fatal(err)
	}
	stored := 0
	for _, e := range evs {
		if e.Type == string(agent.EventSelfCorrection) {
			stored++
		}
	}
	if stored != 2 {
		t.Errorf("%d selfCorrection events stored, want 2", stored)
	}
}

func TestModelReplansAfterAnUnexpectedPage(t *testing.T) {
	r := newModelRig(t)
	r.ollama.Script("PLANNING", plan(0.95, [2]string{"Click New patient", "Name"}, [2]string{"Type 'Jas' into Name and click Save", ""}))
	r.ollama.Handle("REFINEMENT", func(req fakeollama.Request) fakeollama.Reply {
		u := req.User()
		switch {
		case onPage(u, "/patients"): // a wrong click: Reports instead of New patient
			return refinement("Name", 1, act{fmt.Sprintf("click(%s)", idOf(t, u, "Reports")), "Click New patient"})
		case onPage(u, "/reports"):
			return refinement("Name", 1, act{fmt.Sprintf("click(%s)", idOf(t, u, "New patient")), "Open the form"})
		}
		return saveJas(t, u)
	})
	r.ollama.Script("REPLANNING", fakeollama.JSON(map[string]any{"decision": "modify", "reason": "Reports opened instead",
		"steps": []string{"Open the new patient form", "Type 'Jas' into Name and click Save"}}))
	r.ollama.Script("VERIFICATION", verified(true, 0.9, "saved"))
	res := r.run("Add a new patient with name 'Jas'", "/patients")
	if res.Status != agent.PhaseCompleted {
		t.Fatalf("status %s: %s", res.Status, res.Summary)
	}
	if got := names(r.site.Patients()); !strings.HasSuffix(got, ",Jas") {
		t.Errorf("patients = %s, want Jas saved", got)
	}
	rp := r.eventsOf(agent.EventReplanned)
	if len(rp) != 1 {
		t.Fatalf("replanned events = %+v, want 1", rp)
	}
	if p := rp[0].Payload.(agent.Replanned); p.Decision != "modify" || !strings.Contains(p.Trigger, `"Name"`) || !strings.Contains(p.Trigger, "/reports") {
		t.Errorf("replanned = %+v", p)
	}
	// After a re-plan the final check is the full one.
	if gv := r.eventsOf(agent.EventGoalVerified); len(gv) != 1 || gv[0].Payload.(agent.GoalVerified).Tier != 3 {
		t.Errorf("goalVerified = %+v, want Tier 3", gv)
	}
}

func TestModelAsksForAMissingValue(t *testing.T) {
	r := newModelRig(t)
	var asked []string
	r.answer = func(o agent.Output) agent.Input {
		for _, q := range o.Questions {
			asked = append(asked, q.Text)
		}
		return agent.Input{Answers: []agent.Answer{{QuestionID: o.Questions[0].ID, Text: "Jas"}}}
	}
	r.ollama.Script("PLANNING", plan(0.95, [2]string{"Type the patient's name into Name and click Save", ""}))
	r.ollama.Handle("REFINEMENT", func(req fakeollama.Request) fakeollama.Reply {
		u := req.User()
		if !strings.Contains(u, "Answer: Jas") {
			return fakeollama.JSON(map[string]any{"thought": "", "actions": []any{}, "coversSteps": 0,
				"missingInfo": "MISSING_INFO: patient's name", "nextGoal": "", "confidence": 0.5})
		}
		return saveJas(t, u)
	})
	r.ollama.Script("VERIFICATION", verified(true, 0.9, "saved"))
	res := r.run("Register the new patient in the clinic", "/patients/new")
	if res.Status != agent.PhaseCompleted {
		t.Fatalf("status %s: %s", res.Status, res.Summary)
	}
	if len(asked) != 1 || !strings.Contains(asked[0], "patient's name") {
		t.Errorf("asked %q, want one question about the patient's name", asked)
	}
	if got := names(r.site.Patients()); !strings.HasSuffix(got, ",Jas") {
		t.Errorf("patients = %s, want Jas saved", got)
	}
	if n := r.ollama.CallsFor("PLANNING"); n != 1 {
		t.Errorf("%d planning calls: the answer should refine the step, not plan again", n)
	}
}

// TestModelFailuresEndClearly: malformed, slow, failing, missing and absent models end
// in a repair or a clear failure, never a hang, and nothing is saved by a failed task.
func TestModelFailuresEndClearly(t *testing.T) {
	tests := []struct {
		name    string
		script  func(r *modelRig)
		status  agent.Phase
		summary string
		calls   int
	}{
		{"malformed twice", func(r *modelRig) {
			r.ollama.Script("PLANNING", fakeollama.Text("Sure! Here is the plan:"), fakeollama.Text(`{"steps": [`))
		}, agent.PhaseFailed, "could not be used", 2},
		{"malformed once is repaired", func(r *modelRig) {
			r.ollama.Script("PLANNING", fakeollama.Text(`{"thought":"x"}`))
			r.fillName()
		}, agent.PhaseCompleted, "Done", 4},
		{"slow", func(r *modelRig) {
			r.llmCfg.Timeout = 150 * time.Millisecond
			r.ollama.Script("PLANNING", fakeollama.Hang())
			r.t.Cleanup(r.ollama.Release)
		}, agent.PhaseFailed, "no reply within", 0},
		{"server error", func(r *modelRig) {
			r.ollama.Script("PLANNING", fakeollama.Fail(http.StatusInternalServerError, "out of memory"))
		}, agent.PhaseFailed, "out of memory", 0},
		// Without a model the goal is read without one: a goal it cannot read fails,
		// saying why no model planned it.
		{"model missing", func(r *modelRig) {
			r.ollama.Script("PLANNING", fakeollama.Fail(http.StatusNotFound, `model "qwen2.5:7b" not found`))
		}, agent.PhaseFailed, "ollama pull qwen2.5:7b", 0},
		{"no ollama", func(r *modelRig) {
			r.llmCfg.Host = "http://127.0.0.1:1"
		}, agent.PhaseFailed, "none answers. (advice)", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newModelRig(t)
			tt.script(r)
			goal := "Add a new patient with name 'Jas'"
			if tt.calls == 0 && tt.status == agent.PhaseFailed {
				goal = "Register the new patient in the clinic"
			}
			res := r.run(goal, "/patients/new")
			if res.Status != tt.status || !strings.Contains(res.Summary, tt.summary) {
				t.Errorf("got %s %q, want %s containing %q", res.Status, res.Summary, tt.status, tt.summary)
			}
			if tt.status == agent.PhaseFailed && strings.Contains(names(r.site.Patients()), "Jas") {
				t.Error("a failed task saved a patient")
			}
			if tt.calls > 0 && res.ModelCalls != tt.calls {
				t.Errorf("%d model calls recorded, want %d", res.ModelCalls, tt.calls)
			}
		})
	}
}

// TestRulesModelRunsWithoutOllama: an explicit command needs no model at all.
func TestRulesModelRunsWithoutOllama(t *testing.T) {
	r := newModelRig(t)
	r.llmCfg.Host = "http://127.0.0.1:1"
	res := r.run("Type 'Jas' into Name and click Save", "/patients/new")
	if res.Status != agent.PhaseCompleted || res.ModelCalls != 0 || r.ollama.Calls() != 0 {
		t.Errorf("got %s with %d model calls: %s", res.Status, res.ModelCalls, res.Summary)
	}
	if got := names(r.site.Patients()); !strings.HasSuffix(got, ",Jas") {
		t.Errorf("patients = %s, want Jas saved", got)
	}
}

// TestModelSearchesTheWeb: context analysis asks for a web search; Errand opens the search
// page in the controlled browser, reads it, comes back and plans with what it found.
func TestModelSearchesTheWeb(t *testing.T) {
	r := newModelRig(t)
	r.search = r.site.URL() + "/search?q=%s"
	r.ollama.Script("CONTEXT_ANALYSIS", fakeollama.JSON(map[string]any{"thought": "the hours are not on the page",
		"sources": []string{"WEB_SEARCH", "PAGE"}, "searchQuery": "clinic opening hours", "questions": []any{}}))
	var planned string
	r.ollama.Handle("PLANNING", func(req fakeollama.Request) fakeollama.Reply {
		planned = req.User()
		return plan(0.95, [2]string{"Type Jas into Name, the opening hours into Notes, and click Save", ""})
	})
	r.ollama.Handle("REFINEMENT", func(req fakeollama.Request) fakeollama.Reply {
		u := req.User()
		return refinement("", 1, act{fmt.Sprintf("setValue(%s, \"Jas\")", idOf(t, u, "Name")), "Type Jas into Name"},
			act{fmt.Sprintf("setValue(%s, \"Open Monday to Friday, 8:00 to 18:00\")", idOf(t, u, "Notes")), "Type the hours into Notes"},
			act{fmt.Sprintf("click(%s)", idOf(t, u, "Save")), "Click Save"})
	})
	r.ollama.Script("VERIFICATION", verified(true, 0.9, "saved"))
	res := r.run("Look up the clinic's opening hours and add patient 'Jas' with them as notes", "/patients/new")
	if res.Status != agent.PhaseCompleted {
		t.Fatalf("status %s: %s", res.Status, res.Summary)
	}
	if !strings.Contains(planned, "<page-knowledge>") || !strings.Contains(planned, "Monday to Friday, 8:00 to 18:00") {
		t.Errorf("the plan did not see the search results:\n%s", planned)
	}
	ps := r.site.Patients()
	if last := ps[len(ps)-1]; last.Name != "Jas" || !strings.Contains(last.Notes, "Monday to Friday") {
		t.Errorf("last patient %+v, want Jas with the opening hours", last)
	}
	if got := r.site.Visits("/search"); got != 1 {
		t.Errorf("search page visited %d times, want 1", got)
	}
}
