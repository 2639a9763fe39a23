package llm

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/clock"
	"github.com/errand-app/errand/engine/llm/fakeollama"
)

var epoch = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

// progressLog collects a call's reports in order.
type progressLog chan CallProgress

func (p progressLog) fn(c CallProgress) { p <- c }

// next returns the next report, failing the test if the call ended first.
func (p progressLog) next(t *testing.T) CallProgress {
	t.Helper()
	select {
	case c := <-p:
		return c
	case <-t.Context().Done():
		t.Fatal("no progress report")
	}
	return CallProgress{}
}

// nextPhase skips heartbeats until a report in phase.
func (p progressLog) nextPhase(t *testing.T, phase CallPhase) CallProgress {
	t.Helper()
	for {
		if c := p.next(t); c.Phase == phase {
			return c
		}
	}
}

type outcome struct {
	rep Reply
	err error
}

func goChat(ctx context.Context, o *Ollama, req Request) <-chan outcome {
	out := make(chan outcome, 1)
	go func() {
		rep, err := o.Chat(ctx, req)
		out <- outcome{rep, err}
	}()
	return out
}

func planReq(p progressLog) Request {
	r := Request{Purpose: PurposePlanning, Role: RolePlanner, Schema: SchemaFor[reply](PurposePlanning),
		Messages: []Message{{Role: "user", Content: "plan it"}}}
	if p != nil {
		r.Progress = p.fn
	}
	return r
}

// TestChatStreamsProgress: reports come at the start, at the first token, at most every
// quarter second after, and at the end, with tokens so far and the speed.
func TestChatStreamsProgress(t *testing.T) {
	srv := startFake(t)
	pace := make(chan struct{})
	srv.Script(string(PurposePlanning), fakeollama.Reply{Content: "aaaabbbbccccdddd", Pace: pace})
	clk := clock.NewFake(epoch)
	o := newOllama(t, srv, Config{Clock: clk})
	log := make(progressLog, 100)
	out := goChat(t.Context(), o, planReq(log))

	if c := log.next(t); c.Phase != PhaseWaiting || c.Tokens != 0 || c.Purpose != PurposePlanning ||
		c.Model != DefaultPlanner || c.MaxTokens != MaxTokens(SchemaFor[reply](PurposePlanning)) || c.LimitMs <= 0 {
		t.Fatalf("first report = %+v, want waiting on %s with a limit", c, DefaultPlanner)
	}
	pace <- struct{}{}
	if c := log.nextPhase(t, PhaseWriting); c.Tokens != 1 {
		t.Fatalf("report = %+v, want the first token", c)
	}
	clk.Advance(500 * time.Millisecond)
	pace <- struct{}{}
	c := log.nextPhase(t, PhaseWriting)
	if c.Tokens != 2 || c.TokensPerSec != 2 || c.ElapsedMs != 500 {
		t.Fatalf("report = %+v, want 2 tokens at 2 tok/s after 500ms", c)
	}
	pace <- struct{}{} // within the quarter second of the last report: none
	pace <- struct{}{}
	if c := log.next(t); c.Phase != PhaseDone || c.Tokens != 4 {
		t.Errorf("report = %+v, want done with 4 tokens and nothing between", c)
	}
	if got := <-out; got.err != nil || got.rep.Content != "aaaabbbbccccdddd" {
		t.Fatalf("Chat = %+v, %v", got.rep, got.err)
	}
}

// TestChatIdleLimit: no token for 30 s while writing fails the call, its tokens counted.
func TestChatIdleLimit(t *testing.T) {
	srv := startFake(t)
	pace := make(chan struct{})
	srv.Script(string(PurposePlanning), fakeollama.Reply{Content: "aaaabbbb", Pace: pace})
	clk := clock.NewFake(epoch)
	o := newOllama(t, srv, Config{Clock: clk})
	log := make(progressLog, 100)
	out := goChat(t.Context(), o, planReq(log))
	log.nextPhase(t, PhaseWaiting)
	pace <- struct{}{}
	log.nextPhase(t, PhaseWriting)
	for range 30 { // heartbeats wake the watch every second
		if err := clk.BlockUntil(t.Context(), 1); err != nil {
			t.Fatal(err)
		}
		clk.Advance(time.Second)
	}
	got := <-out
	var ce *CallError
	if !errors.Is(got.err, ErrStalled) || !errors.As(got.err, &ce) {
		t.Fatalf("err = %v, want a CallError wrapping ErrStalled", got.err)
	}
	if !strings.Contains(got.err.Error(), "no token for 30s while writing the PLANNING reply (1 tokens so far)") {
		t.Errorf("err = %q, want it to say what stalled", got.err)
	}
	if !ce.Usage.Failed || ce.Usage.CompletionTokens != 1 || ce.Usage.PromptTokens != EstimateTokens("plan it") {
		t.Errorf("usage = %+v, want the 1 token and the prompt counted as failed", ce.Usage)
	}
	if c := log.nextPhase(t, PhaseFailed); !strings.Contains(c.Error, "no token") {
		t.Errorf("failed report = %+v", c)
	}
}

