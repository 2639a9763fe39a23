// Package helpsite serves, for tests, a documentation site of one page about refunds: the
// source the Knowledge screen's tests add, search and forget.
package helpsite

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// Path is the site's one page; every other path is not found.
const Path = "/help/refunds"

// Start serves the site until the test ends.
func Start(t testing.TB) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != Path {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(`<!doctype html><html><head><title>Refunds help</title></head><body><main>
<h1>Refunds</h1><p>Open the invoice and press Refund to give the money back.</p>
<h2>Partial refunds</h2><p>Type the amount to return into the Amount field before pressing Refund.
A partial refund leaves the invoice open until the rest is paid.</p></main></body></html>`))
	}))
	t.Cleanup(srv.Close)
	return srv
}
