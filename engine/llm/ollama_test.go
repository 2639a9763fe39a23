package llm

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/llm/fakeollama"
)

// newOllama returns the real client pointed at srv, with cfg's other settings.
func newOllama(t *testing.T, srv *fakeollama.Server, cfg Config) *Ollama {
	t.Helper()
	cfg.Host = srv.URL()
	o, err := NewOllama(cfg)
	if err != nil {
		t.Fatalf("NewOllama: %v", err)
	}
	return o
}

// startFake starts a fake Ollama and fails the test if a call reached it unscripted.
func startFake(t *testing.T) *fakeollama.Server {
	t.Helper()
	srv := fakeollama.Start(t)
	t.Cleanup(func() {
		if u := srv.Unexpected(); len(u) > 0 {
			t.Errorf("unscripted calls for purposes %q", u)
		}
	})
	return srv
}

// closedURL is the address of a server that has stopped: nothing listens there.
func closedURL() string {
	srv := fakeollama.New()
	u := srv.URL()
	srv.Close()
	return u
}

func TestNewOllamaConfig(t *testing.T) {
	o, err := NewOllama(Config{})
	if err != nil {
		t.Fatalf("NewOllama(zero): %v", err)
	}
	c := o.Config()
	if c.Host != DefaultHost || c.Planner.Name != DefaultPlanner || c.Fast.Name != DefaultFast ||
		c.Planner.NumCtx != 8192 || c.Fast.NumCtx != 4096 || c.Timeout != 0 || c.KeepAlive != 30*time.Minute ||
		c.AfterTask != 5*time.Minute || c.Limits.Idle != 30*time.Second {
		t.Errorf("defaults = %+v", c)
	}
	for _, host := range []string{"localhost", "127.0.0.1:11434", "http://%zz"} {
		if _, err := NewOllama(Config{Host: host}); err == nil || !strings.Contains(err.Error(), DefaultHost) {
			t.Errorf("NewOllama(%q) err = %v, want one suggesting %s", host, err, DefaultHost)
		}
	}
}

func TestOllamaChat(t *testing.T) {
	tests := []struct {
		name     string
		cfg      Config
		role     Role
		wantName string
		wantCtx  float64 // JSON numbers decode as float64 on the server
		wantTemp float64
	}{
		{name: "planner default", role: RolePlanner, wantName: DefaultPlanner, wantCtx: 8192},
		{name: "fast default", role: RoleFast, wantName: DefaultFast, wantCtx: 4096},
		{name: "no role is the planner", role: "", wantName: DefaultPlanner, wantCtx: 8192},
		{
			name:     "planner configured",
			cfg:      Config{Planner: ModelConfig{Name: "llama3.1:8b", NumCtx: 16384, Temperature: 0.2}},
			role:     RolePlanner,
			wantName: "llama3.1:8b", wantCtx: 16384, wantTemp: 0.2,
		},
		{
			name:     "fast configured",
			cfg:      Config{Fast: ModelConfig{Name: "phi3:mini", NumCtx: 2048, Temperature: 0.1}},
			role:     RoleFast,
			wantName: "phi3:mini", wantCtx: 2048, wantTemp: 0.1,
		},
		{
			name:     "fast default beside a configured planner",
			cfg:      Config{Planner: ModelConfig{Name: "llama3.1:8b"}},
			role:     RoleFast,
			wantName: DefaultFast, wantCtx: 4096,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := startFake(t)
			srv.Script(string(PurposePlanning), fakeollama.Reply{Content: goodReply, PromptTokens: 120, EvalTokens: 30})
			o := newOllama(t, srv, tt.cfg)
			schema := SchemaFor[reply](PurposePlanning)
			msgs := []Message{{Role: "system", Content: "you plan"}, {Role: "user", Content: "search for cats"}}

			rep, err := o.Chat(t.Context(), Request{Purpose: PurposePlanning, Role: tt.role, Messages: msgs, Schema: schema})
			if err != nil {
				t.Fatalf("Chat: %v", err)
			}
			if rep.Content != goodReply {
				t.Errorf("content = %q, want %q", rep.Content, goodReply)
			}
			want := Usage{Purpose: PurposePlanning, Role: tt.role, Model: tt.wantName, PromptTokens: 120,
				CompletionTokens: 30, Duration: 150 * time.Millisecond, DurationMs: 150, Cost: 0}
			if rep.Usage != want {
				t.Errorf("usage = %+v, want %+v", rep.Usage, want)
			}

			reqs := srv.Requests()
			if len(reqs) != 1 {
				t.Fatalf("server saw %d chats, want 1", len(reqs))
			}
			got := reqs[0].Chat
			if got.Stream != nil {
				t.Errorf("stream = %v, want the streaming default", *got.Stream)
			}
			if got.KeepAlive == nil || got.KeepAlive.Duration != 30*time.Minute {
				t.Errorf("keep_alive = %v, want 30m for the length of a task", got.KeepAlive)
			}
			if got.Options["num_predict"] != float64(MaxTokens(schema)) {
				t.Errorf("num_predict = %v, want %d from the schema", got.Options["num_predict"], MaxTokens(schema))
			}
			if got.Model != tt.wantName {
				t.Errorf("model = %q, want %q", got.Model, tt.wantName)
			}
			wantFormat, _ := json.Marshal(schema)
			if string(got.Format) != string(wantFormat) {
				t.Errorf("format = %s\nwant the schema %s", got.Format, wantFormat)
			}
			if reqs[0].Purpose != string(PurposePlanning) {
				t.Errorf("format title = %q, want PLANNING", reqs[0].Purpose)
			}
			if got.Options["num_ctx"] != tt.wantCtx || got.Options["temperature"] != tt.wantTemp {
				t.Errorf("options = %v, want num_ctx %v, temperature %v", got.Options, tt.wantCtx, tt.wantTemp)
			}
			var sent []Message
			for _, m := range got.Messages {
				sent = append(sent, Message{Role: m.Role, Content: m.Content})
			}
			if !slices.Equal(sent, msgs) {
				t.Errorf("messages = %+v, want %+v", sent, msgs)
			}
		})
	}
}

