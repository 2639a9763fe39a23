package fakeollama

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
	"unicode/utf8"

	"github.com/ollama/ollama/api"
)

// purposeOf returns the top-level "title" of a JSON-schema format, or "" when
// format is absent, not an object, or untitled (e.g. the string "json").
func purposeOf(format json.RawMessage) string {
	if len(format) == 0 {
		return ""
	}
	var schema struct {
		Title string `json:"title"`
	}
	if err := json.Unmarshal(format, &schema); err != nil {
		return ""
	}
	return schema.Title
}

// serveChat answers POST /api/chat from the purpose's queue or handler.
func (s *Server) serveChat(w http.ResponseWriter, r *http.Request) {
	var req api.ChatRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if len(req.Messages) == 0 && len(req.Format) == 0 {
		s.serveLoad(w, req)
		return
	}
	purpose := purposeOf(req.Format)
	reply, ok, release := s.take(purpose, req)
	if !ok {
		writeError(w, http.StatusInternalServerError,
			fmt.Sprintf("fakeollama: no scripted reply for purpose %q", purpose))
		return
	}
	if reply.Status != 0 {
		writeError(w, reply.Status, reply.Error)
		return
	}
	if reply.Hang {
		select {
		case <-release:
		case <-r.Context().Done():
			return
		case <-s.done:
			// Drop the connection: an empty 200 would read as a
			// successful, empty stream to the client.
			panic(http.ErrAbortHandler)
		}
	}
	s.answer(w, r, req, reply)
}

// answer sends reply's content token by token (or whole, for a non-streamed request),
// cut at num_predict, and ends with the metrics a real server reports.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, req api.ChatRequest, reply Reply) {
	model := reply.Model
	if model == "" {
		model = req.Model
	}
	chunks := tokenize(reply.Content)
	prompt, eval := reply.tokens(req)
	final := api.ChatResponse{Model: model, CreatedAt: fakeTime(), Done: true, DoneReason: "stop"}
	if n := optionInt(req.Options, "num_predict"); n > 0 && len(chunks) > n {
		chunks, eval, final.DoneReason = chunks[:n], n, "length"
	}
	s.mu.Lock()
	cached := min(s.requests[len(s.requests)-1].CachedTokens, prompt)
	if reply.Cut {
		// Ollama's repetition cut-off: done false, no reason, no counts.
		final.Done, final.DoneReason = false, ""
	} else {
		s.tokens += prompt + eval
		final.Metrics = s.metricsLocked(model, prompt, cached, eval)
	}
	s.mu.Unlock()

	if req.Stream != nil && !*req.Stream {
		final.Message = api.Message{Role: "assistant", Content: join(chunks)}
		writeJSON(w, http.StatusOK, final)
		return
	}
	out := newNDJSON(w)
	for _, c := range chunks {
		if !s.pace(r, reply.Pace) {
			return
		}
		out.send(api.ChatResponse{Model: model, CreatedAt: fakeTime(),
			Message: api.Message{Role: "assistant", Content: c}})
	}
	// The final line carries no content, as a real Ollama stream ends.
	final.Message = api.Message{Role: "assistant"}
	out.send(final)
}

// pace waits for the test's go-ahead for one token; false means the client or the
// server went away.
func (s *Server) pace(r *http.Request, pace <-chan struct{}) bool {
	if pace == nil {
		return true
	}
	select {
	case <-pace:
		return true
	case <-r.Context().Done():
		return false
	case <-s.done:
		panic(http.ErrAbortHandler)
	}
}

// serveLoad answers a chat with no messages and no format, which only loads the model
// and sets how long it stays loaded, as the real server does.
func (s *Server) serveLoad(w http.ResponseWriter, req api.ChatRequest) {
	s.mu.Lock()
	if req.KeepAlive != nil {
		s.keepAlives = append(s.keepAlives, req.KeepAlive.Duration)
	}
	s.accountLocked(req)
	s.mu.Unlock()
	resp := api.ChatResponse{Model: req.Model, CreatedAt: fakeTime(), Done: true, DoneReason: "load",
		Message: api.Message{Role: "assistant"}}
	if req.Stream != nil && !*req.Stream {
		writeJSON(w, http.StatusOK, resp)
		return
	}
	newNDJSON(w).send(resp)
}

// take records the request and picks its reply: the head of the purpose's
// queue, else the handler's answer. ok is false when there is neither. The
// release channel is captured in the same critical section as the record,
// so a Release issued after WaitCalls sees this request always frees it.
func (s *Server) take(purpose string, req api.ChatRequest) (reply Reply, ok bool, release <-chan struct{}) {
	s.mu.Lock()
	prompt, cached := s.accountLocked(req)
	if req.KeepAlive != nil {
		s.keepAlives = append(s.keepAlives, req.KeepAlive.Duration)
	}
	s.requests = append(s.requests, Request{Purpose: purpose, Chat: req, PromptTokens: prompt, CachedTokens: cached})
	s.calls[purpose]++
	close(s.changed)
	s.changed = make(chan struct{})
	release = s.release

	if q := s.queues[purpose]; len(q) > 0 {
		reply, s.queues[purpose] = q[0], q[1:]
		s.mu.Unlock()
		return reply, true, release
	}
	fn := s.handlers[purpose]
	if fn == nil {
		s.unexpected = append(s.unexpected, purpose)
		s.mu.Unlock()
		return Reply{}, false, release
	}
	s.mu.Unlock()

	// The handler runs unlocked: test code may call back into the server.
	return fn(Request{Purpose: purpose, Chat: req, PromptTokens: prompt, CachedTokens: cached}), true, release
}

// metricsLocked reports the call's counts with durations at the model's speed: only the
// prompt tokens the cache did not hold are read.
func (s *Server) metricsLocked(model string, prompt, cached, eval int) api.Metrics {
	sp, ok := s.speeds[model]
	if !ok {
		sp = Speed{Read: 1000, Write: 1000}
	}
	read := perToken(prompt-cached, sp.Read)
	write := perToken(eval, sp.Write)
	m := api.Metrics{
		TotalDuration:      read + write,
		PromptEvalCount:    prompt,
		PromptEvalDuration: read,
		EvalCount:          eval,
		EvalDuration:       write,
	}
	if cached > 0 {
		m.PromptEvalCachedCount = &cached
	}
	return m
}

// perToken is the duration of n tokens at rate tokens a second, at least 1ms so that
// callers computing throughput never divide by zero.
func perToken(n int, rate float64) time.Duration {
	if rate <= 0 {
		rate = 1000
	}
	return max(time.Duration(float64(n)/rate*float64(time.Second)), time.Millisecond)
}

// tokenize cuts s into the fake's tokens: four bytes each, widened to whole runes, so
// each survives JSON encoding intact and they concatenate back to s.
func tokenize(s string) []string {
	var out []string
	for len(s) > 0 {
		n := min(4, len(s))
		for n < len(s) && !utf8.RuneStart(s[n]) {
			n++
		}
		out = append(out, s[:n])
		s = s[n:]
	}
	return out
}

func join(chunks []string) string {
	n := 0
	for _, c := range chunks {
		n += len(c)
	}
	b := make([]byte, 0, n)
	for _, c := range chunks {
		b = append(b, c...)
	}
	return string(b)
}
