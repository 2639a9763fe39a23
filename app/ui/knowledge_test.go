package ui

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/app/internal/helpsite"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/knowledge"
	"github.com/errand-app/errand/knowledge/recorded"
	"github.com/errand-app/errand/knowledge/replay"
	"github.com/errand-app/errand/knowledge/skills"
)

// serviceBridge is the Bridge over a real Service on a fresh data directory, offline
// unless ollama names a (fake) Ollama.
func serviceBridge(t *testing.T, ollama string) (*Bridge, *app.Service, *recorder) {
	t.Helper()
	ctx := context.Background()
	cfg := app.Config{DataDir: t.TempDir(), Offline: ollama == "", OllamaHost: ollama}
	svc, err := app.Open(ctx, cfg, app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rec := newRecorder()
	b := New(ctx, svc, Options{Emit: rec.emit, Version: "test"})
	t.Cleanup(func() {
		if err := Close(ctx, b); err != nil {
			t.Error(err)
		}
		if err := svc.Close(); err != nil {
			t.Error(err)
		}
	})
	return b, svc, rec
}

// ingestEvents waits for the ingestion's end and returns its events in order.
func ingestEvents(t *testing.T, rec *recorder, id string) []IngestProgress {
	t.Helper()
	rec.next(t, `"stage":"ended"`)
	var out []IngestProgress
	for _, s := range rec.all() {
		var p IngestProgress
		if err := json.Unmarshal([]byte(strings.TrimPrefix(s, EventName+" ")), &p); err != nil || p.Type != EventIngestProgress || p.IngestID != id {
			continue
		}
		out = append(out, p)
	}
	return out
}

func TestAddSourcesStoresAndReportsEachSource(t *testing.T) {
	b, _, rec := serviceBridge(t, "")
	site := helpsite.Start(t)
	missing := filepath.Join(t.TempDir(), "gone.pdf")
	notes := filepath.Join(t.TempDir(), "notes.md")
	if err := os.WriteFile(notes, []byte("# Shifts\n\nThe night shift starts at ten and hands over at six.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	page := site.URL + helpsite.Path
	id, err := b.AddSources(AddSources{Sources: []string{page, " " + missing, notes, "http://127.0.0.1:1/help", "", page}})
	if err != nil {
		t.Fatal(err)
	}
	evs := ingestEvents(t, rec, id)
	var stages []string
	bySource := map[string]IngestProgress{}
	for _, e := range evs {
		stages = append(stages, string(e.Stage)+" "+e.Source)
		if e.Stage != "start" {
			bySource[e.Source] = e
		}
	}
	// Files first, then the addresses' crawl; each source once, however often it was given.
	wantOrder := []string{"error " + missing, "start " + notes, "stored " + notes, "start " + page, "start http://127.0.0.1:1/help"}
	for i, w := range wantOrder {
		if i >= len(stages) || stages[i] != w {
			t.Fatalf("stages = %q, want them to begin %q", stages, wantOrder)
		}
	}
	if last := evs[len(evs)-1]; last.Stage != StageEnded || last.Stored != 2 || last.Failed != 2 || last.Error != "" || last.Cancelled {
		t.Errorf("last event = %+v, want ended with 2 stored and 2 failed", last)
	}
	if done := evs[len(evs)-2]; done.Stage != "done" || done.Stored != 2 || done.Failed != 2 {
		t.Errorf("before the end = %+v, want done with the totals", done)
	}
	if e := bySource[missing]; !strings.Contains(e.Error, "no such file") && !strings.Contains(e.Error, "not found") {
		t.Errorf("missing file: %+v", e)
	}
	if e := bySource["http://127.0.0.1:1/help"]; e.Stage != "error" || e.Error == "" {
		t.Errorf("unreachable address: %+v", e)
	}
	if e := bySource[page]; e.Stage != "stored" || e.Title != "Refunds help" || e.Chunks == 0 || e.Kind != "html" {
		t.Errorf("page: %+v", e)
	}

	v, err := b.Knowledge()
	if err != nil {
		t.Fatal(err)
	}
	host := strings.TrimPrefix(site.URL, "http://")
	if len(v.Sites) != 2 || v.Sites[0].Site != host || v.Sites[1].Site != "local" {
		t.Fatalf("sites = %+v, want %s and local", v.Sites, host)
	}
	src := v.Sites[0].Sources
	if len(src) != 1 || src[0].Source != page || src[0].Title != "Refunds help" || src[0].Chunks != v.Sites[0].Chunks || src[0].IngestedAt.IsZero() {
		t.Errorf("sources of %s = %+v", host, src)
	}
}

func TestSearchThenForgetASourceAndASite(t *testing.T) {
	b, _, rec := serviceBridge(t, "")
	site := helpsite.Start(t)
	page := site.URL + helpsite.Path
	id, err := b.AddSources(AddSources{Sources: []string{page}})
	if err != nil {
		t.Fatal(err)
	}
	ingestEvents(t, rec, id)

	ps, err := b.Search("how do I make a partial refund?", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) == 0 || ps[0].Source != page || !strings.Contains(ps[0].Heading, "Partial refunds") ||
		!strings.Contains(ps[0].Text, "Amount field") || ps[0].Score <= 0 {
		t.Fatalf("passages = %+v, want the Partial refunds section first", ps)
	}
	if ps, err := b.Search("partial refund", "another.example"); err != nil || len(ps) != 0 {
		t.Errorf("another site's search = %+v, %v; want none", ps, err)
	}
	if _, err := b.Search("  ", ""); err == nil {
		t.Error("an empty question was searched")
	}

	n, err := b.ForgetKnowledge(page)
	if err != nil || n == 0 {
		t.Fatalf("forget the page: %d passages, %v", n, err)
	}
	if v, _ := b.Knowledge(); len(v.Sites) != 0 {
		t.Errorf("after forgetting: %+v", v.Sites)
	}
	if ps, _ := b.Search("partial refund", ""); len(ps) != 0 {
		t.Errorf("a forgotten page is still found: %+v", ps)
	}
	if _, err := b.ForgetKnowledge(page); !errors.Is(err, ErrNotFound) {
		t.Errorf("forgetting it again: %v, want ErrNotFound", err)
	}

	id, _ = b.AddSources(AddSources{Sources: []string{page}})
	ingestEvents(t, rec, id)
	host := strings.TrimPrefix(site.URL, "http://")
	if n, err := b.ForgetKnowledge(host); err != nil || n == 0 {
		t.Fatalf("forget the site: %d, %v", n, err)
	}
	if v, _ := b.Knowledge(); len(v.Sites) != 0 {
		t.Errorf("after forgetting the site: %+v", v.Sites)
	}
}

func TestAddSourcesRefusesWhatIsNoSource(t *testing.T) {
	b, _, rec := serviceBridge(t, "")
	for _, req := range []AddSources{
		{},
		{Sources: []string{" ", ""}},
		{Sources: []string{"docs/help.md"}},
		{Sources: []string{"ftp://example.com/x"}},
		{Sources: []string{"https://example.com"}, Strategy: "everything"},
		{Sources: []string{"https://example.com"}, MaxPages: 50000},
		{Sources: []string{"https://example.com"}, MaxDepth: -1},
	} {
		if id, err := b.AddSources(req); err == nil {
			t.Errorf("%+v started %s", req, id)
		}
	}
	if evs := rec.all(); len(evs) != 0 {
		t.Errorf("refused input emitted %v", evs)
	}
}

func TestSourceOf(t *testing.T) {
	home := func() (string, error) { return "/home/me", nil }
	for _, c := range []struct{ in, want string }{
		{"https://help.example.com/a?b=1", "https://help.example.com/a?b=1"},
		{"help.example.com/guide", "https://help.example.com/guide"},
		{"localhost:8080/docs", "http://localhost:8080/docs"},
		{"127.0.0.1:7480", "http://127.0.0.1:7480"},
		{"/srv/docs/../manual.pdf", "/srv/manual.pdf"},
		{"~/Documents/faq.md", "/home/me/Documents/faq.md"},
		{"file:///srv/docs/a%20b.md", "/srv/docs/a b.md"},
		{"  ", ""},
		{"docs/help.md", "!"},
		{"manual", "!"},
		{"mailto:x@example.com", "!"},
		{"ftp://example.com/f", "!"},
		{"my notes.txt", "!"},
	} {
		got, err := sourceOf(c.in, home)
		if c.want == "!" {
			if err == nil {
				t.Errorf("sourceOf(%q) = %q, want an error", c.in, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("sourceOf(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

func TestSkillsAndReplaysPerSite(t *testing.T) {
	b, svc, _ := serviceBridge(t, "")
	ctx := context.Background()
	mem, err := svc.Memory(ctx)
	if err != nil {
		t.Fatal(err)
	}
	save := recorded.Step{Action: page.Action{Kind: page.Click}, Element: recorded.Element{Role: "btn", Name: "Save"}}
	savePatient := recorded.Step{Action: page.Action{Kind: page.Click}, Element: recorded.Element{Role: "btn", Name: "Save patient"}}
	k, err := mem.Skills.Learn(ctx, skills.Lesson{URL: "http://clinic.test:8080/patients/new", Goal: "Add patient Jas",
		Failed: save, Succeeded: savePatient, Page: "/patients/new#3f2a9c01d4e5"})
	if err != nil {
		t.Fatal(err)
	}
	if err := mem.Skills.Used(ctx, k.ID, true); err != nil {
		t.Fatal(err)
	}
	if err := mem.Skills.Used(ctx, k.ID, false); err != nil {
		t.Fatal(err)
	}
	typeName := recorded.Step{Action: page.Action{Kind: page.SetValue, Text: "Jas"}, Element: recorded.Element{Role: "inp", Name: "Name"}}
	sc, err := replay.Record("Type 'Jas' into Name and click Save patient", "http://clinic.test:8080/patients/new",
		[]recorded.Step{typeName, savePatient})
	if err != nil {
		t.Fatal(err)
	}
	sc, err = mem.Replays.Save(ctx, sc)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mem.Skills.Learn(ctx, skills.Lesson{URL: "https://mail.example/compose", Goal: "Send the mail",
		Failed: save, Succeeded: savePatient, Page: "/compose#1"}); err != nil {
		t.Fatal(err)
	}

	v, err := b.Skills()
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Sites) != 2 || v.Sites[0].Site != "clinic.test:8080" || v.Sites[1].Site != "mail.example" {
		t.Fatalf("sites = %+v", v.Sites)
	}
	clinic := v.Sites[0]
	if len(clinic.Skills) != 1 {
		t.Fatalf("clinic skills = %+v", clinic.Skills)
	}
	got := clinic.Skills[0]
	if got.ID != k.ID || got.Goal != "Add patient Jas" || got.Successes != 2 || got.Failures != 1 ||
		got.Worked != `click “Save patient” button` || got.Failed != `click “Save” button` || got.LastUsed.IsZero() {
		t.Errorf("skill = %+v, want learned once, used twice (one failure)", got)
	}
	if len(clinic.Replays) != 1 {
		t.Fatalf("clinic replays = %+v", clinic.Replays)
	}
	r := clinic.Replays[0]
	if r.ID != sc.ID || r.StartPage != "clinic.test:8080/patients/new" || r.Template != "type {text1} into name and click save patient" ||
		len(r.Steps) != 2 || !strings.Contains(r.Steps[0], "{text1}") || r.Uses != 0 {
		t.Errorf("replay = %+v", r)
	}

	if err := b.ForgetReplay(sc.ID); err != nil {
		t.Fatal(err)
	}
	if err := b.ForgetReplay(sc.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("forgetting a replay twice: %v", err)
	}
	if err := b.ForgetSkill(k.ID); err != nil {
		t.Fatal(err)
	}
	if err := b.ForgetSkill(k.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("forgetting a skill twice: %v", err)
	}
	if n, err := b.ForgetSkills("mail.example"); err != nil || n != 1 {
		t.Errorf("forget mail.example's skills: %d, %v", n, err)
	}
	if _, err := b.ForgetSkills(""); err == nil {
		t.Error("an empty site forgot every site's skills")
	}
	if v, _ := b.Skills(); len(v.Sites) != 0 {
		t.Errorf("after forgetting: %+v", v.Sites)
	}
	// The rows are gone from the file, not only from the view: a fresh handle sees none.
	m2, err := app.OpenMemory(ctx, svc.Settings().DataDir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m2.Close()
	if ks, _ := m2.Skills.List(ctx, ""); len(ks) != 0 {
		t.Errorf("skills left in memory.db: %+v", ks)
	}
}

// fakeEmbedder is Ollama's embedding endpoint, answering a small vector per text.
func fakeEmbedder(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/embed" {
			http.NotFound(w, r)
			return
		}
		var in struct{ Input []string }
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		vecs := make([][]float32, len(in.Input))
		for i, s := range in.Input {
			vecs[i] = []float32{float32(len(s)%7) + 1, 1, float32(strings.Count(s, "refund")) + 1}
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"model": "nomic-embed-text", "embeddings": vecs})
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestAddSourcesEmbedsWithProgress(t *testing.T) {
	b, _, rec := serviceBridge(t, fakeEmbedder(t).URL)
	page := helpsite.Start(t).URL + helpsite.Path
	id, err := b.AddSources(AddSources{Sources: []string{page}})
	if err != nil {
		t.Fatal(err)
	}
	evs := ingestEvents(t, rec, id)
	var stages []string
	for _, e := range evs {
		stages = append(stages, string(e.Stage))
	}
	if got := strings.Join(stages, " "); !strings.HasPrefix(got, "start stored done embedding") || !strings.HasSuffix(got, "embedding ended") {
		t.Fatalf("stages = %s, want the reading, then the embedding, then the end", got)
	}
	last := evs[len(evs)-2]
	if last.Model != "nomic-embed-text" || last.Embedded != last.ToEmbed || last.ToEmbed != evs[1].Chunks {
		t.Errorf("last embedding event = %+v, want all %d passages embedded", last, evs[1].Chunks)
	}
}

func TestCancelIngestKeepsWhatWasStored(t *testing.T) {
	b, _, rec := serviceBridge(t, "")
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done() // never answers
	}))
	t.Cleanup(slow.Close)
	notes := filepath.Join(t.TempDir(), "notes.md")
	if err := os.WriteFile(notes, []byte("# Shifts\n\nThe night shift starts at ten.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	id, err := b.AddSources(AddSources{Sources: []string{notes, slow.URL + "/docs"}})
	if err != nil {
		t.Fatal(err)
	}
	rec.next(t, `"stage":"start","source":"`+slow.URL)
	if err := b.CancelIngest(id); err != nil {
		t.Fatal(err)
	}
	evs := ingestEvents(t, rec, id)
	if end := evs[len(evs)-1]; !end.Cancelled || end.Error != "" {
		t.Errorf("end = %+v, want cancelled without an error", end)
	}
	if err := b.CancelIngest(id); err != nil {
		t.Errorf("cancelling an ended ingestion: %v", err)
	}
	if v, _ := b.Knowledge(); len(v.Sites) != 1 || v.Sites[0].Sources[0].Source != notes {
		t.Errorf("after the cancel: %+v, want the notes kept", v.Sites)
	}
}

func TestIngestStagesAreKnowledgesEvents(t *testing.T) {
	for stage, event := range map[IngestStage]string{StageStart: knowledge.EventStart, StagePress: knowledge.EventPress, StageStored: knowledge.EventStored,
		StageSkipped: knowledge.EventSkipped, StageError: knowledge.EventError, StageDone: knowledge.EventDone,
		StageEmbedding: knowledge.EventEmbedding} {
		if string(stage) != event {
			t.Errorf("stage %q is knowledge's %q", stage, event)
		}
	}
}
