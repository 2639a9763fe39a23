package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/errand-app/errand/engine/llm"
)

// Model calls and knowledge lookups are effects: Step never performs them. When the step
// code needs one, Step stops and returns an OutputEffect; the runner performs it and hands
// the reply back as an InputEffect. Step then replays the input it was handling from the
// state it had before it, reading the replies so far in order, and goes on to the next
// effect or to its real output. The replies live in the checkpoint, so a crash between two
// calls repeats at most one; the events of the replayed part are not emitted twice.
// docs/architecture.md explains the loop.

// EffectKind names what an effect does.
type EffectKind string

const (
	EffectModel     EffectKind = "model"     // one structured model call, with its one repair
	EffectKnowledge EffectKind = "knowledge" // passages of the site's documentation
	EffectHints     EffectKind = "hints"     // fixes learned on the site
)

// Effect is work Step needs done outside itself before it can go on.
type Effect struct {
	Kind EffectKind `json:"kind"`
	// Request is a model effect's call: purpose, role, messages and schema.
	Request *llm.Request `json:"request,omitempty"`
	// URL and Query are a knowledge or hints lookup's.
	URL   string `json:"url,omitempty"`
	Query string `json:"query,omitempty"`
	// Script is the errand to record, Lesson the lesson to keep (memory.go).
	Script *Script `json:"script,omitempty"`
	Lesson *Lesson `json:"lesson,omitempty"`

	perform func(ctx context.Context) EffectReply
}

// Perform does the effect with the agent's model or knowledge. A cancelled context is
// the caller's to handle: its reply must not be handed back to Step.
func (e *Effect) Perform(ctx context.Context) EffectReply {
	if e.perform == nil {
		return EffectReply{Kind: e.Kind, Err: &EffectError{Kind: errOther, Message: "nothing can perform this effect"}}
	}
	return e.perform(ctx)
}

// EffectReply is an effect's outcome as Step reads it, stored in the checkpoint.
type EffectReply struct {
	Kind  EffectKind      `json:"kind"`
	Value json.RawMessage `json:"value,omitempty"`
	Usage []llm.Usage     `json:"usage,omitempty"`
	Err   *EffectError    `json:"error,omitempty"`
}

// EffectError is a failed effect in a form that survives the checkpoint: errors.Is and
// errors.As find the same llm outcomes after a restart as before it.
type EffectError struct {
	Kind    string `json:"kind"`
	Model   string `json:"model,omitempty"`
	Message string `json:"message"`
}

const (
	errUnavailable = "unavailable"
	errMissing     = "missing"
	errMalformed   = "malformed"
	errTruncated   = "truncated"
	errStalled     = "stalled"
	errTooSlow     = "too_slow"
	errOther       = "other"
)

var sentinels = map[string]error{errUnavailable: llm.ErrUnavailable, errMissing: llm.ErrModelMissing,
	errMalformed: llm.ErrMalformed, errTruncated: llm.ErrTruncated, errStalled: llm.ErrStalled, errTooSlow: llm.ErrTooSlow}

func (e *EffectError) Error() string { return e.Message }

func (e *EffectError) Unwrap() error {
	if e.Kind == errMissing {
		return &llm.MissingError{Model: e.Model}
	}
	return sentinels[e.Kind]
}

func effectError(err error) *EffectError {
	if err == nil {
		return nil
	}
	var missing *llm.MissingError
	if errors.As(err, &missing) {
		return &EffectError{Kind: errMissing, Model: missing.Model, Message: err.Error()}
	}
	for kind, s := range sentinels {
		if errors.Is(err, s) {
			return &EffectError{Kind: kind, Message: err.Error()}
		}
	}
	return &EffectError{Kind: errOther, Message: err.Error()}
}

func replyOf(kind EffectKind, v any, usage []llm.Usage, err error) EffectReply {
	r := EffectReply{Kind: kind, Usage: usage, Err: effectError(err)}
	if err == nil {
		raw, merr := json.Marshal(v)
		if merr != nil {
			r.Err = effectError(fmt.Errorf("keep the reply: %w", merr))
		}
		r.Value = raw
	}
	return r
}

// Replay is a Step that waits for an effect: the state before its input, the input, the
// replies so far, and how many of its events were already emitted.
type Replay struct {
	Base    *State        `json:"base"`
	Input   Input         `json:"input"`
	Replies []EffectReply `json:"replies,omitempty"`
	Emitted int           `json:"emitted"`
}

// awaitEffect unwinds the step code from the point that needs an effect to Step; it
// never leaves the package.
type awaitEffect struct{}

// effect returns the reply to the step's next effect, or stops the step to ask for it.
func (s *step) effect(e Effect) EffectReply {
	if s.used < len(s.replies) {
		r := s.replies[s.used]
		s.used++
		if r.Kind != e.Kind {
			// The step code took another path than when it asked: replies are not reused
			// out of order.
			return EffectReply{Kind: e.Kind, Err: &EffectError{Kind: errOther,
				Message: fmt.Sprintf("a %s reply came where a %s effect was asked", r.Kind, e.Kind)}}
		}
		return r
	}
	s.wanted = &e
	panic(awaitEffect{})
}

// call makes one structured model call, emitting a usage event for every attempt.
func call[T any](s *step, req llm.Request) (T, error) {
	var zero T
	if s.a.model == nil {
		return zero, fmt.Errorf("%s: %w", req.Purpose, llm.ErrUnavailable)
	}
	if req.Schema == nil {
		req.Schema = llm.SchemaFor[T](req.Purpose)
	}
	m := s.a.model
	rep := s.effect(Effect{Kind: EffectModel, Request: &req, perform: func(ctx context.Context) EffectReply {
		v, usage, err := llm.Structured[T](ctx, m, req)
		return replyOf(EffectModel, v, usage, err)
	}})
	for _, u := range rep.Usage {
		s.st.ModelCalls++
		s.st.Tokens += u.PromptTokens + u.CompletionTokens
		s.emit(EventUsage, UsagePayload{Usage: u, TaskCalls: s.st.ModelCalls, TaskTokens: s.st.Tokens})
	}
	if rep.Err != nil {
		return zero, rep.Err
	}
	var v T
	if err := json.Unmarshal(rep.Value, &v); err != nil {
		return zero, fmt.Errorf("%s: %w: %w", req.Purpose, llm.ErrMalformed, err)
	}
	return v, nil
}

// lookup asks the knowledge base (a failing store means nothing known).
func (s *step) lookup(kind EffectKind, url, query string) []string {
	if s.a.knowledge == nil {
		return nil
	}
	k := s.a.knowledge
	rep := s.effect(Effect{Kind: kind, URL: url, Query: query, perform: func(ctx context.Context) EffectReply {
		var got []string
		var err error
		if kind == EffectHints {
			got, err = k.Hints(ctx, url, query)
		} else {
			got, err = k.Retrieve(ctx, url, query)
		}
		return replyOf(kind, got, nil, err)
	}})
	var got []string
	if rep.Err != nil || json.Unmarshal(rep.Value, &got) != nil {
		return nil
	}
	return got
}
