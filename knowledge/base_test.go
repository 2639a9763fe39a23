package knowledge

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/engine/llm/fakeollama"
)

// events records progress.
type events struct {
	mu  sync.Mutex
	all []Progress
}

func (e *events) add(p Progress) { e.mu.Lock(); e.all = append(e.all, p); e.mu.Unlock() }

func (e *events) byType(typ string) map[string]Progress {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := map[string]Progress{}
	for _, p := range e.all {
		if p.Type == typ {
			out[filepath.Base(p.Source)] = p
		}
	}
	return out
}

func openBase(t *testing.T, dir string, cfg Config) *Base {
	t.Helper()
	cfg.Dir = dir
	b, err := Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

func TestIngestFolderReadsEveryFormatAndReportsBadFiles(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	docs := filepath.Join(dir, "docs")
	if err := os.CopyFS(docs, os.DirFS("testdata/docs")); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(docs, "huge.txt"), []byte(strings.Repeat("big words ", 10_000)), 0o644)
	b := openBase(t, filepath.Join(dir, "kb"), Config{})
	var ev events
	total, err := b.Ingest(ctx, []string{docs, filepath.Join(dir, "absent.md")}, IngestOptions{MaxBytes: 64 << 10}, ev.add)
	if err != nil {
		t.Fatal(err)
	}
	stored := ev.byType(EventStored)
	for _, f := range []string{"hours.md", "fees.csv", "contact.json", "notes.txt", "manual.pdf", "guide.docx"} {
		if stored[f].Chunks == 0 {
			t.Errorf("%s not stored: %+v", f, stored[f])
		}
	}
	if stored["manual.pdf"].Kind != "pdf" || stored["guide.docx"].Title != "Front desk guide" {
		t.Errorf("pdf %+v docx %+v", stored["manual.pdf"], stored["guide.docx"])
	}
	failed := ev.byType(EventError)
	for f, want := range map[string]string{"junk.bin": "binary content", "huge.txt": "too large: 97.7 KiB (the limit is 64.0 KiB)",
		"absent.md": "no such file or folder"} {
		if !strings.Contains(failed[f].Error, want) {
			t.Errorf("%s: error %q, want it to say %q", f, failed[f].Error, want)
		}
	}
	if _, ok := stored["secret.txt"]; ok {
		t.Error("a hidden folder was read")
	}
	if total.Type != EventDone || total.Stored != 6 || total.Failed != 3 {
		t.Errorf("totals %+v", total)
	}
	// What was stored answers questions, with its source, heading and page.
	for q, want := range map[string]string{
		"When do backups run?":           "manual.pdf p2",
		"how long do refunds take":       "guide.docx Front desk guide > Refunds",
		"is the clinic open on Saturday": "hours.md Opening hours > Weekends",
		"price of an x-ray":              "fees.csv ",
		"emergency number":               "contact.json clinic > emergency",
	} {
		ps, err := b.Retrieve(ctx, LocalSite, q, 3)
		if err != nil || len(ps) == 0 {
			t.Errorf("%q: %v, %d passages", q, err, len(ps))
			continue
		}
		got := filepath.Base(ps[0].Source) + " " + ps[0].Heading
		if ps[0].Page > 0 {
			got = filepath.Base(ps[0].Source) + " p" + string(rune('0'+ps[0].Page))
		}
		if got != want {
			t.Errorf("%q: first passage from %q, want %q (%q)", q, got, want, ps[0].Text)
		}
	}
	// Ingesting again skips what did not change.
	ev = events{}
	total, _ = b.Ingest(ctx, []string{docs}, IngestOptions{MaxBytes: 64 << 10}, ev.add)
	if total.Skipped != 6 || total.Stored != 0 {
		t.Errorf("second ingestion %+v, want 6 unchanged", total)
	}
}