// TestOllamaChatNoSchema: a free-text call sends no format at all.
func TestOllamaChatNoSchema(t *testing.T) {
	srv := startFake(t)
	srv.Script("", fakeollama.Text("hello"))
	o := newOllama(t, srv, Config{})
	rep, err := o.Chat(t.Context(), Request{Purpose: PurposeCritic, Role: RoleFast,
		Messages: []Message{{Role: "user", Content: "say hello"}}})
	if err != nil || rep.Content != "hello" {
		t.Fatalf("Chat = %+v, %v", rep, err)
	}
	if f := srv.Requests()[0].Chat.Format; len(f) != 0 {
		t.Errorf("format = %s, want none", f)
	}
}

func TestOllamaStructuredRepair(t *testing.T) {
	srv := startFake(t)
	purpose := string(PurposeVerification)
	srv.Script(purpose, fakeollama.Text("not json"), fakeollama.JSON(wantReply))
	o := newOllama(t, srv, Config{})

	got, usage, err := Structured[reply](t.Context(), o, Request{Purpose: PurposeVerification, Role: RoleFast,
		Messages: []Message{{Role: "user", Content: "done?"}}})
	if err != nil {
		t.Fatalf("Structured: %v", err)
	}
	if !equalReply(got, wantReply) {
		t.Errorf("reply = %+v, want %+v", got, wantReply)
	}
	if n := srv.CallsFor(purpose); n != 2 {
		t.Errorf("CallsFor(%s) = %d, want 2", purpose, n)
	}
	if len(usage) != 2 || !usage[0].Failed || usage[1].Failed || usage[0].Model != DefaultFast {
		t.Errorf("usage = %+v, want a failed then a good call on %s", usage, DefaultFast)
	}
	msgs := srv.Requests()[1].Chat.Messages
	if len(msgs) != 3 || msgs[1].Role != "assistant" || msgs[1].Content != "not json" ||
		!strings.Contains(msgs[2].Content, "no JSON object") {
		t.Errorf("repair request messages = %+v", msgs)
	}
}

func TestOllamaModelMissing(t *testing.T) {
	srv := startFake(t)
	srv.Script(string(PurposePlanning), fakeollama.Fail(http.StatusNotFound, "model 'qwen2.5:7b' not found"))
	o := newOllama(t, srv, Config{})

	// Through Structured: a missing model is not the reply's fault, so no repair.
	_, usage, err := Structured[reply](t.Context(), o, Request{Purpose: PurposePlanning, Role: RolePlanner})
	var missing *MissingError
	if !errors.As(err, &missing) || missing.Model != DefaultPlanner {
		t.Fatalf("err = %v, want a *MissingError for %s", err, DefaultPlanner)
	}
	if !errors.Is(err, ErrModelMissing) {
		t.Errorf("err = %v, want it to wrap ErrModelMissing", err)
	}
	if want := "ollama pull " + DefaultPlanner; !strings.Contains(err.Error(), want) {
		t.Errorf("err = %q, want it to say %q", err, want)
	}
	if n := srv.CallsFor(string(PurposePlanning)); n != 1 || len(usage) != 0 {
		t.Errorf("%d calls, usage %+v; want one call and no usage", n, usage)
	}
}

func TestOllamaUnavailable(t *testing.T) {
	o, err := NewOllama(Config{Host: closedURL(), Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	_, err = o.Chat(t.Context(), Request{Purpose: PurposePlanning})
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("err = %v, want ErrUnavailable", err)
	}
	// Refused at once: had the call waited for its deadline, the error would say so.
	if errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v: waited for the deadline instead of failing at once", err)
	}
}

func TestOllamaTimeout(t *testing.T) {
	srv := startFake(t)
	// Cleanups run last-in first-out: the hanging handler is released before Close.
	t.Cleanup(srv.Release)
	srv.Script(string(PurposePlanning), fakeollama.Hang())
	o := newOllama(t, srv, Config{Timeout: 50 * time.Millisecond})

	_, err := o.Chat(t.Context(), Request{Purpose: PurposePlanning, Role: RolePlanner, Schema: SchemaFor[reply](PurposePlanning)})
	if err == nil {
		t.Fatal("Chat returned no error from a server that never replied")
	}
	if !strings.Contains(err.Error(), "no reply within 50ms") || !errors.Is(err, ErrTooSlow) {
		t.Errorf("err = %v, want one saying no reply within 50ms", err)
	}
	if errors.Is(err, ErrUnavailable) {
		t.Errorf("err = %v: a slow server is not an absent one", err)
	}
}

func TestOllamaServerError(t *testing.T) {
	srv := startFake(t)
	srv.Script(string(PurposePlanning), fakeollama.Fail(http.StatusInternalServerError, "out of memory loading model"))
	o := newOllama(t, srv, Config{})

	_, err := o.Chat(t.Context(), Request{Purpose: PurposePlanning, Schema: SchemaFor[reply](PurposePlanning)})
	if err == nil || !strings.Contains(err.Error(), "out of memory loading model") {
		t.Fatalf("err = %v, want the server's message", err)
	}
	if errors.Is(err, ErrUnavailable) || errors.Is(err, ErrModelMissing) || errors.Is(err, ErrMalformed) {
		t.Errorf("err = %v: a server failure must not read as another outcome", err)
	}
}
