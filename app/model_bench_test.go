package app

import (
	"testing"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/llm"
)

// BenchmarkModelContactForm measures what chaining saves on the 5-field contact form in
// real Chromium: model calls and tokens per errand with the refinement chained (one call
// for all six actions) and with one call per action.
func BenchmarkModelContactForm(b *testing.B) {
	for _, mode := range []struct {
		name    string
		chained bool
	}{{"chained", true}, {"one-call-per-action", false}} {
		b.Run(mode.name, func(b *testing.B) {
			var calls, tokens, prompt, reread, written, loads int
			var cpu3b, cpu7b float64
			for b.Loop() {
				r := newModelRig(b)
				r.fillContact(mode.chained)
				res := r.run(contactGoal, "/form5")
				if res.Status != agent.PhaseCompleted || len(r.site.Contacts()) != 1 {
					b.Fatalf("%s: %s %s", mode.name, res.Status, res.Summary)
				}
				calls, tokens = res.ModelCalls, res.Tokens
				prompt, written, cpu3b, cpu7b = 0, 0, 0, 0
				for _, q := range r.ollama.Requests() {
					prompt += q.PromptTokens
				}
				for _, e := range r.eventsOf(agent.EventUsage) {
					u := e.Payload.(agent.UsagePayload).Usage
					written += u.CompletionTokens
					cpu3b += cpuSeconds(u, true)
					cpu7b += cpuSeconds(u, false)
				}
				reread, loads = r.ollama.ReRead(), len(r.ollama.Loads())
			}
			b.ReportMetric(float64(calls), "calls/errand")
			b.ReportMetric(float64(tokens), "tokens/errand")
			// The fake's prompt cache (docs/models.md): prompt tokens read in all, and
			// re-read past the cached prefix; loads of a model during the errand.
			b.ReportMetric(float64(prompt), "prompt-tokens/errand")
			b.ReportMetric(float64(reread), "reread-tokens/errand")
			b.ReportMetric(float64(loads), "loads/errand")
			b.ReportMetric(float64(written), "written-tokens/errand")
			b.ReportMetric(cpu3b, "s-3b-cpu/errand")
			b.ReportMetric(cpu7b, "s-7b-cpu/errand")
		})
	}
}

// cpuSeconds is a call's expected time on a 2-core CPU at the speeds measured against a
// real Ollama (docs/models.md): the planner role on the 3B (about 25 tokens/s read, 8
// written) or the 7B (12 and 4); the fast role on the 1.5B either way (53 and 16). Prompt
// tokens the server's cache held are not read again; model loads are not counted.
func cpuSeconds(u llm.Usage, planner3B bool) float64 {
	read, write := 53.0, 16.0
	switch {
	case u.Role == llm.RolePlanner && planner3B:
		read, write = 25, 8
	case u.Role == llm.RolePlanner:
		read, write = 12, 4
	}
	return float64(u.PromptTokens-u.CachedTokens)/read + float64(u.CompletionTokens)/write
}
