package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/internal/clip"
	"github.com/errand-app/errand/knowledge"
	"github.com/errand-app/errand/knowledge/crawl"
)

// kflags are the flags every knowledge command takes.
type kflags struct {
	json    bool
	dataDir string
	offline bool
	verbose bool
	site    string
}

func (k *kflags) register(fs *flag.FlagSet) {
	fs.BoolVar(&k.json, "json", false, "print NDJSON, one object a line")
	fs.StringVar(&k.dataDir, "data-dir", "", "data directory (default: ERRAND_DATA_DIR or the per-user data directory)")
	fs.BoolVar(&k.offline, "offline", false, "no embedding model: lexical retrieval only")
	fs.BoolVar(&k.verbose, "v", false, "log what happens to stderr")
	fs.StringVar(&k.site, "site", "", "the site the knowledge is filed under (default: each URL's host; \"local\" for files)")
}

func (k *kflags) open(ctx context.Context, env Env) (*knowledge.Base, error) {
	cfg := app.FromEnv(env.Getenv)
	if k.dataDir != "" {
		cfg.DataDir = k.dataDir
	}
	logger := slog.New(slog.DiscardHandler)
	if k.verbose {
		logger = slog.New(slog.NewTextHandler(env.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return app.OpenKnowledge(ctx, cfg, app.Options{Getenv: env.Getenv, Logger: logger}, app.KnowledgeOptions{Offline: k.offline})
}

func ingestCmd(ctx context.Context, args []string, env Env) int {
	fs := flagSet("errand ingest", env)
	var k kflags
	k.register(fs)
	strategy := fs.String("strategy", "single", "for URLs: single (the page), sitemap (the pages the site's sitemaps list) or spider (follow same-site links)")
	depth := fs.Int("max-depth", 2, "spider: link hops from the start page")
	pages := fs.Int("max-pages", 100, "pages fetched at most per run")
	force := fs.Bool("force", false, "read sources again even when unchanged")
	var lf liveFlags
	lf.register(fs)
	pos, err := parse(fs, args)
	if err != nil {
		return ExitUsage
	}
	strat, err := crawl.ParseStrategy(*strategy)
	if err == nil {
		err = checkIngestArgs(pos, lf.browser, strat)
	}
	if err != nil {
		fmt.Fprintln(env.Stderr, "errand ingest:", err)
		return ExitUsage
	}
	kb, err := k.open(ctx, env)
	if err != nil {
		fmt.Fprintln(env.Stderr, "errand ingest:", err)
		return ExitFailed
	}
	defer kb.Close()
	out := newIngestOutput(env, k.json)
	opts := knowledge.IngestOptions{Strategy: strat, MaxDepth: *depth, MaxPages: *pages, Site: k.site, Force: *force}
	var total knowledge.Progress
	if lf.browser {
		total, err = lf.ingest(ctx, env, k, kb, pos, opts, out.event)
	} else {
		total, err = kb.Ingest(ctx, pos, opts, out.event)
	}
	out.finish()
	if err != nil {
		fmt.Fprintln(env.Stderr, "errand ingest:", err)
		return ExitFailed
	}
	if total.Stored > 0 && !k.offline {
		if err := kb.EmbedPending(ctx, out.event); err != nil {
			out.event(knowledge.Progress{Type: knowledge.EventError, Source: "embedding", Error: app.EmbedAdvice(err)})
		}
		out.finish()
	}
	if total.Failed > 0 && total.Stored+total.Skipped == 0 {
		return ExitFailed
	}
	return ExitOK
}

// ingestOutput prints progress: NDJSON, a progress bar on a terminal, or plain lines.
type ingestOutput struct {
	env   Env
	json  *json.Encoder
	bar   *progressbar.ProgressBar
	embed *progressbar.ProgressBar
	lines io.Writer
}

func newIngestOutput(env Env, asJSON bool) *ingestOutput {
	o := &ingestOutput{env: env, lines: env.Stdout}
	if asJSON {
		o.json = json.NewEncoder(env.Stdout)
		return o
	}
	if env.Terminal {
		o.bar = progressbar.NewOptions64(-1, progressbar.OptionSetWriter(env.Stderr), progressbar.OptionSpinnerType(14),
			progressbar.OptionShowCount(), progressbar.OptionSetDescription("ingesting"),
			progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish())
	}
	return o
}

func (o *ingestOutput) event(p knowledge.Progress) {
	if o.json != nil {
		_ = o.json.Encode(p)
		return
	}
	switch p.Type {
	case knowledge.EventPress:
		if o.bar != nil {
			o.bar.Describe(clip.Runes(fmt.Sprintf("press %d of %d: %s", p.Done, p.Total, pressed(p)), 50))
			return
		}
		o.line("press    %d of %d: %s", p.Done, p.Total, pressed(p))
	case knowledge.EventStored:
		o.bump(p.Source)
		if p.Trigger != "" {
			o.line("stored   %s %s (%d chunks)", p.Source, p.Trigger, p.Chunks)
			return
		}
		o.line("stored   %s (%s, %d chunks) %s", p.Source, p.Kind, p.Chunks, p.Title)
	case knowledge.EventSkipped:
		o.bump(p.Source)
		if p.Trigger != "" {
			o.line("skipped  %s %s: %s", p.Source, p.Trigger, p.Reason)
			return
		}
		o.line("skipped  %s: %s", p.Source, p.Reason)
	case knowledge.EventError:
		o.bump(p.Source)
		o.line("failed   %s: %s", p.Source, p.Error)
	case knowledge.EventEmbedding:
		o.embedding(p)
	case knowledge.EventDone:
		o.line("%d stored (%d chunks), %d unchanged, %d failed", p.Stored, p.Chunks, p.Skipped, p.Failed)
	}
}

func (o *ingestOutput) bump(src string) {
	if o.bar != nil {
		o.bar.Describe(clip.Runes(src, 50))
		_ = o.bar.Add(1)
	}
}

// line prints above the bar.
func (o *ingestOutput) line(format string, args ...any) {
	for _, b := range []*progressbar.ProgressBar{o.bar, o.embed} {
		if b != nil {
			_ = b.Clear()
		}
	}
	fmt.Fprintf(o.lines, format+"\n", args...)
}

func (o *ingestOutput) embedding(p knowledge.Progress) {
	if o.bar != nil {
		_ = o.bar.Finish()
		o.bar = nil
	}
	if !o.env.Terminal {
		if p.Done == p.Total {
			o.line("embedded %d chunks with %s", p.Total, p.Model)
		}
		return
	}
	if o.embed == nil {
		o.embed = progressbar.NewOptions(p.Total, progressbar.OptionSetWriter(o.env.Stderr),
			progressbar.OptionSetDescription("embedding with "+p.Model), progressbar.OptionShowCount(),
			progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish())
	}
	_ = o.embed.Set(p.Done)
}

func (o *ingestOutput) finish() {
	for _, b := range []*progressbar.ProgressBar{o.bar, o.embed} {
		if b != nil {
			_ = b.Finish()
		}
	}
	o.bar, o.embed = nil, nil
}

// askResult is `errand ask --json`'s one object.
type askResult struct {
	Question string       `json:"question"`
	Passages []askPassage `json:"passages"`
}

type askPassage struct {
	Text    string  `json:"text"`
	Source  string  `json:"source"`
	Heading string  `json:"heading"`
	Score   float64 `json:"score"`
	Trigger string  `json:"trigger,omitempty"` // the press that revealed it on a live page
}

func askCmd(ctx context.Context, args []string, env Env) int {
	fs := flagSet("errand ask", env)
	var k kflags
	k.register(fs)
	n := fs.Int("n", 5, "how many passages")
	pos, err := parse(fs, args)
	if err != nil {
		return ExitUsage
	}
	if len(pos) != 1 || strings.TrimSpace(pos[0]) == "" {
		fmt.Fprintln(env.Stderr, `errand ask: give the question as one argument: errand ask "how do refunds work?"`)
		return ExitUsage
	}
	kb, err := k.open(ctx, env)
	if err != nil {
		fmt.Fprintln(env.Stderr, "errand ask:", err)
		return ExitFailed
	}
	defer kb.Close()
	ps, err := kb.Retrieve(ctx, k.site, pos[0], *n)
	if err != nil {
		fmt.Fprintln(env.Stderr, "errand ask:", err)
		return ExitFailed
	}
	if k.json {
		res := askResult{Question: pos[0], Passages: make([]askPassage, len(ps))}
		for i, p := range ps {
			res.Passages[i] = askPassage{Text: p.Text, Source: p.Source, Heading: p.Heading, Score: p.Score, Trigger: p.Trigger}
		}
		_ = json.NewEncoder(env.Stdout).Encode(res)
		return ExitOK
	}
	if len(ps) == 0 {
		fmt.Fprintln(env.Stdout, "Nothing found. Add documentation first: errand ingest URL|FILE|FOLDER")
		return ExitOK
	}
	for i, p := range ps {
		where := p.Source
		if p.Heading != "" {
			where += " › " + p.Heading
		}
		if p.Page > 0 {
			where += fmt.Sprintf(" (page %d)", p.Page)
		}
		if p.Trigger != "" {
			where += " (" + p.Trigger + ")"
		}
		fmt.Fprintf(env.Stdout, "%d. %s  [score %.4f]\n   %s\n\n", i+1, where, p.Score,
			strings.ReplaceAll(clip.Runes(p.Text, 600), "\n", "\n   "))
	}
	return ExitOK
}

func knowledgeCmd(ctx context.Context, args []string, env Env) int {
	if len(args) == 0 || (args[0] != "list" && args[0] != "forget") {
		fmt.Fprintln(env.Stderr, "usage: errand knowledge list [--site S] [--json] | errand knowledge forget URL|PATH|SITE")
		return ExitUsage
	}
	fs := flagSet("errand knowledge "+args[0], env)
	var k kflags
	k.register(fs)
	pos, err := parse(fs, args[1:])
	if err != nil {
		return ExitUsage
	}
	if args[0] == "forget" && len(pos) != 1 {
		fmt.Fprintln(env.Stderr, "errand knowledge forget: name one source (its URL or path) or a site")
		return ExitUsage
	}
	k.offline = true // listing and forgetting never need a model
	kb, err := k.open(ctx, env)
	if err != nil {
		fmt.Fprintln(env.Stderr, "errand knowledge:", err)
		return ExitFailed
	}
	defer kb.Close()
	if args[0] == "forget" {
		return forget(ctx, kb, pos[0], env)
	}
	return list(ctx, kb, k, env)
}

func forget(ctx context.Context, kb *knowledge.Base, target string, env Env) int {
	if abs, err := filepath.Abs(target); err == nil && !strings.Contains(target, "://") && strings.ContainsAny(target, `/\`) {
		target = abs
	}
	n, err := kb.Forget(ctx, target)
	if errors.Is(err, knowledge.ErrNotFound) {
		fmt.Fprintf(env.Stderr, "errand knowledge forget: nothing stored for %s (see errand knowledge list)\n", target)
		return ExitFailed
	}
	if err != nil {
		fmt.Fprintln(env.Stderr, "errand knowledge forget:", err)
		return ExitFailed
	}
	fmt.Fprintf(env.Stdout, "Forgot %s (%d chunks).\n", target, n)
	return ExitOK
}

func list(ctx context.Context, kb *knowledge.Base, k kflags, env Env) int {
	srcs, err := kb.Sources(ctx, k.site)
	if err != nil {
		fmt.Fprintln(env.Stderr, "errand knowledge list:", err)
		return ExitFailed
	}
	if k.json {
		enc := json.NewEncoder(env.Stdout)
		for _, s := range srcs {
			_ = enc.Encode(map[string]any{"type": "source", "source": s.Location, "site": s.Site, "title": s.Title,
				"kind": s.Kind, "chunks": s.Chunks, "ingestedAt": s.IngestedAt})
		}
		return ExitOK
	}
	if len(srcs) == 0 {
		fmt.Fprintln(env.Stdout, "No knowledge yet. Try: errand ingest https://example.com/help --strategy spider")
		return ExitOK
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SITE\tKIND\tCHUNKS\tINGESTED\tSOURCE\tTITLE")
	for _, s := range srcs {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\n", s.Site, s.Kind, s.Chunks, s.IngestedAt.Local().Format("Jan 2 15:04"),
			clip.Runes(s.Location, 70), clip.Runes(s.Title, 40))
	}
	_ = tw.Flush()
	return ExitOK
}
