// Package browsertest shares one headless Chromium across a test binary and opens a tab
// per test, for the tests of any package that needs a real browser.
//
//	var b *browser.Browser
//
//	func TestMain(m *testing.M) { browsertest.Main(m, &b) }
//
//	func TestX(t *testing.T) {
//		p := browsertest.NewPage(t, b)
//		...
//	}
package browsertest

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/browser"
)

// Width and Height are the viewport every test page gets, so boxes match golden files.
const (
	Width  = 1280
	Height = 800
)

// Main launches a headless Chromium with a temporary profile into *b, runs the tests and
// closes it. With no Chromium installed it fails the binary: a browser test that skips
// itself would pass on a machine that checks nothing.
func Main(m *testing.M, b **browser.Browser) {
	os.Exit(run(m, b))
}

func run(m *testing.M, b **browser.Browser) int {
	path, err := browser.Find("")
	if err != nil {
		fmt.Fprintf(os.Stderr, "browsertest: %v\n", err)
		return 1
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	br, err := browser.Launch(ctx, browser.Config{ChromePath: path, Headless: true})
	if err != nil {
		fmt.Fprintf(os.Stderr, "browsertest: %v\n", err)
		return 1
	}
	*b = br
	defer func() {
		if err := br.Close(); err != nil {
			fmt.Fprintf(os.Stderr, "browsertest: %v\n", err)
		}
	}()
	return m.Run()
}

// NewPage opens a tab with a Width×Height viewport, closed when the test ends.
func NewPage(t testing.TB, b *browser.Browser) *browser.Page {
	t.Helper()
	if b == nil {
		t.Fatal("browsertest: no browser; call browsertest.Main from TestMain")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	p, err := b.NewPage(ctx)
	if err != nil {
		t.Fatalf("browsertest: %v", err)
	}
	t.Cleanup(func() { p.Close() })
	if err := p.SetViewport(ctx, Width, Height); err != nil {
		t.Fatalf("browsertest: %v", err)
	}
	return p
}

// Serve serves dir over HTTP for the length of the test and returns its base URL.
func Serve(t testing.TB, dir string) string {
	t.Helper()
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	return srv.URL
}
