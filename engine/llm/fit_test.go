package llm

import (
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/llm/fakeollama"
)

const gib = 1 << 30

func TestRecommend(t *testing.T) {
	tests := []struct {
		name          string
		m             Machine
		planner, fast string
		reason        string
	}{
		{"laptop, no GPU known", Machine{RAMBytes: 16 * gib, CPUs: 4}, PlannerCPU, SmallModel, "No GPU is known on this machine (4 cores, 16.0 GB RAM)"},
		{"GPU seen", Machine{RAMBytes: 16 * gib, CPUs: 8, GPU: true, GPUKnown: true}, PlannerGPU, SmallModel, "GPU memory"},
		{"CPU seen", Machine{RAMBytes: 16 * gib, CPUs: 2, GPUKnown: true}, PlannerCPU, SmallModel, "on the CPU here"},
		{"GPU but little RAM", Machine{RAMBytes: 8 * gib, CPUs: 4, GPU: true, GPUKnown: true}, PlannerCPU, SmallModel, ""},
		{"6 GB: one 3B model", Machine{RAMBytes: 6 * gib, CPUs: 2}, PlannerCPU, PlannerCPU, "one 3B model serves both roles"},
		{"4 GB: one 1.5B model", Machine{RAMBytes: 4 * gib, CPUs: 2}, SmallModel, SmallModel, "1.5B"},
		{"RAM unknown", Machine{CPUs: 2}, PlannerCPU, SmallModel, "(2 cores)"},
	}
	for _, tt := range tests {
		c := Recommend(tt.m)
		if c.Planner != tt.planner || c.Fast != tt.fast || !strings.Contains(c.Reason, tt.reason) {
			t.Errorf("%s: Recommend = %+v, want %s + %s, reason with %q", tt.name, c, tt.planner, tt.fast, tt.reason)
		}
	}
}

func TestRAMAdvice(t *testing.T) {
	small := Machine{RAMBytes: 6 * gib, CPUs: 2}
	if got := RAMAdvice(small, "qwen2.5:7b"); !strings.Contains(got, "qwen2.5:7b needs about 5.7 GB of memory and this machine has 6.0 GB") ||
		!strings.Contains(got, "such as qwen2.5:3b") {
		t.Errorf("RAMAdvice(6 GB, 7b) = %q", got)
	}
	for _, model := range []string{"qwen2.5:3b", "qwen2.5:1.5b"} {
		if got := RAMAdvice(small, model); got != "" {
			t.Errorf("RAMAdvice(6 GB, %s) = %q, want none", model, got)
		}
	}
	if got := RAMAdvice(Machine{}, "qwen2.5:32b"); got != "" {
		t.Errorf("unknown RAM: %q, want none", got)
	}
}

func TestGPUFrom(t *testing.T) {
	tests := []struct {
		loaded     []Loaded
		known, gpu bool
	}{
		{nil, false, false},
		{[]Loaded{{Name: "a", Size: 100}}, true, false},
		{[]Loaded{{Name: "a", Size: 100, SizeVRAM: 30}}, true, false},
		{[]Loaded{{Name: "a", Size: 100}, {Name: "b", Size: 100, SizeVRAM: 100}}, true, true},
	}
	for _, tt := range tests {
		if k, g := GPUFrom(tt.loaded); k != tt.known || g != tt.gpu {
			t.Errorf("GPUFrom(%+v) = %v, %v; want %v, %v", tt.loaded, k, g, tt.known, tt.gpu)
		}
	}
}

// TestLoadedFromPS: after the first call the server's /api/ps says where the model sits.
func TestLoadedFromPS(t *testing.T) {
	srv := startFake(t)
	srv.SetVRAM(DefaultPlanner, 1)
	srv.Script(string(PurposePlanning), fakeollama.JSON(wantReply))
	o := newOllama(t, srv, Config{})
	if l, err := o.Loaded(t.Context()); err != nil || len(l) != 0 {
		t.Fatalf("before a call: %+v, %v", l, err)
	}
	if _, err := o.Chat(t.Context(), planReq(nil)); err != nil {
		t.Fatal(err)
	}
	l, err := o.Loaded(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if known, gpu := GPUFrom(l); !known || !gpu || l[0].NumCtx != 8192 {
		t.Errorf("loaded = %+v, want the planner in GPU memory at 8192", l)
	}
}
