// Package browser drives Chrome or Chromium over the DevTools protocol for Errand. It
// launches a dedicated profile or attaches to a running browser, observes a page as seed
// 002's semantic_v3 interactive tree, executes action chains with real input events, waits
// for the page to settle after every action, and holds every request to the task's allowed
// domains at the network layer (docs/decisions.md D-39).
//
// It is the only package that imports chromedp; everything it returns is in the vocabulary
// of engine/page.
package browser

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/remote"
)

// Config says which browser to use and how pages behave. The zero value launches the
// browser Find locates, with a temporary profile, in a visible window, with no domain limit.
type Config struct {
	// ChromePath is the browser executable; "" lets Find look in the usual places.
	ChromePath string
	// ProfileDir is a persistent user-data directory dedicated to Errand (recent Chrome
	// refuses DevTools on a person's default profile); "" uses a temporary directory that
	// Close removes.
	ProfileDir string
	// Headless runs the browser without a window; false shows one, which needs a display.
	Headless bool
	// Attach is the DevTools address of a running Chrome, http://host:port or ws://…; when
	// set, Launch starts nothing, ChromePath, ProfileDir and Headless are unused, and Close
	// detaches without closing the person's browser.
	Attach string
	// AllowedDomains limits every page's requests to these hosts and their subdomains; empty
	// allows every host. Loopback addresses are allowed only when listed.
	AllowedDomains []string
	// Stability tunes the wait after each action; zero fields take the values of
	// docs/decisions.md D-26.
	Stability Stability
	// NavigateTimeout bounds a navigation's load; 0 means 30 seconds.
	NavigateTimeout time.Duration
	// Logger receives diagnostics; nil discards them.
	Logger *slog.Logger
}

// Browser is a launched or attached browser. Its methods are safe for concurrent use; each
// Page is meant for one goroutine at a time.
type Browser struct {
	cfg         Config
	log         *slog.Logger
	ctx         context.Context // the chromedp browser context
	cancel      context.CancelFunc
	allocCancel context.CancelFunc

	mu     sync.Mutex
	pages  map[*Page]struct{}
	closed bool
}

// Launch starts the browser of cfg, or attaches to cfg.Attach. ctx bounds the start only;
// the browser lives until Close.
func Launch(ctx context.Context, cfg Config) (*Browser, error) {
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	// The browser outlives the launch call, so its contexts hang off a root that ctx's
	// cancellation does not reach; start below still honours ctx.
	base := context.WithoutCancel(ctx)
	var allocCtx context.Context
	var allocCancel context.CancelFunc
	if cfg.Attach != "" {
		allocCtx, allocCancel = remote.NewAllocator(base, cfg.Attach)
	} else {
		path, err := Find(cfg.ChromePath)
		if err != nil {
			return nil, fmt.Errorf("launch: %w", err)
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.Flag("disable-gpu", true),
			chromedp.Flag("disable-component-update", true),
		)
		if cfg.Headless {
			opts = append(opts, chromedp.WindowSize(1280, 800))
		} else {
			opts = append(opts, chromedp.VisibleWindow)
		}
		if cfg.ProfileDir != "" {
			if err := os.MkdirAll(cfg.ProfileDir, 0o700); err != nil {
				return nil, fmt.Errorf("launch: profile: %w", err)
			}
			opts = append(opts, chromedp.UserDataDir(cfg.ProfileDir))
		}
		allocCtx, allocCancel = chromedp.NewExecAllocator(base, opts...)
	}
	debugf := func(format string, args ...any) { log.Debug("chromedp: " + fmt.Sprintf(format, args...)) }
	bctx, cancel := chromedp.NewContext(allocCtx, chromedp.WithErrorf(debugf), chromedp.WithLogf(debugf))
	b := &Browser{cfg: cfg, log: log, ctx: bctx, cancel: cancel, allocCancel: allocCancel, pages: map[*Page]struct{}{}}
	err := start(ctx, func() error {
		if cfg.Attach != "" {
			// Only connect: a first Run would open a tab in the person's browser.
			_, err := chromedp.Targets(bctx)
			return err
		}
		return chromedp.Do(bctx)
	}, func() { cancel(); allocCancel() })
	if err != nil {
		return nil, fmt.Errorf("launch: %w", err)
	}
	log.Debug("browser ready", "attach", cfg.Attach != "", "headless", cfg.Headless)
	return b, nil
}

// start runs f, which binds chromedp state to a long-lived context and so cannot take ctx,
// and gives up when ctx ends; abort then tears down what f was building.
func start(ctx context.Context, f func() error, abort func()) error {
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		if err != nil {
			abort()
		}
		return err
	case <-ctx.Done():
		abort()
		<-done
		return ctx.Err()
	}
}

// NewPage opens a new tab. Close closes it.
func (b *Browser) NewPage(ctx context.Context) (*Page, error) {
	p, err := b.open(ctx, "", "")
	if err != nil {
		return nil, fmt.Errorf("new page: %w", err)
	}
	return p, nil
}

// ActivePage attaches to the page the person has open (the browser's first page target).
// Closing it detaches and leaves the tab open.
func (b *Browser) ActivePage(ctx context.Context) (*Page, error) {
	cctx, cancel := bind(ctx, b.ctx)
	defer cancel()
	res, err := chromedp.CallBrowser(cctx, target.GetTargets, target.GetTargetsParams{})
	if err != nil {
		return nil, fmt.Errorf("active page: %w", err)
	}
	for _, t := range res.TargetInfos {
		if t.Type == "page" && !strings.HasPrefix(t.URL, "devtools://") && !strings.HasPrefix(t.URL, "chrome-extension://") {
			p, err := b.open(ctx, t.TargetID, t.URL)
			if err != nil {
				return nil, fmt.Errorf("active page: %w", err)
			}
			return p, nil
		}
	}
	return nil, errors.New("active page: the browser has no open page")
}

// Close closes the pages and the browser, or only detaches from an attached one.
func (b *Browser) Close() error {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil
	}
	b.closed = true
	pages := make([]*Page, 0, len(b.pages))
	for p := range b.pages {
		pages = append(pages, p)
	}
	b.mu.Unlock()
	for _, p := range pages {
		p.Close()
	}
	var err error
	if b.cfg.Attach == "" {
		// A graceful close lets Chrome flush the profile; the timeout keeps a hung
		// browser from hanging the program.
		tctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
		err = chromedp.Cancel(tctx)
		cancel()
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			err = nil
		}
	}
	b.cancel()
	b.allocCancel()
	if err != nil {
		return fmt.Errorf("close browser: %w", err)
	}
	return nil
}

func (b *Browser) track(p *Page) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return false
	}
	b.pages[p] = struct{}{}
	return true
}

func (b *Browser) untrack(p *Page) {
	b.mu.Lock()
	delete(b.pages, p)
	b.mu.Unlock()
}

// bind gives a call on a long-lived chromedp context the caller's cancellation. Cancelling
// the child never closes the tab: chromedp closes tabs only for contexts NewContext made.
func bind(ctx, long context.Context) (context.Context, context.CancelFunc) {
	c, cancel := context.WithCancel(long)
	stop := context.AfterFunc(ctx, cancel)
	return c, func() {
		stop()
		cancel()
	}
}
