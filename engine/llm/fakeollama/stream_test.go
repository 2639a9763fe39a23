package fakeollama

import (
	"slices"
	"testing"
	"time"

	"github.com/ollama/ollama/api"
)

func TestTokenize(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"abc", []string{"abc"}},
		{"abcdefghi", []string{"abcd", "efgh", "i"}},
		{"abcé", []string{"abcé"}}, // a rune is never split
		{"héllo wörld", []string{"hél", "lo w", "örl", "d"}},
	}
	for _, tt := range tests {
		got := tokenize(tt.in)
		if !slices.Equal(got, tt.want) {
			t.Errorf("tokenize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// withCtx returns a chat request for model with num_ctx set, as Errand sends them.
func withCtx(purpose, model string, numCtx int, msgs ...string) *api.ChatRequest {
	req := chatRequest(purpose, true, msgs...)
	req.Model = model
	req.Options = map[string]any{"num_ctx": numCtx}
	return req
}

// TestPromptCache: the cache is the longest common prefix with the previous prompt of
// the same model and num_ctx; a num_ctx change reloads the model and empties it.
func TestPromptCache(t *testing.T) {
	s := Start(t)
	s.Handle("P", func(Request) Reply { return Text("{}") })
	c := client(t, s)
	pre := string(make([]byte, 400)) // 100 tokens shared by every prompt
	steps := []struct {
		model             string
		numCtx            int
		msg               string
		wantPrompt, wantC int
	}{
		{"a", 8192, pre + "first task", 102, 0},
		{"a", 8192, pre + "first task and more", 104, 102},
		{"b", 4096, pre + "first task", 102, 0}, // another model has its own cache
		{"a", 8192, pre + "other", 101, 100},    // the prefix up to where they differ
		{"a", 4096, pre + "other", 101, 0},      // reload: cache gone
		{"a", 4096, pre + "other", 101, 101},    // same prompt again: all cached
	}
	for i, st := range steps {
		if _, err := doChat(t.Context(), c, withCtx("P", st.model, st.numCtx, st.msg)); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		r := s.Requests()[i]
		if r.PromptTokens != st.wantPrompt || r.CachedTokens != st.wantC {
			t.Errorf("step %d: prompt %d cached %d, want %d and %d", i, r.PromptTokens, r.CachedTokens, st.wantPrompt, st.wantC)
		}
	}
	wantLoads := []Load{{"a", 8192, "first"}, {"b", 4096, "first"}, {"a", 4096, "num_ctx changed"}}
	if got := s.Loads(); !slices.Equal(got, wantLoads) {
		t.Errorf("Loads() = %+v, want %+v", got, wantLoads)
	}
	if got, want := s.ReRead(), (102+104+102+101+101+101)-(102+100+101); got != want {
		t.Errorf("ReRead() = %d, want %d", got, want)
	}
}

// TestCachedCountReported: the reply reports the cached prefix and reads only the rest
// at the model's speed.
func TestCachedCountReported(t *testing.T) {
	s := Start(t)
	s.SetSpeed("m", Speed{Read: 100, Write: 10})
	s.Handle("P", func(Request) Reply { return Text("12345678") })
	c := client(t, s)
	msg := string(make([]byte, 4000))
	var last api.ChatResponse
	for range 2 {
		res, err := doChat(t.Context(), c, withCtx("P", "m", 2048, msg))
		if err != nil {
			t.Fatal(err)
		}
		last = res.final()
	}
	if last.PromptEvalCount != 1000 || last.PromptEvalCachedCount == nil || *last.PromptEvalCachedCount != 1000 {
		t.Fatalf("metrics = %+v, want 1000 prompt tokens all cached", last.Metrics)
	}
	if last.EvalCount != 2 || last.EvalDuration != 200*time.Millisecond || last.PromptEvalDuration != time.Millisecond {
		t.Errorf("durations = %+v, want 2 tokens in 200ms and a 1ms floor for reading nothing", last.Metrics)
	}
}

func TestNumPredictCutsAtLength(t *testing.T) {
	s := Start(t)
	s.Script("P", Text("aaaabbbbccccdddd"))
	req := withCtx("P", "m", 2048, "x")
	req.Options["num_predict"] = 2
	res, err := doChat(t.Context(), client(t, s), req)
	if err != nil {
		t.Fatal(err)
	}
	f := res.final()
	if res.content != "aaaabbbb" || f.DoneReason != "length" || !f.Done || f.EvalCount != 2 {
		t.Errorf("content %q, final %+v; want 2 tokens and done_reason length", res.content, f)
	}
}

func TestCutIsDoneFalseWithoutCounts(t *testing.T) {
	for _, stream := range []bool{true, false} {
		s := Start(t)
		s.Script("P", Reply{Content: `{"a":"xxxxxxxx`, Cut: true})
		req := chatRequest("P", stream, "x")
		res, err := doChat(t.Context(), client(t, s), req)
		if err != nil {
			t.Fatal(err)
		}
		f := res.final()
		if f.Done || f.DoneReason != "" || f.EvalCount != 0 || f.PromptEvalCount != 0 || res.content != `{"a":"xxxxxxxx` {
			t.Errorf("stream=%v: content %q final %+v; want the text then done false, no counts", stream, res.content, f)
		}
		if s.Tokens() != 0 {
			t.Errorf("stream=%v: Tokens() = %d, want 0 for a cut reply", stream, s.Tokens())
		}
	}
}

// TestPace: each token waits for the test, so a caller can watch a slow reply arrive.
func TestPace(t *testing.T) {
	s := Start(t)
	pace := make(chan struct{})
	s.Script("P", Reply{Content: "aaaabbbb", Pace: pace})
	got := make(chan string, 3)
	done := make(chan error, 1)
	go func() {
		done <- client(t, s).Chat(t.Context(), chatRequest("P", true, "x"), func(r api.ChatResponse) error {
			got <- r.Message.Content
			return nil
		})
	}()
	for _, want := range []string{"aaaa", "bbbb"} {
		select {
		case g := <-got:
			t.Fatalf("token %q arrived before the test let it go", g)
		default:
		}
		pace <- struct{}{}
		if g := <-got; g != want {
			t.Fatalf("token = %q, want %q", g, want)
		}
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestPSAndLoadOnly(t *testing.T) {
	s := Start(t)
	s.SetVRAM("big", 1)
	c := client(t, s)
	keep := &api.Duration{Duration: 30 * time.Minute}
	if err := c.Chat(t.Context(), &api.ChatRequest{Model: "big", KeepAlive: keep}, func(api.ChatResponse) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if s.Calls() != 0 || len(s.Loads()) != 1 || !slices.Equal(s.KeepAlives(), []time.Duration{30 * time.Minute}) {
		t.Errorf("calls %d loads %+v keep-alives %v; want a load only, kept 30m", s.Calls(), s.Loads(), s.KeepAlives())
	}
	ps, err := c.ListRunning(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(ps.Models) != 1 || ps.Models[0].Name != "big" || ps.Models[0].SizeVRAM != ps.Models[0].Size {
		t.Errorf("ps = %+v, want big wholly in GPU memory", ps.Models)
	}
}
