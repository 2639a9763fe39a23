package ui

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/app/demo"
	"github.com/errand-app/errand/engine/clock"
	"github.com/errand-app/errand/store"
)

// liveBridge is the window's Bridge over a real Service (real headless Chromium, a real
// SQLite file) on the demo site, with the engine's countdowns on a fake clock.
type liveBridge struct {
	b   *Bridge
	svc *app.Service
	srv *demo.Server
	clk *clock.Fake
	ev  chan map[string]any
}

func newLiveBridge(t *testing.T) *liveBridge {
	t.Helper()
	ctx := context.Background()
	svc, err := app.Open(ctx, app.Config{DataDir: t.TempDir(), Headless: true}, app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := demo.Start(ctx, "", demo.Options{SaveDelay: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	lb := &liveBridge{svc: svc, srv: srv}
	t.Cleanup(func() {
		lb.closeBridge(t)
		srv.Close()
		svc.Close()
	})
	return lb
}

// newWindow gives the next errand a fresh Bridge and a fresh fake clock: a countdown an
// earlier errand left armed (a cancelled announcement's 3 s) must not count as one that
// waits now.
func (lb *liveBridge) newWindow(t *testing.T) {
	t.Helper()
	lb.closeBridge(t)
	lb.clk = clock.NewFake(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))
	lb.ev = make(chan map[string]any, 256)
	ev := lb.ev
	lb.b = newBridge(context.Background(), deps{run: lb.svc.Run, tasks: lb.svc.Tasks, clk: lb.clk, emit: func(_ string, data any) {
		b, err := json.Marshal(data)
		if err != nil {
			panic(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			panic(err)
		}
		ev <- m
	}})
}

func (lb *liveBridge) closeBridge(t *testing.T) {
	t.Helper()
	if lb.b == nil {
		return
	}
	if err := Close(context.Background(), lb.b); err != nil {
		t.Error(err)
	}
}

// until returns the next event of type typ, failing if the run ends first. The wait is for
// a real browser's work, bounded generously; no time passes on the engine's clock here.
func (lb *liveBridge) until(t *testing.T, typ string) map[string]any {
	t.Helper()
	deadline := time.After(90 * time.Second)
	for {
		select {
		case m := <-lb.ev:
			if m["type"] == typ {
				return m
			}
			if m["type"] == "runEnded" {
				t.Fatalf("run ended before %s: %v", typ, m)
			}
		case <-deadline:
			t.Fatalf("no %s event", typ)
		}
	}
}

func (lb *liveBridge) run(t *testing.T, goal, path string) {
	t.Helper()
	lb.srv.Reset()
	lb.newWindow(t)
	if _, err := lb.b.RunTask(goal, lb.srv.URL()+path); err != nil {
		t.Fatal(err)
	}
}

// elapse moves the fake clock by d once the dialog waits on it.
func (lb *liveBridge) elapse(t *testing.T, d time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := lb.clk.BlockUntil(ctx, 1); err != nil {
		t.Fatalf("nothing waits on the clock: %v", err)
	}
	lb.clk.Advance(d)
}

// announceGoal is read with an assumption ("Fem" for the option "Female"), which is
// announced before it runs.
const announceGoal = "Type 'Jas' into Name, choose Fem as the gender and click Save"

func TestDemoDecisions(t *testing.T) {
	lb := newLiveBridge(t)

	t.Run("ambiguous target: ranked options, no default, a timeout clicks nothing", func(t *testing.T) {
		lb.run(t, "Click the Details link", "/links")
		q := lb.until(t, "clarifyWithOptions")
		opts := q["options"].([]any)
		first, second := opts[0].(map[string]any), opts[1].(map[string]any)
		if first["confidence"].(float64) < second["confidence"].(float64) || q["default"] != nil {
			t.Fatalf("options not ranked, or a default the reader guessed (docs/understanding.md): %v", q)
		}
		lb.elapse(t, time.Duration(q["timeoutMs"].(float64))*time.Millisecond)
		lb.elapse(t, 500*time.Millisecond) // the flash, which shows no option
		end := lb.until(t, "runEnded")
		if end["status"] == "completed" || !strings.Contains(end["summary"].(string), "No answer came") {
			t.Fatalf("run ended %v", end)
		}
		if n := lb.srv.Site.Visits("/details/lab") + lb.srv.Site.Visits("/details/rx"); n != 0 {
			t.Fatalf("%d Details pages opened although nobody answered", n)
		}
		log, err := lb.svc.AuditLog(context.Background(), end["taskId"].(string))
		if err != nil {
			t.Fatal(err)
		}
		if !auditHas(log, "answer", `"timed_out":true`) {
			t.Errorf("the audit log does not record the timed-out answer: %v", log)
		}
	})

	t.Run("medium confidence announces and runs after the countdown", func(t *testing.T) {
		lb.run(t, announceGoal, "/patients/new")
		a := lb.until(t, "assumeAnnounce")
		if a["autoExecuteDelay"].(float64) != 3000 {
			t.Fatalf("announcement %v", a)
		}
		if n := len(lb.srv.Site.Patients()); n != 2 {
			t.Fatalf("something ran before the countdown ended: %d patients", n)
		}
		lb.elapse(t, 3*time.Second)
		if end := lb.until(t, "runEnded"); end["status"] != "completed" {
			t.Fatalf("run ended %v", end)
		}
		if !hasPatient(lb.srv.Site, "Jas") {
			t.Fatal("Jas was not saved after the countdown")
		}
	})

	t.Run("cancel during the countdown runs nothing", func(t *testing.T) {
		lb.run(t, announceGoal, "/patients/new")
		a := lb.until(t, "assumeAnnounce")
		if err := lb.b.Decide(a["requestId"].(string), "cancel"); err != nil {
			t.Fatal(err)
		}
		if end := lb.until(t, "runEnded"); end["status"] != "cancelled" {
			t.Fatalf("run ended %v", end)
		}
		if hasPatient(lb.srv.Site, "Jas") {
			t.Fatal("Jas was saved although the announcement was cancelled")
		}
	})

	t.Run("a delete asks to confirm and a timeout deletes nothing", func(t *testing.T) {
		lb.run(t, "Click Delete for Tom Baker", "/patients")
		q := lb.until(t, "clarifyWithOptions")
		if q["questionType"] != "confirm" || q["default"] != "opt-no" {
			t.Fatalf("question %v", q)
		}
		lb.elapse(t, time.Duration(q["timeoutMs"].(float64))*time.Millisecond)
		lb.elapse(t, 500*time.Millisecond)
		if end := lb.until(t, "runEnded"); end["status"] != "cancelled" {
			t.Fatalf("run ended %v", end)
		}
		if !hasPatient(lb.srv.Site, "Tom Baker") {
			t.Fatal("Tom Baker was deleted on a timeout")
		}
	})

	t.Run("a vanished element opens the dialog and Retry with the suggestion completes", func(t *testing.T) {
		lb.run(t, "Type 'Jas' into Name and click Save", "/patients/new?redesign=1")
		m := lb.until(t, "midExecDialog")
		an := m["analysis"].(map[string]any)
		if m["suggestedAction"] != "retry" || an["suggestedTargetId"] == nil || !strings.Contains(an["suggestion"].(string), "Submit") {
			t.Fatalf("dialog %v", m)
		}
		if hasPatient(lb.srv.Site, "Jas") {
			t.Fatal("saved before the retry")
		}
		if err := lb.b.Decide(m["requestId"].(string), "retry"); err != nil {
			t.Fatal(err)
		}
		if end := lb.until(t, "runEnded"); end["status"] != "completed" {
			t.Fatalf("run ended %v", end)
		}
		if !hasPatient(lb.srv.Site, "Jas") {
			t.Fatal("Jas was not saved by the retry")
		}
	})
}

func hasPatient(s *demo.Site, name string) bool {
	for _, p := range s.Patients() {
		if p.Name == name {
			return true
		}
	}
	return false
}

func auditHas(log []store.AuditEntry, kind, data string) bool {
	for _, e := range log {
		if e.Kind == kind && strings.Contains(string(e.Data), data) {
			return true
		}
	}
	return false
}
