package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"strings"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/knowledge"
	"github.com/errand-app/errand/knowledge/crawl"
	"github.com/errand-app/errand/knowledge/live"
)

// liveFlags are `errand ingest --browser`'s: the pages are read in Chromium, the way a
// person sees them, instead of fetched over HTTP (docs/knowledge.md).
type liveFlags struct {
	browser  bool
	presses  int
	chrome   string
	headless bool
	allow    multi
}

func (l *liveFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&l.browser, "browser", false, "read each URL in Chromium: the page as its scripts render it, then what its tabs, accordions and \"show more\" buttons reveal")
	fs.IntVar(&l.presses, "max-presses", live.DefaultMaxPresses, "--browser: disclosure controls pressed per page at most (0 = none)")
	fs.StringVar(&l.chrome, "chrome", "", "--browser: Chrome or Chromium binary (default: ERRAND_CHROME or the usual places)")
	fs.BoolVar(&l.headless, "headless", true, "--browser: run the browser without a window")
	fs.Var(&l.allow, "allow-domain", "--browser: widen the allowed domains (repeatable; each URL's host is allowed)")
}

// checkIngestArgs refuses what ingest cannot do: nothing to read, or --browser with files
// or a crawl (the browser reads the pages given, one at a time).
func checkIngestArgs(pos []string, browser bool, strat crawl.Strategy) error {
	if len(pos) == 0 {
		return errors.New("give at least one URL, file or folder")
	}
	if !browser {
		return nil
	}
	if strat != crawl.Single {
		return fmt.Errorf("--browser reads the pages given; --strategy %s crawls over HTTP without it", strat)
	}
	for _, p := range pos {
		if u, err := url.Parse(p); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("--browser reads web pages: %q is not an http(s) URL", p)
		}
	}
	return nil
}

// ingest reads the pages in the browser into kb.
func (l *liveFlags) ingest(ctx context.Context, env Env, k kflags, kb *knowledge.Base, urls []string,
	opts knowledge.IngestOptions, progress knowledge.ProgressFunc) (knowledge.Progress, error) {
	// No chat model is needed to read pages, and never the person's own browser: the
	// presses happen in a tab of Errand's.
	c := common{dataDir: k.dataDir, chrome: l.chrome, headless: l.headless, offline: true, verbose: k.verbose, allow: l.allow}
	svc, err := c.open(ctx, env)
	if err != nil {
		return knowledge.Progress{}, err
	}
	defer svc.Close()
	presses := l.presses
	if presses == 0 {
		presses = -1 // the flag's 0 means none; live's 0 means the default
	}
	return svc.IngestLive(ctx, kb, app.LiveIngest{URLs: urls, Allow: l.allow, MaxPresses: presses, Options: opts}, progress)
}

// pressed is what a press event names: "tab Annual".
func pressed(p knowledge.Progress) string {
	return strings.TrimPrefix(p.Trigger, "after clicking ")
}
