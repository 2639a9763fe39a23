package fakeollama

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"slices"

	"github.com/ollama/ollama/api"
)

// serveTags answers GET /api/tags with the SetModels names.
func (s *Server) serveTags(w http.ResponseWriter) {
	s.mu.Lock()
	names := slices.Clone(s.models)
	s.mu.Unlock()

	// A non-nil slice encodes as [] like the real server, not null.
	resp := api.ListResponse{Models: make([]api.ListModelResponse, 0, len(names))}
	for _, n := range names {
		resp.Models = append(resp.Models, api.ListModelResponse{
			Name:       n,
			Model:      n,
			ModifiedAt: fakeTime(),
			Size:       1,
			Digest:     digest(n),
			Details:    details(),
		})
	}
	writeJSON(w, http.StatusOK, resp)
}

// serveShow answers POST /api/show for listed models, 404 otherwise.
func (s *Server) serveShow(w http.ResponseWriter, r *http.Request) {
	var req api.ShowRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	name := modelName(req.Model, req.Name)
	if !s.listed(name) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("model '%s' not found", name))
		return
	}
	writeJSON(w, http.StatusOK, api.ShowResponse{
		Modelfile:  "FROM " + name,
		Template:   "{{ .Prompt }}",
		Details:    details(),
		ModelInfo:  map[string]any{"general.architecture": "fake"},
		ModifiedAt: fakeTime(),
	})
}

// servePull "downloads" a pullable model with a realistic progress stream
// and lists it afterwards.
func (s *Server) servePull(w http.ResponseWriter, r *http.Request) {
	var req api.PullRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	name := modelName(req.Model, req.Name)
	s.mu.Lock()
	ok := s.pullable[name]
	s.mu.Unlock()
	if !ok {
		writeError(w, http.StatusNotFound, "pull model manifest: file does not exist")
		return
	}

	success := api.ProgressResponse{Status: "success"}
	if req.Stream != nil && !*req.Stream {
		s.addModel(name)
		writeJSON(w, http.StatusOK, success)
		return
	}

	out := newNDJSON(w)
	out.send(api.ProgressResponse{Status: "pulling manifest"})
	d := digest(name)
	for _, done := range []int64{100, 200, 300} {
		out.send(api.ProgressResponse{
			Status:    "pulling " + d[len("sha256:"):][:12],
			Digest:    d,
			Total:     300,
			Completed: done,
		})
	}
	out.send(api.ProgressResponse{Status: "verifying sha256 digest"})
	// Listed before "success" is sent, so a caller that lists right after
	// the pull returns finds the model.
	s.addModel(name)
	out.send(success)
}

// listed reports whether name is among the SetModels or pulled models.
func (s *Server) listed(name string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Contains(s.models, name)
}

// addModel lists name once.
func (s *Server) addModel(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !slices.Contains(s.models, name) {
		s.models = append(s.models, name)
	}
}

// modelName returns the first non-empty name: clients still send the deprecated
// "name" field instead of "model".
func modelName(model, name string) string {
	if model != "" {
		return model
	}
	return name
}

// digest is a stable fake blob digest for a model name.
func digest(name string) string {
	sum := sha256.Sum256([]byte(name))
	return "sha256:" + hex.EncodeToString(sum[:])
}

func details() api.ModelDetails {
	return api.ModelDetails{
		Format:            "gguf",
		Family:            "fake",
		Families:          []string{"fake"},
		ParameterSize:     "1B",
		QuantizationLevel: "Q4_0",
	}
}
