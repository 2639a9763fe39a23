package app

import (
	"context"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/llm/fakeollama"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/knowledge"
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
