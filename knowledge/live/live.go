// Package live ingests a page from the live browser in two phases (docs/knowledge.md): the
// page as its scripts render it, then, one press at a time, what its disclosure controls
// (tabs, accordions, <details>, "show more") reveal, each revealed passage stored with the
// press that revealed it ("after clicking tab Annual"). The crawler reads HTTP only, so a
// single-page app's content, or a panel filled in by a click, is read here.
//
// It presses only what Classify allows, never a form's submit, a link that leaves the
// page, or anything risky; the browser holds every request to the allowed domains.
package live

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/errand-app/errand/engine/page"
	"github.com/errand-app/errand/knowledge"
)

//go:embed reveal.js
var revealJS string

// Page is the tab live ingestion reads and presses; *browser.Page is one.
type Page interface {
	Navigate(ctx context.Context, url string) error
	Observe(ctx context.Context) (page.Observation, error)
	Execute(ctx context.Context, chain []page.Action) (page.ChainResult, error)
	Evaluate(ctx context.Context, expr string, out any) error
}

// Store keeps what was read; *knowledge.Base is one.
type Store interface {
	IngestBytes(ctx context.Context, location, contentType string, body []byte, opts knowledge.IngestOptions) knowledge.Progress
}

// DefaultMaxPresses bounds the presses on one page when Config.MaxPresses is 0.
const DefaultMaxPresses = 30

// Config tunes a live ingestion. Zero values take the defaults.
type Config struct {
	// MaxPresses bounds the disclosure controls pressed on one page; 0 = 30, negative =
	// none (the page as rendered only).
	MaxPresses int
	// Ingest is passed to the store (Site, Force, Chunk, MaxBytes); Phase and Trigger are
	// set for each read.
	Ingest knowledge.IngestOptions
	Logger *slog.Logger // nil = discard
}

func (c Config) maxPresses() int {
	switch {
	case c.MaxPresses == 0:
		return DefaultMaxPresses
	case c.MaxPresses < 0:
		return 0
	}
	return c.MaxPresses
}

// Result counts what one page gave.
type Result struct {
	Presses int // controls pressed
	Stored  int // reads stored: the page as loaded and each press that revealed something
	Chunks  int // chunks stored
	Skipped int // the load unchanged since last time, or a press that revealed nothing new
	Failed  int // reads or presses that failed
}

// Ingest loads url in pg, stores the page as rendered, then presses its disclosure
// controls one at a time (each new control a press reveals is a candidate too) and stores
// what each revealed. Events go to progress: a stored, skipped or error event for each
// read, and a press event (Done of Total) before each press. The error is only for the
// page failing to load, the browser going away, or ctx ending; a press that fails is an
// error event and the others go on.
func Ingest(ctx context.Context, pg Page, store Store, url string, cfg Config, progress knowledge.ProgressFunc) (Result, error) {
	r := &run{pg: pg, store: store, url: url, cfg: cfg, progress: progress, log: cfg.Logger,
		pressed: map[string]int{}, open: map[string]bool{}, spent: map[string]bool{}}
	if r.log == nil {
		r.log = slog.New(slog.DiscardHandler)
	}
	if err := r.load(ctx); err != nil {
		return r.res, err
	}
	err := r.pressAll(ctx)
	return r.res, err
}

// run is one page's ingestion.
type run struct {
	pg       Page
	store    Store
	url      string
	cfg      Config
	progress knowledge.ProgressFunc
	log      *slog.Logger
	res      Result

	pressed map[string]int  // control key → presses
	open    map[string]bool // tabs seen selected and toggles seen expanded: their content was read
	spent   map[string]bool // "more" buttons whose last press revealed nothing
}

func (r *run) emit(p knowledge.Progress) {
	switch p.Type {
	case knowledge.EventStored:
		r.res.Stored++
		r.res.Chunks += p.Chunks
	case knowledge.EventSkipped:
		r.res.Skipped++
	case knowledge.EventError:
		r.res.Failed++
	}
	if r.progress != nil {
		r.progress(p)
	}
}

// load opens the page and stores it as rendered.
func (r *run) load(ctx context.Context) error {
	if err := r.pg.Navigate(ctx, r.url); err != nil {
		return fmt.Errorf("open %s: %w", r.url, err)
	}
	rd, err := r.read(ctx, false, "")
	if err != nil {
		return err
	}
	opts := r.cfg.Ingest
	opts.Phase, opts.Trigger = knowledge.PhaseLoad, ""
	r.emit(r.store.IngestBytes(ctx, r.url, "text/html", []byte(rd.HTML), opts))
	return nil
}

// reading is what reveal.js's read returns.
type reading struct {
	URL   string `json:"url"`
	Title string `json:"title"`
	HTML  string `json:"html"`
	Fresh int    `json:"fresh"` // text runs read for the first time
}

// errLeft says the page's document was replaced: a press navigated away.
var errLeft = errors.New("the page was left")

// read copies the page as rendered (onlyNew false, installing the reader) or what
// appeared since the last read, under label. errLeft: the document is not the one read
// before.
func (r *run) read(ctx context.Context, onlyNew bool, label string) (reading, error) {
	args, _ := json.Marshal([]any{onlyNew, label})
	call := "window.__errandReveal.read(..." + string(args) + ")"
	if onlyNew {
		call = "(window.__errandReveal ? " + call + " : null)"
	} else {
		call = "(" + revealJS + ", " + call + ")"
	}
	var rd *reading
	if err := r.pg.Evaluate(ctx, call, &rd); err != nil {
		return reading{}, fmt.Errorf("read %s: %w", r.url, err)
	}
	if rd == nil {
		return reading{}, errLeft
	}
	return *rd, nil
}

// controls is the observation's elements with the facts the decision needs.
func (r *run) controls(ctx context.Context) ([]Control, error) {
	obs, err := r.pg.Observe(ctx)
	if err != nil {
		return nil, fmt.Errorf("observe %s: %w", r.url, err)
	}
	ids := make([]string, len(obs.Tree))
	for i, n := range obs.Tree {
		ids[i] = n.ID
	}
	args, _ := json.Marshal(ids)
	var facts map[string]struct {
		Collapsed bool `json:"collapsed"`
		Leaves    bool `json:"leaves"`
		Submits   bool `json:"submits"`
	}
	if err := r.pg.Evaluate(ctx, "("+revealJS+", window.__errandReveal.facts("+string(args)+"))", &facts); err != nil {
		return nil, fmt.Errorf("read controls of %s: %w", r.url, err)
	}
	out := make([]Control, len(obs.Tree))
	for i, n := range obs.Tree {
		f := facts[n.ID]
		out[i] = Control{Node: n, Collapsed: f.Collapsed, Leaves: f.Leaves, Submits: f.Submits}
	}
	return out, nil
}

// trigger names a press as retrieval shows it: "after clicking tab Annual"; a "more"
// button pressed again says how often ("… 2 times"), so each press's passages are kept.
func trigger(c Control, times int) string {
	s := "after clicking " + page.RoleName(c.Role) + " " + strings.Join(strings.Fields(c.Name), " ")
	if times > 1 {
		s += fmt.Sprintf(" %d times", times)
	}
	return s
}
