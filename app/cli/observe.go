package cli

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/errand-app/errand/app"
)

// observeJSON is what `errand observe --json` prints: the page and exactly the rendering
// the prompts carry, with the number of interactive elements it lists and its token
// estimate (bytes / 4).
type observeJSON struct {
	URL      string `json:"url"`
	Title    string `json:"title"`
	Text     string `json:"text"`
	Elements int    `json:"elements"`
	Tokens   int    `json:"tokens"`
}

// observeCmd is `errand observe --url URL [--scroll Y] [--json]`: what a model is shown of
// a page, for people and for measurement. It acts on nothing.
func observeCmd(ctx context.Context, args []string, env Env) int {
	fs := flagSet("errand observe", env)
	var c common
	c.register(fs)
	scroll := fs.Int("scroll", 0, "scroll the page this many CSS pixels down before looking")
	budget := fs.Int("budget", 0, "the rendering's budget in estimated tokens (default 1500)")
	pos, err := parse(fs, args)
	if err != nil {
		return ExitUsage
	}
	if len(pos) != 0 {
		fmt.Fprintf(env.Stderr, "errand observe: unexpected argument %q; the page goes in --url\n", pos[0])
		return ExitUsage
	}
	if c.url == "" && c.attach == "" {
		fmt.Fprintln(env.Stderr, "errand observe: say which page: --url URL, or --attach to a running Chrome")
		return ExitUsage
	}
	if *scroll < 0 || *budget < 0 {
		fmt.Fprintln(env.Stderr, "errand observe: --scroll and --budget cannot be negative")
		return ExitUsage
	}
	svc, ok := c.service(ctx, env, "errand observe")
	if !ok {
		return ExitFailed
	}
	defer svc.Close()
	o, err := svc.Observe(ctx, app.ObserveRequest{URL: c.url, ScrollY: *scroll, Budget: *budget, Allow: c.allow})
	if err != nil {
		fmt.Fprintln(env.Stderr, "errand observe:", err)
		return ExitFailed
	}
	if c.json {
		out := observeJSON{URL: o.Observation.URL, Title: o.Observation.Title, Text: o.View.Text,
			Elements: o.View.Elements, Tokens: o.View.Tokens}
		enc := json.NewEncoder(env.Stdout)
		enc.SetEscapeHTML(false) // the text is for reading: <page>, not \u003cpage\u003e
		if err := enc.Encode(out); err != nil {
			fmt.Fprintln(env.Stderr, "errand observe:", err)
			return ExitFailed
		}
		return ExitOK
	}
	fmt.Fprintln(env.Stdout, o.View.Text)
	fmt.Fprintf(env.Stdout, "%d interactive elements listed, about %d tokens (bytes / 4)\n", o.View.Elements, o.View.Tokens)
	return ExitOK
}
