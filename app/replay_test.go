package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/clock"
	"github.com/errand-app/errand/engine/golden"
	"github.com/errand-app/errand/engine/llm/fakeollama"
	"github.com/errand-app/errand/knowledge"
)

// The memory at work on the demo site (docs/memory.md): a model errand is kept as a
// script, the same errand with another value replays with no model call, and a renamed
// button is found again with one call and the script rewritten.

// proceed lets announcements run, as their countdown would.
func proceed(o agent.Output) agent.Input {
	return agent.Input{Kind: agent.InputDecision, Decision: agent.DecisionProceed}
}

func openTestMemory(t *testing.T) *Memory {
	t.Helper()
	mem, err := OpenMemory(context.Background(), t.TempDir(), clock.NewFake(time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { mem.Close() })
	return mem
}

func (r *modelRig) notes(what string) []string {
	var out []string
	for _, e := range r.eventsOf(agent.EventMemory) {
		if n := e.Payload.(agent.MemoryNote); n.What == what {
			out = append(out, n.Text)
		}
	}
	return out
}

func TestReplayWithoutModel(t *testing.T) {
	ctx := context.Background()
	r := newModelRig(t)
	mem := openTestMemory(t)
	r.memory, r.answer = mem, proceed
	r.addPatient()
	if res := r.run("Add a new patient with name 'Jas'", "/patients"); res.Status != agent.PhaseCompleted {
		t.Fatalf("first run %s: %s", res.Status, res.Summary)
	}
	scripts, err := mem.Replays.List(ctx, "")
	if err != nil || len(scripts) != 1 || len(scripts[0].Steps) != 3 || len(r.notes("recorded")) != 1 {
		t.Fatalf("scripts after the model errand = %+v (%v), notes %v", scripts, err, r.notes("recorded"))
	}
	first := r.ollama.Calls()

	// The same errand for another patient: no model call, every step verified on the page.
	res := r.run("Add a new patient with name 'Lee'", "/patients")
	if res.Status != agent.PhaseCompleted || res.ModelCalls != 0 || r.ollama.Calls() != first {
		t.Fatalf("replay: %s (%s), %d calls in the result, %d at the fake (was %d)", res.Status, res.Summary, res.ModelCalls, r.ollama.Calls(), first)
	}
	if got := names(r.site.Patients()); !strings.HasSuffix(got, ",Jas,Lee") {
		t.Errorf("patients = %s, want Jas then Lee", got)
	}
	if len(r.notes("replay")) != 1 {
		t.Errorf("replay notes = %v, want one", r.notes("replay"))
	}
	if got, _ := mem.Replays.Get(ctx, scripts[0].ID); got.Uses != 1 {
		t.Errorf("script uses = %d, want 1", got.Uses)
	}

	// The site renamed Save to Submit, which no reading of "Save" finds: the replay asks the model for that one step, and the script
	// learns the new button.
	r.site.RenameSave("Submit")
	r.ollama.Handle("REFINEMENT", func(req fakeollama.Request) fakeollama.Reply {
		u := req.User()
		return refinement("", 1, act{fmt.Sprintf("click(%s)", idOf(t, u, "Submit")), "Click Submit"})
	})
	res = r.run("Add a new patient with name 'Ann'", "/patients")
	if res.Status != agent.PhaseCompleted || res.ModelCalls != 1 || r.ollama.CallsFor("REFINEMENT") != 3 {
		t.Fatalf("healing run: %s (%s), %d calls, refinements %d", res.Status, res.Summary, res.ModelCalls, r.ollama.CallsFor("REFINEMENT"))
	}
	if got := names(r.site.Patients()); !strings.HasSuffix(got, ",Lee,Ann") {
		t.Errorf("patients = %s, want Ann saved", got)
	}
	if len(r.notes("healed")) != 1 {
		t.Errorf("healed notes = %v", r.notes("healed"))
	}
	scripts, _ = mem.Replays.List(ctx, "")
	if len(scripts) != 1 || scripts[0].Steps[2].Element.Name != "Submit" {
		t.Fatalf("script after healing = %+v", scripts)
	}
	before := r.ollama.Calls()
	if res := r.run("Add a new patient with name 'Bo'", "/patients"); res.Status != agent.PhaseCompleted || r.ollama.Calls() != before {
		t.Errorf("replay after healing: %s (%s), %d new calls", res.Status, res.Summary, r.ollama.Calls()-before)
	}

	// With no model at all (offline), the errand done before still runs.
	r.offline = true
	if res := r.run("Add a new patient with name 'Cy'", "/patients"); res.Status != agent.PhaseCompleted {
		t.Errorf("offline replay: %s (%s)", res.Status, res.Summary)
	}
	if got := names(r.site.Patients()); !strings.HasSuffix(got, ",Bo,Cy") {
		t.Errorf("patients = %s, want Cy saved offline", got)
	}
}

var updateGolden = flag.Bool("update", false, "rewrite the golden files in testdata/")

func TestSkillFromACorrectionIsAHintNextTime(t *testing.T) {
	ctx := context.Background()
	r := newModelRig(t)
	mem := openTestMemory(t)
	know := &siteKnowledge{
		openBase:   func(context.Context) (*knowledge.Base, error) { return nil, errors.New("no documents in this test") },
		openMemory: func(context.Context) (*Memory, error) { return mem, nil },
	}
	r.memory, r.know = know, know
	r.fillName()
	// The first keystroke replaces Save with Submit; the model's correction finds it.
	r.ollama.Handle("SELF_CORRECTION", func(req fakeollama.Request) fakeollama.Reply {
		return fakeollama.JSON(map[string]any{"thought": "Save became Submit", "confidence": 0.9,
			"actions": []map[string]string{{"action": fmt.Sprintf("click(%s)", idOf(t, req.User(), "Submit")), "description": "Click Submit"}}})
	})
	if res := r.run("Add a new patient with name 'Jas'", "/patients/new?redesign=1"); res.Status != agent.PhaseCompleted {
		t.Fatalf("corrected run: %s (%s)", res.Status, res.Summary)
	}
	learned, err := mem.Skills.List(ctx, "")
	if err != nil || len(learned) != 1 || learned[0].Failed.Element.Name != "Save" || learned[0].Succeeded.Element.Name != "Submit" ||
		len(r.notes("learned")) != 1 {
		t.Fatalf("skills = %+v (%v), notes %v", learned, err, r.notes("learned"))
	}

	// A like errand on the same form: the planner is told what worked.
	r.fillName()
	if res := r.run("Add a new patient called 'Jas'", "/patients/new"); res.Status != agent.PhaseCompleted {
		t.Fatalf("second run: %s (%s)", res.Status, res.Summary)
	}
	var prompt string
	for _, req := range r.ollama.Requests() {
		if req.Purpose == "PLANNING" {
			prompt = req.Chat.Messages[1].Content // the last one: the second run's
		}
	}
	prompt = strings.ReplaceAll(prompt, strings.TrimPrefix(r.site.URL(), "http://"), "127.0.0.1:PORT")
	if !strings.Contains(prompt, "click “Save” button") || !strings.Contains(prompt, "did not work") {
		t.Errorf("the planning prompt carries no hint:\n%s", prompt)
	}
	golden.Check(t, filepath.Join("testdata", "planning-with-hint.golden"), []byte(prompt), *updateGolden)
}
