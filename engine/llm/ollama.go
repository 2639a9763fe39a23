package llm

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/errand-app/errand/engine/clock"
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
	// Timeout, when set, is every call's fixed time limit instead of the one derived from
	// the prompt's size and the model's measured speed (Limits); 0 = derived.
	Timeout time.Duration
	// Limits bound each call's time; the zero value takes the defaults in Limits.
	Limits Limits
	// KeepAlive keeps a model loaded between the calls of a task; 0 = 30 minutes, longer
	// than a person takes to answer a question mid-task. Release hands the models back to
	// AfterTask, 0 = Ollama's usual 5 minutes.
	KeepAlive, AfterTask time.Duration
	// Speeds remembers measured speeds across calls (and, saved by the app, across
	// starts); nil = a fresh memory.
	Speeds *Speeds
	// HTTP is the client to use; nil = a client with no overall timeout (ctx owns deadlines).
	HTTP *http.Client
	// Clock times calls and their limits; nil = Now with real timers, or the wall clock.
	Clock clock.Clock
	Now   func() time.Time // nil = time.Now; kept for callers that only inject Now
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
	if c.KeepAlive == 0 {
		c.KeepAlive = 30 * time.Minute
	}
	if c.AfterTask == 0 {
		c.AfterTask = 5 * time.Minute
	}
	if c.HTTP == nil {
		c.HTTP = &http.Client{}
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Clock == nil {
		c.Clock = nowClock(c.Now)
	}
	if c.Speeds == nil {
		c.Speeds = NewSpeeds(nil)
	}
	c.Limits = c.Limits.withDefaults()
	return c
}

// nowClock is the wall clock's timers with an injected Now.
type nowClock func() time.Time

func (f nowClock) Now() time.Time                       { return f() }
func (nowClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Ollama is the Model served by a local Ollama.
type Ollama struct {
	cfg    Config
	client *api.Client

	mu   sync.Mutex
	used map[string]time.Time // model → when a call last used it
	held map[string]bool      // models kept loaded for the task, until Release
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
	return &Ollama{cfg: cfg, client: api.NewClient(u, cfg.HTTP), used: map[string]time.Time{},
		held: map[string]bool{}}, nil
}

// Config returns the settings in force, defaults filled in.
func (o *Ollama) Config() Config { return o.cfg }

// Speeds returns the measured speeds, for the app to save.
func (o *Ollama) Speeds() *Speeds { return o.cfg.Speeds }

// ModelFor returns the model configured for a role.
func (o *Ollama) ModelFor(r Role) ModelConfig {
	if r == RoleFast {
		return o.cfg.Fast
	}
	return o.cfg.Planner
}

// touch records that a call used model; cold says whether it may have to be loaded.
func (o *Ollama) touch(model string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.used[model] = o.cfg.Clock.Now()
	o.held[model] = true
}

// Holding reports whether calls since the last Release keep models loaded.
func (o *Ollama) Holding() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.held) > 0
}

func (o *Ollama) cold(model string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	at, ok := o.used[model]
	return !ok || o.cfg.Clock.Now().Sub(at) > o.cfg.AfterTask
}

// Release ends a task's hold on the models it used: each stays loaded for AfterTask
// instead of the task's KeepAlive. A request with no messages only sets that, as the
// Ollama API documents; num_ctx is sent so it does not reload the model.
func (o *Ollama) Release(ctx context.Context) error {
	o.mu.Lock()
	var models []string
	for m := range o.held {
		models = append(models, m)
	}
	clear(o.held)
	o.mu.Unlock()
	slices.Sort(models)
	var errs []error
	for _, m := range models {
		req := &api.ChatRequest{Model: m, KeepAlive: &api.Duration{Duration: o.cfg.AfterTask},
			Options: map[string]any{"num_ctx": o.cfg.NumCtxFor(m)}}
		if err := o.client.Chat(ctx, req, func(api.ChatResponse) error { return nil }); err != nil {
			errs = append(errs, fmt.Errorf("release %s: %w", m, o.classify(ctx, m, err)))
		}
	}
	return errors.Join(errs...)
}

// classify turns transport and API errors into the sentinels the agent branches on.
func (o *Ollama) classify(ctx context.Context, model string, err error) error {
	var se api.StatusError
	switch {
	case errors.As(err, &se) && se.StatusCode == http.StatusNotFound:
		return &MissingError{Model: model}
	case errors.As(err, &se):
		return fmt.Errorf("ollama %s: %s", model, strings.TrimSpace(se.ErrorMessage+" "+se.Status))
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
