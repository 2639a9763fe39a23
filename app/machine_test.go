package app

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/llm/fakeollama"
)

const gib = 1 << 30

func laptop() llm.Machine { return llm.Machine{RAMBytes: 16 * gib, CPUs: 4} }

// openWith opens a Service on a fresh data directory against srv, on a machine.
func openWith(t *testing.T, dir string, srv *fakeollama.Server, m llm.Machine) *Service {
	t.Helper()
	svc, err := Open(t.Context(), Config{DataDir: dir, OllamaHost: srv.URL()}, Options{Machine: func() llm.Machine { return m }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = svc.Close() })
	return svc
}

// TestModelsFitTheMachine: the first start reads the machine and picks the 3B planner
// without a known GPU; Settings says why; once Ollama reports the model in GPU memory,
// the 7B planner is recommended and used.
func TestModelsFitTheMachine(t *testing.T) {
	srv := fakeollama.Start(t)
	dir := t.TempDir()
	svc := openWith(t, dir, srv, laptop())
	set := svc.Settings()
	if set.PlannerModel != llm.PlannerCPU || set.FastModel != llm.SmallModel ||
		!strings.Contains(set.ModelReason, "Recommended for this machine. No GPU is known on this machine (4 cores, 16.0 GB RAM)") {
		t.Fatalf("settings = %s, %s, %q", set.PlannerModel, set.FastModel, set.ModelReason)
	}
	var facts machineFacts
	b, err := os.ReadFile(filepath.Join(dir, machineFile))
	if err != nil || json.Unmarshal(b, &facts) != nil || facts.Machine.RAMBytes != 16*gib {
		t.Fatalf("machine.json = %s, %v", b, err)
	}

	// A model call loads the planner into GPU memory; the task's end finds it there.
	srv.SetVRAM(llm.PlannerCPU, 1)
	srv.Script(string(llm.PurposePlanning), fakeollama.Reply{Content: `{}`, PromptTokens: 100, EvalTokens: 20})
	su := svc.live.Load()
	if _, err := su.model.Chat(t.Context(), llm.Request{Purpose: llm.PurposePlanning,
		Messages: []llm.Message{{Role: "user", Content: "plan"}}, Schema: &llm.Schema{Title: "PLANNING", Type: "object"}}); err != nil {
		t.Fatal(err)
	}
	svc.afterTask(t.Context(), su)
	if got := svc.live.Load().model.Config().Planner.Name; got != llm.PlannerGPU {
		t.Errorf("planner after the GPU was seen = %s, want %s", got, llm.PlannerGPU)
	}
	if set := svc.Settings(); !strings.Contains(set.ModelReason, "GPU memory") {
		t.Errorf("reason = %q, want the GPU named", set.ModelReason)
	}
	if ka := srv.KeepAlives(); len(ka) != 2 || ka[0].Minutes() != 30 || ka[1].Minutes() != 5 {
		t.Errorf("keep-alives = %v, want the task's then 5m on release", ka)
	}

	// A new start remembers the GPU and the measured speed.
	_ = svc.Close()
	again := openWith(t, dir, srv, llm.Machine{RAMBytes: 1}) // not asked again
	if got := again.Settings(); got.PlannerModel != llm.PlannerGPU || got.Machine.RAMBytes != 16*gib {
		t.Errorf("after restart: planner %s, machine %+v", got.PlannerModel, got.Machine)
	}
	if sp := again.speeds.Snapshot()[llm.PlannerCPU]; sp.Read != 1000 {
		t.Errorf("remembered speed = %+v, want the fake's 1000 tok/s read", sp)
	}
}

// TestChosenModelIsKept: a planner the person chose stays, and Settings says what is
// recommended instead; saving the recommended one makes the choice automatic again.
func TestChosenModelIsKept(t *testing.T) {
	srv := fakeollama.Start(t)
	svc := openWith(t, t.TempDir(), srv, laptop())
	in := svc.Settings()
	in.PlannerModel = "llama3.1:8b"
	got, err := svc.SaveSettings(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if got.PlannerModel != "llama3.1:8b" || !strings.Contains(got.ModelReason, "Recommended for this machine: qwen2.5:3b and qwen2.5:1.5b") {
		t.Errorf("settings = %s, %q", got.PlannerModel, got.ModelReason)
	}
	in.PlannerModel = llm.PlannerCPU
	if _, err := svc.SaveSettings(context.Background(), in); err != nil {
		t.Fatal(err)
	}
	saved, err := loadSettings(svc.dataDir)
	if err != nil || saved.PlannerModel != "" || saved.Machine != nil || saved.ModelReason != "" {
		t.Errorf("saved = %+v, %v; want the planner left to the machine and nothing shown-only", saved, err)
	}
}

// TestPullTooBig: a model too big for the memory is refused before anything downloads.
func TestPullTooBig(t *testing.T) {
	srv := fakeollama.Start(t)
	srv.SetPullable("qwen2.5:7b")
	svc := openWith(t, t.TempDir(), srv, llm.Machine{RAMBytes: 6 * gib, CPUs: 2})
	err := svc.PullModel(t.Context(), "qwen2.5:7b", nil)
	if err == nil || !strings.Contains(err.Error(), "needs about 5.7 GB of memory") {
		t.Fatalf("err = %v, want the memory advice", err)
	}
	if m, _ := svc.live.Load().model.Models(t.Context()); len(m) != 0 {
		t.Errorf("models = %v: the pull went ahead", m)
	}
}