func TestHybridRetrievalThroughFakeOllama(t *testing.T) {
	ctx := context.Background()
	srv := fakeollama.Start(t)
	srv.SetModels(DefaultEmbedModel)
	ol, err := llm.NewOllama(llm.Config{Host: srv.URL()})
	if err != nil {
		t.Fatal(err)
	}
	b := openBase(t, t.TempDir(), Config{Embedder: ol, EmbedBatch: 4})
	if _, err := b.Ingest(ctx, []string{"testdata/docs"}, IngestOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	var ev events
	if err := b.EmbedPending(ctx, ev.add); err != nil {
		t.Fatal(err)
	}
	last := ev.all[len(ev.all)-1]
	if last.Type != EventEmbedding || last.Done != last.Total || last.Total == 0 || last.Model != DefaultEmbedModel {
		t.Fatalf("last embedding event %+v", last)
	}
	if n := b.vecs.Count(LocalSite, DefaultEmbedModel); n != last.Total {
		t.Errorf("%d vectors stored, want %d", n, last.Total)
	}
	_, texts := srv.EmbedCalls()
	ps, err := b.Retrieve(ctx, "", "visitors park free", 3)
	if err != nil || len(ps) == 0 || !strings.Contains(ps[0].Text, "Visitors park free") {
		t.Fatalf("hybrid: %v %+v", err, ps)
	}
	if _, after := srv.EmbedCalls(); after != texts+1 {
		t.Errorf("the query was not embedded (%d → %d texts)", texts, after)
	}
	// A model that vanished leaves lexical retrieval working.
	srv.SetModels()
	ps, err = b.Retrieve(ctx, "", "visitors park free", 3)
	if err != nil || len(ps) == 0 || !strings.Contains(ps[0].Text, "Visitors park free") {
		t.Fatalf("without the model: %v %+v", err, ps)
	}
}

// flaky embeds with the fake's vectors and fails after ok batches.
type flaky struct {
	mu      sync.Mutex
	ok      int
	batches int
	texts   int
}

func (f *flaky) Embed(_ context.Context, _ string, texts []string) ([][]float32, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.ok >= 0 && f.batches >= f.ok {
		return nil, errors.New("ollama went away")
	}
	f.batches++
	f.texts += len(texts)
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = fakeollama.FakeEmbedding(t)
	}
	return out, nil
}

func TestEmbeddingResumesAfterRestartAndReembedsOnModelChange(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	first := &flaky{ok: 2}
	b := openBase(t, dir, Config{Embedder: first, EmbedBatch: 2})
	if _, err := b.Ingest(ctx, []string{"testdata/docs"}, IngestOptions{}, nil); err != nil {
		t.Fatal(err)
	}
	err := b.EmbedPending(ctx, nil)
	if err == nil || !strings.Contains(err.Error(), "ollama went away") {
		t.Fatalf("err = %v", err)
	}
	_, total, _ := b.cat.EmbedCounts(ctx, DefaultEmbedModel)
	b.Close()

	// Restart: only what was left is embedded.
	second := &flaky{ok: -1}
	b = openBase(t, dir, Config{Embedder: second, EmbedBatch: 2})
	if err := b.EmbedPending(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if second.texts != total-4 {
		t.Errorf("after restart %d chunks embedded, want %d (total %d minus the 4 done)", second.texts, total-4, total)
	}
	b.Close()

	// Another model: the old vectors go and every chunk is embedded again, in the background.
	third := &flaky{ok: -1}
	b = openBase(t, dir, Config{Embedder: third, EmbedModel: "mxbai-embed-large", EmbedBatch: 2})
	if err := b.WaitVectors(ctx); err != nil {
		t.Fatal(err)
	}
	if n := b.vecs.Count("", DefaultEmbedModel); n != 0 {
		t.Errorf("%d vectors of the old model kept", n)
	}
	done := make(chan struct{})
	var once sync.Once
	b.StartEmbedding(func(p Progress) {
		if p.Type == EventEmbedding && p.Done == p.Total {
			once.Do(func() { close(done) })
		}
	})
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("background re-embedding did not finish")
	}
	if third.texts != total || b.vecs.Count("", "mxbai-embed-large") != total {
		t.Errorf("re-embedded %d, stored %d, want %d", third.texts, b.vecs.Count("", "mxbai-embed-large"), total)
	}
}

