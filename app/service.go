package app

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/browser"
	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/knowledge"
	"github.com/errand-app/errand/store"
)

// Service is Errand's one application object: the desktop window, the HTTP server and the
// CLI all drive it. It owns the store and, once a task needs it, one browser.
type Service struct {
	dataDir string
	db      *store.Store
	log     *slog.Logger
	now     func() time.Time
	live    atomic.Pointer[setup] // swapped whole by SaveSettings; a running task keeps its own
	runs    atomic.Int32          // tasks running now
	speeds  *llm.Speeds           // measured model speeds, shared by every setup

	// know is the knowledge base and learned memory model errands draw on, opened on
	// first use.
	know *siteKnowledge

	mu    sync.Mutex
	br    *browser.Browser
	facts machineFacts // guarded by mu
}

// setup is what the settings decide: the config, the model client and the agent built on
// them.
type setup struct {
	cfg   Config
	model *llm.Ollama // nil when offline
	know  *siteKnowledge
	agent *agent.Agent
}

// Options are the Service's injected dependencies; zero values are the real ones.
type Options struct {
	Getenv func(string) string // nil = no environment
	Logger *slog.Logger        // nil = discard
	Now    func() time.Time    // nil = time.Now
	// Machine reads RAM and CPUs on the first start; nil = DetectMachine.
	Machine func() llm.Machine
}

