package fakeollama

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ollama/ollama/api"
)

// client returns a real Ollama client pointed at s.
func client(t *testing.T, s *Server) *api.Client {
	t.Helper()
	u, err := url.Parse(s.URL())
	if err != nil {
		t.Fatalf("parse server URL: %v", err)
	}
	return api.NewClient(u, http.DefaultClient)
}

// chatRequest builds a request the way Errand does: a titled schema format.
func chatRequest(purpose string, stream bool, msgs ...string) *api.ChatRequest {
	req := &api.ChatRequest{
		Model:  "test-model",
		Stream: &stream,
		Format: json.RawMessage(`{"title":` + quote(purpose) + `,"type":"object"}`),
	}
	for _, m := range msgs {
		req.Messages = append(req.Messages, api.Message{Role: "user", Content: m})
	}
	return req
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// chatResult is everything a Chat call delivered.
type chatResult struct {
	content string
	chunks  []api.ChatResponse
}

func (r chatResult) final() api.ChatResponse { return r.chunks[len(r.chunks)-1] }

func doChat(ctx context.Context, c *api.Client, req *api.ChatRequest) (chatResult, error) {
	var res chatResult
	err := c.Chat(ctx, req, func(resp api.ChatResponse) error {
		res.content += resp.Message.Content
		res.chunks = append(res.chunks, resp)
		return nil
	})
	return res, err
}

// statusCode returns the api.StatusError code in err, or 0.
func statusCode(err error) int {
	var se api.StatusError
	if errors.As(err, &se) {
		return se.StatusCode
	}
	return 0
}

func TestHeartbeatAndVersion(t *testing.T) {
	s := Start(t)
	c := client(t, s)
	if err := c.Heartbeat(t.Context()); err != nil {
		t.Fatalf("Heartbeat: %v", err)
	}
	v, err := c.Version(t.Context())
	if err != nil || v != "0.34.4-fake" {
		t.Fatalf("Version = %q, %v; want 0.34.4-fake", v, err)
	}

	resp, err := http.Get(s.URL())
	if err != nil {
		t.Fatalf("GET /: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET / status = %d", resp.StatusCode)
	}
}

func TestUnknownRoutesAre404(t *testing.T) {
	s := Start(t)
	for _, target := range []string{"/nope", "/api/chat", "/api/generate"} {
		resp, err := http.Get(s.URL() + target)
		if err != nil {
			t.Fatalf("GET %s: %v", target, err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s status = %d, want 404", target, resp.StatusCode)
		}
	}
}

func TestListAndShow(t *testing.T) {
	s := Start(t)
	c := client(t, s)

	lr, err := c.List(t.Context())
	if err != nil || len(lr.Models) != 0 {
		t.Fatalf("List before SetModels = %+v, %v; want empty", lr, err)
	}

	s.SetModels("qwen3:8b", "llama3:latest")
	lr, err = c.List(t.Context())
	if err != nil {
		t.Fatalf("List: %v", err)
	}
	var names []string
	for _, m := range lr.Models {
		if m.Name != m.Model || m.Size != 1 || m.ModifiedAt.IsZero() {
			t.Errorf("model entry %+v: want Name == Model, Size 1, ModifiedAt set", m)
		}
		names = append(names, m.Name)
	}
	if want := []string{"qwen3:8b", "llama3:latest"}; !slices.Equal(names, want) {
		t.Errorf("List names = %v, want %v", names, want)
	}

	if _, err := c.Show(t.Context(), &api.ShowRequest{Model: "qwen3:8b"}); err != nil {
		t.Errorf("Show listed model: %v", err)
	}
	_, err = c.Show(t.Context(), &api.ShowRequest{Model: "missing"})
	if statusCode(err) != http.StatusNotFound || !strings.Contains(err.Error(), "model 'missing' not found") {
		t.Errorf("Show unlisted model err = %v, want 404 not found", err)
	}
}

func TestPull(t *testing.T) {
	for _, stream := range []bool{true, false} {
		t.Run(map[bool]string{true: "stream", false: "single"}[stream], func(t *testing.T) {
			s := Start(t)
			s.SetPullable("qwen3:8b")
			c := client(t, s)

			var progress []api.ProgressResponse
			err := c.Pull(t.Context(), &api.PullRequest{Model: "qwen3:8b", Stream: &stream},
				func(p api.ProgressResponse) error {
					progress = append(progress, p)
					return nil
				})
			if err != nil {
				t.Fatalf("Pull: %v", err)
			}
			if got := progress[len(progress)-1].Status; got != "success" {
				t.Errorf("last status = %q, want success", got)
			}
			full := slices.ContainsFunc(progress, func(p api.ProgressResponse) bool {
				return p.Total == 300 && p.Completed == 300 && strings.HasPrefix(p.Digest, "sha256:")
			})
			if stream && (!full || len(progress) != 6) {
				t.Errorf("streamed progress = %+v, want 6 lines incl. 300/300", progress)
			}
			if !stream && len(progress) != 1 {
				t.Errorf("non-streamed progress = %+v, want only success", progress)
			}

			lr, err := c.List(t.Context())
			if err != nil || len(lr.Models) != 1 || lr.Models[0].Name != "qwen3:8b" {
				t.Errorf("List after pull = %+v, %v; want qwen3:8b", lr, err)
			}
		})
	}
}

func TestPullUnknownModel(t *testing.T) {
	s := Start(t)
	s.SetPullable("qwen3:8b")
	c := client(t, s)
	called := false
	err := c.Pull(t.Context(), &api.PullRequest{Model: "nope:1b"}, func(api.ProgressResponse) error {
		called = true
		return nil
	})
	if statusCode(err) != http.StatusNotFound || !strings.Contains(err.Error(), "file does not exist") {
		t.Fatalf("Pull unknown err = %v, want 404 file does not exist", err)
	}
	if called {
		t.Error("progress callback ran for a failed pull")
	}
	if lr, _ := c.List(t.Context()); len(lr.Models) != 0 {
		t.Errorf("failed pull listed %+v", lr.Models)
	}
}

func TestChatReply(t *testing.T) {
	tests := []struct {
		name       string
		stream     bool
		reply      Reply
		msgs       []string
		wantPrompt int
		wantEval   int
		wantModel  string
	}{
		{"single given tokens", false, Reply{Content: `{"a":1}`, PromptTokens: 7, EvalTokens: 3}, []string{"hi"}, 7, 3, "test-model"},
		{"single estimated", false, Text("0123456789abcdef"), []string{"12345678", "1234"}, 3, 4, "test-model"},
		{"single estimate floor", false, Text(""), nil, 1, 1, "test-model"},
		{"stream given tokens", true, Reply{Content: "hello world", PromptTokens: 11, EvalTokens: 2, Model: "other"}, []string{"x"}, 11, 2, "other"},
		{"stream estimated utf8", true, Text("héllo wörld ünïcode"), []string{"0123456789abcdef"}, 4, 5, "test-model"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Start(t)
			s.Script("PLANNING", tt.reply)
			res, err := doChat(t.Context(), client(t, s), chatRequest("PLANNING", tt.stream, tt.msgs...))
			if err != nil {
				t.Fatalf("Chat: %v", err)
			}
			if res.content != tt.reply.Content {
				t.Errorf("content = %q, want %q", res.content, tt.reply.Content)
			}
			wantChunks := 1
			if tt.stream {
				wantChunks = len(tokenize(tt.reply.Content)) + 1
			}
			if len(res.chunks) != wantChunks {
				t.Fatalf("got %d responses, want %d", len(res.chunks), wantChunks)
			}
			for _, c := range res.chunks[:len(res.chunks)-1] {
				if c.Done || c.Message.Role != "assistant" {
					t.Errorf("chunk %+v: want not done, role assistant", c)
				}
			}
			f := res.final()
			if !f.Done || f.DoneReason != "stop" || f.Model != tt.wantModel {
				t.Errorf("final = %+v; want done, stop, model %q", f, tt.wantModel)
			}
			if f.PromptEvalCount != tt.wantPrompt || f.EvalCount != tt.wantEval {
				t.Errorf("tokens = %d+%d, want %d+%d", f.PromptEvalCount, f.EvalCount, tt.wantPrompt, tt.wantEval)
			}
			if f.EvalDuration <= 0 || f.TotalDuration < f.EvalDuration+f.PromptEvalDuration {
				t.Errorf("durations = %+v, want positive and consistent", f.Metrics)
			}
			if s.Tokens() != tt.wantPrompt+tt.wantEval {
				t.Errorf("Tokens() = %d, want %d", s.Tokens(), tt.wantPrompt+tt.wantEval)
			}
		})
	}
}

func TestPurposeOf(t *testing.T) {
	tests := []struct {
		format string
		want   string
	}{
		{"", ""},
		{`"json"`, ""},
		{`null`, ""},
		{`{"type":"object"}`, ""},
		{`{"title":5}`, ""},
		{`{"title":"PLANNING","type":"object","properties":{"title":{"type":"string"}}}`, "PLANNING"},
	}
	for _, tt := range tests {
		if got := purposeOf(json.RawMessage(tt.format)); got != tt.want {
			t.Errorf("purposeOf(%s) = %q, want %q", tt.format, got, tt.want)
		}
	}
}

func TestQueuesArePerPurposeFIFO(t *testing.T) {
	s := Start(t)
	c := client(t, s)
	s.Script("A", Text("a1"), JSON(map[string]int{"n": 2}))
	s.Script("B", Text("b1"))
	s.Script("B", Text("b2"))

	steps := []struct{ purpose, want string }{
		{"A", "a1"}, {"B", "b1"}, {"B", "b2"}, {"A", `{"n":2}`},
	}
	for i, st := range steps {
		res, err := doChat(t.Context(), c, chatRequest(st.purpose, i%2 == 0, "step"))
		if err != nil || res.content != st.want {
			t.Fatalf("step %d (%s) = %q, %v; want %q", i, st.purpose, res.content, err, st.want)
		}
	}
	var order []string
	for _, r := range s.Requests() {
		order = append(order, r.Purpose)
	}
	if want := []string{"A", "B", "B", "A"}; !slices.Equal(order, want) {
		t.Errorf("Requests purposes = %v, want %v", order, want)
	}
}

func TestHandleFallback(t *testing.T) {
	s := Start(t)
	c := client(t, s)
	s.Script("EXTRACT", Text("scripted"))
	var (
		mu   sync.Mutex
		seen []string
	)
	s.Handle("EXTRACT", func(req Request) Reply {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, req.User())
		return Text("handled " + req.User())
	})

	for i, want := range []string{"scripted", "handled two", "handled three"} {
		msg := []string{"one", "two", "three"}[i]
		res, err := doChat(t.Context(), c, chatRequest("EXTRACT", false, msg))
		if err != nil || res.content != want {
			t.Fatalf("call %d = %q, %v; want %q", i, res.content, err, want)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if !slices.Equal(seen, []string{"two", "three"}) {
		t.Errorf("handler saw %v, want [two three]", seen)
	}

	s.Handle("EXTRACT", nil)
	if _, err := doChat(t.Context(), c, chatRequest("EXTRACT", false, "four")); statusCode(err) != 500 {
		t.Errorf("after removing handler err = %v, want 500", err)
	}
}

func TestFailSurfacesStatusError(t *testing.T) {
	for _, stream := range []bool{true, false} {
		s := Start(t)
		s.Script("P", Fail(http.StatusServiceUnavailable, "overloaded"), Fail(500, "boom"))
		c := client(t, s)
		for _, want := range []struct {
			code int
			msg  string
		}{{503, "overloaded"}, {500, "boom"}} {
			_, err := doChat(t.Context(), c, chatRequest("P", stream, "x"))
			var se api.StatusError
			if !errors.As(err, &se) || se.StatusCode != want.code || se.ErrorMessage != want.msg {
				t.Errorf("stream=%v err = %#v, want StatusError %d %q", stream, err, want.code, want.msg)
			}
		}
		if s.Calls() != 2 || s.Tokens() != 0 {
			t.Errorf("stream=%v Calls, Tokens = %d, %d; want 2, 0", stream, s.Calls(), s.Tokens())
		}
	}
}

func TestUnscriptedPurpose(t *testing.T) {
	s := Start(t)
	c := client(t, s)
	_, err := doChat(t.Context(), c, chatRequest("VERIFY", true, "x"))
	if statusCode(err) != 500 || !strings.Contains(err.Error(), `no scripted reply for purpose "VERIFY"`) {
		t.Fatalf("err = %v, want 500 no scripted reply", err)
	}
	// An untitled format is purpose "".
	req := chatRequest("", false, "x")
	req.Format = json.RawMessage(`"json"`)
	if _, err := doChat(t.Context(), c, req); statusCode(err) != 500 {
		t.Fatalf("untitled err = %v, want 500", err)
	}
	if got := s.Unexpected(); !slices.Equal(got, []string{"VERIFY", ""}) {
		t.Errorf("Unexpected() = %q, want [VERIFY \"\"]", got)
	}
}

// startHanging sends a chat for purpose in the background and returns once
// the server has recorded it; the channel yields the call's outcome.
func startHanging(t *testing.T, ctx context.Context, s *Server, purpose string) <-chan outcome {
	t.Helper()
	out := make(chan outcome, 1)
	c := client(t, s)
	before := s.CallsFor(purpose)
	go func() {
		res, err := doChat(ctx, c, chatRequest(purpose, true, "wait"))
		out <- outcome{res.content, err}
	}()
	if err := s.WaitCalls(t.Context(), purpose, before+1); err != nil {
		t.Fatal(err)
	}
	return out
}

type outcome struct {
	content string
	err     error
}

func lateHang() Reply {
	r := Hang()
	r.Content = "late"
	return r
}

func TestHangCancel(t *testing.T) {
	s := Start(t)
	s.Script("H", lateHang())
	ctx, cancel := context.WithCancel(t.Context())
	out := startHanging(t, ctx, s, "H")
	cancel()
	if got := <-out; !errors.Is(got.err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", got.err)
	}
	if s.Tokens() != 0 {
		t.Errorf("Tokens() = %d after cancelled call, want 0", s.Tokens())
	}
}

func TestHangRelease(t *testing.T) {
	s := Start(t)
	s.Script("H", lateHang(), lateHang())
	a := startHanging(t, t.Context(), s, "H")
	b := startHanging(t, t.Context(), s, "H")
	s.Release()
	for _, out := range []<-chan outcome{a, b} {
		if got := <-out; got.err != nil || got.content != "late" {
			t.Errorf("released call = %q, %v; want late", got.content, got.err)
		}
	}
}

func TestCloseEndsHangingRequests(t *testing.T) {
	s := New()
	s.Script("H", Hang())
	out := startHanging(t, t.Context(), s, "H")
	s.Close()
	s.Close() // idempotent
	if got := <-out; got.err == nil {
		t.Errorf("hanging call = %q, nil after Close; want an error", got.content)
	}
}

func TestWaitCallsHonoursContext(t *testing.T) {
	s := Start(t)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := s.WaitCalls(ctx, "P", 1); !errors.Is(err, context.Canceled) {
		t.Errorf("WaitCalls err = %v, want context.Canceled", err)
	}
}

func TestCounters(t *testing.T) {
	s := Start(t)
	c := client(t, s)
	s.Script("A", Reply{Content: "a", PromptTokens: 10, EvalTokens: 5}, Fail(500, "x"))
	s.Script("B", Reply{Content: "b", PromptTokens: 1, EvalTokens: 2})
	for _, p := range []string{"A", "A", "B", "C"} {
		_, _ = doChat(t.Context(), c, chatRequest(p, false, "m"))
	}
	if s.Calls() != 4 || s.CallsFor("A") != 2 || s.CallsFor("B") != 1 || s.CallsFor("C") != 1 || s.CallsFor("D") != 0 {
		t.Errorf("Calls = %d, A=%d B=%d C=%d D=%d; want 4, 2, 1, 1, 0",
			s.Calls(), s.CallsFor("A"), s.CallsFor("B"), s.CallsFor("C"), s.CallsFor("D"))
	}
	if s.Tokens() != 18 {
		t.Errorf("Tokens() = %d, want 18 (failed and unexpected calls excluded)", s.Tokens())
	}
	if got := s.Requests(); len(got) != 4 || got[0].Chat.Messages[0].Content != "m" || got[0].Chat.Model != "test-model" {
		t.Errorf("Requests() = %+v", got)
	}
}
