package knowledge

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"syscall"
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

// cpuTime is the process's user+system CPU time: on a shared machine wall time also
// counts other processes' turns, CPU time only ours.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// retrieveBudget is what one top-5 retrieval over 10,000 chunks may take, each path: its
// median over the benchmark's questions (docs/knowledge.md). On a machine shared with
// other work, a query's wall time also counts the others' turns and its CPU time their
// contention for the caches, so the budget is checked on each question's best time over
// its repetitions ("p50-best-ms"): a slower retrieval raises it, a busy machine hardly.
const retrieveBudget = 10 * time.Millisecond

// budgetRetries is how many more rounds a retrieval over its budget gets.
const budgetRetries = 3

// medianBest is the median of the questions' best times (a question not run yet has 0).
func medianBest(best []time.Duration) time.Duration {
	ran := slices.DeleteFunc(slices.Clone(best), func(d time.Duration) bool { return d == 0 })
	slices.Sort(ran)
	return ran[len(ran)/2]
}

// BenchmarkKnowledge10k measures top-5 retrieval over 10,000+ chunks (lexical, vector,
// hybrid; the query's embedding is made before the clock starts: it is the model's time,
// not ours) and reopening the base. It reports the median and 95th percentile wall time
// per query, the median over the questions of each one's best time, and the mean CPU time
// per operation; it fails when a retrieval's "p50-best-ms" is over retrieveBudget.
func BenchmarkKnowledge10k(b *testing.B) {
	dir, n := corpus10k(b)
	ctx := context.Background()
	kb, err := Open(ctx, Config{Dir: dir, Embedder: fakeEmbedder})
	if err != nil {
		b.Fatal(err)
	}
	defer kb.Close()
	if err := kb.WaitVectors(ctx); err != nil {
		b.Fatal(err)
	}
	b.Logf("corpus: %d chunks", n)
	qvecs := make([][]float32, len(benchQueries))
	for i, q := range benchQueries {
		v, _ := fakeEmbedder(ctx, "", []string{q})
		qvecs[i] = v[0]
	}
	timed := func(f func() error) (time.Duration, error) {
		start := time.Now()
		err := f()
		return time.Since(start), err
	}
	modes := []struct {
		name   string
		budget time.Duration // CPU per operation; 0 = none
		run    func(i int) (time.Duration, error)
	}{
		{"lexical", retrieveBudget, func(i int) (time.Duration, error) {
			return timed(func() error { _, err := kb.retrieve(ctx, "", benchQueries[i], nil, 5); return err })
		}},
		{"vector", retrieveBudget, func(i int) (time.Duration, error) {
			return timed(func() error { _, err := kb.vecs.Query(ctx, "", kb.cfg.EmbedModel, qvecs[i], 5); return err })
		}},
		{"hybrid", retrieveBudget, func(i int) (time.Duration, error) {
			return timed(func() error { _, err := kb.retrieve(ctx, "", benchQueries[i], qvecs[i], 5); return err })
		}},
		// Open returns with lexical retrieval ready; the vectors follow in the background.
		{"reopen-lexical", 0, func(int) (time.Duration, error) {
			start := time.Now()
			kb2, err := Open(ctx, Config{Dir: dir, Embedder: fakeEmbedder})
			took := time.Since(start)
			if err == nil {
				err = kb2.Close()
			}
			return took, err
		}},
		{"reopen-vectors", 0, func(int) (time.Duration, error) {
			return timed(func() error {
				kb2, err := Open(ctx, Config{Dir: dir, Embedder: fakeEmbedder})
				if err == nil {
					err = errors.Join(kb2.WaitVectors(ctx), kb2.Close())
				}
				return err
			})
		}},
	}
	for _, m := range modes {
		b.Run(m.name, func(b *testing.B) {
			var took []time.Duration
			best := make([]time.Duration, len(benchQueries))
			i := 0
			cpu0 := cpuTime()
			for b.Loop() {
				q := i % len(benchQueries)
				d, err := m.run(q)
				if err != nil {
					b.Fatal(err)
				}
				took = append(took, d)
				if best[q] == 0 || d < best[q] {
					best[q] = d
				}
				i++
			}
			cpu := (cpuTime() - cpu0) / time.Duration(i)
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-ms")
			b.ReportMetric(float64(cpu.Microseconds())/1000, "cpu-ms/op")
			p50best := medianBest(best)
			// A busy spell of the machine can cover a whole round: over budget, the
			// questions run again (at most budgetRetries rounds of 3 each), keeping each
			// one's best. A slower retrieval stays over; a busy spell passes.
			for retry := 0; m.budget > 0 && p50best > m.budget && retry < budgetRetries; retry++ {
				for q := range 3 * len(benchQueries) {
					d, err := m.run(q % len(benchQueries))
					if err != nil {
						b.Fatal(err)
					}
					if i := q % len(benchQueries); best[i] == 0 || d < best[i] {
						best[i] = d
					}
				}
				p50best = medianBest(best)
			}
			b.ReportMetric(float64(p50best.Microseconds())/1000, "p50-best-ms")
			if m.budget > 0 && p50best > m.budget {
				b.Fatalf("%s retrieval over %d chunks takes %v (median of each question's best), over its budget of %v",
					m.name, n, p50best, m.budget)
			}
		})
	}
}
