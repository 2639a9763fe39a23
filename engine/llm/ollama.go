package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/ollama/ollama/api"
)

// ModelConfig is one role's model.
type ModelConfig struct {
	Name        string  // e.g. "qwen2.5:7b"
	NumCtx      int     // context window asked for explicitly; 0 = 8192 (planner) or 4096 (fast)
	Temperature float64 // 0 = 0: plans and actions should not be creative
}

// Config configures the Ollama model. Zero values take the defaults.
type Config struct {
	Host    string      // "" = http://127.0.0.1:11434
	Planner ModelConfig // "" name = qwen2.5:7b
	Fast    ModelConfig // "" name = qwen2.5:1.5b
	// Timeout bounds one call, including a cold model load; 0 = 2 minutes.
	Timeout time.Duration
	// HTTP is the client to use; nil = a client with no overall timeout (ctx owns deadlines).
	HTTP *http.Client
	Now  func() time.Time // nil = time.Now; only durations are measured with it
}

// Defaults for the two roles: small instruct models that follow JSON schemas well.
const (
	DefaultHost    = "http://127.0.0.1:11434"
	DefaultPlanner = "qwen2.5:7b"
	DefaultFast    = "qwen2.5:1.5b"
)

func (c Config) withDefaults() Config {
	if c.Host == "" {
		c.Host = DefaultHost
	}
	if c.Planner.Name == "" {
		c.Planner.Name = DefaultPlanner
	}
	if c.Planner.NumCtx == 0 {
		c.Planner.NumCtx = 8192
	}
	if c.Fast.Name == "" {
		c.Fast.Name = DefaultFast
	}
	if c.Fast.NumCtx == 0 {
		c.Fast.NumCtx = 4096
	}
	if c.Timeout == 0 {
		c.Timeout = 2 * time.Minute
	}
	if c.HTTP == nil {
		c.HTTP = &http.Client{}
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// Ollama is the Model served by a local Ollama.
type Ollama struct {
	cfg    Config
	client *api.Client
}

var _ Model = (*Ollama)(nil)

// NewOllama returns the Ollama model at cfg.Host. It does not connect: Status says
// whether anything answers.
func NewOllama(cfg Config) (*Ollama, error) {
	cfg = cfg.withDefaults()
	u, err := url.Parse(cfg.Host)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("ollama address %q: want a URL such as %s", cfg.Host, DefaultHost)
	}
	return &Ollama{cfg: cfg, client: api.NewClient(u, cfg.HTTP)}, nil
}

// Config returns the settings in force, defaults filled in.
func (o *Ollama) Config() Config { return o.cfg }

// ModelFor returns the model configured for a role.
func (o *Ollama) ModelFor(r Role) ModelConfig {
	if r == RoleFast {
		return o.cfg.Fast
	}
	return o.cfg.Planner
}

// Chat makes one non-streaming call, constrained by the request's schema.
func (o *Ollama) Chat(ctx context.Context, req Request) (Reply, error) {
	mc := o.ModelFor(req.Role)
	ctx, cancel := context.WithTimeout(ctx, o.cfg.Timeout)
	defer cancel()
	stream := false
	cr := &api.ChatRequest{
		Model:   mc.Name,
		Stream:  &stream,
		Options: map[string]any{"num_ctx": mc.NumCtx, "temperature": mc.Temperature},
	}
	for _, m := range req.Messages {
		cr.Messages = append(cr.Messages, api.Message{Role: m.Role, Content: m.Content})
	}
	if req.Schema != nil {
		b, err := json.Marshal(req.Schema)
		if err != nil {
			return Reply{}, fmt.Errorf("chat %s: %w", req.Purpose, err)
		}
		cr.Format = b
	}
	start := o.cfg.Now()
	var (
		content strings.Builder
		last    api.ChatResponse
	)
	err := o.client.Chat(ctx, cr, func(r api.ChatResponse) error {
		content.WriteString(r.Message.Content)
		last = r
		return nil
	})
	if err != nil {
		return Reply{}, o.classify(ctx, mc.Name, err)
	}
	took := o.cfg.Now().Sub(start)
	if last.TotalDuration > 0 {
		took = last.TotalDuration
	}
	model := last.Model
	if model == "" {
		model = mc.Name
	}
	u := Usage{Purpose: req.Purpose, Role: req.Role, Model: model, PromptTokens: last.PromptEvalCount,
		CompletionTokens: last.EvalCount, Duration: took, DurationMs: took.Milliseconds()}
	u.Cost = Cost(model, u.PromptTokens, u.CompletionTokens)
	return Reply{Content: content.String(), Usage: u}, nil
}

// classify turns transport and API errors into the sentinels the agent branches on.
func (o *Ollama) classify(ctx context.Context, model string, err error) error {
	var se api.StatusError
	switch {
	case errors.As(err, &se) && se.StatusCode == http.StatusNotFound:
		return &MissingError{Model: model}
	case errors.As(err, &se):
		return fmt.Errorf("ollama %s: %s", model, strings.TrimSpace(se.ErrorMessage+" "+se.Status))
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fmt.Errorf("ollama %s: no reply within %s: %w", model, o.cfg.Timeout, ctx.Err())
	case ctx.Err() != nil:
		return fmt.Errorf("ollama %s: %w", model, ctx.Err())
	case unreachable(err):
		return fmt.Errorf("%w at %s (%v)", ErrUnavailable, o.cfg.Host, err)
	}
	return fmt.Errorf("ollama %s: %w", model, err)
}

func unreachable(err error) bool {
	var ne *net.OpError
	var ue *url.Error
	return errors.As(err, &ne) || errors.As(err, &ue) || strings.Contains(err.Error(), "connection refused")
}