// Open resolves the data directory and opens the store. The browser starts on first use,
// so `errand tasks` never launches Chrome.
func Open(ctx context.Context, cfg Config, opts Options) (*Service, error) {
	if opts.Getenv == nil {
		opts.Getenv = func(string) string { return "" }
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Machine == nil {
		opts.Machine = DetectMachine
	}
	dir, err := ResolveDataDir(cfg, opts.Getenv)
	if err != nil {
		return nil, err
	}
	facts, err := loadFacts(dir, opts.Machine)
	if err != nil {
		return nil, err
	}
	db, err := store.Open(ctx, filepath.Join(dir, "errand.db"), store.Options{Now: opts.Now, Logger: opts.Logger})
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	s := &Service{dataDir: dir, db: db, log: opts.Logger, now: opts.Now, facts: facts,
		speeds: llm.NewSpeeds(facts.Speeds)}
	s.know = &siteKnowledge{
		openBase: func(ctx context.Context) (*knowledge.Base, error) {
			// The settings in force when it opens: Settings may have changed the
			// embedding model since the start.
			return OpenKnowledge(ctx, s.live.Load().cfg, opts, KnowledgeOptions{})
		},
		openMemory: func(ctx context.Context) (*Memory, error) {
			return OpenMemory(ctx, dir, nil)
		},
	}
	saved, err := loadSettings(dir)
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	su, err := s.newSetup(saved.under(cfg))
	if err != nil {
		_ = db.Close()
		return nil, err
	}
	s.live.Store(su)
	return s, nil
}

// newSetup builds the model client and the agent for cfg. Models cfg leaves unnamed are
// the ones recommended for the machine.
func (s *Service) newSetup(cfg Config) (*setup, error) {
	su := &setup{cfg: cfg, know: s.know}
	if !cfg.Offline {
		rec := llm.Recommend(s.machine())
		planner, fast := cmp.Or(cfg.PlannerModel, rec.Planner), cmp.Or(cfg.FastModel, rec.Fast)
		m, err := llm.NewOllama(llm.Config{Host: cfg.OllamaHost, Planner: llm.ModelConfig{Name: planner},
			Fast: llm.ModelConfig{Name: fast}, Now: s.now, Speeds: s.speeds})
		if err != nil {
			return nil, err
		}
		su.model = m
	}
	su.agent = su.newAgent(cfg.Decisions)
	return su, nil
}

// newAgent builds the agent with the model, unless offline. The model is not asked
// whether it runs: an errand the rules model can do never calls it, and one that needs
// it fails at once, with this advice, when nothing answers.
func (s *setup) newAgent(set agent.Settings) *agent.Agent {
	cfg := agent.Config{Settings: set, SearchURL: s.cfg.SearchURL, Memory: s.know,
		Offline: "Errand is running offline (--offline): only explicit commands and errands done before."}
	if s.model != nil {
		mc := s.model.Config()
		cfg.Model, cfg.Knowledge = s.model, s.know
		cfg.Offline = offlineAdvice(mc.Host, mc.Planner.Name, mc.Fast.Name)
	}
	return agent.New(cfg)
}

// offlineAdvice is what a model errand says when no Ollama answers. When one model serves
// both roles it is named once.
func offlineAdvice(host, planner, fast string) string {
	what := "models"
	if planner == fast {
		what = "model"
	}
	return fmt.Sprintf("Install Ollama from https://ollama.com, start it (ollama serve) at %s and get the %s: %s. "+
		"Until then Errand runs explicit commands such as: type 'Jas' into Name and click Save.",
		host, what, llm.PullCommand(planner, fast))
}

// ModelStatus says whether Ollama answers and has the configured models, with advice
// when it does not; offline, it says so.
func (s *Service) ModelStatus(ctx context.Context) llm.Status {
	su := s.live.Load()
	if su.model == nil {
		return llm.Status{Error: "offline: the rules model only"}
	}
	return su.model.Status(ctx)
}

// ErrTooBig refuses to pull a model the machine has too little memory for.
var ErrTooBig = errors.New("too big for this machine")

// PullModel downloads a model into Ollama, reporting progress. A model too big for the
// machine's memory is refused before anything is downloaded, saying why.
func (s *Service) PullModel(ctx context.Context, name string, progress func(llm.Progress)) error {
	su := s.live.Load()
	if su.model == nil {
		return errors.New("pull model: Errand is running offline")
	}
	if advice := s.PullAdvice(name); advice != "" {
		return fmt.Errorf("pull %s: %w: %s", name, ErrTooBig, advice)
	}
	return su.model.Pull(ctx, name, progress)
}

// Close stops the browser (never a person's own, when attached) and closes the store.
func (s *Service) Close() error {
	s.mu.Lock()
	br := s.br
	s.br = nil
	s.mu.Unlock()
	var errs []error
	if br != nil {
		errs = append(errs, br.Close())
	}
	errs = append(errs, s.know.Close(), s.db.Close())
	return errors.Join(errs...)
}

// browser returns the running browser, launching it with the dedicated persistent profile
// (recent Chrome refuses DevTools on a person's default profile) or attaching.
func (s *Service) browser(ctx context.Context) (*browser.Browser, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.br != nil {
		return s.br, nil
	}
	cfg := s.live.Load().cfg
	br, err := browser.Launch(ctx, browser.Config{
		ChromePath: cfg.ChromePath,
		ProfileDir: filepath.Join(s.dataDir, "chrome-profile"),
		Headless:   cfg.Headless,
		Attach:     cfg.Attach,
		Logger:     s.log,
	})
	if err != nil {
		return nil, fmt.Errorf("start browser: %w", err)
	}
	s.br = br
	return br, nil
}

// TaskRequest is one errand to run.
type TaskRequest struct {
	Goal     string
	URL      string         // start page; "" = the attached browser's current page
	Allow    []string       // extra allowed domains
	Sink     agent.Sink     // nil = no events
	Prompter agent.Prompter // nil = dialogs end the run with agent.ErrNeedsAnswer
	Profile  agent.Profile  // "" = the configured routing profile
	NoReplay bool           // neither replay an errand done before nor remember this one
}

// Run carries out one errand in a new tab (or the attached browser's active page).
func (s *Service) Run(ctx context.Context, req TaskRequest) (agent.Result, error) {
	s.runs.Add(1)
	defer s.runs.Add(-1)
	su := s.live.Load()
	pg, done, err := s.page(ctx, su, req.URL, req.Allow)
	if err != nil {
		return agent.Result{}, err
	}
	defer done()
	defer s.afterTask(ctx, su)
	res, err := s.runner(su, pg, req).Run(withProgress(ctx, req.Sink), req.Goal, req.URL)
	s.settleHints(ctx, res, req.Goal)
	return res, err
}

// settleHints counts a finished errand as a success or failure of the skills offered to
// it as hints, under the goal as typed and as answers completed it.
func (s *Service) settleHints(ctx context.Context, res agent.Result, goal string) {
	if res.Status != agent.PhaseCompleted && res.Status != agent.PhaseFailed {
		return
	}
	goals := []string{goal}
	if st, err := (taskStore{s.db}).LoadState(context.WithoutCancel(ctx), res.TaskID); err == nil && st.Goal != goal {
		goals = append(goals, st.Goal)
	}
	for _, g := range goals {
		if err := s.know.settle(context.WithoutCancel(ctx), g, res.Status == agent.PhaseCompleted); err != nil {
			s.log.Warn("count the hints' outcome", "err", err)
		}
	}
}

// Resume continues an interrupted task from its last verified step.
func (s *Service) Resume(ctx context.Context, id string, req TaskRequest) (agent.Result, error) {
	st, err := taskStore{s.db}.LoadState(ctx, id)
	if err != nil {
		return agent.Result{}, fmt.Errorf("resume %s: %w", id, err)
	}
	s.runs.Add(1)
	defer s.runs.Add(-1)
	su := s.live.Load()
	pg, done, err := s.page(ctx, su, st.StartURL, req.Allow)
	if err != nil {
		return agent.Result{}, err
	}
	defer done()
	defer s.afterTask(ctx, su)
	res, err := s.runner(su, pg, req).Resume(withProgress(ctx, req.Sink), id)
	s.settleHints(ctx, res, st.Goal)
	return res, err
}

func (s *Service) runner(su *setup, pg *browser.Page, req TaskRequest) *agent.Runner {
	return &agent.Runner{Agent: su.agentFor(req.Profile), Browser: pg, Store: taskStore{s.db}, Prompter: req.Prompter,
		Sink: req.Sink, Now: s.now, NewID: newTaskID, Logger: s.log, NoReplay: req.NoReplay}
}

// page opens the tab a task works in and limits it to the task's domains: the start
// page's host plus what the person allowed (docs/decisions.md D-39).
func (s *Service) page(ctx context.Context, su *setup, startURL string, allow []string) (*browser.Page, func(), error) {
	cfg := su.cfg
	br, err := s.browser(ctx)
	if err != nil {
		return nil, nil, err
	}
	var pg *browser.Page
	if cfg.Attach != "" {
		pg, err = br.ActivePage(ctx)
	} else {
		pg, err = br.NewPage(ctx)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("open tab: %w", err)
	}
	domains := append(append([]string(nil), cfg.AllowedDomains...), allow...)
	if h := hostOf(cfg.SearchURL); h != "" {
		domains = append(domains, h)
	}
	start := startURL
	if start == "" {
		start = pg.URL()
	}
	if h := hostOf(start); h != "" {
		domains = append(domains, h)
		pg.SetAllowedDomains(domains)
	}
	done := func() {
		if cfg.Attach == "" {
			if err := pg.Close(); err != nil {
				s.log.Warn("close tab", "err", err)
			}
		}
	}
	return pg, done, nil
}

func newTaskID() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return "task-" + hex.EncodeToString(b)
}

