package server

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"strconv"
	"time"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/app/ui"
)

// The web twin: the desktop window's UI (frontend/) served to a normal browser, its verbs
// under /api/ui/ and its events as server-sent events. The page itself holds no data and
// is served to anyone on loopback; everything under /api/ui/ wants the token, which the
// browser carries in a cookie set by opening the address `errand serve` prints
// (/?token=…), so no script ever handles it.

// cookieName holds the token in the browser.
const cookieName = "errand_token"

// uiRatePerMinute is the UI's own budget: a person typing an answer sends a keystroke
// note every half second, far more than the API's 60 a minute.
const uiRatePerMinute = 1200

// heartbeat keeps an idle event stream from being cut by anything between.
const heartbeat = 25 * time.Second

// UI is the web twin's configuration.
type UI struct {
	Bridge *ui.Bridge
	Events *Hub
	Assets fs.FS // the built frontend (ui.Assets)
}

func (s *Server) uiRoutes(mux *http.ServeMux) {
	u := s.cfg.UI
	api := http.NewServeMux()
	b := u.Bridge
	api.HandleFunc("GET /api/ui/events", s.events)
	api.HandleFunc("POST /api/ui/run", func(w http.ResponseWriter, r *http.Request) {
		var in struct{ Goal, URL string }
		if s.body(w, r, &in) {
			id, err := b.RunTask(in.Goal, in.URL)
			s.reply(w, map[string]string{"runId": id}, err)
		}
	})
	api.HandleFunc("POST /api/ui/tasks/{id}/resume", func(w http.ResponseWriter, r *http.Request) {
		id, err := b.Resume(r.PathValue("id"))
		s.reply(w, map[string]string{"runId": id}, err)
	})
	api.HandleFunc("POST /api/ui/answer", func(w http.ResponseWriter, r *http.Request) {
		var in struct{ QuestionID, OptionID, Text string }
		if s.body(w, r, &in) {
			s.reply(w, nil, b.Answer(in.QuestionID, in.OptionID, in.Text))
		}
	})
	api.HandleFunc("POST /api/ui/decide", func(w http.ResponseWriter, r *http.Request) {
		var in struct{ RequestID, Decision string }
		if s.body(w, r, &in) {
			s.reply(w, nil, b.Decide(in.RequestID, in.Decision))
		}
	})
	api.HandleFunc("POST /api/ui/correct", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			RequestID, Field, NewValue string
			Command                    int
		}
		if s.body(w, r, &in) {
			s.reply(w, nil, b.Correct(in.RequestID, in.Field, in.Command, in.NewValue))
		}
	})
	api.HandleFunc("POST /api/ui/typing", func(w http.ResponseWriter, r *http.Request) {
		var in struct{ QuestionID string }
		if s.body(w, r, &in) {
			s.reply(w, nil, b.Typing(in.QuestionID))
		}
	})
	api.HandleFunc("POST /api/ui/cancel", func(w http.ResponseWriter, r *http.Request) { s.reply(w, nil, b.Cancel()) })
	api.HandleFunc("GET /api/ui/tasks", func(w http.ResponseWriter, r *http.Request) {
		rows, err := b.Tasks()
		s.read(w, rows, err)
	})
	api.HandleFunc("GET /api/ui/tasks/{id}", func(w http.ResponseWriter, r *http.Request) {
		tr, err := b.Trace(r.PathValue("id"))
		s.read(w, tr, err)
	})
	api.HandleFunc("GET /api/ui/settings", func(w http.ResponseWriter, r *http.Request) { s.reply(w, b.Settings(), nil) })
	api.HandleFunc("PUT /api/ui/settings", func(w http.ResponseWriter, r *http.Request) {
		var in app.Settings
		if s.body(w, r, &in) {
			out, err := b.SaveSettings(in)
			s.reply(w, out, err)
		}
	})
	api.HandleFunc("GET /api/ui/models", func(w http.ResponseWriter, r *http.Request) { s.reply(w, b.ModelStatus(), nil) })
	api.HandleFunc("POST /api/ui/models/pull", func(w http.ResponseWriter, r *http.Request) {
		var in struct{ Name string }
		if s.body(w, r, &in) {
			if err := b.PullModel(in.Name); err != nil {
				s.reply(w, nil, err)
				return
			}
			w.WriteHeader(http.StatusAccepted)
		}
	})
	s.knowledgeRoutes(api, b)
	api.HandleFunc("GET /api/ui/version", func(w http.ResponseWriter, r *http.Request) {
		s.reply(w, map[string]string{"version": b.Version()}, nil)
	})
	rate := newBucket(uiRatePerMinute, s.clk)
	mux.Handle("/api/ui/", s.limitWith(rate, s.authorize(api)))
}

