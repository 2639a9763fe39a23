package app

import (
	"context"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/clock"
	"github.com/errand-app/errand/engine/page"
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
	k, err := mem.Learn(ctx, obs, "Save the patient", page.Action{Kind: page.Click, ID: "9"}, page.Action{Kind: page.Click, ID: "10"})
	if err != nil || k.Succeeded.Element.Name != "Save" || k.Failed.Element.Name != "Chat with reception" {
		t.Fatalf("Learn = %+v, %v", k, err)
	}
	// The same form with something typed into it is the same page: the hint comes with full weight.
	filled := form(url+"?draft=1", "Save")
	filled.Tree[0].Value = "Lee"
	ms, err := mem.Hints(ctx, filled, "save this patient")
	if err != nil || len(ms) != 1 || ms[0].Skill.ID != k.ID || ms[0].Score < 0.8 {
		t.Fatalf("Hints = %+v, %v", ms, err)
	}

	// A completed errand, replayed with another value.
	sc, err := mem.RecordReplay(ctx, "Add patient Jas", url, []Played{
		{Action: page.Action{Kind: page.SetValue, ID: "5", Text: "Jas"}, Page: obs},
		{Action: page.Action{Kind: page.Click, ID: "10"}, Page: obs},
	})
	if err != nil || sc.Key != "add patient {value1}" {
		t.Fatalf("RecordReplay = %+v, %v", sc, err)
	}
	sc, b, steps, ok, err := mem.FindReplay(ctx, url, "Add patient Lee")
	if err != nil || !ok || steps[0].Action.Text != "Lee" || steps[0].Element.Name != "Name" || steps[1].Element.Name != "Save" {
		t.Fatalf("FindReplay = %+v, %v, %v", steps, ok, err)
	}
	// The Save button was renamed; the model found the new one and the script learns it.
	renamed := form(url, "Save patient")
	if err := mem.HealReplay(ctx, sc, b, 1, page.Action{Kind: page.Click, ID: "10"}, renamed); err != nil {
		t.Fatal(err)
	}
	_, _, steps, ok, _ = mem.FindReplay(ctx, url, "add patient Ann")
	if !ok || steps[0].Action.Text != "Ann" || steps[1].Element.Name != "Save patient" {
		t.Fatalf("after healing: %+v", steps)
	}
	if _, _, _, ok, _ := mem.FindReplay(ctx, url, "Add patient Ann and print"); ok {
		t.Error("another instruction replayed")
	}
}
