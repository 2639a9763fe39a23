package fakeollama

import (
	"encoding/json"
	"unicode/utf8"

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
		n := 0
		for _, m := range req.Messages {
			n += len(m.Content)
		}
		prompt = max(n/4, 1)
	}
	if eval == 0 {
		eval = max(len(r.Content)/4, 1)
	}
	return prompt, eval
}

// metrics builds fake timings of 1ms per token so that callers computing
// throughput never divide by zero.
func metrics(prompt, eval int) api.Metrics {
	return api.Metrics{
		TotalDuration:      tokenTime(prompt + eval),
		PromptEvalCount:    prompt,
		PromptEvalDuration: tokenTime(prompt),
		EvalCount:          eval,
		EvalDuration:       tokenTime(eval),
	}
}

// splitHalves cuts s near its middle on a rune boundary, so that each half
// survives JSON encoding intact and the halves concatenate back to s.
func splitHalves(s string) (string, string) {
	mid := len(s) / 2
	for mid > 0 && mid < len(s) && !utf8.RuneStart(s[mid]) {
		mid--
	}
	return s[:mid], s[mid:]
}
