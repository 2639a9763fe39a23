package replay

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/clock"
	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/knowledge/recorded"
)

var t0 = time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC)

func openStore(t testing.TB) (*Store, *clock.Fake, string) {
	t.Helper()
	clk := clock.NewFake(t0)
	path := filepath.Join(t.TempDir(), "memory.db")
	s, err := Open(context.Background(), path, Options{Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, clk, path
}

func recordAt(t testing.TB, goal, url string, steps ...recorded.Step) Script {
	t.Helper()
	sc, err := Record(goal, url, steps)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

const newPatient = "http://127.0.0.1:7480/patients/new"

func TestStoreFindsUsesAndForgets(t *testing.T) {
	ctx := context.Background()
	s, clk, path := openStore(t)
	add, err := s.Save(ctx, recordAt(t, "Add patient Jas", newPatient, set("Name", "Jas"), click(page.RoleButton, "Save", "")))
	if err != nil {
		t.Fatal(err)
	}
	other, err := s.Save(ctx, recordAt(t, "Add patient Jas", "https://shop.example/cart", set("Name", "Jas")))
	if err != nil {
		t.Fatal(err)
	}
	if add.ID == 0 || add.ID == other.ID || !add.CreatedAt.Equal(t0) {
		t.Fatalf("saved %+v and %+v", add, other)
	}

	sc, b, ok, err := s.Find(ctx, newPatient+"?from=menu", "add patient Lee")
	if err != nil || !ok || sc.ID != add.ID || b["value1"] != "Lee" {
		t.Fatalf("Find = %d %v %v %v", sc.ID, b, ok, err)
	}
	if _, _, ok, _ := s.Find(ctx, newPatient, "Add patient Lee and print"); ok {
		t.Error("a different instruction found a script")
	}
	if _, _, ok, _ := s.Find(ctx, "http://127.0.0.1:7480/settings", "Add patient Lee"); ok {
		t.Error("a script replayed from another page")
	}

	clk.Advance(time.Hour)
	if err := s.Used(ctx, add.ID); err != nil {
		t.Fatal(err)
	}
	got, _ := s.Get(ctx, add.ID)
	if got.Uses != 1 || !got.LastUsed.Equal(t0.Add(time.Hour)) {
		t.Errorf("after a use: uses %d, last used %v", got.Uses, got.LastUsed)
	}

	// A new recording of the same errand replaces the old one and keeps its count.
	clk.Advance(time.Hour)
	again, err := s.Save(ctx, recordAt(t, "add patient Ann", newPatient, set("Full name", "Ann"), click(page.RoleButton, "Save", "")))
	if err != nil || again.ID != add.ID || again.Uses != 1 || again.Steps[0].Element.Name != "Full name" || again.Goal != "add patient Ann" {
		t.Fatalf("re-recorded: %+v, %v", again, err)
	}

	// A run that healed a step is recorded again: the script learns the new element.
	if _, err := s.Save(ctx, recordAt(t, "add patient Ann", newPatient, set("Full name", "Ann"), click(page.RoleButton, "Save patient", ""))); err != nil {
		t.Fatal(err)
	}
	// Reopening the file keeps it all.
	s2, err := Open(ctx, path, Options{Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	list, err := s2.List(ctx, "127.0.0.1:7480")
	if err != nil || len(list) != 1 || list[0].Steps[1].Element.Name != "Save patient" || !list[0].UpdatedAt.Equal(t0.Add(2*time.Hour)) {
		t.Fatalf("List = %+v, %v", list, err)
	}
	if all, _ := s2.List(ctx, ""); len(all) != 2 {
		t.Errorf("all sites: %d scripts", len(all))
	}

	if err := s2.Forget(ctx, add.ID); err != nil {
		t.Fatal(err)
	}
	if err := s2.Forget(ctx, add.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("forgetting twice: %v", err)
	}
	if _, err := s2.Get(ctx, add.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get after Forget: %v", err)
	}
	if n, err := s2.ForgetSite(ctx, "shop.example"); n != 1 || err != nil {
		t.Errorf("ForgetSite = %d, %v", n, err)
	}
	if all, _ := s2.List(ctx, ""); len(all) != 0 {
		t.Errorf("%d scripts left", len(all))
	}
}

func TestStoreFindsAKeyThatStartsWithAValue(t *testing.T) {
	ctx := context.Background()
	s, _, _ := openStore(t)
	if _, err := s.Save(ctx, recordAt(t, "'Jas' as the name, then save", newPatient, set("Name", "Jas"))); err != nil {
		t.Fatal(err)
	}
	if _, b, ok, err := s.Find(ctx, newPatient, "Lee as the name, then save"); !ok || err != nil || b["text1"] != "Lee" {
		t.Errorf("Find = %v %v %v", b, ok, err)
	}
}
