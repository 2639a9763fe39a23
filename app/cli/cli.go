// Package cli is Errand's command line: the headless subcommands of docs/decisions.md D-36,
// their flags, NDJSON events with --json, and the exit codes other programs rely on.
package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/engine/clock"
)

// Exit codes (docs/decisions.md D-36).
const (
	ExitOK        = 0 // completed
	ExitFailed    = 1 // failed or cancelled
	ExitUsage     = 2 // bad usage or failed validation
	ExitNeedsInfo = 3 // needs an answer (--on-ask fail)
)

// Env is the outside world a command sees; tests pass their own.
type Env struct {
	Stdin    io.Reader
	Stdout   io.Writer
	Stderr   io.Writer
	Getenv   func(string) string
	Terminal bool        // stdin is a terminal: questions may be asked there
	Live     bool        // stderr is a terminal: a spinner line shows the running model call
	Clock    clock.Clock // countdowns; nil = the wall clock
}

// Main runs one subcommand and returns its exit code.
func Main(ctx context.Context, args []string, env Env) int {
	if len(args) == 0 {
		usage(env.Stderr)
		return ExitUsage
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "run":
		return runCmd(ctx, rest, env)
	case "resume":
		return resumeCmd(ctx, rest, env)
	case "assess":
		return assessCmd(ctx, rest, env)
	case "tasks":
		return tasksCmd(ctx, rest, env)
	case "demo":
		return demoCmd(ctx, rest, env)
	case "observe":
		return observeCmd(ctx, rest, env)
	case "skills":
		return skillsCmd(ctx, rest, env)
	case "replays":
		return replaysCmd(ctx, rest, env)
	case "version", "--version", "-v":
		fmt.Fprintln(env.Stdout, "errand", app.Version)
		return ExitOK
	case "help", "--help", "-h":
		usage(env.Stdout)
		return ExitOK
	case "serve":
		return serveCmd(ctx, rest, env)
	case "ingest":
		return ingestCmd(ctx, rest, env)
	case "ask":
		return askCmd(ctx, rest, env)
	case "knowledge":
		return knowledgeCmd(ctx, rest, env)
	case "eval", "bench":
		fmt.Fprintf(env.Stderr, "errand %s: not in this build yet; available: run, resume, assess, observe, tasks, ingest, ask, knowledge, skills, replays, demo, serve, version\n", cmd)
		return ExitUsage
	}
	fmt.Fprintf(env.Stderr, "errand: unknown command %q\n\n", cmd)
	usage(env.Stderr)
	return ExitUsage
}

func usage(w io.Writer) {
	fmt.Fprint(w, `Errand runs errands in a web browser for you.

  errand                              the desktop app
  errand run [flags] "task"           one task, headless by default
  errand resume ID                    continue an interrupted task
  errand assess [--url URL] "task"    what Errand would do, acting on nothing
  errand observe --url URL [--scroll Y] [--json]
                                      what a model is shown of the page, and its size
  errand tasks                        history (status, steps, tokens, duration)
  errand skills list|forget           fixes learned from corrections, per site
  errand replays list|forget          completed errands kept to run again without a model
  errand demo [--serve]               the bundled demo site and its scenarios, end to end
  errand serve [--addr HOST:PORT]     the HTTP API on loopback (default 127.0.0.1:7480)
  errand ingest URL|PATH… [--strategy single|sitemap|spider] [--max-depth N] [--max-pages N] [--json]
                                      add documentation to the knowledge base
  errand ingest --browser URL… [--max-presses N]
                                      read pages in Chromium, with what their tabs and
                                      accordions reveal (for single-page apps)
  errand ask "question" [--site S] [--json]
                                      the passages that answer it, with sources and scores
  errand knowledge list|forget        what is stored; forget a source or a site
  errand version

Run 'errand run -h' for the flags of a command.
`)
}

// common are the flags every browsing command takes.
type common struct {
	json     bool
	dataDir  string
	chrome   string
	attach   string
	url      string
	headless bool
	offline  bool
	verbose  bool
	allow    multi
}

type multi []string

func (m *multi) String() string     { return strings.Join(*m, ",") }
func (m *multi) Set(v string) error { *m = append(*m, v); return nil }

func (c *common) register(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print NDJSON events, one object a line")
	fs.StringVar(&c.dataDir, "data-dir", "", "data directory (default: ERRAND_DATA_DIR or the per-user data directory)")
	fs.StringVar(&c.chrome, "chrome", "", "Chrome or Chromium binary (default: ERRAND_CHROME or the usual places)")
	fs.StringVar(&c.attach, "attach", "", "use a running Chrome (DevTools http://host:port or ws://…) and act on its active page")
	fs.StringVar(&c.url, "url", "", "start page; without it an attached browser's current page")
	fs.BoolVar(&c.headless, "headless", true, "run the browser without a window")
	fs.BoolVar(&c.offline, "offline", false, "no model: the rules model only")
	fs.BoolVar(&c.verbose, "v", false, "log what happens to stderr")
	fs.Var(&c.allow, "allow-domain", "widen the allowed domains (repeatable)")
}

// flagSet makes a subcommand's flag set that reports to stderr instead of exiting.
func flagSet(name string, env Env) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	return fs
}

// service opens the Service, or says why not; ok is false when the command must stop.
func (c *common) service(ctx context.Context, env Env, name string) (svc *app.Service, ok bool) {
	svc, err := c.open(ctx, env)
	if err != nil {
		fmt.Fprintf(env.Stderr, "%s: %v\n", name, err)
		return nil, false
	}
	return svc, true
}

// open builds the Service from the environment and the flags (flags win).
func (c *common) open(ctx context.Context, env Env) (*app.Service, error) {
	cfg := app.FromEnv(env.Getenv)
	if c.dataDir != "" {
		cfg.DataDir = c.dataDir
	}
	if c.chrome != "" {
		cfg.ChromePath = c.chrome
	}
	cfg.Attach, cfg.Headless, cfg.Offline, cfg.AllowedDomains = c.attach, c.headless, c.offline, c.allow
	logger := slog.New(slog.DiscardHandler)
	if c.verbose {
		logger = slog.New(slog.NewTextHandler(env.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return app.Open(ctx, cfg, app.Options{Getenv: env.Getenv, Logger: logger})
}

// parse parses flags that may come before or after the positional arguments, as people
// type them: `errand run "click Save" --url …`.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}
