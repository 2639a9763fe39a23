package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/internal/clip"
)

func tasksCmd(ctx context.Context, args []string, env Env) int {
	fs := flagSet("errand tasks", env)
	var c common
	c.register(fs)
	limit := fs.Int("n", 20, "how many tasks to show")
	if _, err := parse(fs, args); err != nil {
		return ExitUsage
	}
	svc, ok := c.service(ctx, env, "errand")
	if !ok {
		return ExitFailed
	}
	defer svc.Close()
	tasks, err := svc.Tasks(ctx, *limit)
	if err != nil {
		fmt.Fprintln(env.Stderr, "errand:", err)
		return ExitFailed
	}
	if c.json {
		enc := json.NewEncoder(env.Stdout)
		for _, t := range tasks {
			_ = enc.Encode(map[string]any{"type": "task", "id": t.ID, "goal": t.Goal, "status": t.Status,
				"steps": t.Steps, "modelCalls": t.ModelCalls, "tokens": t.Tokens, "durationMs": t.DurationMs,
				"createdAt": t.CreatedAt, "summary": t.Summary, "url": t.StartURL})
		}
		return ExitOK
	}
	if len(tasks) == 0 {
		fmt.Fprintln(env.Stdout, "No tasks yet. Try: errand demo")
		return ExitOK
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSTATUS\tSTEPS\tMODEL CALLS\tTOKENS\tDURATION\tWHEN\tGOAL")
	for _, t := range tasks {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%s\t%s\t%s\n", t.ID, t.Status, t.Steps, t.ModelCalls, t.Tokens,
			(time.Duration(t.DurationMs) * time.Millisecond).Round(10*time.Millisecond), t.CreatedAt.Local().Format("Jan 2 15:04"), clip.Runes(t.Goal, 60))
	}
	_ = tw.Flush()
	return ExitOK
}

func assessCmd(ctx context.Context, args []string, env Env) int {
	fs := flagSet("errand assess", env)
	var c common
	c.register(fs)
	pos, err := parse(fs, args)
	if err != nil {
		return ExitUsage
	}
	if len(pos) != 1 {
		fmt.Fprintln(env.Stderr, `errand assess: give the task as one argument`)
		return ExitUsage
	}
	svc, ok := c.service(ctx, env, "errand")
	if !ok {
		return ExitFailed
	}
	defer svc.Close()
	as, err := svc.Assess(ctx, app.TaskRequest{Goal: pos[0], URL: c.url, Allow: c.allow})
	if err != nil {
		fmt.Fprintln(env.Stderr, "errand:", err)
		return ExitFailed
	}
	if c.json {
		_ = json.NewEncoder(env.Stdout).Encode(as)
	} else {
		b := as.Confidence.Breakdown
		fmt.Fprintf(env.Stdout, "route: %s\nconfidence: %.2f (intent %.2f, target %.2f, value %.2f, determinism %.2f)\nvalidation: %s\n",
			as.Route, as.Confidence.Overall, b.IntentClarity, b.TargetMatch, b.ValueConfidence, b.ActionDeterminism, as.Validation.Status)
		for _, g := range as.Grounded {
			// Which words were read as which part of the page (docs/understanding.md).
			on := ""
			if g.Element != "" {
				on = " → " + g.Element
			}
			fmt.Fprintf(env.Stdout, "read: %q as %s%s\n", g.Words, g.As, on)
		}
		for _, a := range as.Actions {
			fmt.Fprintln(env.Stdout, "would do:", a)
		}
		for _, q := range as.Questions {
			fmt.Fprintln(env.Stdout, "would ask:", q.Text)
			for i, o := range q.Options {
				fmt.Fprintf(env.Stdout, "  %d. %s\n", i+1, o.Text)
			}
		}
		if as.Reason != "" {
			fmt.Fprintln(env.Stdout, "reason:", as.Reason)
		}
	}
	if as.Validation.Status == "failed" {
		return ExitUsage
	}
	return ExitOK
}