// page serves the built UI; opened with the right ?token= it first leaves the token in
// a cookie and sends the browser on to the clean address.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	if tok := r.URL.Query().Get("token"); tok != "" {
		if subtle.ConstantTimeCompare([]byte(tok), []byte(s.cfg.Token)) != 1 {
			s.fail(w, http.StatusUnauthorized, "wrong token: open the address `errand serve` printed")
			return
		}
		http.SetCookie(w, &http.Cookie{Name: cookieName, Value: tok, Path: "/", HttpOnly: true,
			SameSite: http.SameSiteStrictMode})
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	if r.URL.Path == "/" || r.URL.Path == "/index.html" {
		w.Header().Set("Cache-Control", "no-cache")
	}
	http.FileServerFS(s.cfg.UI.Assets).ServeHTTP(w, r)
}

// events streams the UI's events until the browser goes or the server stops.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		s.fail(w, http.StatusInternalServerError, "streaming unsupported")
		return
	}
	last, _ := strconv.Atoi(r.Header.Get("Last-Event-ID"))
	ch, missed := s.cfg.UI.Events.subscribe(last)
	defer s.cfg.UI.Events.unsubscribe(ch)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	// retry: how soon a dropped stream reconnects.
	if _, err := fmt.Fprint(w, "retry: 2000\n\n"); err != nil {
		return
	}
	for _, f := range missed {
		if !writeFrame(w, f) {
			return
		}
	}
	flusher.Flush()
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case f, open := <-ch:
			if !open || !writeFrame(w, f) {
				return
			}
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil {
				return
			}
		case <-r.Context().Done():
			return
		case <-s.ctx.Done():
			return
		}
		flusher.Flush()
	}
}

func writeFrame(w http.ResponseWriter, f frame) bool {
	_, err := fmt.Fprintf(w, "id: %d\ndata: %s\n\n", f.id, f.data)
	return err == nil
}

// uiError is every /api/ui/ failure's body.
type uiError struct {
	Error string `json:"error"`
}

// body decodes a JSON request body, answering 400 itself when it cannot.
func (s *Server) body(w http.ResponseWriter, r *http.Request, v any) bool {
	r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
	if err := json.NewDecoder(r.Body).Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeJSON(w, http.StatusRequestEntityTooLarge, uiError{fmt.Sprintf("request body over %d bytes", tooBig.Limit)})
			return false
		}
		writeJSON(w, http.StatusBadRequest, uiError{"unreadable request: " + err.Error()})
		return false
	}
	return true
}

// reply answers a verb: its value, 204 for none, or its error with the status that fits.
func (s *Server) reply(w http.ResponseWriter, v any, err error) {
	switch {
	case err == nil && v == nil:
		w.WriteHeader(http.StatusNoContent)
	case err == nil:
		writeJSON(w, http.StatusOK, v)
	case errors.Is(err, ui.ErrBusy), errors.Is(err, app.ErrBusySettings):
		writeJSON(w, http.StatusConflict, uiError{err.Error()})
	case errors.Is(err, ui.ErrNoTask), errors.Is(err, ui.ErrNotFound):
		writeJSON(w, http.StatusNotFound, uiError{err.Error()})
	case errors.Is(err, ui.ErrClosed), errors.Is(err, context.Canceled):
		writeJSON(w, http.StatusServiceUnavailable, uiError{err.Error()})
	default:
		// What is left is the person's mistake: an empty goal, a reply to a dialog that
		// is gone, a bad setting. The message says which.
		writeJSON(w, http.StatusBadRequest, uiError{err.Error()})
	}
}

// read answers a read of stored data, where any failure but a missing task is the
// server's (a broken data file), not the person's.
func (s *Server) read(w http.ResponseWriter, v any, err error) {
	if err != nil && !errors.Is(err, ui.ErrNoTask) && !errors.Is(err, ui.ErrNotFound) {
		s.log.Error("ui read", "err", err)
		writeJSON(w, http.StatusInternalServerError, uiError{err.Error()})
		return
	}
	s.reply(w, v, err)
}
