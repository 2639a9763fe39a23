package app

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/llm"
	"github.com/errand-app/errand/knowledge"
)

// Settings are what the Settings screen shows and saves, kept in settings.json in the data
// directory. The environment and flags win over the file: a value given there is the
// one a session runs with, whatever was saved.
type Settings struct {
	DataDir        string        `json:"dataDir"` // shown, never saved: the file lives in it
	OllamaHost     string        `json:"ollamaHost"`
	PlannerModel   string        `json:"plannerModel"`
	FastModel      string        `json:"fastModel"`
	EmbedModel     string        `json:"embedModel"`
	Offline        bool          `json:"offline"`
	Profile        agent.Profile `json:"profile"`
	AskBelow       float64       `json:"askBelow"`
	ProceedAt      float64       `json:"proceedAt"`
	ReviewPlans    bool          `json:"reviewPlans"`
	AnnounceMs     int           `json:"announceMs"`
	AllowedDomains []string      `json:"allowedDomains"`
	ChromePath     string        `json:"chromePath"`
	Attach         string        `json:"attach"`
	// Shown, never saved: the machine, the models recommended for it and why the
	// models in force were chosen. Saving the recommended model keeps the choice
	// automatic, so a GPU found later brings the larger planner.
	Machine     *llm.Machine `json:"machine,omitempty"`
	Recommended *llm.Choice  `json:"recommended,omitempty"`
	ModelReason string       `json:"modelReason,omitempty"`
}

const settingsFile = "settings.json"

// ErrBusySettings refuses a change of browser while a task uses the running one.
var ErrBusySettings = errors.New("stop the running errand before changing the browser")

// loadSettings reads the saved settings; a data directory without them has none.
func loadSettings(dir string) (Settings, error) {
	b, err := os.ReadFile(filepath.Join(dir, settingsFile))
	if errors.Is(err, os.ErrNotExist) {
		return Settings{}, nil
	}
	if err != nil {
		return Settings{}, fmt.Errorf("read settings: %w", err)
	}
	var s Settings
	if err := json.Unmarshal(b, &s); err != nil {
		return Settings{}, fmt.Errorf("read settings %s: %w", filepath.Join(dir, settingsFile), err)
	}
	return s, nil
}

// under fills what cfg leaves unset from the saved settings.
func (s Settings) under(cfg Config) Config {
	or := func(have *string, saved string) {
		if *have == "" {
			*have = saved
		}
	}
	or(&cfg.OllamaHost, s.OllamaHost)
	or(&cfg.PlannerModel, s.PlannerModel)
	or(&cfg.FastModel, s.FastModel)
	or(&cfg.EmbedModel, s.EmbedModel)
	or(&cfg.ChromePath, s.ChromePath)
	or(&cfg.Attach, s.Attach)
	cfg.Offline = cfg.Offline || s.Offline
	d := &cfg.Decisions
	if d.Profile == "" {
		d.Profile = s.Profile
	}
	if d.Thresholds.Ask == 0 {
		d.Thresholds.Ask = s.AskBelow
	}
	if d.Thresholds.Proceed == 0 {
		d.Thresholds.Proceed = s.ProceedAt
	}
	d.ReviewPlans = d.ReviewPlans || s.ReviewPlans
	if d.AnnounceMs == 0 {
		d.AnnounceMs = s.AnnounceMs
	}
	for _, dom := range s.AllowedDomains {
		if !slices.Contains(cfg.AllowedDomains, dom) {
			cfg.AllowedDomains = append(cfg.AllowedDomains, dom)
		}
	}
	return cfg
}

// Settings are the settings the Service runs with now, defaults filled in.
func (s *Service) Settings() Settings {
	su := s.live.Load()
	cfg, set := su.cfg, su.agent.Settings()
	out := Settings{DataDir: s.dataDir, OllamaHost: cfg.OllamaHost, PlannerModel: cfg.PlannerModel,
		FastModel: cfg.FastModel, EmbedModel: cmp.Or(cfg.EmbedModel, knowledge.DefaultEmbedModel), Offline: cfg.Offline, Profile: set.Profile, AskBelow: set.Thresholds.Ask,
		ProceedAt: set.Thresholds.Proceed, ReviewPlans: set.ReviewPlans, AnnounceMs: set.AnnounceMs,
		AllowedDomains: append([]string{}, cfg.AllowedDomains...), ChromePath: cfg.ChromePath, Attach: cfg.Attach}
	if su.model != nil {
		mc := su.model.Config()
		out.OllamaHost, out.PlannerModel, out.FastModel = mc.Host, mc.Planner.Name, mc.Fast.Name
	}
	if out.OllamaHost == "" {
		out.OllamaHost = llm.DefaultHost
	}
	m := s.machine()
	rec := llm.Recommend(m)
	if out.PlannerModel == "" {
		out.PlannerModel = rec.Planner
	}
	if out.FastModel == "" {
		out.FastModel = rec.Fast
	}
	out.Machine, out.Recommended, out.ModelReason = &m, &rec, modelReason(rec, out.PlannerModel, out.FastModel)
	return out
}

// modelReason says why the models in force are the ones used.
func modelReason(rec llm.Choice, planner, fast string) string {
	if planner == rec.Planner && fast == rec.Fast {
		return "Recommended for this machine. " + rec.Reason
	}
	both := rec.Planner + " and " + rec.Fast
	if rec.Planner == rec.Fast {
		both = rec.Planner + " for both roles"
	}
	return "Chosen in Settings, the environment or a flag. Recommended for this machine: " + both + ". " + rec.Reason
}

