package app

import (
	"context"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/clock"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/knowledge/recorded"
)

// form is the demo's new-patient form as the browser observes it.
func form(url string, saveName string) page.Observation {
	return page.Observation{URL: url, Title: "New patient", Tree: []page.Node{
		{ID: "5", Role: page.RoleInput, Name: "Name"},
		{ID: "9", Role: page.RoleButton, Name: "Chat with reception"},
		{ID: "10", Role: page.RoleButton, Name: saveName, Type: "submit"},
	}}
}

func TestMemoryLearnsAndReplays(t *testing.T) {
	ctx := context.Background()
	mem, err := OpenMemory(ctx, t.TempDir(), clock.NewFake(time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC)))
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	const url = "http://127.0.0.1:7480/patients/new"
	obs := form(url, "Save")

	// A correction: the chat button did nothing, Save did.
	if err := mem.Learn(ctx, agent.Lesson{URL: url, Goal: "Save the patient", Page: recorded.PageSignature(obs),
		Failed: recorded.Of(page.Action{Kind: page.Click, ID: "9"}, obs), Worked: recorded.Of(page.Action{Kind: page.Click, ID: "10"}, obs)}); err != nil {
		t.Fatal(err)
	}
	// The same form with something typed into it is the same page: the hint comes with full weight.
	filled := form(url+"?draft=1", "Save")
	filled.Tree[0].Value = "Lee"
	ms, err := mem.Hints(ctx, filled, "save this patient")
	if err != nil || len(ms) != 1 || ms[0].Skill.Succeeded.Element.Name != "Save" || ms[0].Skill.Failed.Element.Name != "Chat with reception" || ms[0].Score < 0.8 {
		t.Fatalf("Hints = %+v, %v", ms, err)
	}

	// A completed errand, replayed with another value.
	typed := recorded.Of(page.Action{Kind: page.SetValue, ID: "5", Text: "Jas"}, obs)
	if err := mem.RecordScript(ctx, agent.Script{Goal: "Add patient Jas", StartURL: url,
		Steps: []recorded.Step{typed, recorded.Of(page.Action{Kind: page.Click, ID: "10"}, obs)}}); err != nil {
		t.Fatal(err)
	}
	sc, ok, err := mem.FindScript(ctx, url, "Add patient Lee")
	if err != nil || !ok || sc.Steps[0].Action.Text != "Lee" || sc.Steps[0].Element.Name != "Name" || sc.Steps[1].Element.Name != "Save" {
		t.Fatalf("FindScript = %+v, %v, %v", sc, ok, err)
	}
	if got, _ := mem.Replays.Get(ctx, sc.ID); got.Uses != 1 {
		t.Errorf("uses after one replay: %d", got.Uses)
	}
	// The Save button was renamed; the healed run is recorded again and the script learns it.
	renamed := form(url, "Save patient")
	typed.Action.Text = "Lee"
	if err := mem.RecordScript(ctx, agent.Script{Goal: "Add patient Lee", StartURL: url,
		Steps: []recorded.Step{typed, recorded.Of(page.Action{Kind: page.Click, ID: "10"}, renamed)}}); err != nil {
		t.Fatal(err)
	}
	sc, ok, _ = mem.FindScript(ctx, url, "add patient Ann")
	if !ok || sc.Steps[0].Action.Text != "Ann" || sc.Steps[1].Element.Name != "Save patient" {
		t.Fatalf("after healing: %+v", sc.Steps)
	}
	if list, _ := mem.Replays.List(ctx, ""); len(list) != 1 {
		t.Errorf("%d scripts after a healed run, want the one replaced", len(list))
	}
	if _, ok, _ := mem.FindScript(ctx, url, "Add patient Ann and print"); ok {
		t.Error("another instruction replayed")
	}
}
