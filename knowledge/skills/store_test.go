package skills

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/clock"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/knowledge/recorded"
)

var t0 = time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC)

const (
	newPatient = "http://127.0.0.1:7480/patients/new"
	formSig    = "/patients/new#aaaaaaaaaaaa"
)

func openStore(t testing.TB, opts Options) (*Store, *clock.Fake, string) {
	t.Helper()
	clk := clock.NewFake(t0)
	opts.Clock = clk
	path := filepath.Join(t.TempDir(), "memory.db")
	s, err := Open(context.Background(), path, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, clk, path
}

func button(name string) recorded.Step {
	return recorded.Step{Action: page.Action{Kind: page.Click}, Element: recorded.Element{Role: page.RoleButton, Name: name}}
}

// saveLesson: clicking Save did nothing; the "Save patient" button in the form's footer did.
func saveLesson(goal string) Lesson {
	return Lesson{URL: newPatient, Goal: goal, Failed: button("Save"), Succeeded: button("Save patient"), Page: formSig}
}

func learn(t testing.TB, s *Store, l Lesson) Skill {
	t.Helper()
	k, err := s.Learn(context.Background(), l)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func find(t testing.TB, s *Store, q Query) []Match {
	t.Helper()
	ms, err := s.Find(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

func TestLearnCountsTheSameLessonOnce(t *testing.T) {
	s, clk, _ := openStore(t, Options{})
	k := learn(t, s, saveLesson("Save the new patient"))
	if k.ID == 0 || k.Site != "127.0.0.1:7480" || k.Successes != 1 || k.Failures != 0 || !k.CreatedAt.Equal(t0) {
		t.Fatalf("learned %+v", k)
	}
	clk.Advance(time.Hour)
	again := learn(t, s, saveLesson("save the  new patient"))
	if again.ID != k.ID || again.Successes != 2 || !again.LastUsed.Equal(t0.Add(time.Hour)) || !again.CreatedAt.Equal(t0) {
		t.Errorf("learned again: %+v", again)
	}
	other := saveLesson("Save the new patient")
	other.Succeeded = button("Submit")
	if k3 := learn(t, s, other); k3.ID == k.ID {
		t.Error("another fix was counted as the same skill")
	}
	if _, err := s.Learn(context.Background(), Lesson{URL: "file:///tmp/x.html", Goal: "x"}); err == nil {
		t.Error("learned a skill for a page not on the web")
	}
}

func TestFindRanksAndScopes(t *testing.T) {
	ctx := context.Background()
	s, clk, _ := openStore(t, Options{})
	old := learn(t, s, saveLesson("Save the new patient"))
	clk.Advance(40 * 24 * time.Hour)
	otherPage := saveLesson("Save the new patient record")
	otherPage.Page = "/patients/*/edit#cccccccccccc"
	edit := learn(t, s, otherPage)
	fresh := learn(t, s, Lesson{URL: newPatient, Goal: "Save the new patient now", Failed: button("OK"),
		Succeeded: button("Save patient"), Page: formSig})
	learn(t, s, Lesson{URL: newPatient, Goal: "Export the monthly report", Failed: button("Export"),
		Succeeded: button("Download CSV"), Page: "/reports#dddddddddddd"})
	shop := saveLesson("Save the new patient")
	shop.URL = "https://shop.example/patients/new"
	learn(t, s, shop)

	ms := find(t, s, Query{URL: newPatient + "?x=1", Goal: "save new patient", Page: formSig, Limit: 10})
	var ids []int64
	for _, m := range ms {
		ids = append(ids, m.Skill.ID)
		if m.Skill.Site != "127.0.0.1:7480" {
			t.Errorf("a skill of %s was offered", m.Skill.Site)
		}
	}
	// The fresh one on this page first; the one on another page next; the one unused for
	// 40 days (more than a half-life) last; the report skill is another errand.
	want := []int64{fresh.ID, edit.ID, old.ID}
	if len(ids) != len(want) || ids[0] != want[0] || ids[1] != want[1] || ids[2] != want[2] {
		t.Errorf("found %v, want %v (%+v)", ids, want, ms)
	}
	if ms := find(t, s, Query{URL: newPatient, Goal: "the", Page: formSig}); len(ms) != 0 {
		t.Errorf("a goal of stop words found %d", len(ms))
	}

	// A skill that fails more than it works is no hint.
	for range 2 {
		if err := s.Used(ctx, fresh.ID, false); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range find(t, s, Query{URL: newPatient, Goal: "save new patient", Page: formSig, Limit: 10}) {
		if m.Skill.ID == fresh.ID {
			t.Errorf("a skill that worked 1 of 3 times was offered: %+v", m.Skill)
		}
	}
	if err := s.Used(ctx, fresh.ID, true); err != nil {
		t.Fatal(err)
	}
	// At 2 of 4 it is a hint again, worth half of what it was.
	ms = find(t, s, Query{URL: newPatient, Goal: "save new patient", Page: formSig})
	if len(ms) != 3 || ms[1].Skill.ID != fresh.ID || ms[1].Skill.Successes != 2 || ms[1].Skill.Failures != 2 {
		t.Errorf("at 2 of 4: %+v", ms)
	}
	hints, err := s.Hints(ctx, newPatient, "save new patient")
	want1 := "For \"Save the new patient now\" on a page like this, click \u201cOK\u201d button did not work; " +
		"click \u201cSave patient\u201d button did (worked 2 of 4 times)."
	if err != nil || len(hints) != 3 || hints[2] != want1 {
		t.Errorf("Hints = %q, %v", hints, err)
	}
	if err := s.Used(ctx, 9999, true); !errors.Is(err, ErrNotFound) {
		t.Errorf("using a skill that is not there: %v", err)
	}
}

func TestSkillsExpireAndAreEvicted(t *testing.T) {
	ctx := context.Background()
	s, clk, _ := openStore(t, Options{Max: 3})
	a := learn(t, s, saveLesson("Save the new patient"))
	clk.Advance(80 * 24 * time.Hour)
	b := learn(t, s, Lesson{URL: newPatient, Goal: "Save the patient b", Failed: button("B"), Succeeded: button("B2"), Page: formSig})
	clk.Advance(11 * 24 * time.Hour) // a is 91 days unused: gone from hints at once
	if ms := find(t, s, Query{URL: newPatient, Goal: "save the new patient", Limit: 10}); len(ms) != 1 || ms[0].Skill.ID != b.ID {
		t.Errorf("after 91 days: %+v", ms)
	}
	// Learning prunes the expired one from the file too.
	c := learn(t, s, Lesson{URL: newPatient, Goal: "Save the patient c", Failed: button("C"), Succeeded: button("C2")})
	if _, err := s.Get(ctx, a.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("the expired skill is still kept: %v", err)
	}
	// b is used, so c is now the least recently used; two more lessons evict it, not b.
	clk.Advance(time.Minute)
	if err := s.Used(ctx, b.ID, true); err != nil {
		t.Fatal(err)
	}
	clk.Advance(time.Minute)
	d := learn(t, s, Lesson{URL: newPatient, Goal: "Save the patient d", Failed: button("D"), Succeeded: button("D2")})
	clk.Advance(time.Minute)
	e := learn(t, s, Lesson{URL: newPatient, Goal: "Save the patient e", Failed: button("E"), Succeeded: button("E2")})
	list, err := s.List(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	got := map[int64]bool{}
	for _, k := range list {
		got[k.ID] = true
	}
	if len(list) != 3 || !got[b.ID] || !got[d.ID] || !got[e.ID] || got[c.ID] {
		t.Errorf("kept %v; want b, d, e (c evicted)", got)
	}
}

func TestSecretsAreNeverStored(t *testing.T) {
	ctx := context.Background()
	s, _, path := openStore(t, Options{})
	pw := recorded.Element{Role: page.RoleInput, Name: "Password", Type: "password"}
	typed := recorded.Step{Action: page.Action{Kind: page.SetValue, Text: "hunter2", Sensitive: true,
		Description: "typed hunter2"}, Element: pw}
	k := learn(t, s, Lesson{URL: newPatient, Goal: "log in with %password%", Failed: button("Sign in"),
		Succeeded: typed, Page: formSig})
	if k.Succeeded.Action.Text != "%password%" {
		t.Errorf("stored text %q", k.Succeeded.Action.Text)
	}
	if _, err := s.Learn(ctx, Lesson{URL: newPatient, Goal: "log in", Failed: button("Sign in"), Succeeded: typed}); !errors.Is(err, recorded.ErrUnnamedSecret) {
		t.Errorf("a secret with no placeholder: %v", err)
	}
	s.Close()
	for _, f := range []string{path, path + "-wal"} {
		b, _ := os.ReadFile(f)
		if bytes.Contains(b, []byte("hunter2")) {
			t.Errorf("%s holds the secret", filepath.Base(f))
		}
	}
}

func TestForget(t *testing.T) {
	ctx := context.Background()
	s, _, _ := openStore(t, Options{})
	a := learn(t, s, saveLesson("Save the new patient"))
	shop := saveLesson("Save the new patient")
	shop.URL = "https://shop.example/"
	learn(t, s, shop)
	learn(t, s, Lesson{URL: "https://shop.example/cart", Goal: "check out", Failed: button("Pay"), Succeeded: button("Checkout")})
	if err := s.Forget(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.Forget(ctx, a.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("forgetting twice: %v", err)
	}
	if n, err := s.ForgetSite(ctx, "shop.example"); n != 2 || err != nil {
		t.Errorf("ForgetSite = %d, %v", n, err)
	}
	if list, _ := s.List(ctx, ""); len(list) != 0 {
		t.Errorf("%d skills left", len(list))
	}
	if ms := find(t, s, Query{URL: newPatient, Goal: "save the new patient"}); len(ms) != 0 {
		t.Errorf("a forgotten skill was found: %+v", ms)
	}
}

// The in-memory index follows changes another handle (another process) makes to the file.
func TestFindSeesOtherWriters(t *testing.T) {
	ctx := context.Background()
	a, clk, path := openStore(t, Options{})
	b, err := Open(ctx, path, Options{Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	q := Query{URL: newPatient, Goal: "save the new patient"}
	if ms := find(t, a, q); len(ms) != 0 {
		t.Fatalf("found %d in an empty file", len(ms))
	}
	k := learn(t, b, saveLesson("Save the new patient"))
	if ms := find(t, a, q); len(ms) != 1 || ms[0].Skill.ID != k.ID || ms[0].Skill.Succeeded.Element.Name != "Save patient" {
		t.Fatalf("after the other handle learned: %+v", ms)
	}
	if err := b.Forget(ctx, k.ID); err != nil {
		t.Fatal(err)
	}
	if ms := find(t, a, q); len(ms) != 0 {
		t.Fatalf("after the other handle forgot: %+v", ms)
	}
}

// A lookup after this store's own lesson, eviction or forgetting needs no rebuild.
func TestIndexFollowsOwnWrites(t *testing.T) {
	ctx := context.Background()
	s, clk, path := openStore(t, Options{Max: 2})
	q := Query{URL: newPatient, Goal: "save the new patient", Limit: 10}
	a := learn(t, s, saveLesson("Save the new patient"))
	find(t, s, q)
	clk.Advance(time.Minute)
	b := learn(t, s, Lesson{URL: newPatient, Goal: "save new patient quickly", Failed: button("X"), Succeeded: button("Y")})
	if ms := find(t, s, q); len(ms) != 2 {
		t.Fatalf("after learning: %+v", ms)
	}
	clk.Advance(time.Minute)
	c := learn(t, s, Lesson{URL: newPatient, Goal: "save the patient", Failed: button("P"), Succeeded: button("Q")}) // evicts a
	ms := find(t, s, q)
	if len(ms) != 2 || ms[0].Skill.ID == a.ID || ms[1].Skill.ID == a.ID {
		t.Fatalf("after eviction: %+v", ms)
	}
	if err := s.Forget(ctx, b.ID); err != nil {
		t.Fatal(err)
	}
	if ms := find(t, s, q); len(ms) != 1 || ms[0].Skill.ID != c.ID {
		t.Fatalf("after forgetting: %+v", ms)
	}
	if s.index.loads != 1 {
		t.Errorf("the site was read %d times; once is enough", s.index.loads)
	}
	// Another handle's change is seen by a rebuild.
	other, err := Open(ctx, path, Options{Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	learn(t, other, saveLesson("save the new patient again"))
	if ms := find(t, s, q); len(ms) != 2 || s.index.loads != 2 {
		t.Errorf("after another handle learned: %d found, %d loads", len(ms), s.index.loads)
	}
}

func TestConcurrentLearnAndFind(t *testing.T) {
	ctx := context.Background()
	s, _, _ := openStore(t, Options{Max: 50})
	done := make(chan error, 4)
	for w := range 4 {
		go func() {
			for i := range 30 {
				l := saveLesson(fmt.Sprintf("save the new patient %d %d", w, i))
				l.Succeeded = button(fmt.Sprintf("Save %d %d", w, i))
				if _, err := s.Learn(ctx, l); err != nil {
					done <- err
					return
				}
				if _, err := s.Find(ctx, Query{URL: newPatient, Goal: "save the new patient"}); err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	if list, _ := s.List(ctx, ""); len(list) != 50 {
		t.Errorf("%d skills kept, want the cap of 50", len(list))
	}
}
