package server

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image/png"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/app/demo"
	"github.com/errand-app/errand/app/ui"
	"github.com/errand-app/errand/engine/browser"
	"github.com/errand-app/errand/engine/clock"
	"github.com/errand-app/errand/engine/page"
)

var shots = flag.String("shots", "", "keep the end-to-end test's screenshots of each dialog in this directory")

// webUI is the whole web twin as `errand serve` runs it — the real Service, headless
// Chromium doing the errands, the demo site, the built frontend — with the dialogs'
// countdowns on a fake clock, and a second headless Chromium in which the test is the
// person: it reads the page's interactive tree and clicks, as Errand itself does.
type webUI struct {
	svc  *app.Service
	site *demo.Server
	clk  *clock.Fake
	p    *browser.Page
	dir  string // screenshots
	url  string // the page's address, with its token
	br   *browser.Browser
}

func newWebUI(t *testing.T) *webUI {
	t.Helper()
	return newWebUIWith(t, app.Config{DataDir: t.TempDir(), Headless: true, Offline: true})
}

// newWebUIWith is newWebUI with the Service's configuration given.
func newWebUIWith(t *testing.T, cfg app.Config) *webUI {
	t.Helper()
	assets, built, err := ui.Assets()
	if err != nil || !built {
		t.Fatalf("the frontend is not built into this binary (run `make frontend`; `make test` does): %v", err)
	}
	ctx := context.Background()
	svc, err := app.Open(ctx, cfg, app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	site, err := demo.Start(ctx, "", demo.Options{SaveDelay: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	w := &webUI{svc: svc, site: site, clk: clock.NewFake(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)), dir: *shots}
	if w.dir == "" {
		w.dir = t.TempDir()
	}
	hub := NewHub()
	b := ui.New(ctx, svc, ui.Options{Emit: hub.Emit, Version: "e2e", Clock: w.clk})
	s := New(svc, Config{Token: testToken, UI: &UI{Bridge: b, Events: hub, Assets: assets}})
	srv := httptest.NewServer(s.Handler())

	path, err := browser.Find("")
	if err != nil {
		t.Fatal(err)
	}
	br, err := browser.Launch(ctx, browser.Config{ChromePath: path, Headless: true})
	if err != nil {
		t.Fatal(err)
	}
	w.br = br
	t.Cleanup(func() {
		br.Close()
		srv.Close()
		s.Close()
		_ = ui.Close(ctx, b)
		site.Close()
		svc.Close()
	})
	if w.p, err = br.NewPage(ctx); err != nil {
		t.Fatal(err)
	}
	if err := w.p.SetViewport(ctx, 1280, 800); err != nil {
		t.Fatal(err)
	}
	w.url = srv.URL + "/?token=" + testToken
	if err := w.p.Navigate(ctx, w.url); err != nil {
		t.Fatal(err)
	}
	return w
}

// waitFor returns the first element of the role whose name holds name, once the screen
// shows it. The wait is for the page and the errand's real browser, bounded generously;
// the engine's clock does not move.
func (w *webUI) waitFor(t *testing.T, role, name string) page.Node {
	t.Helper()
	n, ok := w.poll(t, func(o page.Observation) (page.Node, bool) { return find(o, role, name) })
	if !ok {
		t.Fatalf("the screen never showed a %s named %q", role, name)
	}
	return n
}

// until waits for cond on the screen or on the demo site.
func (w *webUI) until(t *testing.T, what string, cond func(page.Observation) bool) {
	t.Helper()
	if _, ok := w.poll(t, func(o page.Observation) (page.Node, bool) { return page.Node{}, cond(o) }); !ok {
		t.Fatalf("never: %s", what)
	}
}

func (w *webUI) poll(t *testing.T, f func(page.Observation) (page.Node, bool)) (page.Node, bool) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		o, err := w.p.Observe(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n, ok := f(o); ok {
			return n, true
		}
	}
	return page.Node{}, false
}

func find(o page.Observation, role, name string) (page.Node, bool) {
	for _, n := range o.Tree {
		if n.Role == role && strings.Contains(n.Name, name) && !n.Occ {
			return n, true
		}
	}
	return page.Node{}, false
}

func (w *webUI) do(t *testing.T, a ...page.Action) {
	t.Helper()
	res, err := w.p.Execute(context.Background(), a)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range res.Outcomes {
		if o.Err != nil {
			t.Fatalf("%s: %v", o.Action, o.Err)
		}
	}
}

// start types a goal and a start page into the task screen and presses Run.
func (w *webUI) start(t *testing.T, goal, path string) {
	t.Helper()
	w.site.Site.Reset()
	// Run is enabled again once the last errand's runEnded reached the screen.
	run := w.waitEnabled(t, "Run")
	g := w.waitFor(t, "inp", "What should Errand do")
	u := w.waitFor(t, "inp", "Start page")
	w.do(t, page.Action{Kind: page.SetValue, ID: g.ID, Text: goal}, page.Action{Kind: page.SetValue, ID: u.ID, Text: w.site.URL() + path, Index: 1},
		page.Action{Kind: page.Click, ID: run.ID, Index: 2})
}

func (w *webUI) waitEnabled(t *testing.T, name string) page.Node {
	t.Helper()
	n, ok := w.poll(t, func(o page.Observation) (page.Node, bool) {
		n, ok := find(o, "btn", name)
		return n, ok && !strings.Contains(n.State, "disabled")
	})
	if !ok {
		t.Fatalf("button %q never became enabled", name)
	}
	return n
}

// elapse moves the engine's clock by d once a dialog waits on it.
func (w *webUI) elapse(t *testing.T, d time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := w.clk.BlockUntil(ctx, 1); err != nil {
		t.Fatalf("nothing waits on the clock: %v", err)
	}
	w.clk.Advance(d)
}

// shot keeps a screenshot of the screen and checks it shows something.
func (w *webUI) shot(t *testing.T, name string) {
	t.Helper()
	b, err := w.p.Screenshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if err := NotBlank(b); err != nil {
		t.Errorf("%s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(w.dir, name+".png"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// NotBlank fails a PNG of one flat colour, or nearly: a window or a page that did not
// draw.
func NotBlank(b []byte) error {
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return err
	}
	colours := map[uint32]bool{}
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y += 4 {
		for x := r.Min.X; x < r.Max.X; x += 4 {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			colours[cr>>11<<10|cg>>11<<5|cb>>11] = true
		}
	}
	if len(colours) < 8 {
		return fmt.Errorf("the screenshot is blank: %v with only %d colours", r, len(colours))
	}
	return nil
}

func hasJas(s *demo.Site) bool {
	for _, p := range s.Patients() {
		if p.Name == "Jas" {
			return true
		}
	}
	return false
}

func TestWebUIEndToEnd(t *testing.T) {
	w := newWebUI(t)
	site := w.site.Site
	w.shot(t, "00-task-screen")

	t.Run("run a task from the UI", func(t *testing.T) {
		w.start(t, "Type 'Jas' into Name and click Save", "/patients/new")
		w.until(t, "Jas is saved on the demo site", func(page.Observation) bool { return hasJas(site) })
		w.waitEnabled(t, "Run")
		w.shot(t, "01-completed")
	})

	t.Run("answer a clarification by clicking an option", func(t *testing.T) {
		w.start(t, "Click the Details link", "/links")
		opt := w.waitFor(t, "btn", "Prescriptions")
		w.shot(t, "02-clarification-overlay")
		w.do(t, page.Action{Kind: page.Click, ID: opt.ID})
		w.until(t, "the Prescriptions details page is opened", func(page.Observation) bool { return site.Visits("/details/rx") == 1 })
		if site.Visits("/details/lab") != 0 {
			t.Error("the other Details link was followed too")
		}
	})

	t.Run("a clarification left alone times out and nothing is clicked", func(t *testing.T) {
		w.start(t, "Click the Details link", "/links")
		w.waitFor(t, "btn", "Prescriptions")
		// Past the longest timeout (high complexity): the reader's questions have no
		// default, so the task ends without acting (docs/understanding.md).
		w.elapse(t, 26*time.Second)
		w.waitEnabled(t, "Run")
		if n := site.Visits("/details/rx") + site.Visits("/details/lab"); n != 0 {
			t.Fatalf("%d Details pages opened although nobody answered", n)
		}
	})

	t.Run("cancel an assume-and-announce countdown", func(t *testing.T) {
		w.start(t, "Type 'Jas' into Name, choose Fem as the gender and click Save", "/patients/new")
		cancel := w.waitFor(t, "btn", "Cancel")
		w.shot(t, "03-assume-announce")
		w.do(t, page.Action{Kind: page.Click, ID: cancel.ID})
		w.waitEnabled(t, "Run")
		if hasJas(site) {
			t.Fatal("Jas was saved although the countdown was cancelled")
		}
		if n := len(site.Patients()); n != 2 {
			t.Fatalf("%d patients, want the seeded 2", n)
		}
	})

	t.Run("retry from the mid-execution dialog", func(t *testing.T) {
		w.start(t, "Type 'Jas' into Name and click Save", "/patients/new?redesign=1")
		retry := w.waitFor(t, "btn", "Retry")
		if !strings.Contains(retry.Name, "Submit") {
			t.Errorf("Retry does not name the suggested element: %q", retry.Name)
		}
		if hasJas(site) {
			t.Fatal("saved before the retry")
		}
		w.shot(t, "04-mid-execution")
		w.do(t, page.Action{Kind: page.Click, ID: retry.ID})
		w.until(t, "Jas is saved by the retry", func(page.Observation) bool { return hasJas(site) })
		w.waitEnabled(t, "Run")
	})

	t.Run("stop at a question, then resume the task from History", func(t *testing.T) {
		w.start(t, "Click the Details link", "/links")
		w.waitFor(t, "btn", "Prescriptions")
		w.do(t, page.Action{Kind: page.Click, ID: w.waitFor(t, "btn", "Stop").ID})
		w.waitEnabled(t, "Run")
		w.do(t, page.Action{Kind: page.Click, ID: w.waitFor(t, "tab", "History").ID})
		w.do(t, page.Action{Kind: page.Click, ID: w.waitFor(t, "btn", "Click the Details link").ID})
		resume := w.waitFor(t, "btn", "Resume")
		w.shot(t, "05-history-trace")
		w.do(t, page.Action{Kind: page.Click, ID: resume.ID})
		// Resuming brings the task screen back with the question asked again.
		opt := w.waitFor(t, "btn", "Prescriptions")
		w.do(t, page.Action{Kind: page.Click, ID: opt.ID})
		w.until(t, "the resumed task opens the Prescriptions page", func(page.Observation) bool { return site.Visits("/details/rx") == 1 })
		w.waitEnabled(t, "Run")
	})

	t.Run("settings show what the app runs with", func(t *testing.T) {
		w.do(t, page.Action{Kind: page.Click, ID: w.waitFor(t, "tab", "Settings").ID})
		w.until(t, "the settings are loaded", func(o page.Observation) bool {
			n, ok := find(o, "inp", "Ollama address")
			return ok && n.Value == "http://127.0.0.1:11434"
		})
		w.shot(t, "06-settings")
	})
}