// SaveSettings checks new settings, writes them to the data directory and applies them
// to the next task (a running one keeps what it started with). A change of browser closes
// the running browser, so it is refused while a task uses it.
func (s *Service) SaveSettings(ctx context.Context, in Settings) (Settings, error) {
	in, err := in.checked()
	if err != nil {
		return Settings{}, err
	}
	// The recommended models are saved as "": the choice stays the machine's.
	rec := llm.Recommend(s.machine())
	if in.PlannerModel == rec.Planner {
		in.PlannerModel = ""
	}
	if in.FastModel == rec.Fast {
		in.FastModel = ""
	}
	if in.EmbedModel == knowledge.DefaultEmbedModel {
		in.EmbedModel = ""
	}
	old := s.live.Load()
	cfg := old.cfg
	cfg.OllamaHost, cfg.PlannerModel, cfg.FastModel, cfg.Offline = in.OllamaHost, in.PlannerModel, in.FastModel, in.Offline
	cfg.EmbedModel = in.EmbedModel
	cfg.ChromePath, cfg.Attach, cfg.AllowedDomains = in.ChromePath, in.Attach, in.AllowedDomains
	cfg.Decisions.Profile, cfg.Decisions.ReviewPlans, cfg.Decisions.AnnounceMs = in.Profile, in.ReviewPlans, in.AnnounceMs
	cfg.Decisions.Thresholds = agent.Thresholds{Ask: in.AskBelow, Proceed: in.ProceedAt}
	browserChanged := cfg.ChromePath != old.cfg.ChromePath || cfg.Attach != old.cfg.Attach
	if browserChanged && s.runs.Load() > 0 {
		return Settings{}, ErrBusySettings
	}
	su, err := s.newSetup(cfg)
	if err != nil {
		return Settings{}, fmt.Errorf("settings: %w", err)
	}
	if err := writeSettings(s.dataDir, in); err != nil {
		return Settings{}, err
	}
	s.live.Store(su)
	if cfg.EmbedModel != old.cfg.EmbedModel || cfg.OllamaHost != old.cfg.OllamaHost || cfg.Offline != old.cfg.Offline {
		// The knowledge base opens again with the new model on its next use, and
		// re-embeds its chunks with it in the background (docs/knowledge.md).
		if err := s.know.closeBase(); err != nil {
			s.log.Warn("close the knowledge base for new settings", "err", err)
		}
	}
	if browserChanged {
		s.mu.Lock()
		br := s.br
		s.br = nil
		s.mu.Unlock()
		if br != nil {
			if err := br.Close(); err != nil {
				s.log.Warn("close the browser for new settings", "err", err)
			}
		}
	}
	return s.Settings(), ctx.Err()
}

// checked returns the settings cleaned, or an error naming the first bad field.
func (s Settings) checked() (Settings, error) {
	s.OllamaHost = ollamaURL(strings.TrimSpace(s.OllamaHost))
	s.PlannerModel, s.FastModel = strings.TrimSpace(s.PlannerModel), strings.TrimSpace(s.FastModel)
	s.EmbedModel = strings.TrimSpace(s.EmbedModel)
	s.ChromePath, s.Attach = strings.TrimSpace(s.ChromePath), strings.TrimSpace(s.Attach)
	if s.OllamaHost != "" {
		u, err := url.Parse(s.OllamaHost)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			return s, fmt.Errorf("Ollama address %q: want http://host:port", s.OllamaHost)
		}
	}
	for _, m := range []string{s.PlannerModel, s.FastModel, s.EmbedModel} {
		if strings.ContainsAny(m, " \t") {
			return s, fmt.Errorf("model %q: a model name has no spaces", m)
		}
	}
	switch s.Profile {
	case "":
		s.Profile = agent.ProfileDesktop
	case agent.ProfileDesktop, agent.ProfileAPI:
	default:
		return s, fmt.Errorf("routing profile %q: choose desktop or api", s.Profile)
	}
	if s.AskBelow <= 0 || s.ProceedAt > 1 || s.AskBelow >= s.ProceedAt {
		return s, fmt.Errorf("thresholds: want 0 < ask (%.2f) < proceed (%.2f) ≤ 1", s.AskBelow, s.ProceedAt)
	}
	if s.AnnounceMs < 500 || s.AnnounceMs > 60_000 {
		return s, fmt.Errorf("announce countdown %d ms: want 500 to 60000", s.AnnounceMs)
	}
	var doms []string
	for _, d := range s.AllowedDomains {
		d = strings.ToLower(strings.TrimSpace(d))
		if d == "" {
			continue
		}
		if strings.ContainsAny(d, " /:?#@") {
			return s, fmt.Errorf("allowed domain %q: a host name such as example.com", d)
		}
		if !slices.Contains(doms, d) {
			doms = append(doms, d)
		}
	}
	s.AllowedDomains = doms
	if s.Attach != "" && !strings.Contains(s.Attach, "://") {
		return s, fmt.Errorf("attach address %q: want http://host:port or ws://…", s.Attach)
	}
	return s, nil
}

// writeSettings replaces settings.json whole, so a crash mid-write leaves the old file.
func writeSettings(dir string, s Settings) error {
	s.DataDir, s.Machine, s.Recommended, s.ModelReason = "", nil, nil, ""
	if err := writeJSONFile(dir, settingsFile, s); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	return nil
}