// TestChatFirstTokenLimit: a model that never starts is given up after the limit derived
// from the prompt and its speed; there is no heartbeat without an observer, so one
// clock waiter stands for the whole wait.
func TestChatFirstTokenLimit(t *testing.T) {
	srv := startFake(t)
	t.Cleanup(srv.Release)
	srv.Script(string(PurposePlanning), fakeollama.Hang())
	clk := clock.NewFake(epoch)
	speeds := NewSpeeds(map[string]Speed{DefaultPlanner: {Read: 10, Write: 5}})
	o := newOllama(t, srv, Config{Clock: clk, Speeds: speeds})
	req := planReq(nil)
	req.Messages = []Message{{Role: "user", Content: strings.Repeat("x", 4000)}} // 1,000 tokens
	out := goChat(t.Context(), o, req)
	if err := clk.BlockUntil(t.Context(), 1); err != nil {
		t.Fatal(err)
	}
	// Cold: 60 s load + 20 s floor + 2 × 1,000/10 s.
	clk.Advance(279 * time.Second)
	select {
	case got := <-out:
		t.Fatalf("gave up early: %v", got.err)
	default:
	}
	clk.Advance(time.Second)
	got := <-out
	if !errors.Is(got.err, ErrTooSlow) || !strings.Contains(got.err.Error(), "no reply within 4m40s to the PLANNING call (loading the model and reading about 1000 prompt tokens)") {
		t.Fatalf("err = %v, want ErrTooSlow naming the wait", got.err)
	}
}

// TestChatStopMidCall: cancelling the context ends a streaming call at once.
func TestChatStopMidCall(t *testing.T) {
	srv := startFake(t)
	pace := make(chan struct{})
	srv.Script(string(PurposePlanning), fakeollama.Reply{Content: "aaaabbbbcccc", Pace: pace})
	o := newOllama(t, srv, Config{Clock: clock.NewFake(epoch)})
	log := make(progressLog, 100)
	ctx, cancel := context.WithCancel(t.Context())
	out := goChat(ctx, o, planReq(log))
	pace <- struct{}{}
	log.nextPhase(t, PhaseWriting)
	cancel()
	got := <-out
	if !errors.Is(got.err, context.Canceled) || errors.Is(got.err, ErrStalled) {
		t.Fatalf("err = %v, want context.Canceled", got.err)
	}
}

// TestStructuredCutOffRetried: a reply cut off ("done": false, no counts) fails with its
// streamed tokens counted and is asked again once with a repeat penalty.
func TestStructuredCutOffRetried(t *testing.T) {
	srv := startFake(t)
	srv.Script(string(PurposePlanning), fakeollama.Reply{Content: `{"thought":"aaaaaaaa`, Cut: true},
		fakeollama.JSON(wantReply))
	o := newOllama(t, srv, Config{})
	got, usage, err := Structured[reply](t.Context(), o, planReq(nil))
	if err != nil || !equalReply(got, wantReply) {
		t.Fatalf("Structured = %+v, %v", got, err)
	}
	if len(usage) != 2 || !usage[0].Failed || usage[0].CompletionTokens != 5 || usage[1].Failed {
		t.Errorf("usage = %+v, want the cut reply's 5 tokens counted as failed, then a good one", usage)
	}
	reqs := srv.Requests()
	if _, ok := reqs[0].Chat.Options["repeat_penalty"]; ok || reqs[1].Chat.Options["repeat_penalty"] != 1.3 {
		t.Errorf("repeat_penalty = %v then %v, want none then 1.3", reqs[0].Chat.Options["repeat_penalty"], reqs[1].Chat.Options["repeat_penalty"])
	}
}

