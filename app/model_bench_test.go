package app

import (
	"testing"

	"github.com/errand-app/errand/engine/agent"
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
			for b.Loop() {
				r := newModelRig(b)
				r.fillContact(mode.chained)
				res := r.run(contactGoal, "/form5")
				if res.Status != agent.PhaseCompleted || len(r.site.Contacts()) != 1 {
					b.Fatalf("%s: %s %s", mode.name, res.Status, res.Summary)
				}
				calls, tokens = res.ModelCalls, res.Tokens
				prompt, written = 0, 0
				for _, q := range r.ollama.Requests() {
					prompt += q.PromptTokens
				}
				for _, e := range r.eventsOf(agent.EventUsage) {
					written += e.Payload.(agent.UsagePayload).CompletionTokens
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
			// Expected model time on a 2-core CPU with the 3B planner (about 25 tokens/s
			// read, 8 written) and with the 7B (12 and 4).
			b.ReportMetric(float64(reread)/25+float64(written)/8, "s-3b-cpu/errand")
			b.ReportMetric(float64(reread)/12+float64(written)/4, "s-7b-cpu/errand")
		})
	}
}
