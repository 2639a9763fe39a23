package server

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/app"
)

const executeClick = `{"goal": "Click the submit button", "url": "http://127.0.0.1:9/form.html"}`

func TestTokenRequired(t *testing.T) {
	t.Parallel()
	h := newHarness(t, highConfidence, Config{})
	for _, tt := range []struct{ name, header string }{
		{"missing", ""},
		{"wrong", "Bearer nope"},
		{"not bearer", "Basic " + testToken},
		{"prefix of the token", "Bearer " + testToken[:4]},
	} {
		w := h.do(http.MethodPost, "/reasoning/execute", executeClick, func(r *http.Request) { r.Header.Set("Authorization", tt.header) })
		if w.Code != http.StatusUnauthorized || !strings.Contains(w.Header().Get("WWW-Authenticate"), "Bearer") {
			t.Errorf("%s: %d %v, want 401 with WWW-Authenticate", tt.name, w.Code, w.Header())
		}
		var body errorBody
		if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || body.Error == "" {
			t.Errorf("%s: body %s is not a JSON error", tt.name, w.Body)
		}
	}
	if n := h.run.runCount(); n != 0 {
		t.Errorf("unauthorized requests ran %d tasks", n)
	}
	if w := h.do(http.MethodPost, "/approval/respond/req-1", `{}`, func(r *http.Request) { r.Header.Del("Authorization") }); w.Code != http.StatusUnauthorized {
		t.Errorf("respond without token: %d, want 401", w.Code)
	}
}

