package cli

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/engine/clock"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/knowledge/recorded"
	"github.com/errand-app/errand/knowledge/replay"
	"github.com/errand-app/errand/knowledge/skills"
)

// seedMemory learns two skills and keeps one replay, on two sites, in dir's memory.
func seedMemory(t *testing.T, dir string) {
	t.Helper()
	ctx := context.Background()
	mem, err := app.OpenMemory(ctx, dir, clock.NewFake(time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC)))
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	btn := func(name string) recorded.Step {
		return recorded.Step{Action: page.Action{Kind: page.Click}, Element: recorded.Element{Role: page.RoleButton, Name: name}}
	}
	for _, l := range []skills.Lesson{
		{URL: "http://127.0.0.1:7480/patients/new", Goal: "Save the new patient", Failed: btn("Save"), Succeeded: btn("Save patient")},
		{URL: "https://shop.example/cart", Goal: "Check out", Failed: btn("Pay"), Succeeded: btn("Checkout")},
	} {
		if _, err := mem.Skills.Learn(ctx, l); err != nil {
			t.Fatal(err)
		}
	}
	sc, err := replay.Record("Add patient Jas", "http://127.0.0.1:7480/patients/new", []recorded.Step{
		{Action: page.Action{Kind: page.SetValue, Text: "Jas"}, Element: recorded.Element{Role: page.RoleInput, Name: "Name"}}, btn("Save")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mem.Replays.Save(ctx, sc); err != nil {
		t.Fatal(err)
	}
}

func TestSkillsListAndForget(t *testing.T) {
	dir := t.TempDir()
	code, out, _ := call(t, dir, "skills", "list")
	if code != ExitOK || !strings.Contains(out, "No skills yet") {
		t.Fatalf("empty list: %d %q", code, out)
	}
	seedMemory(t, dir)
	code, out, errOut := call(t, dir, "skills")
	if code != ExitOK || !strings.Contains(out, "127.0.0.1:7480") || !strings.Contains(out, "shop.example") ||
		!strings.Contains(out, "\u201cSave patient\u201d") || !strings.Contains(out, "1 of 1") {
		t.Fatalf("list: %d %s %s", code, out, errOut)
	}
	code, out, _ = call(t, dir, "skills", "list", "--json", "--site", "shop.example")
	evs := events(t, out)
	if code != ExitOK || len(evs) != 1 || evs[0]["type"] != "skill" || evs[0]["goal"] != "Check out" || evs[0]["successes"] != 1.0 {
		t.Fatalf("json: %d %v", code, evs)
	}
	id := int(evs[0]["id"].(float64))

	for _, bad := range [][]string{{"skills", "forget"}, {"skills", "forget", "x"}, {"skills", "forget", "1", "--all"},
		{"skills", "drop"}, {"skills", "list", "3"}} {
		if code, _, errOut := call(t, dir, bad...); code != ExitUsage || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", bad, code, errOut)
		}
	}
	code, out, _ = call(t, dir, "skills", "forget", strconv.Itoa(id))
	if code != ExitOK || out != "Forgot 1 skill.\n" {
		t.Errorf("forget by id: %d %q", code, out)
	}
	code, _, errOut = call(t, dir, "skills", "forget", strconv.Itoa(id))
	if code != ExitFailed || !strings.Contains(errOut, "not found") {
		t.Errorf("forget again: %d %q", code, errOut)
	}
	code, out, _ = call(t, dir, "skills", "forget", "--all")
	if code != ExitOK || out != "Forgot 1 skill.\n" {
		t.Errorf("forget all: %d %q", code, out)
	}
	if _, out, _ = call(t, dir, "skills", "list", "--json"); out != "" {
		t.Errorf("left: %q", out)
	}
}

func TestReplaysListAndForget(t *testing.T) {
	dir := t.TempDir()
	seedMemory(t, dir)
	code, out, _ := call(t, dir, "replays", "list")
	if code != ExitOK || !strings.Contains(out, "127.0.0.1:7480/patients/new") || !strings.Contains(out, "add patient {value1}") {
		t.Fatalf("list: %d %s", code, out)
	}
	code, out, _ = call(t, dir, "replays", "--json")
	evs := events(t, out)
	if code != ExitOK || len(evs) != 1 || evs[0]["type"] != "replay" || evs[0]["key"] != "add patient {value1}" {
		t.Fatalf("json: %v", evs)
	}
	if steps, _ := evs[0]["steps"].([]any); len(steps) != 2 {
		t.Errorf("json steps: %v", evs[0]["steps"])
	}
	code, out, _ = call(t, dir, "replays", "forget", "--site", "127.0.0.1:7480")
	if code != ExitOK || out != "Forgot 1 replay.\n" {
		t.Errorf("forget site: %d %q", code, out)
	}
	if _, out, _ = call(t, dir, "replays"); !strings.Contains(out, "No replays yet") {
		t.Errorf("after forgetting: %q", out)
	}
}
