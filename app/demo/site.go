// Package demo serves Errand's bundled demo web site: a small clinic app
// that `errand demo` and the engine's end-to-end tests drive in a real
// browser. Everything it needs is embedded; state lives in memory.
package demo

import (
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"
)

const (
	defaultSaveDelay = 400 * time.Millisecond
	defaultSlowDelay = 300 * time.Millisecond
)

// Options configures a Site. The zero value is ready to use.
type Options struct {
	// SaveDelay is how long POST /api/patients takes server-side, so the
	// page shows its disabled "Saving…" button for a while. 0 = 400ms.
	SaveDelay time.Duration
	// SlowDelay is how long GET /api/slow, behind the /slow page, takes.
	// 0 = 300ms.
	SlowDelay time.Duration
	// Logger receives state changes (Info) and requests (Debug).
	// nil = discard.
	Logger *slog.Logger
	// Now stamps Patient.Created and Contact.Created. nil = time.Now.
	Now func() time.Time
}

// Patient is one row of the patient list.
type Patient struct {
	ID      int       `json:"id"`
	Name    string    `json:"name"`
	DOB     string    `json:"dob"` // YYYY-MM-DD or ""
	Gender  string    `json:"gender"`
	Phone   string    `json:"phone"`
	Notes   string    `json:"notes"`
	Created time.Time `json:"created"`
}

// Contact is one submission of the /form5 "Contact details" form.
type Contact struct {
	FirstName string    `json:"firstName"`
	LastName  string    `json:"lastName"`
	Email     string    `json:"email"`
	City      string    `json:"city"`
	Country   string    `json:"country"`
	Created   time.Time `json:"created"`
}

// Settings is what the /settings form stores.
type Settings struct {
	EmailReminders bool   `json:"emailReminders"`
	RememberMe     bool   `json:"rememberMe"`
	Language       string `json:"language"` // "en", "es" or "fr"
	Saved          int    `json:"saved"`    // successful saves since the last Reset
}

// Site is the demo web site: its pages, API and in-memory state. Several
// browser tabs may use it at once, so all state sits behind mu.
type Site struct {
	saveDelay time.Duration
	slowDelay time.Duration
	log       *slog.Logger
	now       func() time.Time
	pages     map[string]*template.Template
	handler   http.Handler

	mu       sync.Mutex
	patients []Patient
	nextID   int
	contacts []Contact
	settings Settings
	visits   map[string]int
	// saveLabel renames the new-patient form's Save button, as a site's redesign would.
	saveLabel string
}

// New returns a site seeded with two patients.
func New(opts Options) *Site {
	s := &Site{
		saveDelay: opts.SaveDelay,
		slowDelay: opts.SlowDelay,
		log:       opts.Logger,
		now:       opts.Now,
	}
	if s.saveDelay <= 0 {
		s.saveDelay = defaultSaveDelay
	}
	if s.slowDelay <= 0 {
		s.slowDelay = defaultSlowDelay
	}
	if s.log == nil {
		s.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if s.now == nil {
		s.now = time.Now
	}
	s.pages = mustParsePages()
	s.handler = s.routes()
	s.Reset()
	return s
}

// Handler serves the whole site: pages, static files and the JSON API.
func (s *Site) Handler() http.Handler { return s.handler }

func (s *Site) routes() http.Handler {
	mux := http.NewServeMux()
	s.pageRoutes(mux)
	s.apiRoutes(mux)
	mux.Handle("GET /static/", staticHandler())
	mux.HandleFunc("/", s.notFound)
	return s.logRequests(securityHeaders(mux))
}

// securityHeaders keeps the demo honest about having no outside resources:
// anything not served from the site itself is refused by the browser.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		next.ServeHTTP(w, r)
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController reach the real writer.
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

func (s *Site) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		start := time.Now()
		next.ServeHTTP(rec, r)
		s.log.LogAttrs(r.Context(), slog.LevelDebug, "demo request",
			slog.String("method", r.Method),
			slog.String("path", r.URL.Path),
			slog.Int("status", rec.status),
			slog.Duration("took", time.Since(start)))
	})
}
