package llm

import (
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/llm/fakeollama"
)

// BenchmarkChatStream is the client's own cost of one streamed call of 200 tokens with a
// progress observer, against the fake on loopback: what Errand adds to the model's time.
func BenchmarkChatStream(b *testing.B) {
	srv := fakeollama.Start(b)
	content := `{"thought":"` + strings.Repeat("a", 200*4-14) + `"}`
	srv.Handle(string(PurposePlanning), func(fakeollama.Request) fakeollama.Reply { return fakeollama.Text(content) })
	o, err := NewOllama(Config{Host: srv.URL()})
	if err != nil {
		b.Fatal(err)
	}
	reports := 0
	req := Request{Purpose: PurposePlanning, Role: RolePlanner, Schema: SchemaFor[reply](PurposePlanning),
		Messages: []Message{{Role: "user", Content: strings.Repeat("page ", 400)}},
		Progress: func(CallProgress) { reports++ }}
	for b.Loop() {
		if _, err := o.Chat(b.Context(), req); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(reports)/float64(b.N), "reports/call")
}

// BenchmarkMaxTokens sizes num_predict for the largest schema the agent sends.
func BenchmarkMaxTokens(b *testing.B) {
	s := SchemaFor[planShape](PurposePlanning)
	for b.Loop() {
		_ = MaxTokens(s)
	}
}
