package fakeollama

import (
	"encoding/json"
	"fmt"
	"net/http"

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

	prompt, eval := reply.tokens(req)
	s.mu.Lock()
	s.tokens += prompt + eval
	s.mu.Unlock()

	model := reply.Model
	if model == "" {
		model = req.Model
	}
	final := api.ChatResponse{
		Model:      model,
		CreatedAt:  fakeTime(),
		Message:    api.Message{Role: "assistant", Content: reply.Content},
		Done:       true,
		DoneReason: "stop",
		Metrics:    metrics(prompt, eval),
	}
	if req.Stream != nil && !*req.Stream {
		writeJSON(w, http.StatusOK, final)
		return
	}

	// Two content chunks exercise the caller's concatenation; the final line
	// carries no content, as a real Ollama stream ends.
	out := newNDJSON(w)
	first, second := splitHalves(reply.Content)
	for _, part := range []string{first, second} {
		out.send(api.ChatResponse{
			Model:     model,
			CreatedAt: fakeTime(),
			Message:   api.Message{Role: "assistant", Content: part},
		})
	}
	final.Message.Content = ""
	out.send(final)
}

// take records the request and picks its reply: the head of the purpose's
// queue, else the handler's answer. ok is false when there is neither. The
// release channel is captured in the same critical section as the record,
// so a Release issued after WaitCalls sees this request always frees it.
func (s *Server) take(purpose string, req api.ChatRequest) (reply Reply, ok bool, release <-chan struct{}) {
	s.mu.Lock()
	s.requests = append(s.requests, Request{Purpose: purpose, Chat: req})
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
	return fn(Request{Purpose: purpose, Chat: req}), true, release
}
