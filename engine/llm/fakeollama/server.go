// Package fakeollama is a scripted fake Ollama HTTP server for tests.
//
// Tests talk to it through the real github.com/ollama/ollama/api client, so
// the wire format (NDJSON streams, error bodies, status codes) is checked
// along with the caller's logic. Chat replies are queued per purpose: Errand
// sends every structured call with a JSON-schema format whose top-level
// "title" names the call (e.g. "PLANNING"), and that title selects the queue.
//
// Like a real Ollama it streams a reply token by token (four bytes a token), cuts it at
// num_predict with done_reason "length", keeps a prompt cache per loaded model (the
// longest common prefix with that model's previous prompt, reported as
// prompt_eval_cached_count), reloads a model when a call asks for another num_ctx (the
// load log), and lists loaded models at /api/ps. A test drives slow generation with
// Reply.Pace and Ollama's repetition cut-off ("done": false, no counts) with Reply.Cut.
package fakeollama

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/ollama/ollama/api"
)

// Request is one chat request as the server received it.
type Request struct {
	Purpose string
	Chat    api.ChatRequest
	// PromptTokens is the prompt's estimated size; CachedTokens how much of it the
	// model's prompt cache held (see Loads and ReRead).
	PromptTokens, CachedTokens int
}

// User is the request's last user message, where Errand puts the goal and the page.
func (r Request) User() string {
	for i := len(r.Chat.Messages) - 1; i >= 0; i-- {
		if r.Chat.Messages[i].Role == "user" {
			return r.Chat.Messages[i].Content
		}
	}
	return ""
}

// Server is a running fake Ollama. All methods are safe for concurrent use.
type Server struct {
	ts *httptest.Server

	// done is closed by Close so that hanging handlers return and
	// httptest.Server.Close, which waits for them, can finish.
	done      chan struct{}
	closeOnce sync.Once

	mu         sync.Mutex
	queues     map[string][]Reply
	handlers   map[string]func(Request) Reply
	models     []string
	pullable   map[string]bool
	requests   []Request
	calls      map[string]int
	tokens     int
	unexpected []string
	loaded     map[string]*slot
	loads      []Load
	keepAlives []time.Duration
	speeds     map[string]Speed
	vram       map[string]float64
	// release is closed and replaced by Release; a hanging request holds
	// the channel current when it was recorded.
	release chan struct{}
	// changed is closed and replaced whenever a chat call is recorded, to
	// wake WaitCalls without polling.
	changed chan struct{}
	embed   embedState
}

// New starts a fake server on a loopback port. Call Close when done.
func New() *Server {
	s := &Server{
		done:     make(chan struct{}),
		queues:   map[string][]Reply{},
		handlers: map[string]func(Request) Reply{},
		pullable: map[string]bool{},
		calls:    map[string]int{},
		loaded:   map[string]*slot{},
		speeds:   map[string]Speed{},
		vram:     map[string]float64{},
		release:  make(chan struct{}),
		changed:  make(chan struct{}),
	}
	s.ts = httptest.NewServer(http.HandlerFunc(s.route))
	return s
}

// Start is New with Close registered as a cleanup of tb.
func Start(tb testing.TB) *Server {
	tb.Helper()
	s := New()
	tb.Cleanup(s.Close)
	return s
}

// URL returns the base URL, e.g. http://127.0.0.1:port.
func (s *Server) URL() string { return s.ts.URL }

// Close stops the server. Hanging requests end without a reply. It is safe
// to call more than once.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		close(s.done)
		s.ts.Close()
	})
}

// Script appends replies to the FIFO queue of purpose.
func (s *Server) Script(purpose string, replies ...Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queues[purpose] = append(s.queues[purpose], replies...)
}

// Handle sets the fallback for purpose, used whenever its queue is empty.
// A nil fn removes the fallback. fn runs on the server's goroutines, possibly
// concurrently with itself, so it must guard any state it shares.
func (s *Server) Handle(purpose string, fn func(req Request) Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if fn == nil {
		delete(s.handlers, purpose)
		return
	}
	s.handlers[purpose] = fn
}

// SetModels replaces the models listed by /api/tags (default: none).
func (s *Server) SetModels(names ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.models = slices.Clone(names)
}

// SetPullable replaces the set of models /api/pull can "download"; pulling
// any other model fails as an unknown manifest.
func (s *Server) SetPullable(names ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pullable = map[string]bool{}
	for _, n := range names {
		s.pullable[n] = true
	}
}

// Release lets every currently hanging request reply with its Content.
// Requests that start hanging afterwards wait for the next Release.
func (s *Server) Release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	close(s.release)
	s.release = make(chan struct{})
}

// Calls returns how many chat requests were received, failed ones included.
func (s *Server) Calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.requests)
}

// CallsFor returns how many chat requests were received for purpose.
func (s *Server) CallsFor(purpose string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls[purpose]
}

// Tokens returns the sum of prompt and eval tokens of successful replies.
func (s *Server) Tokens() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tokens
}

// Requests returns every chat request received, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// Unexpected returns the purposes, one entry per call, that were called
// with neither a scripted reply nor a handler.
func (s *Server) Unexpected() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.unexpected)
}

// WaitCalls blocks until at least n chat requests for purpose have arrived
// or ctx ends. Tests use it to act (cancel, Release) on a request known to
// be in flight without sleeping.
func (s *Server) WaitCalls(ctx context.Context, purpose string, n int) error {
	for {
		s.mu.Lock()
		got, changed := s.calls[purpose], s.changed
		s.mu.Unlock()
		if got >= n {
			return nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return fmt.Errorf("fakeollama: wait for %d %q calls (got %d): %w", n, purpose, got, ctx.Err())
		}
	}
}

// route dispatches by method and exact path. A plain switch rather than
// http.ServeMux, because the mux answers 405 for a known path with another
// method and the fake promises 404 for anything it does not serve.
func (s *Server) route(w http.ResponseWriter, r *http.Request) {
	switch r.Method + " " + r.URL.Path {
	case "HEAD /", "GET /":
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("Ollama is running"))
	case "GET /api/version":
		writeJSON(w, http.StatusOK, map[string]string{"version": "0.34.4-fake"})
	case "GET /api/tags":
		s.serveTags(w)
	case "POST /api/show":
		s.serveShow(w, r)
	case "POST /api/pull":
		s.servePull(w, r)
	case "GET /api/ps":
		s.servePS(w)
	case "POST /api/chat":
		s.serveChat(w, r)
	case "POST /api/embed":
		s.serveEmbed(w, r)
	default:
		writeError(w, http.StatusNotFound, fmt.Sprintf("fakeollama: no route for %s %s", r.Method, r.URL.Path))
	}
}

// fakeTime is the timestamp on every response, fixed so output is stable.
func fakeTime() time.Time { return time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC) }
