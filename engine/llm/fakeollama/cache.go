package fakeollama

import (
	"net/http"
	"slices"
	"time"

	"github.com/ollama/ollama/api"
)

// Load is one model load the fake performed: a model is loaded on its first call and
// reloaded when a call asks for another num_ctx, as a real Ollama does. Tests read the
// load log to check that the calls of one task never reload a model.
type Load struct {
	Model  string
	NumCtx int
	// Reason is "first" or "num_ctx changed".
	Reason string
}

// slot is one loaded model: its context size and the prompt it last read, which is what
// its prompt cache holds.
type slot struct {
	numCtx int
	prev   []api.Message
}

// account loads the request's model if needed and returns the request's prompt tokens
// (estimated) and how many of them the prompt cache held. The cache is the longest
// common prefix with the previous prompt of the same model and num_ctx, counted in the
// fake's four-bytes-a-token. Callers hold s.mu.
func (s *Server) accountLocked(req api.ChatRequest) (prompt, cached int) {
	numCtx := optionInt(req.Options, "num_ctx")
	sl := s.loaded[req.Model]
	switch {
	case sl == nil:
		sl = &slot{numCtx: numCtx}
		s.loaded[req.Model] = sl
		s.loads = append(s.loads, Load{Model: req.Model, NumCtx: numCtx, Reason: "first"})
	case sl.numCtx != numCtx:
		*sl = slot{numCtx: numCtx}
		s.loads = append(s.loads, Load{Model: req.Model, NumCtx: numCtx, Reason: "num_ctx changed"})
	}
	prompt = promptTokens(req.Messages)
	cached = min(sharedBytes(sl.prev, req.Messages)/4, prompt)
	sl.prev = req.Messages
	return prompt, cached
}

// sharedBytes is the longest common prefix of two prompts in message-content bytes: whole
// messages while they match (same role, same content), then the common start of the first
// that differs.
func sharedBytes(prev, next []api.Message) int {
	n := 0
	for i := range min(len(prev), len(next)) {
		a, b := prev[i], next[i]
		if a.Role != b.Role {
			return n
		}
		if a.Content != b.Content {
			return n + commonPrefix(a.Content, b.Content)
		}
		n += len(a.Content)
	}
	return n
}

// promptTokens estimates a prompt: total bytes of all message contents / 4, at least 1.
func promptTokens(msgs []api.Message) int {
	n := 0
	for _, m := range msgs {
		n += len(m.Content)
	}
	return max(n/4, 1)
}

func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// optionInt reads a numeric option as the server decoded it (JSON numbers are float64).
func optionInt(opts map[string]any, key string) int {
	switch v := opts[key].(type) {
	case float64:
		return int(v)
	case int:
		return v
	}
	return 0
}

// Loads returns the load log in order.
func (s *Server) Loads() []Load {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.loads)
}

// ReRead returns the prompt tokens the fake had to read, the cached prefixes left out,
// summed over every chat request.
func (s *Server) ReRead() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, r := range s.requests {
		n += r.PromptTokens - r.CachedTokens
	}
	return n
}

// KeepAlives returns the keep_alive of every request that carried one, in order, the
// empty "load only" requests included.
func (s *Server) KeepAlives() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.keepAlives)
}

// Speed is how fast the fake pretends a model reads and writes, in tokens a second.
type Speed struct{ Read, Write float64 }

// SetSpeed sets the speeds reported in a model's reply durations; the default is 1,000
// tokens a second both ways. Nothing waits: the durations are only reported.
func (s *Server) SetSpeed(model string, sp Speed) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.speeds[model] = sp
}

// SetVRAM says which share (0–1) of a loaded model /api/ps reports in GPU memory.
func (s *Server) SetVRAM(model string, share float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.vram[model] = share
}

// servePS answers GET /api/ps with the loaded models; each is 1 GiB.
func (s *Server) servePS(w http.ResponseWriter) {
	s.mu.Lock()
	defer s.mu.Unlock()
	resp := api.ProcessResponse{Models: []api.ProcessModelResponse{}}
	names := make([]string, 0, len(s.loaded))
	for n := range s.loaded {
		names = append(names, n)
	}
	slices.Sort(names)
	const size = 1 << 30
	for _, n := range names {
		resp.Models = append(resp.Models, api.ProcessModelResponse{
			Name: n, Model: n, Size: size, SizeVRAM: int64(s.vram[n] * size),
			Digest: digest(n), Details: details(), ExpiresAt: fakeTime().Add(5 * time.Minute),
			ContextLength: s.loaded[n].numCtx,
		})
	}
	writeJSON(w, http.StatusOK, resp)
}
