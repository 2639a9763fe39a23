// Package crawl fetches web pages for ingestion with gocolly/colly: one page, the pages a
// site's sitemaps list (sitemap indexes followed), or a spider over the links of the same
// site to a depth and a page limit. It obeys robots.txt, keeps to polite parallelism and
// delay, stops when its context ends, gives every page its own timeout, and asks the
// server whether a page changed since the ETag or Last-Modified it was last seen with.
// Every page, unchanged page and failure is reported to the caller, one at a time.
package crawl

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/gocolly/colly/v2"
)

// Strategy says which pages a crawl visits.
type Strategy string

// The strategies.
const (
	Single  Strategy = "single"  // the given URLs only
	Sitemap Strategy = "sitemap" // the URLs the site's sitemaps list (robots.txt Sitemap: lines, else /sitemap.xml)
	Spider  Strategy = "spider"  // the given URLs and the same-site links they lead to
)

// ParseStrategy accepts the CLI's names; "" is Single.
func ParseStrategy(s string) (Strategy, error) {
	switch Strategy(s) {
	case "", Single:
		return Single, nil
	case Sitemap, Spider:
		return Strategy(s), nil
	}
	return "", fmt.Errorf("unknown strategy %q: want single, sitemap or spider", s)
}

// Config tunes a crawl. Zero values take the defaults.
type Config struct {
	Strategy Strategy
	MaxDepth int   // link hops from a start page (spider); 0 = 2
	MaxPages int   // pages fetched at most (robots.txt and sitemaps not counted); 0 = 100
	MaxBytes int64 // largest page body; 0 = 20 MiB
	// Timeout bounds one page, from request to last byte; 0 = 30 s.
	Timeout time.Duration
	// Delay separates requests to one host; 0 = 500 ms; negative = none (tests).
	Delay time.Duration
	// Parallelism is how many requests one host gets at once; 0 = 2.
	Parallelism int
	// Transport makes the requests; nil = http.DefaultTransport.
	Transport http.RoundTripper
	UserAgent string // "" = "Errand (+knowledge ingestion)"
	// Seen returns the validators a page was last stored with, so an unchanged page is
	// answered 304 and skipped; nil = fetch everything.
	Seen func(url string) (etag, lastModified string)
}

func (c Config) withDefaults() Config {
	if c.Strategy == "" {
		c.Strategy = Single
	}
	if c.MaxDepth <= 0 {
		c.MaxDepth = 2
	}
	if c.MaxPages <= 0 {
		c.MaxPages = 100
	}
	if c.MaxBytes <= 0 {
		c.MaxBytes = 20 << 20
	}
	if c.Timeout <= 0 {
		c.Timeout = 30 * time.Second
	}
	if c.Delay == 0 {
		c.Delay = 500 * time.Millisecond
	}
	c.Delay = max(c.Delay, 0)
	if c.Parallelism <= 0 {
		c.Parallelism = 2
	}
	if c.Transport == nil {
		c.Transport = http.DefaultTransport
	}
	if c.UserAgent == "" {
		c.UserAgent = "Errand (+knowledge ingestion)"
	}
	return c
}

// Page is a fetched page.
type Page struct {
	URL          string // after redirects
	ContentType  string
	Body         []byte
	ETag         string
	LastModified string
}

// Event is one outcome: a Page, an unchanged page, a page robots.txt refuses, or an error.
type Event struct {
	URL       string
	Page      *Page
	Unchanged bool
	Blocked   bool
	Err       error
}

// Crawl visits from starts by cfg and reports each outcome to visit, never concurrently.
// It returns when every request has ended, with ctx's error if ctx ended first.
func Crawl(ctx context.Context, starts []string, cfg Config, visit func(Event)) error {
	cfg = cfg.withDefaults()
	cr, err := newCrawler(ctx, starts, cfg, visit)
	if err != nil {
		return err
	}
	for _, s := range starts {
		switch cfg.Strategy {
		case Sitemap:
			u, _ := url.Parse(s)
			cr.aux.Store(robotsURL(u), true)
			cr.visit(s, cr.c.Visit(robotsURL(u)))
		default:
			cr.visit(s, cr.c.Visit(s))
		}
	}
	cr.c.Wait()
	if cr.sitemapsWanted() {
		// No Sitemap: line in any robots.txt: try the conventional place.
		for _, s := range starts {
			u, _ := url.Parse(s)
			sm := u.Scheme + "://" + u.Host + "/sitemap.xml"
			cr.aux.Store(sm, true)
			cr.visit(sm, cr.c.Visit(sm))
		}
		cr.c.Wait()
	}
	return ctx.Err()
}

// crawler is one crawl's state.
type crawler struct {
	ctx      context.Context
	cfg      Config
	c        *colly.Collector
	mu       sync.Mutex // serialises visit and guards the counters
	out      func(Event)
	pages    int
	sitemaps int
	aux      sync.Map // robots.txt and sitemap URLs: fetched, not reported as pages
}

