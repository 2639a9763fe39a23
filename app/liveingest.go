package app

import (
	"context"

	"github.com/errand-app/errand/engine/browser"
	"github.com/errand-app/errand/knowledge"
	"github.com/errand-app/errand/knowledge/live"
)

// A browser tab is what live ingestion reads, into the knowledge base.
var (
	_ live.Page  = (*browser.Page)(nil)
	_ live.Store = (*knowledge.Base)(nil)
)

// LiveIngest is a request to read pages in the browser for the knowledge base.
type LiveIngest struct {
	URLs  []string
	Allow []string // extra allowed domains; each URL's own host is allowed
	// MaxPresses bounds the disclosure controls pressed on each page; 0 = 30, negative =
	// none (the page as rendered only).
	MaxPresses int
	Options    knowledge.IngestOptions // Site, Force, …
}

// IngestLive reads each URL in the browser (docs/knowledge.md): the page as its scripts
// render it, then what its tabs, accordions and "show more" buttons reveal, one press at a
// time. Events go to progress as knowledge.Base.Ingest sends them, press events between;
// a page that fails is an error event and the others go on; the last event is EventDone
// with the totals. The error is only the context's.
func (s *Service) IngestLive(ctx context.Context, kb *knowledge.Base, req LiveIngest, progress knowledge.ProgressFunc) (knowledge.Progress, error) {
	total := knowledge.Progress{Type: knowledge.EventDone}
	emit := func(p knowledge.Progress) {
		switch p.Type {
		case knowledge.EventStored:
			total.Stored++
			total.Chunks += p.Chunks
		case knowledge.EventSkipped:
			total.Skipped++
		case knowledge.EventError:
			total.Failed++
		}
		if progress != nil {
			progress(p)
		}
	}
	su := s.live.Load()
	for _, u := range req.URLs {
		if ctx.Err() != nil {
			break
		}
		emit(knowledge.Progress{Type: knowledge.EventStart, Source: u})
		if err := s.ingestPage(ctx, su, kb, u, req, emit); err != nil && ctx.Err() == nil {
			emit(knowledge.Progress{Type: knowledge.EventError, Source: u, Error: err.Error()})
		}
	}
	if progress != nil {
		progress(total)
	}
	return total, ctx.Err()
}

// ingestPage reads one page in a tab of its own, limited to the allowed domains and the
// page's host.
func (s *Service) ingestPage(ctx context.Context, su *setup, kb *knowledge.Base, url string, req LiveIngest, emit knowledge.ProgressFunc) error {
	pg, done, err := s.page(ctx, su, url, req.Allow)
	if err != nil {
		return err
	}
	defer done()
	_, err = live.Ingest(ctx, pg, kb, url, live.Config{MaxPresses: req.MaxPresses, Ingest: req.Options, Logger: s.log}, emit)
	return err
}
