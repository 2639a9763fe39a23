package fakeollama

import (
	"fmt"
	"hash/fnv"
	"math"
	"net/http"
	"strings"
	"unicode"

	"github.com/ollama/ollama/api"
)

// EmbedDims is the length of the fake's embedding vectors.
const EmbedDims = 256

// embedState counts /api/embed traffic.
type embedState struct {
	calls, texts int
}

// EmbedCalls returns how many /api/embed requests succeeded and how many texts they held.
func (s *Server) EmbedCalls() (calls, texts int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.embed.calls, s.embed.texts
}

// serveEmbed answers POST /api/embed for a listed model with FakeEmbedding of each input,
// and 404 "model not found" otherwise, as a real server does before the model is pulled.
func (s *Server) serveEmbed(w http.ResponseWriter, r *http.Request) {
	var req api.EmbedRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if !s.listed(req.Model) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("model \"%s\" not found, try pulling it first", req.Model))
		return
	}
	var inputs []string
	switch in := req.Input.(type) {
	case string:
		inputs = []string{in}
	case []any:
		for _, v := range in {
			str, ok := v.(string)
			if !ok {
				writeError(w, http.StatusBadRequest, "invalid input type")
				return
			}
			inputs = append(inputs, str)
		}
	default:
		writeError(w, http.StatusBadRequest, "invalid input type")
		return
	}
	resp := api.EmbedResponse{Model: req.Model, Embeddings: make([][]float32, 0, len(inputs))}
	for _, in := range inputs {
		resp.Embeddings = append(resp.Embeddings, FakeEmbedding(in))
		resp.PromptEvalCount += len(strings.Fields(in))
	}
	s.mu.Lock()
	s.embed.calls++
	s.embed.texts += len(inputs)
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, resp)
}

// FakeEmbedding is a deterministic stand-in for a trained embedding: a hashed bag of
// lower-cased words (a trailing "s" dropped), normalised to unit length. Texts sharing
// words point the same way, which is all tests of the vector path need; it knows nothing
// of meaning, and the product never uses it.
func FakeEmbedding(text string) []float32 {
	v := make([]float32, EmbedDims)
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	for _, w := range words {
		if len(w) > 3 {
			w = strings.TrimSuffix(w, "s")
		}
		h := fnv.New64a()
		_, _ = h.Write([]byte(w))
		sum := h.Sum64()
		sign := float32(1)
		if sum>>63 == 1 {
			sign = -1
		}
		v[sum%EmbedDims] += sign
	}
	var norm float64
	for _, x := range v {
		norm += float64(x) * float64(x)
	}
	if norm == 0 {
		v[0] = 1 // an empty text still gets a unit vector
		return v
	}
	inv := float32(1 / math.Sqrt(norm))
	for i := range v {
		v[i] *= inv
	}
	return v
}
