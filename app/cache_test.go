package app

import (
	"testing"

	"github.com/errand-app/errand/engine/agent"
)

// TestPromptsShareTheirPrefix: the demo's model errand (add a patient from the list:
// planning, two refinements, a check) re-reads only what its prompts do not share with
// the one before (docs/models.md, prompt cache), and loads each model once.
func TestPromptsShareTheirPrefix(t *testing.T) {
	r := newModelRig(t)
	r.addPatient()
	res := r.run("Add a new patient with name 'Jas'", "/patients")
	if res.Status != agent.PhaseCompleted {
		t.Fatalf("status %s: %s", res.Status, res.Summary)
	}
	total := 0
	for _, q := range r.ollama.Requests() {
		total += q.PromptTokens
	}
	reread := r.ollama.ReRead()
	t.Logf("%d calls: %d prompt tokens, %d re-read (%.0f%%)", len(r.ollama.Requests()), total, reread, 100*float64(reread)/float64(total))
	if reread*100 > total*maxReRead {
		t.Errorf("%d of %d prompt tokens re-read, more than %d%%", reread, total, maxReRead)
	}
	models := map[string]bool{}
	for _, l := range r.ollama.Loads() {
		if models[l.Model] {
			t.Errorf("%s loaded again within one task: %v", l.Model, r.ollama.Loads())
		}
		models[l.Model] = true
	}
}

// maxReRead is the share of prompt tokens, in percent, an errand may re-read: 74 % with
// the shared preamble first (79 % when each purpose wrote its own system prompt).
const maxReRead = 76
