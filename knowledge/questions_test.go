package knowledge

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/llm/fakeollama"
)

var showTable = flag.Bool("questions.v", false, "print the question table with each answer's rank")

type question struct {
	Q      string `json:"q"`
	Answer string `json:"answer"`
}

// fakeEmbedder is the fake Ollama's embedding without the HTTP round trip, for measurements.
var fakeEmbedder = EmbedderFunc(func(_ context.Context, _ string, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = fakeollama.FakeEmbedding(t)
	}
	return out, nil
})

// goDocs ingests the HTML documentation of the Go installation.
func goDocs(tb testing.TB, cfg Config) *Base {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "doc", "*.html"))
	if len(files) == 0 {
		tb.Skip("no HTML documentation in GOROOT/doc")
	}
	cfg.Dir = tb.TempDir()
	b, err := Open(context.Background(), cfg)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { b.Close() })
	if total, err := b.Ingest(context.Background(), files, IngestOptions{}, nil); err != nil || total.Stored != len(files) {
		tb.Fatalf("ingest %v: %+v %v", files, total, err)
	}
	if err := b.EmbedPending(context.Background(), nil); err != nil {
		tb.Fatal(err)
	}
	return b
}

// rank is the 1-based place of the first passage holding answer, 0 if none in the top k.
func rank(ps []Passage, answer string) int {
	for i, p := range ps {
		if strings.Contains(p.Text, answer) {
			return i + 1
		}
	}
	return 0
}

// TestQuestionTable measures retrieval on the Go documentation: the lexical path alone
// must put the answer in the top 5 for at least 80 % of the questions, and the hybrid
// path (vectors from the fake Ollama's embedding) must lose none of those.
func TestQuestionTable(t *testing.T) {
	var qs []question
	raw, err := os.ReadFile("testdata/questions.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &qs); err != nil {
		t.Fatal(err)
	}
	if len(qs) < 20 {
		t.Fatalf("%d questions, want at least 20", len(qs))
	}
	b := goDocs(t, Config{Embedder: fakeEmbedder})
	ctx := context.Background()
	lexHits, hybHits := 0, 0
	var table strings.Builder
	fmt.Fprintf(&table, "| # | question | lexical rank | hybrid rank |\n|---|---|---|---|\n")
	for i, q := range qs {
		lex, err := b.retrieve(ctx, "", q.Q, nil, 5)
		if err != nil {
			t.Fatal(err)
		}
		qv, _ := fakeEmbedder(ctx, "", []string{q.Q})
		hyb, err := b.retrieve(ctx, "", q.Q, qv[0], 5)
		if err != nil {
			t.Fatal(err)
		}
		lr, hr := rank(lex, q.Answer), rank(hyb, q.Answer)
		if lr > 0 {
			lexHits++
			if hr == 0 {
				t.Errorf("hybrid lost the answer to %q (lexical rank %d)", q.Q, lr)
			}
		}
		if hr > 0 {
			hybHits++
		}
		fmt.Fprintf(&table, "| %d | %s | %s | %s |\n", i+1, q.Q, rankText(lr), rankText(hr))
	}
	fmt.Fprintf(&table, "lexical top-5: %d/%d (%.0f %%), hybrid top-5: %d/%d\n", lexHits, len(qs),
		100*float64(lexHits)/float64(len(qs)), hybHits, len(qs))
	if *showTable {
		t.Log("\n" + table.String())
	}
	if float64(lexHits) < 0.8*float64(len(qs)) {
		t.Errorf("lexical top-5 %d/%d, below 80 %%:\n%s", lexHits, len(qs), table.String())
	}
}

func rankText(r int) string {
	if r == 0 {
		return "—"
	}
	return fmt.Sprint(r)
}
