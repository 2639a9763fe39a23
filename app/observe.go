package app

import (
	"context"
	"fmt"
	"time"

	"github.com/errand-app/errand/engine/page"
)

// ObserveRequest is one look at a page, acting on nothing.
type ObserveRequest struct {
	URL     string   // the page; "" = the attached browser's current page
	ScrollY int      // scroll the window this far down (CSS pixels) first; 0 = not at all
	Budget  int      // the rendering's budget in estimated tokens; 0 = page.DefaultBudget
	Allow   []string // extra allowed domains
}

// Observed is what the model would be shown of a page: the observation, its rendering
// (exactly the <page> block the prompts carry) and how long the observation took.
type Observed struct {
	Observation page.Observation
	View        page.View
	Took        time.Duration
}

// Observe opens the page (or takes the attached browser's), scrolls, observes it once and
// renders it the way every prompt does.
func (s *Service) Observe(ctx context.Context, req ObserveRequest) (Observed, error) {
	su := s.live.Load()
	pg, done, err := s.page(ctx, su, req.URL, req.Allow)
	if err != nil {
		return Observed{}, err
	}
	defer done()
	if req.URL != "" {
		if err := pg.Navigate(ctx, req.URL); err != nil {
			return Observed{}, fmt.Errorf("open %s: %w", req.URL, err)
		}
	}
	if req.ScrollY > 0 {
		if err := pg.ScrollTo(ctx, req.ScrollY); err != nil {
			return Observed{}, err
		}
	}
	start := s.now()
	obs, err := pg.Observe(ctx)
	if err != nil {
		return Observed{}, fmt.Errorf("observe: %w", err)
	}
	took := s.now().Sub(start)
	return Observed{Observation: obs, View: page.Render(obs, page.ViewOptions{Budget: req.Budget}), Took: took}, nil
}