// TestStructuredLengthTwice: a reply that reaches num_predict twice is a clear failure.
func TestStructuredLengthTwice(t *testing.T) {
	srv := startFake(t)
	long := fakeollama.Text(`{"thought":"` + strings.Repeat("a", 4*2000) + `"}`)
	srv.Script(string(PurposeVerification), long, long)
	o := newOllama(t, srv, Config{})
	_, usage, err := Structured[verifyReply](t.Context(), o, Request{Purpose: PurposeVerification, Role: RoleFast,
		Messages: []Message{{Role: "user", Content: "done?"}}})
	if !errors.Is(err, ErrTruncated) || !strings.Contains(err.Error(), "reached its limit of 256 tokens") {
		t.Fatalf("err = %v, want ErrTruncated at 256 tokens", err)
	}
	if len(usage) != 2 || usage[0].CompletionTokens != 256 || !usage[1].Failed {
		t.Errorf("usage = %+v, want two failed calls of 256 tokens", usage)
	}
}

type verifyReply struct {
	Done bool `json:"done"`
}

// TestOneModelOneLoad: one model serving both roles is loaded once, with the larger
// num_ctx, and keeps its prompt cache across the roles' calls.
func TestOneModelOneLoad(t *testing.T) {
	srv := startFake(t)
	srv.Handle(string(PurposePlanning), func(fakeollama.Request) fakeollama.Reply { return fakeollama.JSON(wantReply) })
	srv.Handle(string(PurposeCritic), func(fakeollama.Request) fakeollama.Reply { return fakeollama.JSON(wantReply) })
	o := newOllama(t, srv, Config{Planner: ModelConfig{Name: "qwen2.5:3b"}, Fast: ModelConfig{Name: "qwen2.5:3b"}})
	sys := Message{Role: "system", Content: strings.Repeat("rules ", 200)}
	for i, p := range []struct {
		purpose Purpose
		role    Role
	}{{PurposePlanning, RolePlanner}, {PurposeCritic, RoleFast}, {PurposePlanning, RolePlanner}} {
		_, usage, err := Structured[reply](t.Context(), o, Request{Purpose: p.purpose, Role: p.role,
			Messages: []Message{sys, {Role: "user", Content: "call " + string(rune('a'+i))}}})
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 && usage[0].CachedTokens != 301 {
			t.Errorf("call %d cached %d tokens, want the 301-token shared prefix", i, usage[0].CachedTokens)
		}
	}
	if loads := srv.Loads(); len(loads) != 1 || loads[0].NumCtx != 8192 {
		t.Errorf("loads = %+v, want one load at num_ctx 8192", loads)
	}
}

// TestSpeedsMeasured: a call's reported durations set the model's speed for the next
// call's limits.
func TestSpeedsMeasured(t *testing.T) {
	srv := startFake(t)
	srv.SetSpeed(DefaultPlanner, fakeollama.Speed{Read: 50, Write: 10})
	srv.Script(string(PurposePlanning), fakeollama.Reply{Content: goodReply, PromptTokens: 500, EvalTokens: 100})
	o := newOllama(t, srv, Config{})
	if _, err := o.Chat(t.Context(), planReq(nil)); err != nil {
		t.Fatal(err)
	}
	if got := o.Speeds().For(DefaultPlanner); got != (Speed{Read: 50, Write: 10}) {
		t.Errorf("speed = %+v, want 50 read, 10 write", got)
	}
}

// TestRelease: a task's calls keep the model 30 minutes; Release hands it back to 5.
func TestRelease(t *testing.T) {
	srv := startFake(t)
	srv.Script(string(PurposePlanning), fakeollama.JSON(wantReply))
	o := newOllama(t, srv, Config{})
	if _, err := o.Chat(t.Context(), planReq(nil)); err != nil {
		t.Fatal(err)
	}
	if err := o.Release(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got := srv.KeepAlives(); !slices.Equal(got, []time.Duration{30 * time.Minute, 5 * time.Minute}) {
		t.Errorf("keep-alives = %v, want 30m then 5m", got)
	}
	if len(srv.Loads()) != 1 {
		t.Errorf("loads = %+v: releasing must not reload", srv.Loads())
	}
}

// TestWithProgress: a context's observer sees calls whose request names none.
func TestWithProgress(t *testing.T) {
	srv := startFake(t)
	srv.Script(string(PurposePlanning), fakeollama.JSON(wantReply))
	o := newOllama(t, srv, Config{})
	log := make(progressLog, 100)
	req := planReq(nil)
	if _, err := o.Chat(WithProgress(t.Context(), log.fn), req); err != nil {
		t.Fatal(err)
	}
	if c := log.nextPhase(t, PhaseDone); c.Purpose != PurposePlanning {
		t.Errorf("report = %+v", c)
	}
}
