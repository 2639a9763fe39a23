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
			var calls, tokens int
			for b.Loop() {
				r := newModelRig(b)
				r.fillContact(mode.chained)
				res := r.run(contactGoal, "/form5")
				if res.Status != agent.PhaseCompleted || len(r.site.Contacts()) != 1 {
					b.Fatalf("%s: %s %s", mode.name, res.Status, res.Summary)
				}
				calls, tokens = res.ModelCalls, res.Tokens
			}
			b.ReportMetric(float64(calls), "calls/errand")
			b.ReportMetric(float64(tokens), "tokens/errand")
		})
	}
}
