package app

import (
	"slices"
	"testing"

	"github.com/errand-app/errand/engine/agent"
)

// TestModelCallsReachTheSinkAsTheyHappen: the step function asks for each model call as
// an effect, so the runner emits a call's usage before the next call is made, not all of
// them when a step returns (docs/architecture.md).
func TestModelCallsReachTheSinkAsTheyHappen(t *testing.T) {
	r := newModelRig(t)
	r.addPatient()
	res := r.run("Add a new patient with name 'Jas'", "/patients")
	if res.Status != agent.PhaseCompleted {
		t.Fatalf("status %s: %s", res.Status, res.Summary)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	want := make([]int, res.ModelCalls)
	for i := range want {
		want[i] = i + 1
	}
	if res.ModelCalls < 3 || !slices.Equal(r.callsAt, want) {
		t.Errorf("usage events arrived after %v calls, want %v: each before the next call", r.callsAt, want)
	}
	seen := map[int]bool{}
	for _, e := range r.events {
		if seen[e.Seq] {
			t.Fatalf("event seq %d emitted twice (a replayed step re-emitted its events)", e.Seq)
		}
		seen[e.Seq] = true
	}
}