func TestInteractionContentSupersedesAndCarriesItsTrigger(t *testing.T) {
	ctx := context.Background()
	clock := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	b := openBase(t, t.TempDir(), Config{Now: func() time.Time { return clock }})
	page := "https://shop.test/plans"
	load := `<html><body><h1>Plans</h1><h2>Pricing</h2><p>Prices are shown per month for the basic plan.</p>
		<h2>Support</h2><p>Support answers within a day.</p></body></html>`
	if p := b.IngestBytes(ctx, page, "text/html", []byte(load), IngestOptions{}); p.Type != EventStored {
		t.Fatalf("load: %+v", p)
	}
	clock = clock.Add(time.Minute)
	tab := `<html><body><h1>Plans</h1><h2>Pricing</h2><p>Annual prices: the basic plan costs 100 euros a year.</p></body></html>`
	p := b.IngestBytes(ctx, page, "text/html", []byte(tab), IngestOptions{Phase: PhaseInteraction, Trigger: "after clicking tab Annual"})
	if p.Type != EventStored {
		t.Fatalf("tab: %+v", p)
	}
	ps, _ := b.Retrieve(ctx, "shop.test", "basic plan prices", 5)
	if len(ps) == 0 || ps[0].Trigger != "after clicking tab Annual" || !strings.Contains(ps[0].Text, "100 euros") {
		t.Fatalf("passages %+v", ps)
	}
	for _, p := range ps {
		if strings.Contains(p.Text, "per month") {
			t.Errorf("the superseded Pricing chunk came back: %+v", p)
		}
	}
	if ps, _ := b.Retrieve(ctx, "shop.test", "support", 5); len(ps) != 1 || ps[0].Heading != "Plans > Support" {
		t.Errorf("the untouched section: %+v", ps)
	}
}

func TestForgetRemovesChunksAndVectors(t *testing.T) {
	ctx := context.Background()
	b := openBase(t, t.TempDir(), Config{Embedder: &flaky{ok: -1}})
	b.Ingest(ctx, []string{"testdata/docs"}, IngestOptions{Site: "clinic.test"}, nil)
	b.EmbedPending(ctx, nil)
	srcs, _ := b.Sources(ctx, "clinic.test")
	if len(srcs) != 6 {
		t.Fatalf("%d sources", len(srcs))
	}
	n, err := b.Forget(ctx, "clinic.test")
	if err != nil || n == 0 {
		t.Fatalf("forget: %d, %v", n, err)
	}
	if ps, _ := b.Retrieve(ctx, "", "refunds", 5); len(ps) != 0 {
		t.Errorf("still retrieved: %+v", ps)
	}
	if c := b.vecs.Count("clinic.test", DefaultEmbedModel); c != 0 {
		t.Errorf("%d vectors left", c)
	}
	if _, err := b.Forget(ctx, "clinic.test"); !errors.Is(err, ErrNotFound) {
		t.Errorf("second forget: %v", err)
	}
}

func TestForPromptScopesToThePageSiteThenEverySite(t *testing.T) {
	ctx := context.Background()
	b := openBase(t, t.TempDir(), Config{})
	b.IngestBytes(ctx, "https://docs.shop.test/billing", "text/html",
		[]byte(`<html><body><h1>Billing</h1><h2>Invoices</h2><p>Invoices are emailed monthly.</p></body></html>`), IngestOptions{})
	b.IngestBytes(ctx, "https://app.shop.test/help", "text/html",
		[]byte(`<html><body><h1>Help</h1><h2>Invoices</h2><p>Download invoices from the Account page.</p></body></html>`), IngestOptions{})
	got, err := b.ForPrompt(ctx, "https://app.shop.test/orders/7", "invoices", 5)
	if err != nil || len(got) != 1 || got[0] != "https://app.shop.test/help › Help > Invoices\nDownload invoices from the Account page." {
		t.Fatalf("own site: %q %v", got, err)
	}
	got, _ = b.ForPrompt(ctx, "https://other.test/", "invoices", 5)
	if len(got) != 2 {
		t.Errorf("no knowledge of other.test: want both sites' passages, got %q", got)
	}
}
