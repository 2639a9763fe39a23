package knowledge

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/errand-app/errand/knowledge/catalog"
	"github.com/errand-app/errand/knowledge/chunk"
	"github.com/errand-app/errand/knowledge/crawl"
	"github.com/errand-app/errand/knowledge/extract"
)

// Phases of a page's content. A chunk of PhaseInteraction carries the Trigger that
// revealed it ("after clicking tab Pricing").
const (
	PhaseLoad        = ""
	PhaseInteraction = "interaction"
)

// LocalSite is the site of files ingested without IngestOptions.Site.
const LocalSite = "local"

// IngestOptions tune an ingestion. Zero values take the defaults.
type IngestOptions struct {
	Strategy crawl.Strategy // for URLs; "" = single
	MaxDepth int            // spider link hops; 0 = 2
	MaxPages int            // pages per crawl; 0 = 100
	// Site scopes what is ingested; "" = the URL's host, or "local" for files.
	Site string
	// MaxBytes is the largest page or file read; 0 = 20 MiB.
	MaxBytes    int64
	Timeout     time.Duration // per page; 0 = 30 s
	Delay       time.Duration // between requests to one host; 0 = 500 ms, negative = none
	Parallelism int           // requests per host at once; 0 = 2
	// Force re-ingests sources that have not changed.
	Force bool
	Chunk chunk.Options
	// Phase and Trigger label a page's content revealed by an interaction (two-phase
	// ingestion of a live page through IngestBytes).
	Phase   string
	Trigger string
}

func (o IngestOptions) maxBytes() int64 {
	if o.MaxBytes <= 0 {
		return 20 << 20
	}
	return o.MaxBytes
}

// Ingest reads every source (URLs, files, folders) into the knowledge base. A source that
// fails is reported as an EventError and the others go on; the error returned is only the
// context's. The last event is EventDone with the totals.
func (b *Base) Ingest(ctx context.Context, sources []string, opts IngestOptions, progress ProgressFunc) (Progress, error) {
	total := Progress{Type: EventDone}
	count := func(p Progress) {
		switch p.Type {
		case EventStored:
			total.Stored++
			total.Chunks += p.Chunks
		case EventSkipped:
			total.Skipped++
		case EventError:
			total.Failed++
		}
		progress.emit(p)
	}
	var urls []string
	for _, src := range sources {
		if ctx.Err() != nil {
			break
		}
		if isURL(src) {
			urls = append(urls, src)
			continue
		}
		b.ingestPath(ctx, src, opts, count)
	}
	if len(urls) > 0 && ctx.Err() == nil {
		b.ingestURLs(ctx, urls, opts, count)
	}
	b.nudge()
	progress.emit(total)
	return total, ctx.Err()
}

func isURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// SiteOf is the site a URL's knowledge is filed under: its host, lower-cased, without
// "www.". The agent scopes retrieval by the same function.
func SiteOf(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		return ""
	}
	return strings.TrimPrefix(strings.ToLower(u.Host), "www.")
}

func (b *Base) ingestURLs(ctx context.Context, urls []string, opts IngestOptions, emit func(Progress)) {
	for _, u := range urls {
		emit(Progress{Type: EventStart, Source: u})
	}
	cfg := crawl.Config{Strategy: opts.Strategy, MaxDepth: opts.MaxDepth, MaxPages: opts.MaxPages,
		MaxBytes: opts.maxBytes(), Timeout: opts.Timeout, Delay: opts.Delay, Parallelism: opts.Parallelism,
		Transport: b.cfg.HTTP.Transport}
	if !opts.Force {
		cfg.Seen = func(u string) (string, string) {
			src, err := b.cat.Lookup(ctx, u)
			if err != nil {
				return "", ""
			}
			return src.ETag, src.LastModified
		}
	}
	err := crawl.Crawl(ctx, urls, cfg, func(e crawl.Event) {
		switch {
		case e.Page != nil:
			site := opts.Site
			if site == "" {
				site = SiteOf(e.URL)
			}
			emit(b.store(ctx, e.URL, site, e.Page.ContentType, e.Page.Body, e.Page.ETag, e.Page.LastModified, opts))
		case e.Unchanged:
			emit(Progress{Type: EventSkipped, Source: e.URL, Reason: "unchanged (the server said 304 Not Modified)"})
		case e.Blocked:
			emit(Progress{Type: EventSkipped, Source: e.URL, Reason: "robots.txt does not allow it"})
		default:
			emit(Progress{Type: EventError, Source: e.URL, Error: e.Err.Error()})
		}
	})
	if err != nil && ctx.Err() == nil {
		for _, u := range urls {
			emit(Progress{Type: EventError, Source: u, Error: err.Error()})
		}
	}
}

