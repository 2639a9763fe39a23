package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/errand-app/errand/engine/llm"
)

// scripted answers the agent's model effects in-process, as the runner would hand the
// replies back (docs/architecture.md, "Effects and replay"), with no model server: the
// agent's unit tests drive Step with scripted replies. The real client over HTTP is
// checked by the app's tests against the fake Ollama server (engine/llm), and the
// client's repair of a malformed reply by engine/llm's TestStructured.
//
// Replies are queued per purpose; a purpose with nothing queued is answered with a
// failed effect, so an extra call fails the test that did not script it. Every answered
// request is recorded, and every reply carries usage counted from the request and the
// reply the way the fake server counts them, so usage and token totals stay checked.
type scripted struct {
	t      *testing.T
	queues map[llm.Purpose][]scriptedReply
	asked  []asked
	calls  int // model attempts, as usage events count them: a repaired reply is two
	tokens int
	// known holds the passages of knowledge and hints lookups by kind and query; a
	// query not listed finds nothing, as a store that knows nothing of it.
	known   map[EffectKind]map[string][]string
	lookups []Effect
	// trail is every effect answered, in order: "knowledge", "hints" or the purpose.
	trail []string
}

// asked is one model effect the script answered.
type asked struct {
	Purpose  llm.Purpose
	Role     llm.Role
	Messages []llm.Message
}

// User is the request's user message, where the agent puts the goal and the page.
func (a asked) User() string { return a.Messages[1].Content }

// scriptedReply is one queued answer: the reply's text, or a failed effect. A model
// effect is one call with its one repair, so a reply may stand for two attempts.
type scriptedReply struct {
	content string
	invalid error // the reply type's own rules (llm.Validator) refused the value
	// spent is the malformed text of the attempts before the outcome: the one the
	// client's repair sent back, or both of a call that failed as malformed.
	spent []string
	err   *EffectError
}

// replyJSON is a reply holding v, written with the agent's own reply types so it follows
// their schemas.
func replyJSON[T any](v T) scriptedReply {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("scripted reply %T: %v", v, err))
	}
	r := scriptedReply{content: string(raw)}
	if val, ok := any(&v).(llm.Validator); ok {
		r.invalid = val.Validate()
	}
	return r
}

// repaired is r reached through the client's one repair: its first attempt was text.
func repaired(text string, r scriptedReply) scriptedReply {
	r.spent = []string{text}
	return r
}

// malformed is a call whose reply and its repair both broke the schema: the effect fails
// as the client's ErrMalformed, after two attempts that cost tokens.
func malformed(first, second string) scriptedReply {
	return scriptedReply{spent: []string{first, second}, err: &EffectError{Kind: errMalformed,
		Message: llm.ErrMalformed.Error() + " after 2 attempts: no JSON object in the reply"}}
}

func newScripted(t *testing.T) *scripted {
	return &scripted{t: t, queues: map[llm.Purpose][]scriptedReply{}, known: map[EffectKind]map[string][]string{}}
}

// Know makes a knowledge or hints lookup for query find passages.
func (s *scripted) Know(kind EffectKind, query string, passages ...string) {
	if s.known[kind] == nil {
		s.known[kind] = map[string][]string{}
	}
	s.known[kind][query] = passages
}

// answer builds the reply to an effect from the script; it never performs it.
func (s *scripted) answer(e *Effect) EffectReply {
	s.t.Helper()
	switch e.Kind {
	case EffectModel:
		if e.Request != nil {
			s.trail = append(s.trail, string(e.Request.Purpose))
			return s.reply(*e.Request)
		}
	case EffectKnowledge, EffectHints:
		s.trail = append(s.trail, string(e.Kind))
		s.lookups = append(s.lookups, Effect{Kind: e.Kind, URL: e.URL, Query: e.Query})
		raw, err := json.Marshal(s.known[e.Kind][e.Query])
		if err != nil {
			s.t.Fatal(err)
		}
		return EffectReply{Kind: e.Kind, Value: raw}
	}
	s.t.Fatalf("an effect the script cannot answer: %+v", e)
	return EffectReply{}
}

// Script queues replies for purpose, answered in order.
func (s *scripted) Script(p llm.Purpose, replies ...scriptedReply) {
	s.queues[p] = append(s.queues[p], replies...)
}

