// Package llm owns Errand's models (docs/decisions.md D-31, D-32): the Model interface the
// agent calls, its Ollama implementation (the only importer of the Ollama client), structured
// replies checked against JSON schemas generated from Go types, usage and cost per call, the
// two roles with their own model settings, and the health, list and pull calls the settings
// screen needs.
package llm

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Role picks a model: the planner thinks (planning, refinement, correction, full
// verification); the fast model checks (critic, Tier 2 verification, context analysis).
type Role string

const (
	RolePlanner Role = "planner"
	RoleFast    Role = "fast"
)

// Purpose is why a call was made (docs/decisions.md D-32). It is also the title of
// the call's JSON schema, so a log, a trace or a scripted fake can tell calls apart.
type Purpose string

const (
	PurposeContextAnalysis Purpose = "CONTEXT_ANALYSIS"
	PurposePlanning        Purpose = "PLANNING"
	PurposeRefinement      Purpose = "REFINEMENT"
	PurposeVerification    Purpose = "VERIFICATION"
	PurposeSelfCorrection  Purpose = "SELF_CORRECTION"
	PurposeCritic          Purpose = "CRITIC"
	PurposeReplanning      Purpose = "REPLANNING"
)

// Message is one turn of a chat.
type Message struct {
	Role    string `json:"role"` // system, user, assistant
	Content string `json:"content"`
}

// Request is one chat call. Schema, when set, is the JSON schema the reply must follow;
// the implementation passes it to the model so the output is constrained, not hoped for.
type Request struct {
	Purpose  Purpose
	Role     Role
	Messages []Message
	Schema   *Schema
	// RepeatPenalty, when above 1, discourages repeated tokens; 0 = the model's own.
	// Structured sets it on the retry of a reply that was cut off.
	RepeatPenalty float64
	// Progress receives the call's progress as it streams; nil = the context's
	// (WithProgress), else none.
	Progress ProgressFunc
}

// Reply is the model's answer with what it cost.
type Reply struct {
	Content string
	Usage   Usage
}

// Usage is one model call's cost (docs/decisions.md D-32).
type Usage struct {
	Purpose          Purpose `json:"purpose"`
	Role             Role    `json:"role"`
	Model            string  `json:"model"`
	PromptTokens     int     `json:"promptTokens"`
	CompletionTokens int     `json:"completionTokens"`
	// CachedTokens is how much of the prompt the server's prompt cache held: the prompt
	// tokens re-read are PromptTokens - CachedTokens.
	CachedTokens int           `json:"cachedTokens,omitempty"`
	Duration     time.Duration `json:"-"`
	DurationMs   int64         `json:"durationMs"`
	Cost         float64       `json:"cost"`
	// Failed is set when the reply could not be used (malformed, refused); the tokens
	// were spent all the same.
	Failed bool `json:"failed,omitempty"`
}

// Model answers chat requests. Implementations must honour ctx and never block past it.
type Model interface {
	Chat(ctx context.Context, req Request) (Reply, error)
}

// ModelFunc adapts a func to a Model.
type ModelFunc func(ctx context.Context, req Request) (Reply, error)

// Chat calls f.
func (f ModelFunc) Chat(ctx context.Context, req Request) (Reply, error) { return f(ctx, req) }

// Sentinel outcomes callers branch on.
var (
	// ErrUnavailable: nothing answers at the model address.
	ErrUnavailable = errors.New("no model server answers")
	// ErrModelMissing: the server answers but does not have the model.
	ErrModelMissing = errors.New("model not installed")
	// ErrMalformed: the reply did not follow its schema, even after the repair attempt.
	ErrMalformed = errors.New("the model's reply did not follow the schema")
	// ErrTruncated: the reply was cut off (Ollama's repetition cut-off, or num_predict
	// reached) before it was complete.
	ErrTruncated = errors.New("the model's reply was cut off")
	// ErrStalled: no token came within the idle limit while the reply was streaming.
	ErrStalled = errors.New("the model stopped sending tokens")
	// ErrTooSlow: the call ran past the time limit derived from its size and the
	// model's measured speed.
	ErrTooSlow = errors.New("the model is too slow for this call")
)

// CallError is a call that failed after the model spent tokens on it: Usage counts them
// (Failed set) so the task's totals stay true.
type CallError struct {
	Usage Usage
	Err   error
}

func (e *CallError) Error() string { return e.Err.Error() }
func (e *CallError) Unwrap() error { return e.Err }

// MissingError names the model to pull.
type MissingError struct{ Model string }

func (e *MissingError) Error() string {
	return fmt.Sprintf("model %q is not installed; get it with: ollama pull %s", e.Model, e.Model)
}

func (e *MissingError) Unwrap() error { return ErrModelMissing }