// Assess reports what Errand would do with a goal on a page, acting on nothing.
func (s *Service) Assess(ctx context.Context, req TaskRequest) (agent.Assessment, error) {
	su := s.live.Load()
	pg, done, err := s.page(ctx, su, req.URL, req.Allow)
	if err != nil {
		return agent.Assessment{}, err
	}
	defer done()
	if req.URL != "" {
		if err := pg.Navigate(ctx, req.URL); err != nil {
			return agent.Assessment{}, fmt.Errorf("open %s: %w", req.URL, err)
		}
	}
	obs, err := pg.Observe(ctx)
	if err != nil {
		return agent.Assessment{}, fmt.Errorf("observe: %w", err)
	}
	return su.agentFor(req.Profile).Assess(ctx, req.Goal, obs)
}

// agentFor is the configured agent, or one with another routing profile.
func (s *setup) agentFor(p agent.Profile) *agent.Agent {
	if p == "" || p == s.agent.Settings().Profile {
		return s.agent
	}
	set := s.cfg.Decisions
	set.Profile, set.Thresholds = p, agent.Thresholds{}
	return s.newAgent(set)
}

// AuditLog is a task's audit trail: validations, confidence reports, questions, answers,
// approvals, announcements, decisions and corrections, in order.
func (s *Service) AuditLog(ctx context.Context, taskID string) ([]store.AuditEntry, error) {
	return s.db.AuditLog(ctx, taskID)
}
