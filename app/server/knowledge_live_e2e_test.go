package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/engine/page"
)

// addSource opens the Knowledge screen, types source into the add form, ticks "Read from
// the browser" if live, and presses Add.
func (w *webUI) addSource(t *testing.T, source string, live bool) {
	t.Helper()
	w.do(t, page.Action{Kind: page.Click, ID: w.waitFor(t, "tab", "Knowledge").ID})
	src := w.waitFor(t, "txt", "Web addresses, files or folders")
	w.do(t, page.Action{Kind: page.SetValue, ID: src.ID, Text: source})
	if live {
		w.do(t, page.Action{Kind: page.Click, ID: w.waitFor(t, "chk", "Read from the browser").ID})
	}
	w.do(t, page.Action{Kind: page.Click, ID: w.waitFor(t, "btn", "Add").ID, Index: 1})
}

// A Knowledge screen reloaded (or opened in a second tab) during an add draws the reading
// under way, then follows it to its end: the reading is the Bridge's, not the page's.
func TestWebUIKnowledgeReloadedOrOpenedDuringAnAdd(t *testing.T) {
	// The held page must outlast the reloads on a loaded machine, not the 30 s a page gets
	// by default: the reading would end as failed and never be drawn under way.
	w := newWebUIWith(t, app.Config{DataDir: t.TempDir(), Headless: true, Offline: true, PageTimeout: time.Hour})
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
			return
		}
		rw.Header().Set("Content-Type", "text/html")
		rw.Write([]byte(`<html><head><title>Slow help</title></head><body><h1>Slow help</h1><p>Refunds take five days.</p></body></html>`))
	}))
	t.Cleanup(slow.Close)
	var once sync.Once
	open := func() { once.Do(func() { close(release) }) }
	t.Cleanup(open) // before the server closes, or it waits for the held request
	help := slow.URL + "/help"

	w.addSource(t, help, false)
	w.until(t, "the reading under way", func(o page.Observation) bool { return showsText(o, "Reading… 0 read") })
	if err := w.p.Navigate(context.Background(), w.url); err != nil {
		t.Fatal(err)
	}
	w.do(t, page.Action{Kind: page.Click, ID: w.waitFor(t, "tab", "Knowledge").ID})
	w.until(t, "the reading drawn again after the reload", func(o page.Observation) bool { return showsText(o, "Reading… 0 read") })
	w.waitFor(t, "btn", "Stop")
	w.shot(t, "13-knowledge-reloaded")
	// A second tab of the web twin draws it too.
	second := *w
	var err error
	if second.p, err = w.br.NewPage(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := second.p.Navigate(context.Background(), w.url); err != nil {
		t.Fatal(err)
	}
	second.do(t, page.Action{Kind: page.Click, ID: second.waitFor(t, "tab", "Knowledge").ID})
	second.until(t, "the reading drawn in a second tab", func(o page.Observation) bool { return showsText(o, "Reading… 0 read") })
	open()
	for _, tab := range []*webUI{w, &second} {
		tab.until(t, "its end", func(o page.Observation) bool { return showsText(o, "Done: 1 source read") })
		tab.until(t, "the page listed", func(o page.Observation) bool { return showsText(o, help) })
	}
}

// "Read from the browser" reads a page its script builds, then what its Annual tab
// reveals, and the search finds that passage with its trigger.
func TestWebUIKnowledgeReadFromTheBrowser(t *testing.T) {
	w := newWebUI(t)
	fixture := httptest.NewServer(http.FileServer(http.Dir("testdata")))
	t.Cleanup(fixture.Close)
	w.addSource(t, fixture.URL+"/pricing-app.html", true)
	w.until(t, "the reading ends", func(o page.Observation) bool { return showsText(o, "Done: 1 source read") })
	q := w.waitFor(t, "inp", "Question")
	w.do(t, page.Action{Kind: page.SetValue, ID: q.ID, Text: "how much is the basic plan paid yearly?"},
		page.Action{Kind: page.Click, ID: w.waitFor(t, "btn", "Search").ID, Index: 1})
	w.until(t, "the annual price with the tab that revealed it", func(o page.Observation) bool {
		return showsText(o, "one hundred euros") && showsText(o, "after clicking tab Annual")
	})
	w.shot(t, "14-knowledge-read-from-browser")
}

// With no browser to start, reading from the browser says so.
func TestWebUIKnowledgeReadFromTheBrowserWithoutOne(t *testing.T) {
	w := newWebUIWith(t, app.Config{DataDir: t.TempDir(), Headless: true, Offline: true, ChromePath: "/nowhere/chromium"})
	w.addSource(t, "http://127.0.0.1:9/help", true)
	w.until(t, "the reason", func(o page.Observation) bool {
		return showsText(o, "Stopped with an error: no browser could be started to read the pages")
	})
}
