// Package app is the application: it reads configuration (the only package that looks at
// the environment), wires the store, the browser and the engine into one Service, and hosts
// the three faces over it — the desktop window (app/desktop), the HTTP server
// (app/server) and the command line (app/cli).
package app

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/errand-app/errand/engine/agent"
)

// Version is the build's version; `make` sets it with -ldflags -X.
var Version = "0.1.0-dev"

// Config is everything the Service needs. Zero values are the defaults noted per field.
type Config struct {
	DataDir        string   // "" = the platform's per-user data directory
	ChromePath     string   // "" = search the usual places
	Attach         string   // DevTools address of a running Chrome; "" = launch our own
	Headless       bool     // false shows the browser window
	AllowedDomains []string // added to the task's own start host
	Offline        bool     // true: the rules model only, never a model server
	OllamaHost     string   // "" = http://127.0.0.1:11434
	PlannerModel   string   // "" = llm.DefaultPlanner
	FastModel      string   // "" = llm.DefaultFast
	EmbedModel     string   // the knowledge base's embedding model; "" = knowledge.DefaultEmbedModel
	// PageTimeout bounds one web page read into the knowledge base, from request to last
	// byte; 0 = knowledge's default (30 s). A slow intranet may need more.
	PageTimeout time.Duration
	// SearchURL is the web search page with %s for the query, e.g.
	// https://html.duckduckgo.com/html/?q=%s; "" = no web search (Errand asks instead).
	// Its host is added to every task's allowed domains.
	SearchURL string
	// Decisions are the decision layer's settings: routing profile, thresholds, weights,
	// subsystems, review plans. The zero value is the desktop profile with the seeds'
	// numbers; a TaskRequest may pick another profile (the HTTP API uses "api").
	Decisions agent.Settings
}

// FromEnv fills the fields the environment can set: ERRAND_DATA_DIR, ERRAND_CHROME,
// OLLAMA_HOST, ERRAND_PLANNER_MODEL, ERRAND_FAST_MODEL, ERRAND_EMBED_MODEL, ERRAND_SEARCH_URL. Flags given later override them.
func FromEnv(getenv func(string) string) Config {
	return Config{
		DataDir:      getenv("ERRAND_DATA_DIR"),
		ChromePath:   getenv("ERRAND_CHROME"),
		OllamaHost:   ollamaURL(getenv("OLLAMA_HOST")),
		PlannerModel: getenv("ERRAND_PLANNER_MODEL"),
		FastModel:    getenv("ERRAND_FAST_MODEL"),
		EmbedModel:   getenv("ERRAND_EMBED_MODEL"),
		SearchURL:    getenv("ERRAND_SEARCH_URL"),
		Headless:     true,
	}
}

// ollamaURL accepts OLLAMA_HOST as Ollama itself does: "host:port" or a URL.
func ollamaURL(h string) string {
	if h == "" || strings.Contains(h, "://") {
		return h
	}
	return "http://" + h
}

// DataDir resolves the data directory: the configured one, else the platform's per-user
// data directory (XDG on Linux, Application Support on macOS, LocalAppData on Windows).
func (c Config) dataDir(getenv func(string) string) (string, error) {
	if c.DataDir != "" {
		return c.DataDir, nil
	}
	home, err := os.UserHomeDir()
	switch runtime.GOOS {
	case "windows":
		if d := getenv("LocalAppData"); d != "" {
			return filepath.Join(d, "Errand"), nil
		}
	case "darwin":
		if err == nil {
			return filepath.Join(home, "Library", "Application Support", "Errand"), nil
		}
	default:
		if d := getenv("XDG_DATA_HOME"); d != "" {
			return filepath.Join(d, "errand"), nil
		}
		if err == nil {
			return filepath.Join(home, ".local", "share", "errand"), nil
		}
	}
	return "", errors.New("no data directory: set ERRAND_DATA_DIR or --data-dir")
}

// ResolveDataDir returns the data directory the config points at, creating it.
func ResolveDataDir(c Config, getenv func(string) string) (string, error) {
	dir, err := c.dataDir(getenv)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("create data directory: %w", err)
	}
	return dir, nil
}

// hostOf returns the host of a URL, or "" for non-web addresses.
func hostOf(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
	} else {
		return ""
	}
	if i := strings.IndexAny(u, "/?#"); i >= 0 {
		u = u[:i]
	}
	if i := strings.LastIndexByte(u, ':'); i >= 0 && !strings.Contains(u[i:], "]") {
		u = u[:i]
	}
	return strings.Trim(u, "[]")
}