// reply answers a model call from the purpose's queue.
func (s *scripted) reply(req llm.Request) EffectReply {
	s.t.Helper()
	s.asked = append(s.asked, asked{Purpose: req.Purpose, Role: req.Role, Messages: append([]llm.Message(nil), req.Messages...)})
	q := s.queues[req.Purpose]
	if len(q) == 0 {
		return EffectReply{Kind: EffectModel, Err: &EffectError{Kind: errOther,
			Message: fmt.Sprintf("%s call: no reply scripted", req.Purpose)}}
	}
	r := q[0]
	s.queues[req.Purpose] = q[1:]
	// Every attempt costs tokens, the failed ones too; a repair resends the bad reply.
	var usage []llm.Usage
	prompt := promptTokens(req.Messages)
	for _, text := range r.spent {
		u := s.usage(req, prompt, text)
		u.Failed = true
		usage = append(usage, u)
		prompt += u.CompletionTokens
	}
	if r.err != nil {
		failed := *r.err
		failed.Message = fmt.Sprintf("%s: %s", req.Purpose, failed.Message)
		return EffectReply{Kind: EffectModel, Usage: usage, Err: &failed}
	}
	usage = append(usage, s.usage(req, prompt, r.content))
	value, err := s.conform(req, r)
	if err != nil {
		s.t.Errorf("the scripted %s reply would not reach the agent: %v", req.Purpose, err)
		return EffectReply{Kind: EffectModel, Usage: usage, Err: effectError(err)}
	}
	return EffectReply{Kind: EffectModel, Value: value, Usage: usage}
}

// conform checks the reply as the client checks a model's text: against the request's
// schema (llm.Structured with a model that returns the text, no server) and the reply
// type's own rules. A reply the real path would refuse must fail the test, not drive the
// agent somewhere no model can take it.
func (s *scripted) conform(req llm.Request, r scriptedReply) (json.RawMessage, error) {
	if r.invalid != nil {
		return nil, fmt.Errorf("%s: %w: %w", req.Purpose, llm.ErrMalformed, r.invalid)
	}
	text := llm.ModelFunc(func(context.Context, llm.Request) (llm.Reply, error) {
		return llm.Reply{Content: r.content}, nil
	})
	v, _, err := llm.Structured[json.RawMessage](context.Background(), text, req)
	return v, err
}

// usage counts one attempt as the fake Ollama server does: a token is four bytes.
func (s *scripted) usage(req llm.Request, prompt int, content string) llm.Usage {
	model := llm.DefaultPlanner
	if req.Role == llm.RoleFast {
		model = llm.DefaultFast
	}
	u := llm.Usage{Purpose: req.Purpose, Role: req.Role, Model: model, PromptTokens: prompt, CompletionTokens: max(len(content)/4, 1)}
	s.calls++
	s.tokens += u.PromptTokens + u.CompletionTokens
	return u
}

func promptTokens(msgs []llm.Message) int {
	n := 0
	for _, m := range msgs {
		n += len(m.Content)
	}
	return max(n/4, 1)
}

// Calls is how many model attempts the replies stand for; Tokens what they cost.
func (s *scripted) Calls() int  { return s.calls }
func (s *scripted) Tokens() int { return s.tokens }

// CallsFor is how many effects of purpose p were answered (or refused as unscripted).
func (s *scripted) CallsFor(p llm.Purpose) int {
	n := 0
	for _, a := range s.asked {
		if a.Purpose == p {
			n++
		}
	}
	return n
}

// untouchable is the agent's model and knowledge in these tests: Step must only ask for
// model calls and lookups, never make them, so any call fails the test.
type untouchable struct{ t *testing.T }

func (m untouchable) Retrieve(_ context.Context, url, query string) ([]string, error) {
	m.t.Errorf("knowledge of %s was retrieved directly; lookups are effects the runner performs", url)
	return nil, errors.New("untouchable: a lookup outside the runner")
}

func (m untouchable) Hints(_ context.Context, url, goal string) ([]string, error) {
	m.t.Errorf("hints for %s were read directly; lookups are effects the runner performs", url)
	return nil, errors.New("untouchable: a lookup outside the runner")
}

func (m untouchable) Chat(_ context.Context, req llm.Request) (llm.Reply, error) {
	m.t.Errorf("the %s call was made directly; model calls are effects the runner performs", req.Purpose)
	return llm.Reply{}, errors.New("untouchable: a model call outside the runner")
}