func newCrawler(ctx context.Context, starts []string, cfg Config, visit func(Event)) (*crawler, error) {
	var hosts []string
	for _, s := range starts {
		u, err := url.Parse(s)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("crawl %q: not an http(s) URL", s)
		}
		hosts = append(hosts, u.Hostname())
	}
	c := colly.NewCollector(colly.StdlibContext(ctx), colly.Async(true), colly.UserAgent(cfg.UserAgent),
		colly.MaxBodySize(int(cfg.MaxBytes)), colly.AllowedDomains(hosts...))
	c.IgnoreRobotsTxt = false
	if cfg.Strategy == Spider {
		c.MaxDepth = cfg.MaxDepth + 1 // colly counts the start page as depth 1
	}
	c.WithTransport(timeoutTransport{base: cfg.Transport, timeout: cfg.Timeout, stop: ctx})
	if err := c.Limit(&colly.LimitRule{DomainGlob: "*", Parallelism: cfg.Parallelism, Delay: cfg.Delay}); err != nil {
		return nil, fmt.Errorf("crawl: %w", err)
	}
	cr := &crawler{ctx: ctx, cfg: cfg, c: c, out: visit}
	c.OnRequest(cr.onRequest)
	c.OnResponse(cr.onResponse)
	c.OnError(cr.onError)
	if cfg.Strategy == Spider {
		c.OnHTML("a[href]", func(e *colly.HTMLElement) {
			link := e.Request.AbsoluteURL(e.Attr("href"))
			if link != "" {
				cr.visit(link, e.Request.Visit(link))
			}
		})
	}
	return cr, nil
}

func (cr *crawler) isAux(u string) bool { _, ok := cr.aux.Load(u); return ok }

// onRequest stops new requests once the context ended or the page budget is spent, and
// sends the stored validators.
func (cr *crawler) onRequest(r *colly.Request) {
	if cr.ctx.Err() != nil {
		r.Abort()
		return
	}
	u := r.URL.String()
	if cr.isAux(u) {
		return
	}
	cr.mu.Lock()
	full := cr.pages >= cr.cfg.MaxPages
	if !full {
		cr.pages++
	}
	cr.mu.Unlock()
	if full {
		r.Abort()
		return
	}
	if cr.cfg.Seen != nil {
		if etag, lm := cr.cfg.Seen(u); etag != "" || lm != "" {
			if etag != "" {
				r.Headers.Set("If-None-Match", etag)
			}
			if lm != "" {
				r.Headers.Set("If-Modified-Since", lm)
			}
		}
	}
}

func (cr *crawler) onResponse(r *colly.Response) {
	u := r.Request.URL.String()
	if cr.isAux(u) {
		cr.readAux(r)
		return
	}
	cr.emit(Event{URL: u, Page: &Page{URL: u, ContentType: r.Headers.Get("Content-Type"), Body: r.Body,
		ETag: r.Headers.Get("ETag"), LastModified: r.Headers.Get("Last-Modified")}})
}

func (cr *crawler) onError(r *colly.Response, err error) {
	u := r.Request.URL.String()
	if r.StatusCode == http.StatusNotModified {
		cr.emit(Event{URL: u, Unchanged: true})
		return
	}
	if cr.isAux(u) && r.StatusCode == http.StatusNotFound {
		return // no robots.txt or no sitemap there: nothing to report
	}
	cr.emit(Event{URL: u, Err: describe(r, err, cr.cfg.Timeout)})
}

// visit reports what a Visit call refused, when it matters to the person.
func (cr *crawler) visit(u string, err error) {
	var already *colly.AlreadyVisitedError
	switch {
	case err == nil, errors.Is(err, colly.ErrForbiddenDomain), errors.Is(err, colly.ErrMaxDepth),
		errors.As(err, &already), errors.Is(err, colly.ErrNoURLFiltersMatch), errors.Is(err, colly.ErrMissingURL):
	case errors.Is(err, colly.ErrRobotsTxtBlocked):
		cr.emit(Event{URL: u, Blocked: true})
	default:
		cr.emit(Event{URL: u, Err: err})
	}
}

func (cr *crawler) emit(e Event) {
	cr.mu.Lock()
	defer cr.mu.Unlock()
	cr.out(e)
}

// describe turns a failed fetch into a sentence a person can act on.
func describe(r *colly.Response, err error, timeout time.Duration) error {
	var already *colly.AlreadyVisitedError
	switch {
	case r.StatusCode >= 300 && r.StatusCode < 400, errors.As(err, &already):
		return fmt.Errorf("redirect loop (HTTP %d after too many redirects or back to a visited page)", r.StatusCode)
	case r.StatusCode != 0:
		return fmt.Errorf("HTTP %d %s", r.StatusCode, http.StatusText(r.StatusCode))
	case errors.Is(err, context.DeadlineExceeded) || strings.Contains(err.Error(), "deadline exceeded"):
		return fmt.Errorf("no complete answer within %s", timeout)
	}
	return err
}

func robotsURL(u *url.URL) string { return u.Scheme + "://" + u.Host + "/robots.txt" }
