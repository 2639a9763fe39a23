package crawl

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// site is a local web site with the awkward parts real sites have.
type site struct {
	*httptest.Server
	release  chan struct{} // closing it lets /slow answer
	slowHit  chan struct{} // receives when /slow is requested
	mu       sync.Mutex
	requests []string
}

func newSite(t *testing.T) *site {
	s := &site{release: make(chan struct{}), slowHit: make(chan struct{}, 10)}
	mux := http.NewServeMux()
	page := func(path, body string) {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, "<html><head><title>%s</title></head><body>%s</body></html>", path, body)
		})
	}
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "User-agent: *\nDisallow: /private\nSitemap: %s/sitemap-index.xml\n", s.URL)
	})
	mux.HandleFunc("/sitemap-index.xml", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/xml")
		fmt.Fprintf(w, `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>%s/sitemap-pages.xml</loc></sitemap></sitemapindex>`, s.URL)
	})
	mux.HandleFunc("/sitemap-pages.xml", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/xml")
		fmt.Fprintf(w, `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>%[1]s/guide</loc></url><url><loc>%[1]s/about</loc></url><url><loc>%[1]s/missing</loc></url></urlset>`, s.URL)
	})
	page("/{$}", `<a href="/guide">Guide</a> <a href="/about">About</a> <a href="/private/secret">Secret</a>
		<a href="/loop">Loop</a> <a href="/missing">Missing</a> <a href="/slow">Slow</a> <a href="https://elsewhere.example/">Out</a>`)
	mux.HandleFunc("/guide", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("If-None-Match") == `"v1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", `"v1"`)
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<html><body><h1>Guide</h1><a href="/guide/deep">Deep</a></body></html>`)
	})
	page("/guide/deep", `<a href="/guide/deeper">Deeper</a>`)
	page("/guide/deeper", `Too deep.`)
	page("/about", `About us.`)
	page("/private/secret", `Secret.`)
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop2", http.StatusFound) })
	mux.HandleFunc("/loop2", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop", http.StatusFound) })
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		s.slowHit <- struct{}{}
		select {
		case <-s.release:
			fmt.Fprint(w, "<p>finally</p>")
		case <-r.Context().Done():
		}
	})
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests = append(s.requests, r.URL.Path)
		s.mu.Unlock()
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(func() {
		close(s.release)
		s.Close()
	})
	return s
}

// outcome summarises events by path: "page", "unchanged", "blocked" or the error.
func run(t *testing.T, ctx context.Context, s *site, cfg Config, starts ...string) (map[string]string, error) {
	t.Helper()
	got := map[string]string{}
	if cfg.Delay == 0 {
		cfg.Delay = -1
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 300 * time.Millisecond // the slow page never answers in time
	}
	err := Crawl(ctx, starts, cfg, func(e Event) {
		path := strings.TrimPrefix(e.URL, s.URL)
		switch {
		case e.Page != nil:
			got[path] = "page"
		case e.Unchanged:
			got[path] = "unchanged"
		case e.Blocked:
			got[path] = "blocked"
		default:
			got[path] = e.Err.Error()
		}
	})
	return got, err
}

func TestSpiderFollowsSameSiteLinksToDepthAndReportsEachFailure(t *testing.T) {
	s := newSite(t)
	got, err := run(t, context.Background(), s, Config{Strategy: Spider, MaxDepth: 2}, s.URL+"/")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"/": "page", "/guide": "page", "/about": "page", "/guide/deep": "page",
		"/private/secret": "blocked",
		"/missing":        "HTTP 404 Not Found",
		"/slow":           "no complete answer within 300ms",
	}
	for path, w := range want {
		if got[path] != w {
			t.Errorf("%s: %q, want %q", path, got[path], w)
		}
	}
	if !strings.HasPrefix(got["/loop"], "redirect loop") && !strings.HasPrefix(got["/loop2"], "redirect loop") {
		t.Errorf("loop: %q / %q, want a redirect loop error", got["/loop"], got["/loop2"])
	}
	if _, ok := got["/guide/deeper"]; ok {
		t.Error("went past the depth limit to /guide/deeper")
	}
	for path := range got {
		if strings.Contains(path, "elsewhere") {
			t.Error("left the site:", path)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if slices.Contains(s.requests, "/private/secret") {
		t.Error("fetched a page robots.txt disallows")
	}
}

func TestSitemapIndexLeadsToPages(t *testing.T) {
	s := newSite(t)
	got, err := run(t, context.Background(), s, Config{Strategy: Sitemap}, s.URL+"/")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"/guide": "page", "/about": "page", "/missing": "HTTP 404 Not Found"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestUnchangedPageIsNotFetchedAgain(t *testing.T) {
	s := newSite(t)
	seen := func(u string) (string, string) {
		if strings.HasSuffix(u, "/guide") {
			return `"v1"`, ""
		}
		return "", ""
	}
	got, err := run(t, context.Background(), s, Config{Seen: seen}, s.URL+"/guide", s.URL+"/about")
	if err != nil {
		t.Fatal(err)
	}
	if got["/guide"] != "unchanged" || got["/about"] != "page" {
		t.Errorf("got %v", got)
	}
}

func TestMaxPages(t *testing.T) {
	s := newSite(t)
	got, _ := run(t, context.Background(), s, Config{Strategy: Spider, MaxDepth: 5, MaxPages: 2}, s.URL+"/guide")
	pages := 0
	for _, v := range got {
		if v == "page" {
			pages++
		}
	}
	if pages != 2 || got["/guide/deep"] != "page" {
		t.Errorf("%d pages, want 2: %v", pages, got)
	}
}

func TestCancelStopsTheCrawl(t *testing.T) {
	s := newSite(t)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-s.slowHit // the slow page is in flight: stop everything
		cancel()
	}()
	done := make(chan error, 1)
	go func() {
		_, err := run(t, ctx, s, Config{Timeout: time.Hour}, s.URL+"/slow")
		done <- err
	}()
	select {
	case err := <-done:
		if err != context.Canceled {
			t.Errorf("err = %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("crawl did not stop on cancel")
	}
}

func TestParseStrategy(t *testing.T) {
	for in, want := range map[string]Strategy{"": Single, "single": Single, "sitemap": Sitemap, "spider": Spider} {
		if got, err := ParseStrategy(in); err != nil || got != want {
			t.Errorf("ParseStrategy(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := ParseStrategy("bfs"); err == nil {
		t.Error("bfs accepted")
	}
}

// A server that never answers its robots.txt: colly asks for it without the crawl's
// context, and a cancel must still end the crawl at once, not after the page timeout.
func TestCancelStopsAHangingRobotsTxt(t *testing.T) {
	hit := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case hit <- struct{}{}:
		default:
		}
		<-r.Context().Done()
	}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-hit
		cancel()
	}()
	done := make(chan error, 1)
	go func() {
		done <- Crawl(ctx, []string{srv.URL + "/docs"}, Config{Timeout: time.Hour}, func(Event) {})
	}()
	select {
	case err := <-done:
		if err != context.Canceled {
			t.Errorf("err = %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("crawl did not stop on cancel while robots.txt hung")
	}
}
