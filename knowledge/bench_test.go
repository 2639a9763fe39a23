package knowledge

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"
)

// readmes are the README files of the frontend's installed npm packages: a real corpus of
// technical prose (`cd frontend && npm ci` installs them).
func readmes(tb testing.TB) map[string][]byte {
	tb.Helper()
	files, _ := filepath.Glob("../frontend/node_modules/*/README.md")
	scoped, _ := filepath.Glob("../frontend/node_modules/@*/*/README.md")
	files = append(files, scoped...)
	if len(files) < 20 {
		tb.Skip("frontend/node_modules is missing: run `cd frontend && npm ci`")
	}
	out := map[string][]byte{}
	for _, f := range files {
		if b, err := os.ReadFile(f); err == nil {
			out[f] = b
		}
	}
	return out
}

// BenchmarkIngest measures reading, chunking and storing (FTS5 included, no embedding).
func BenchmarkIngest(b *testing.B) {
	docs := readmes(b)
	ctx := context.Background()
	var pages, chunks int
	start := time.Now()
	for b.Loop() {
		kb, err := Open(ctx, Config{Dir: b.TempDir()})
		if err != nil {
			b.Fatal(err)
		}
		for name, body := range docs {
			p := kb.IngestBytes(ctx, "https://npm.test/"+name, "text/markdown", body, IngestOptions{})
			pages++
			chunks += p.Chunks
		}
		kb.Close()
	}
	secs := time.Since(start).Seconds()
	b.ReportMetric(float64(pages)/secs, "pages/s")
	b.ReportMetric(float64(chunks)/secs, "chunks/s")
}

// BenchmarkIngestGoDocs ingests the Go installation's HTML docs (HTML extraction included).
func BenchmarkIngestGoDocs(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "doc", "*.html"))
	ctx := context.Background()
	var pages, chunks int
	start := time.Now()
	for b.Loop() {
		kb, _ := Open(ctx, Config{Dir: b.TempDir()})
		t, _ := kb.Ingest(ctx, files, IngestOptions{}, nil)
		pages += t.Stored
		chunks += t.Chunks
		kb.Close()
	}
	secs := time.Since(start).Seconds()
	b.ReportMetric(float64(pages)/secs, "pages/s")
	b.ReportMetric(float64(chunks)/secs, "chunks/s")
}

// corpus10k builds a base of at least 10,000 chunks from the READMEs, copied under
// distinct sources until the count is reached, with a fake vector for each chunk.
func corpus10k(b *testing.B) (dir string, n int) {
	docs := readmes(b)
	ctx := context.Background()
	dir = b.TempDir()
	kb, err := Open(ctx, Config{Dir: dir, Embedder: fakeEmbedder, EmbedBatch: 256})
	if err != nil {
		b.Fatal(err)
	}
	defer kb.Close()
	names := make([]string, 0, len(docs))
	for n := range docs {
		names = append(names, n)
	}
	slices.Sort(names)
	for copyN := 0; n < 10_000; copyN++ {
		for _, name := range names {
			p := kb.IngestBytes(ctx, fmt.Sprintf("https://npm.test/%d/%s", copyN, name), "text/markdown", docs[name], IngestOptions{})
			n += p.Chunks
		}
	}
	if err := kb.EmbedPending(ctx, nil); err != nil {
		b.Fatal(err)
	}
	return dir, n
}

var benchQueries = []string{
	"how do I install the package with npm", "configure the plugin options", "TypeScript type definitions",
	"license MIT copyright", "run the tests", "browser support and polyfills", "parse a file path",
	"source map generation", "watch mode rebuild on change", "command line usage flags",
}

// BenchmarkRetrieve10k measures top-5 retrieval over 10,000+ chunks; the query's embedding
// is made before the clock starts (it is the model's time, not ours).
func BenchmarkRetrieve10k(b *testing.B) {
	dir, n := corpus10k(b)
	ctx := context.Background()
	openStart := time.Now()
	kb, err := Open(ctx, Config{Dir: dir, Embedder: fakeEmbedder})
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("corpus: %d chunks; reopen took %s", n, time.Since(openStart).Round(time.Millisecond))
	defer kb.Close()
	qvecs := make([][]float32, len(benchQueries))
	for i, q := range benchQueries {
		v, _ := fakeEmbedder(ctx, "", []string{q})
		qvecs[i] = v[0]
	}
	modes := []struct {
		name string
		run  func(i int) error
	}{
		{"lexical", func(i int) error { _, err := kb.retrieve(ctx, "", benchQueries[i], nil, 5); return err }},
		{"vector", func(i int) error {
			_, err := kb.vecs.Query(ctx, "", kb.cfg.EmbedModel, qvecs[i], 5)
			return err
		}},
		{"hybrid", func(i int) error { _, err := kb.retrieve(ctx, "", benchQueries[i], qvecs[i], 5); return err }},
	}
	for _, m := range modes {
		b.Run(m.name, func(b *testing.B) {
			var took []time.Duration
			i := 0
			for b.Loop() {
				start := time.Now()
				if err := m.run(i % len(benchQueries)); err != nil {
					b.Fatal(err)
				}
				took = append(took, time.Since(start))
				i++
			}
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
		})
	}
}

// BenchmarkReopen10k measures opening a base of 10,000+ chunks and their vectors.
func BenchmarkReopen10k(b *testing.B) {
	dir, _ := corpus10k(b)
	ctx := context.Background()
	for b.Loop() {
		kb, err := Open(ctx, Config{Dir: dir, Embedder: fakeEmbedder})
		if err != nil {
			b.Fatal(err)
		}
		kb.Close()
	}
}