func TestHealthzNeedsNoToken(t *testing.T) {
	t.Parallel()
	h := newHarness(t, highConfidence, Config{})
	w := h.do(http.MethodGet, "/healthz", "", func(r *http.Request) { r.Header.Del("Authorization") })
	var body struct {
		OK      bool   `json:"ok"`
		Version string `json:"version"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || w.Code != http.StatusOK || !body.OK || body.Version != app.Version {
		t.Errorf("healthz: %d %s, want 200 ok with version %s", w.Code, w.Body, app.Version)
	}
}

func TestHostMustBeLoopback(t *testing.T) {
	t.Parallel()
	h := newHarness(t, highConfidence, Config{})
	for host, want := range map[string]int{
		"evil.example:7480":     http.StatusForbidden, // DNS rebinding: a hostile name resolved to 127.0.0.1
		"evil.example":          http.StatusForbidden,
		"192.168.1.20:7480":     http.StatusForbidden,
		"localhost.evil.com":    http.StatusForbidden,
		"localhost:7480":        http.StatusOK,
		"127.0.0.1:7480":        http.StatusOK,
		"[::1]:7480":            http.StatusOK,
		"127.0.0.1":             http.StatusOK,
		"LOCALHOST.:7480":       http.StatusOK,
		"127.5.6.7:7480":        http.StatusOK,
		"[::ffff:10.0.0.1]:748": http.StatusForbidden,
	} {
		w := h.do(http.MethodGet, "/healthz", "", func(r *http.Request) { r.Host = host })
		if w.Code != want {
			t.Errorf("Host %q: %d, want %d", host, w.Code, want)
		}
	}
	w := h.do(http.MethodPost, "/reasoning/execute", executeClick, func(r *http.Request) { r.Host = "evil.example:7480" })
	if w.Code != http.StatusForbidden || h.run.runCount() != 0 {
		t.Errorf("execute with a foreign Host: %d, %d runs; want 403 and none", w.Code, h.run.runCount())
	}
}

func TestCrossSiteRefused(t *testing.T) {
	t.Parallel()
	h := newHarness(t, highConfidence, Config{})
	for _, tt := range []struct {
		name    string
		headers map[string]string
		want    int
	}{
		{"foreign origin", map[string]string{"Origin": "http://evil.example"}, http.StatusForbidden},
		{"another local port", map[string]string{"Origin": "http://127.0.0.1:3000"}, http.StatusForbidden},
		{"null origin", map[string]string{"Origin": "null"}, http.StatusForbidden},
		{"cross-site fetch", map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"own origin", map[string]string{"Origin": "http://127.0.0.1:7480", "Sec-Fetch-Site": "same-origin"}, http.StatusOK},
		{"no origin (curl)", nil, http.StatusOK},
	} {
		w := h.do(http.MethodPost, "/reasoning/execute", `{"goal": ""}`, func(r *http.Request) {
			for k, v := range tt.headers {
				r.Header.Set(k, v)
			}
		})
		if w.Code != tt.want {
			t.Errorf("%s: %d, want %d (%s)", tt.name, w.Code, tt.want, w.Body)
		}
	}
}

func TestRateLimit(t *testing.T) {
	t.Parallel()
	h := newHarness(t, highConfidence, Config{RatePerMinute: 2})
	for i := range 2 {
		if w := h.do(http.MethodPost, "/approval/respond/req-none", `{}`); w.Code != http.StatusNotFound {
			t.Fatalf("request %d: %d, want 404 (within the limit)", i+1, w.Code)
		}
	}
	w := h.do(http.MethodPost, "/approval/respond/req-none", `{}`)
	if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") != "30" {
		t.Fatalf("third request: %d Retry-After %q, want 429 after 30 s", w.Code, w.Header().Get("Retry-After"))
	}
	// A token guesser is throttled too: the limit comes before the token check.
	if w := h.do(http.MethodPost, "/reasoning/execute", executeClick, func(r *http.Request) { r.Header.Del("Authorization") }); w.Code != http.StatusTooManyRequests {
		t.Errorf("unauthorized request over the limit: %d, want 429", w.Code)
	}
	h.clk.Advance(29 * time.Second)
	if w := h.do(http.MethodPost, "/approval/respond/req-none", `{}`); w.Code != http.StatusTooManyRequests {
		t.Errorf("after 29 s: %d, want still 429", w.Code)
	}
	h.clk.Advance(time.Second)
	if w := h.do(http.MethodPost, "/approval/respond/req-none", `{}`); w.Code != http.StatusNotFound {
		t.Errorf("after 30 s: %d, want the request through (404)", w.Code)
	}
	if w := h.do(http.MethodGet, "/healthz", ""); w.Code != http.StatusOK {
		t.Errorf("healthz is not rate limited: %d", w.Code)
	}
}

func TestMalformedRequestsAreRejectedWith200(t *testing.T) {
	t.Parallel()
	h := newHarness(t, highConfidence, Config{MaxBody: 256})
	for _, tt := range []struct{ name, body, wantErr string }{
		{"not JSON", `{"goal": "Click`, "not valid JSON"},
		{"empty goal", `{"goal": "   "}`, "goal is empty"},
		{"no goal", `{"url": "http://127.0.0.1:9/"}`, "goal is empty"},
		{"bad url", `{"goal": "Click the submit button", "url": "file:///etc/passwd"}`, "not an http(s) address"},
		{"too large", `{"goal": "` + strings.Repeat("a", 300) + `"}`, "request body too large"},
	} {
		resp := h.api("/reasoning/execute", tt.body)
		if resp.Success || resp.ExecutionPath != PathRejected || !strings.Contains(str(resp.Error), tt.wantErr) ||
			resp.ApprovalState != StateNone || resp.Timestamp != "2026-02-05T10:30:45Z" {
			t.Errorf("%s: %+v, want rejected with %q", tt.name, resp, tt.wantErr)
		}
	}
	if n := h.run.runCount(); n != 0 {
		t.Errorf("malformed requests ran %d tasks", n)
	}
}

func TestUnknownRequestID(t *testing.T) {
	t.Parallel()
	h := newHarness(t, highConfidence, Config{})
	w := h.do(http.MethodPost, "/approval/respond/req-unknown", `{"approved": true}`)
	if w.Code != http.StatusNotFound || !strings.Contains(w.Body.String(), "req-unknown") {
		t.Errorf("unknown id: %d %s, want 404 naming it", w.Code, w.Body)
	}
}

func TestCheckLoopback(t *testing.T) {
	t.Parallel()
	for addr, ok := range map[string]bool{
		"127.0.0.1:7480": true, "localhost:0": true, "[::1]:7480": true,
		":7480": false, "0.0.0.0:7480": false, "192.168.1.2:7480": false, "example.com:80": false, "127.0.0.1": false,
	} {
		if err := CheckLoopback(addr); (err == nil) != ok {
			t.Errorf("CheckLoopback(%q) = %v, want ok=%v", addr, err, ok)
		}
	}
}

func TestTokenFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tok, path, err := TokenFile(dir)
	if err != nil || len(tok) != 64 || path != filepath.Join(dir, "token") {
		t.Fatalf("TokenFile = %q, %q, %v; want a 64-hex token in %s/token", tok, path, err, dir)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("token file %v, %v; want mode 0600", fi.Mode(), err)
	}
	again, _, err := TokenFile(dir)
	if err != nil || again != tok {
		t.Errorf("second TokenFile = %q, %v; want the same token reused", again, err)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := TokenFile(dir); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("a readable token file stays %v, want it tightened to 0600", fi.Mode().Perm())
	}
}
