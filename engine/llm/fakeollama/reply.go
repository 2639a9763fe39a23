package fakeollama

import (
	"encoding/json"

	"github.com/ollama/ollama/api"
)

// Reply is one scripted answer to a chat request. The zero value answers with
// empty content and estimated token counts.
type Reply struct {
	// Content is the assistant message content returned.
	Content string
	// Status, when non-zero, makes the server answer with this HTTP status
	// and the body {"error": Error} instead of a chat response. It takes
	// precedence over Hang.
	Status int
	// Error is the message sent with Status.
	Error string
	// Hang blocks the request until its context ends (nothing is sent) or
	// Server.Release is called (Content is sent).
	Hang bool
	// PromptTokens is the reported prompt_eval_count; 0 = estimate from the
	// request (total bytes of all message contents / 4, at least 1).
	PromptTokens int
	// EvalTokens is the reported eval_count; 0 = estimate from Content
	// (len(Content)/4, at least 1).
	EvalTokens int
	// Model is the model name echoed back; "" = the request's model.
	Model string
	// Cut ends the reply as Ollama's repetition cut-off does: the content sent so far,
	// then "done": false with no reason and no counts.
	Cut bool
	// Pace, when set, holds each streamed token until the test sends on it (or closes
	// it to let the rest go): slow generation without sleeping.
	Pace <-chan struct{}
}

// JSON returns a Reply whose Content is v marshalled to JSON. It panics if v
// cannot be marshalled: the value is test data, so that is a bug in the test.
func JSON(v any) Reply {
	b, err := json.Marshal(v)
	if err != nil {
		panic("fakeollama: marshal scripted reply: " + err.Error())
	}
	return Reply{Content: string(b)}
}

// Text returns a Reply with the given raw content, e.g. malformed JSON.
func Text(s string) Reply { return Reply{Content: s} }

// Fail returns a Reply that answers with an HTTP error status and message.
func Fail(status int, msg string) Reply { return Reply{Status: status, Error: msg} }

// Hang returns a Reply that blocks until released or cancelled.
func Hang() Reply { return Reply{Hang: true} }

// tokens returns the prompt and eval counts to report for req, estimating
// the ones the script left at zero.
func (r Reply) tokens(req api.ChatRequest) (prompt, eval int) {
	prompt, eval = r.PromptTokens, r.EvalTokens
	if prompt == 0 {
		prompt = promptTokens(req.Messages)
	}
	if eval == 0 {
		eval = max(len(r.Content)/4, 1)
	}
	return prompt, eval
}
