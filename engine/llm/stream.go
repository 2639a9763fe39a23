package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/ollama/ollama/api"
)

// call is one prepared model call with its limits.
type call struct {
	req    Request
	model  string
	cr     *api.ChatRequest
	prompt int // estimated prompt tokens
	maxOut int // num_predict
	// first, idle and total are the call's time limits (see Limits.Plan).
	first, idle, total time.Duration
	report             ProgressFunc
}

// Chat streams one call, constrained by the request's schema: num_predict sized from the
// schema, the model's one num_ctx, the task's keep_alive. Progress is reported as tokens
// arrive; the call fails when no token comes within the idle limit, when it outlasts the
// limit derived from the prompt's size and the model's speed, and at once when ctx ends.
// A reply cut off before it was complete is an error wrapping ErrTruncated, its tokens
// counted in the CallError's Usage.
func (o *Ollama) Chat(ctx context.Context, req Request) (Reply, error) {
	c, err := o.prepare(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	return o.run(ctx, c)
}

func (o *Ollama) prepare(ctx context.Context, req Request) (*call, error) {
	mc := o.ModelFor(req.Role)
	c := &call{req: req, model: mc.Name, maxOut: MaxTokens(req.Schema), report: progressFor(ctx, req),
		idle: o.cfg.Limits.Idle}
	opts := map[string]any{"num_ctx": o.cfg.NumCtxFor(mc.Name), "temperature": mc.Temperature, "num_predict": c.maxOut}
	if req.RepeatPenalty > 0 {
		opts["repeat_penalty"] = req.RepeatPenalty
	}
	c.cr = &api.ChatRequest{Model: mc.Name, Options: opts, KeepAlive: &api.Duration{Duration: o.cfg.KeepAlive}}
	for _, m := range req.Messages {
		c.cr.Messages = append(c.cr.Messages, api.Message{Role: m.Role, Content: m.Content})
		c.prompt += EstimateTokens(m.Content)
	}
	if req.Schema != nil {
		b, err := json.Marshal(req.Schema)
		if err != nil {
			return nil, fmt.Errorf("chat %s: %w", req.Purpose, err)
		}
		c.cr.Format = b
	}
	c.first, c.total = o.cfg.Limits.Plan(c.prompt, c.maxOut, o.cfg.Speeds.For(mc.Name), o.cold(mc.Name))
	if o.cfg.Timeout > 0 {
		c.first, c.total = min(c.first, o.cfg.Timeout), o.cfg.Timeout
	}
	return c, nil
}

// run streams the call under its watch and turns the outcome into a Reply or an error.
func (o *Ollama) run(parent context.Context, c *call) (Reply, error) {
	ctx, cancel := context.WithCancelCause(parent)
	w := newWatch(o.cfg.Clock, c)
	var wg sync.WaitGroup
	wg.Go(func() { w.run(ctx, cancel) })
	var (
		content strings.Builder
		last    api.ChatResponse
	)
	err := o.client.Chat(ctx, c.cr, func(r api.ChatResponse) error {
		if r.Message.Content != "" {
			content.WriteString(r.Message.Content)
			w.token()
		}
		last = r
		return nil
	})
	cancel(nil)
	wg.Wait()
	u := o.usage(c, last, w)
	if err == nil || w.count() > 0 {
		o.touch(c.model) // it answered, so it is loaded
	}
	if err != nil {
		err = o.failed(parent, c, w, err, u)
		w.end(PhaseFailed, err)
		return Reply{}, err
	}
	if err := truncated(c, last, w.count()); err != nil {
		u.Failed = true
		w.end(PhaseFailed, err)
		return Reply{}, &CallError{Usage: u, Err: err}
	}
	o.cfg.Speeds.observe(c.model, u.PromptTokens-u.CachedTokens, last.PromptEvalDuration, last.EvalCount, last.EvalDuration)
	w.end(PhaseDone, nil)
	return Reply{Content: content.String(), Usage: u}, nil
}

// failed explains a call that ended in an error: the watch's limit, or the server's.
func (o *Ollama) failed(ctx context.Context, c *call, w *watch, err error, u Usage) error {
	if werr := w.fired(); werr != nil {
		if u.PromptTokens+u.CompletionTokens > 0 {
			u.Failed = true
			return &CallError{Usage: u, Err: werr}
		}
		return werr
	}
	return o.classify(ctx, c.model, err)
}

// truncated says why a finished stream is not a whole reply: Ollama cut it off ("done":
// false, which it sends when a model repeats itself), or it reached num_predict.
func truncated(c *call, last api.ChatResponse, tokens int) error {
	switch {
	case !last.Done:
		return fmt.Errorf("ollama %s: the %s reply was cut off after %d tokens before it was complete "+
			"(Ollama stops a model that repeats itself): %w", c.model, c.req.Purpose, tokens, ErrTruncated)
	case last.DoneReason == "length":
		return fmt.Errorf("ollama %s: the %s reply reached its limit of %d tokens before it was complete: %w",
			c.model, c.req.Purpose, c.maxOut, ErrTruncated)
	}
	return nil
}

// usage is what the call cost. A cut-off reply carries no counts: its streamed tokens
// and the estimated prompt are counted instead, because they were spent all the same.
func (o *Ollama) usage(c *call, last api.ChatResponse, w *watch) Usage {
	tokens, took := w.count(), w.elapsed()
	model := last.Model
	if model == "" {
		model = c.model
	}
	u := Usage{Purpose: c.req.Purpose, Role: c.req.Role, Model: model,
		PromptTokens: last.PromptEvalCount, CompletionTokens: last.EvalCount}
	if last.PromptEvalCachedCount != nil {
		u.CachedTokens = *last.PromptEvalCachedCount
	}
	if u.CompletionTokens == 0 {
		u.CompletionTokens = tokens
	}
	if u.PromptTokens == 0 && tokens > 0 {
		u.PromptTokens = c.prompt
	}
	if last.TotalDuration > 0 {
		took = last.TotalDuration
	}
	u.Duration, u.DurationMs = took, took.Milliseconds()
	u.Cost = Cost(model, u.PromptTokens, u.CompletionTokens)
	return u
}
