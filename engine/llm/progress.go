package llm

import (
	"context"
	"time"
)

// CallPhase is where a running call is.
type CallPhase string

const (
	// PhaseWaiting: the model is loading or reading the prompt; no token yet.
	PhaseWaiting CallPhase = "waiting"
	// PhaseWriting: tokens are streaming in.
	PhaseWriting CallPhase = "writing"
	// PhaseDone and PhaseFailed end every call that reported progress.
	PhaseDone   CallPhase = "done"
	PhaseFailed CallPhase = "failed"
)

// CallProgress is a running model call as the person sees it: the window's "model
// working" panel and the CLI's spinner line show it.
type CallProgress struct {
	Purpose Purpose   `json:"purpose"`
	Role    Role      `json:"role"`
	Model   string    `json:"model"`
	Phase   CallPhase `json:"phase"`
	// PromptTokens is estimated until the server reports it at the end.
	PromptTokens int `json:"promptTokens"`
	// Tokens is how many reply tokens have arrived; MaxTokens the call's num_predict.
	Tokens    int `json:"tokens"`
	MaxTokens int `json:"maxTokens"`
	// TokensPerSec is the writing speed so far (0 before the second token).
	TokensPerSec float64 `json:"tokensPerSec"`
	ElapsedMs    int64   `json:"elapsedMs"`
	// LimitMs is when the call will be given up if nothing changes: the first-token limit
	// while waiting, the idle limit from the last token while writing.
	LimitMs int64 `json:"limitMs"`
	// Error says why a failed call failed.
	Error string `json:"error,omitempty"`
}

// ProgressFunc receives a call's progress: when the first token arrives, at most every
// quarter second while tokens stream, every second while the model reads, and once at
// the end (done or failed). It runs on the call's goroutines and must not block.
type ProgressFunc func(CallProgress)

type progressKey struct{}

// WithProgress returns a context whose model calls report to fn, for callers that cannot
// set Request.Progress on every call (as net/http/httptrace does for requests).
func WithProgress(ctx context.Context, fn ProgressFunc) context.Context {
	return context.WithValue(ctx, progressKey{}, fn)
}

// progressFor is the request's own observer, else the context's, else nil.
func progressFor(ctx context.Context, req Request) ProgressFunc {
	if req.Progress != nil {
		return req.Progress
	}
	fn, _ := ctx.Value(progressKey{}).(ProgressFunc)
	return fn
}

// Report intervals: tokens can arrive 40 a second on a small model, more than a screen
// needs; a model reading a long prompt sends nothing for minutes, so a heartbeat says it
// still works.
const (
	reportEvery = 250 * time.Millisecond
	heartbeat   = time.Second
)
