package ui

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/app/internal/helpsite"
)

// TestIngestsShowsARunningIngestionToALateScreen: a screen opened during an add asks for
// the ingestions under way and gets each one's events so far, numbered like the ones it
// receives next; once ended, the ingestion is no longer listed.
func TestIngestsShowsARunningIngestionToALateScreen(t *testing.T) {
	b, _, rec := serviceBridge(t, "")
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<html><head><title>Slow help</title></head><body><h1>Slow help</h1><p>Refunds take five days.</p></body></html>`))
	}))
	t.Cleanup(slow.Close)
	if got := b.Ingests(); len(got) != 0 {
		t.Fatalf("ingestions before any add: %+v", got)
	}
	id, err := b.AddSources(AddSources{Sources: []string{slow.URL + "/help"}})
	if err != nil {
		t.Fatal(err)
	}
	rec.next(t, `"stage":"start"`)
	runs := b.Ingests()
	if len(runs) != 1 || runs[0].IngestID != id || runs[0].Sources[0] != slow.URL+"/help" || runs[0].StartedAt.IsZero() || runs[0].Live {
		t.Fatalf("ingestions under way = %+v", runs)
	}
	evs := runs[0].Events
	if len(evs) == 0 || evs[0].Stage != StageStart || evs[0].Index != 1 {
		t.Fatalf("events so far = %+v, want the start as event 1", evs)
	}
	close(release)
	all := ingestEvents(t, rec, id)
	for i, e := range all {
		if e.Index != i+1 {
			t.Fatalf("event %d has index %d: %+v", i+1, e.Index, all)
		}
	}
	if end := all[len(all)-1]; end.Stage != StageEnded || end.Stored != 1 {
		t.Errorf("end = %+v, want 1 stored", end)
	}
	if got := b.Ingests(); len(got) != 0 {
		t.Errorf("ingestions after the end: %+v", got)
	}
}

// TestReadFromTheBrowserRefusesFilesAndCrawls: reading in the browser reads the web
// pages given, one at a time.
func TestReadFromTheBrowserRefusesFilesAndCrawls(t *testing.T) {
	b, _, _ := serviceBridge(t, "")
	for _, tc := range []struct {
		req  AddSources
		want string
	}{
		{AddSources{Sources: []string{"/home/me/manual.pdf"}, Live: true}, "is a file"},
		{AddSources{Sources: []string{"https://help.test/"}, Strategy: "spider", Live: true}, "Only this page"},
	} {
		if _, err := b.AddSources(tc.req); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want it to say %q", tc.req, err, tc.want)
		}
	}
}

// TestReadFromTheBrowserWithoutABrowser: when no browser can be started, the page's
// error says why and the ingestion ends with that one reason.
func TestReadFromTheBrowserWithoutABrowser(t *testing.T) {
	ctx := context.Background()
	svc, err := app.Open(ctx, app.Config{DataDir: t.TempDir(), Offline: true, Headless: true, ChromePath: "/nowhere/chromium"}, app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rec := newRecorder()
	b := New(ctx, svc, Options{Emit: rec.emit})
	t.Cleanup(func() { Close(ctx, b); svc.Close() })
	page := helpsite.Start(t).URL + helpsite.Path
	id, err := b.AddSources(AddSources{Sources: []string{page}, Live: true})
	if err != nil {
		t.Fatal(err)
	}
	evs := ingestEvents(t, rec, id)
	var pageErr string
	for _, e := range evs {
		if e.Stage == StageError && e.Source == page {
			pageErr = e.Error
		}
	}
	end := evs[len(evs)-1]
	if !strings.Contains(pageErr, "start browser") || !strings.HasPrefix(end.Error, "no browser could be started to read the pages: ") || end.Failed != 1 {
		t.Errorf("page error %q, end %+v: want both to say no browser could be started", pageErr, end)
	}
}
