// Package server is Errand's HTTP face (docs/decisions.md D-11, D-35): POST /reasoning/execute
// and POST /approval/respond/{id} over the same Service the desktop and the CLI drive. A task
// runs in a goroutine the server owns; a request answers when the task ends or stops at a
// dialog, and the dialog's reply comes back through /approval/respond/{id}. The server listens
// on loopback only and guards itself as docs/decisions.md D-35 asks: a bearer token, Host and
// Origin checks against DNS rebinding and cross-site requests, a rate limit and a body limit.
package server

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/clock"
)

// Runner is what the server needs of the Service: running one errand, whose dialogs go to
// the request's Prompter and whose events go to its Sink.
type Runner interface {
	Run(ctx context.Context, req app.TaskRequest) (agent.Result, error)
}

var _ Runner = (*app.Service)(nil)

// Config holds the server's settings; zero values take the defaults noted per field.
type Config struct {
	Token           string        // required: every endpoint but /healthz wants "Bearer <Token>"
	Clock           clock.Clock   // nil = clock.Real(); times approval timeouts, the rate limit and timestamps
	ApprovalTimeout time.Duration // how long a dialog waits for /approval/respond; 0 = 5 minutes (docs/decisions.md D-11)
	Logger          *slog.Logger  // nil = discard
	MaxBody         int64         // request body limit in bytes; 0 = 64 KiB
	RatePerMinute   int           // requests a minute, with as large a burst; 0 = 60
	// UI serves the web twin of the desktop window at / and /api/ui/; nil serves the API only.
	UI *UI
}

func (c Config) withDefaults() Config {
	if c.Clock == nil {
		c.Clock = clock.Real()
	}
	if c.ApprovalTimeout == 0 {
		c.ApprovalTimeout = 5 * time.Minute
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.MaxBody == 0 {
		c.MaxBody = 64 << 10
	}
	if c.RatePerMinute == 0 {
		c.RatePerMinute = 60
	}
	return c
}

// maxRemembered bounds how many request ids the server remembers, so a long-running
// server answers 409 or "timeout" for recent ids without growing forever.
const maxRemembered = 1024

// Server serves the HTTP API. It runs one task at a time because the browser is shared.
type Server struct {
	svc  Runner
	cfg  Config
	clk  clock.Clock
	log  *slog.Logger
	rate *bucket

	// ctx is the server's lifetime: tasks outlive the request that started them.
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu       sync.Mutex
	active   *task               // the task running or waiting, nil when idle
	requests map[string]*request // dialog ids → their request, pending or settled
	order    []string            // request ids oldest first, for forgetting
}

// New returns a server over svc. Close stops its tasks.
func New(svc Runner, cfg Config) *Server {
	cfg = cfg.withDefaults()
	ctx, cancel := context.WithCancel(context.Background())
	return &Server{svc: svc, cfg: cfg, clk: cfg.Clock, log: cfg.Logger, rate: newBucket(cfg.RatePerMinute, cfg.Clock),
		ctx: ctx, cancel: cancel, requests: map[string]*request{}}
}

// Close cancels the running task (it stays resumable where it stopped) and waits for it.
func (s *Server) Close() error {
	s.cancel()
	s.wg.Wait()
	return nil
}

// Handler is the API with its guards.
func (s *Server) Handler() http.Handler {
	api := http.NewServeMux()
	api.HandleFunc("POST /reasoning/execute", s.execute)
	api.HandleFunc("POST /approval/respond/{id}", s.respond)
	guarded := s.limit(s.authorize(api))

	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]any{"ok": true, "version": app.Version})
	})
	if s.cfg.UI == nil {
		mux.Handle("/", guarded)
		return s.sameSite(mux)
	}
	s.uiRoutes(mux)
	// The page is what a browser GETs; everything else is the API's, whose answer to an
	// unknown path stays its guarded 404.
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			s.page(w, r)
			return
		}
		guarded.ServeHTTP(w, r)
	})
	return s.sameSite(mux)
}