// ingestPath reads a file, or every file under a folder (hidden ones left out).
func (b *Base) ingestPath(ctx context.Context, path string, opts IngestOptions, emit func(Progress)) {
	abs, err := filepath.Abs(path)
	if err != nil {
		emit(Progress{Type: EventError, Source: path, Error: err.Error()})
		return
	}
	info, err := os.Stat(abs)
	if err != nil {
		emit(Progress{Type: EventError, Source: path, Error: describePathErr(err)})
		return
	}
	emit(Progress{Type: EventStart, Source: abs})
	if !info.IsDir() {
		b.ingestFile(ctx, abs, opts, emit)
		return
	}
	err = filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			emit(Progress{Type: EventError, Source: p, Error: describePathErr(err)})
			return nil
		}
		if p != abs && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() {
			b.ingestFile(ctx, p, opts, emit)
		}
		return nil
	})
	if err != nil && ctx.Err() == nil {
		emit(Progress{Type: EventError, Source: abs, Error: err.Error()})
	}
}

func (b *Base) ingestFile(ctx context.Context, path string, opts IngestOptions, emit func(Progress)) {
	info, err := os.Stat(path)
	if err != nil {
		emit(Progress{Type: EventError, Source: path, Error: describePathErr(err)})
		return
	}
	if limit := opts.maxBytes(); info.Size() > limit {
		emit(Progress{Type: EventError, Source: path, Error: fmt.Sprintf("too large: %s (the limit is %s)",
			humanBytes(info.Size()), humanBytes(limit))})
		return
	}
	body, err := os.ReadFile(path)
	if err != nil {
		emit(Progress{Type: EventError, Source: path, Error: describePathErr(err)})
		return
	}
	site := opts.Site
	if site == "" {
		site = LocalSite
	}
	emit(b.store(ctx, path, site, "", body, "", "", opts))
}

// IngestBytes stores one page or file already in hand: the lead's live-browser ingestion
// passes a page as loaded (PhaseLoad) and the content each interaction revealed
// (PhaseInteraction with its Trigger). The returned event says what happened.
func (b *Base) IngestBytes(ctx context.Context, location, contentType string, body []byte, opts IngestOptions) Progress {
	site := opts.Site
	if site == "" {
		if site = SiteOf(location); site == "" {
			site = LocalSite
		}
	}
	p := b.store(ctx, location, site, contentType, body, "", "", opts)
	b.nudge()
	return p
}

// store extracts, chunks and stores one source, unless it is unchanged since last time.
func (b *Base) store(ctx context.Context, location, site, contentType string, body []byte, etag, lastMod string, opts IngestOptions) Progress {
	hash := catalog.Hash(body)
	if !opts.Force && opts.Phase == PhaseLoad {
		if prev, err := b.cat.Lookup(ctx, location); err == nil && prev.Hash == hash {
			return Progress{Type: EventSkipped, Source: location, Title: prev.Title, Reason: "unchanged (same content as last time)"}
		}
	}
	// What an interaction revealed is a fragment already cut to its content and headings.
	doc, err := extract.Extract(ctx, extract.Input{Name: location, ContentType: contentType, Body: body,
		Whole: opts.Phase == PhaseInteraction})
	if err != nil {
		return Progress{Type: EventError, Source: location, Error: err.Error()}
	}
	chunks := chunk.Split(doc.Blocks, opts.Chunk)
	if len(chunks) == 0 {
		return Progress{Type: EventError, Source: location, Error: "no text to keep"}
	}
	cd := catalog.Document{Source: catalog.Source{Location: location, Site: site, Title: doc.Title, Kind: string(doc.Kind),
		ETag: etag, LastModified: lastMod, Hash: hash}, Phase: opts.Phase, Trigger: opts.Trigger}
	for _, c := range chunks {
		cd.Chunks = append(cd.Chunks, catalog.NewChunk{Heading: c.HeadingPath(), Page: c.Page, Text: c.Text})
	}
	res, err := b.cat.Put(ctx, cd)
	if err != nil {
		return Progress{Type: EventError, Source: location, Error: err.Error()}
	}
	if len(res.Removed) > 0 {
		// A removed chunk's vector is also ignored at retrieval (its id no longer
		// resolves), so failing to delete it costs space, not correctness.
		if vecs, err := b.vectors(ctx); err == nil && vecs != nil {
			if err := vecs.Delete(ctx, site, res.Removed); err != nil {
				b.log.Warn("knowledge: old vectors not removed", "source", location, "err", err)
			}
		}
	}
	return Progress{Type: EventStored, Source: location, Title: doc.Title, Kind: string(doc.Kind), Chunks: len(chunks),
		Trigger: opts.Trigger}
}

func describePathErr(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file or folder (and not an http(s) URL)"
	case errors.Is(err, fs.ErrPermission):
		return "not allowed to read it (permission denied)"
	}
	return err.Error()
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
