package fakeollama

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// maxBody bounds request bodies; test requests are far smaller.
const maxBody = 32 << 20

// errorBody is the error shape the Ollama client decodes into StatusError.
type errorBody struct {
	Error string `json:"error"`
}

// writeError answers with status and {"error": msg}, which api.Client turns
// into an api.StatusError for both plain and streamed endpoints.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorBody{Error: msg})
}

// readJSON reads the whole body before decoding: net/http only watches the
// connection for a client hang-up once the body hit EOF, and Hang relies on
// r.Context() ending when the client cancels.
func readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return fmt.Errorf("read request body: %w", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("decode request: %w", err)
	}
	return nil
}

// writeJSON sends one JSON value. Write errors are dropped: they only mean
// the client went away, which is the client's test to judge.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// ndjson writes a newline-delimited JSON stream, flushing every line so the
// client sees chunks as a real server would send them.
type ndjson struct {
	enc *json.Encoder
	rc  *http.ResponseController
}

func newNDJSON(w http.ResponseWriter) *ndjson {
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.WriteHeader(http.StatusOK)
	return &ndjson{enc: json.NewEncoder(w), rc: http.NewResponseController(w)}
}

// send writes v as one line; errors mean the client left (see writeJSON).
func (n *ndjson) send(v any) {
	_ = n.enc.Encode(v)
	_ = n.rc.Flush()
}
