package app

import (
	"context"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/llm/fakeollama"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/knowledge"
	"github.com/errand-app/errand/knowledge/recorded"
)

// TestModelErrandsReadTheSitesDocumentation: what was ingested for a site reaches the
// planning prompt of a model errand on that site, as untrusted page knowledge, through
// the knowledge effect (docs/knowledge.md).
func TestModelErrandsReadTheSitesDocumentation(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	kb, err := OpenKnowledge(ctx, Config{DataDir: dir}, Options{}, KnowledgeOptions{Offline: true})
	if err != nil {
		t.Fatal(err)
	}
	doc := "# Opening hours\n\nThe clinic is open Monday to Friday from 8:00 to 17:30, Saturdays 9:00 to 12:00.\n"
	if p := kb.IngestBytes(ctx, "http://clinic.test/help/hours", "text/markdown", []byte(doc), knowledge.IngestOptions{}); p.Error != "" {
		t.Fatalf("ingest: %s", p.Error)
	}
	if err := kb.Close(); err != nil {
		t.Fatal(err)
	}

	srv := fakeollama.Start(t)
	svc := openWith(t, dir, srv, laptop())
	ag := svc.live.Load().agent
	obs := page.Observation{URL: "http://clinic.test/settings", Title: "Settings", DOMHash: "n1", Tree: []page.Node{
		{ID: "21", Role: "txt", Name: "Notes"}, {ID: "22", Role: "btn", Name: "Save notes", Type: "submit"}}}
	st, out, _, err := ag.Step(ctx, agent.State{TaskID: "t", Phase: agent.PhaseIdle},
		agent.Input{Kind: agent.InputStart, Goal: "Look up the clinic's opening hours and add them to Notes", Observation: obs})
	for err == nil && out.Kind == agent.OutputEffect && out.Effect.Kind != agent.EffectModel {
		reply := out.Effect.Perform(ctx)
		st, out, _, err = ag.Step(ctx, st, agent.Input{Kind: agent.InputEffect, Effect: &reply})
	}
	if err != nil || out.Kind != agent.OutputEffect {
		t.Fatalf("out %s, err %v: want a model call after the lookups", out.Kind, err)
	}
	prompt := out.Effect.Request.Messages[1].Content
	if !strings.Contains(prompt, "<page-knowledge>") || !strings.Contains(prompt, "Monday to Friday from 8:00 to 17:30") {
		t.Errorf("the %s prompt does not carry the ingested passage:\n%s", out.Effect.Request.Purpose, prompt)
	}
}

// TestHintOutcomesCount: a skill offered as a hint counts the errand's end as its success
// or failure, once per errand (docs/memory.md, "Limits").
func TestHintOutcomesCount(t *testing.T) {
	ctx := context.Background()
	mem := openTestMemory(t)
	know := &siteKnowledge{openMemory: func(context.Context) (*Memory, error) { return mem, nil }}
	obs := form("http://clinic.test/patients/new", "Save")
	if err := mem.Learn(ctx, agent.Lesson{URL: obs.URL, Goal: "Save the patient", Page: recorded.PageSignature(obs),
		Failed: recorded.Of(page.Action{Kind: page.Click, ID: "9"}, obs), Worked: recorded.Of(page.Action{Kind: page.Click, ID: "10"}, obs)}); err != nil {
		t.Fatal(err)
	}
	counts := func() (int, int) {
		ks, err := mem.Skills.List(ctx, "")
		if err != nil || len(ks) != 1 {
			t.Fatalf("skills = %+v, %v", ks, err)
		}
		return ks[0].Successes, ks[0].Failures
	}
	s0, f0 := counts()
	for _, ok := range []bool{true, false} {
		hs, err := know.Hints(ctx, obs.URL, "save this patient")
		if err != nil || len(hs) != 1 {
			t.Fatalf("hints = %v, %v", hs, err)
		}
		if _, err := know.Hints(ctx, obs.URL, "save this patient"); err != nil { // asked again in the same errand
			t.Fatal(err)
		}
		if err := know.settle(ctx, "save this patient", ok); err != nil {
			t.Fatal(err)
		}
	}
	if err := know.settle(ctx, "save this patient", true); err != nil { // nothing offered since
		t.Fatal(err)
	}
	if s, f := counts(); s != s0+1 || f != f0+1 {
		t.Errorf("successes %d→%d, failures %d→%d; want one more of each", s0, s, f0, f)
	}
}
