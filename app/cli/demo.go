package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/app/demo"
	"github.com/errand-app/errand/engine/agent"
)

// ScenarioResult is one demo scenario's verdict; --json prints it as {"type":"scenario",…}.
type ScenarioResult struct {
	Type       string `json:"type"`
	Name       string `json:"name"`
	Goal       string `json:"goal"`
	Expect     string `json:"expect"`
	Status     string `json:"status"`
	Passed     bool   `json:"passed"`
	Problem    string `json:"problem,omitempty"`
	Summary    string `json:"summary"`
	TaskID     string `json:"taskId"`
	DurationMs int64  `json:"durationMs"`
}

func demoCmd(ctx context.Context, args []string, env Env) int {
	fs := flagSet("errand demo", env)
	var c common
	c.register(fs)
	serve := fs.Bool("serve", false, "only serve the demo site until interrupted")
	addr := fs.String("addr", "127.0.0.1:0", "address of the demo site")
	if _, err := parse(fs, args); err != nil {
		return ExitUsage
	}
	srv, err := demo.Start(ctx, *addr, demo.Options{})
	if err != nil {
		fmt.Fprintln(env.Stderr, "errand demo:", err)
		return ExitFailed
	}
	defer srv.Close()
	if *serve {
		fmt.Fprintf(env.Stdout, "The demo clinic is at %s (Ctrl-C to stop). Try:\n  errand run --url %s/patients/new \"Type 'Jas' into the Name field and click Save\"\n", srv.URL(), srv.URL())
		<-ctx.Done()
		return ExitOK
	}
	svc, ok := c.service(ctx, env, "errand demo")
	if !ok {
		return ExitFailed
	}
	defer svc.Close()
	out := newPrinter(env.Stdout, c.json)
	if env.Live && !c.json {
		out.live = env.Stderr
	}
	results := RunScenarios(ctx, svc, srv, out)
	failed := 0
	for _, r := range results {
		if !r.Passed {
			failed++
		}
		if c.json {
			_ = json.NewEncoder(env.Stdout).Encode(r)
			continue
		}
		mark := "PASS"
		if !r.Passed {
			mark = "FAIL"
		}
		fmt.Fprintf(env.Stdout, "%s  %-26s %-10s %5.1fs  %s\n", mark, r.Name, r.Status, float64(r.DurationMs)/1000, r.Summary)
		if r.Problem != "" {
			fmt.Fprintf(env.Stdout, "      problem: %s\n", r.Problem)
		}
	}
	if !c.json {
		fmt.Fprintf(env.Stdout, "%d passed, %d failed\n", len(results)-failed, failed)
	}
	if failed > 0 {
		return ExitFailed
	}
	return ExitOK
}

// RunScenarios runs every demo scenario against a freshly reset site.
func RunScenarios(ctx context.Context, svc *app.Service, srv *demo.Server, sink agent.Sink) []ScenarioResult {
	var results []ScenarioResult
	for _, sc := range demo.Scenarios() {
		srv.Reset()
		p := newPrompter(sc.Answers, "fail", false, Env{})
		start := time.Now()
		res, err := svc.Run(ctx, app.TaskRequest{Goal: sc.Goal, URL: srv.URL() + sc.Path, Sink: sink, Prompter: p})
		r := ScenarioResult{Type: "scenario", Name: sc.Name, Goal: sc.Goal, Expect: sc.Expect, Status: string(res.Status),
			Summary: res.Summary, TaskID: res.TaskID, DurationMs: time.Since(start).Milliseconds()}
		asked := errors.Is(err, errNoAnswer) || errors.Is(err, agent.ErrNeedsAnswer)
		switch {
		case sc.Expect == demo.ExpectAsked && asked:
			r.Status, r.Summary = "asked", dialogText(res.Dialog)
		case sc.Expect == demo.ExpectAsked:
			r.Problem = fmt.Sprintf("expected a question, got %s (%v)", res.Status, err)
		case err != nil:
			r.Problem = err.Error()
		case res.Status != agent.PhaseCompleted:
			r.Problem = "the errand did not complete"
		}
		if r.Problem == "" {
			if cerr := sc.Check(srv.Site); cerr != nil {
				r.Problem = "site check: " + cerr.Error()
			}
		}
		r.Passed = r.Problem == ""
		results = append(results, r)
		if ctx.Err() != nil {
			break
		}
	}
	return results
}

// dialogText says in a line what a stopped run waits for.
func dialogText(d *agent.Output) string {
	switch {
	case d == nil:
		return ""
	case len(d.Questions) > 0:
		return d.Questions[0].Text
	case d.Approval != nil:
		return "approve the plan: " + d.Approval.Reason
	case d.Announcement != nil:
		return "an announcement"
	case d.MidExec != nil:
		return "a failed step: " + d.MidExec.Analysis.Cause
	}
	return string(d.Kind)
}