// errorBody is the answer of the transport guards and of 404/409, which the API's response
// schema (docs/decisions.md D-11) does not cover.
type errorBody struct {
	Success   bool   `json:"success"`
	Error     string `json:"error"`
	TaskID    string `json:"task_id,omitempty"`
	Timestamp string `json:"timestamp"`
}

func (s *Server) fail(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, errorBody{Error: msg, Timestamp: s.timestamp()})
}

func (s *Server) timestamp() string { return s.clk.Now().UTC().Format(time.RFC3339) }

// sameSite refuses requests that did not come from this machine's own pages: a Host that
// is not a loopback name stops DNS rebinding (a hostile name resolved to 127.0.0.1), and a
// foreign Origin or a cross-site fetch stops other web sites a browser has open.
func (s *Server) sameSite(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !loopbackHost(r.Host) {
			s.fail(w, http.StatusForbidden, "forbidden host "+strconv.Quote(r.Host)+": the API answers loopback names only")
			return
		}
		origin := r.Header.Get("Origin")
		own := origin != "" && strings.EqualFold(origin, "http://"+r.Host)
		if origin != "" && !own {
			s.fail(w, http.StatusForbidden, "cross-site request from "+strconv.Quote(origin)+" refused")
			return
		}
		if site := r.Header.Get("Sec-Fetch-Site"); !own && (site == "cross-site" || site == "same-site") {
			s.fail(w, http.StatusForbidden, "cross-site request refused")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// loopbackHost reports whether a Host header names this machine.
func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// CheckLoopback refuses a listen address that is not on loopback: the API drives a
// browser with the person's sessions and must not be reachable from the network.
func CheckLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return &AddrError{Addr: addr, Reason: err.Error()}
	}
	if host == "" || !loopbackHost(host) {
		return &AddrError{Addr: addr, Reason: "not a loopback address (use 127.0.0.1, ::1 or localhost)"}
	}
	return nil
}

// AddrError is a listen address CheckLoopback refused.
type AddrError struct{ Addr, Reason string }

func (e *AddrError) Error() string {
	return "listen address " + strconv.Quote(e.Addr) + ": " + e.Reason
}

// limit answers 429 once the API's token bucket is empty. It runs before authorization
// so guessing the token is throttled too.
func (s *Server) limit(next http.Handler) http.Handler { return s.limitWith(s.rate, next) }

func (s *Server) limitWith(rate *bucket, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ok, wait := rate.take(); !ok {
			w.Header().Set("Retry-After", strconv.Itoa(int((wait+time.Second-1)/time.Second)))
			s.fail(w, http.StatusTooManyRequests, "too many requests; retry later")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// authorize wants the bearer token, compared in constant time, or, from the web UI, the
// cookie holding it.
func (s *Server) authorize(next http.Handler) http.Handler {
	want := []byte("Bearer " + s.cfg.Token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := []byte(r.Header.Get("Authorization"))
		if c, err := r.Cookie(cookieName); err == nil && len(got) == 0 {
			got = []byte("Bearer " + c.Value)
		}
		if s.cfg.Token == "" || subtle.ConstantTimeCompare(got, want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="errand"`)
			s.fail(w, http.StatusUnauthorized, "missing or wrong bearer token")
			return
		}
		next.ServeHTTP(w, r)
	})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	// The status line is out; a client that went away is the only way this fails.
	_ = json.NewEncoder(w).Encode(v)
}

// remember files a dialog's ids, forgetting the oldest beyond maxRemembered.
func (s *Server) remember(rq *request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range rq.ids {
		if _, ok := s.requests[id]; !ok {
			s.order = append(s.order, id)
		}
		s.requests[id] = rq
	}
	for len(s.order) > maxRemembered {
		delete(s.requests, s.order[0])
		s.order = s.order[1:]
	}
}

func (s *Server) lookup(id string) *request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests[id]
}
