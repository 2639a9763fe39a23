package ui

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/knowledge"
)

// IngestRun is an ingestion under way, as a Knowledge screen that opens (or reloads) during
// it draws it: the events so far, which it replays, then the ones that follow.
type IngestRun struct {
	IngestID string   `json:"ingestId"`
	Sources  []string `json:"sources"`
	Live     bool     `json:"live,omitempty"` // read in the browser
	// StartedAt is wall time, not the Bridge's clock: the screen counts the time taken
	// from it with its own.
	StartedAt time.Time `json:"startedAt"`
	// Events so far, in order (Index 1, 2, …); of a run of embedding events only the last
	// is kept, since each one says all the others did.
	Events []IngestProgress `json:"events"`
}

// ingestRun is one ingestion's state in the Bridge.
type ingestRun struct {
	cancel context.CancelFunc
	// mu orders the run's events: each is numbered, kept and emitted under it, so a
	// screen that read Events up to Index n skips the emitted events up to n.
	mu  sync.Mutex
	seq int
	run IngestRun
}

// Ingests returns the ingestions under way, oldest first. The screen asks on load, so
// one reloaded (or opened in a second tab) during an add still shows its progress and end.
func (b *Bridge) Ingests() []IngestRun {
	b.mu.Lock()
	runs := make([]*ingestRun, 0, len(b.ingesting))
	for _, r := range b.ingesting {
		runs = append(runs, r)
	}
	b.mu.Unlock()
	out := make([]IngestRun, 0, len(runs))
	for _, r := range runs {
		r.mu.Lock()
		v := r.run
		v.Sources = slices.Clone(v.Sources)
		v.Events = slices.Clone(v.Events)
		r.mu.Unlock()
		out = append(out, v)
	}
	slices.SortFunc(out, func(a, b IngestRun) int { return a.StartedAt.Compare(b.StartedAt) })
	return out
}

// emit numbers an event of the run, keeps it and sends it to the screen.
func (r *ingestRun) emit(b *Bridge, ev IngestProgress) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seq++
	ev.Index = r.seq
	evs := r.run.Events
	if n := len(evs); n > 0 && ev.Stage == StageEmbedding && evs[n-1].Stage == StageEmbedding {
		evs[n-1] = ev
	} else {
		r.run.Events = append(evs, ev)
	}
	b.d.emit(EventName, ev)
}

// startIngest registers an ingestion and runs read in a goroutine the Bridge owns.
func (b *Bridge) startIngest(srcs []string, live bool, read func(ctx context.Context, progress knowledge.ProgressFunc) (knowledge.Progress, error)) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ctx.Err() != nil {
		return "", ErrClosed
	}
	b.ingests++
	id := fmt.Sprintf("ingest-%d", b.ingests)
	ctx, cancel := context.WithCancel(b.ctx)
	r := &ingestRun{cancel: cancel, run: IngestRun{IngestID: id, Sources: srcs, Live: live, StartedAt: time.Now().UTC(),
		Events: []IngestProgress{}}}
	b.ingesting[id] = r
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		b.ingest(ctx, r, read)
	}()
	return id, nil
}

// ingestLive reads web pages in the browser (app.Service.IngestLive) into the knowledge
// base. When no browser could be started, no page was read and the ingestion ends with
// that one clear reason, besides each page's error.
func (b *Bridge) ingestLive(ctx context.Context, urls []string, opts knowledge.IngestOptions, progress knowledge.ProgressFunc) (knowledge.Progress, error) {
	kb, err := b.d.knowledge(ctx)
	if err != nil {
		return knowledge.Progress{}, err
	}
	var (
		noBrowser string
		pages     int // what a press revealed is stored too, but it is no other source
	)
	total, err := b.d.ingestLive(ctx, kb, app.LiveIngest{URLs: urls, Options: opts}, func(p knowledge.Progress) {
		switch {
		case p.Type == knowledge.EventStored && p.Trigger == "":
			pages++
		case p.Type == knowledge.EventDone:
			p.Stored = pages
		case p.Type == knowledge.EventError && noBrowser == "":
			noBrowser, _ = browserFailure(p.Error)
		}
		progress(p)
	})
	total.Stored = pages
	if err == nil && noBrowser != "" && pages == 0 {
		err = errors.New(noBrowser)
	}
	return total, err
}

// browserFailure says whether a page's error is the browser's failing to start
// (app.Service prefixes those with "start browser:"), and if so the message the screen
// shows for the whole ingestion.
func browserFailure(msg string) (string, bool) {
	rest, ok := strings.CutPrefix(msg, "start browser: ")
	if !ok {
		return "", false
	}
	return "no browser could be started to read the pages: " + rest, true
}
