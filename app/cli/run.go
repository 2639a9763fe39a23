package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/llm"
)

// errNoAnswer is how --on-ask fail ends a run at a question.
var errNoAnswer = errors.New("a question needs an answer (--on-ask fail)")

type runFlags struct {
	common
	yes      bool
	answers  multi
	onAsk    string
	noReplay bool
}

func (f *runFlags) register(fs *flag.FlagSet) {
	f.common.register(fs)
	fs.BoolVar(&f.yes, "yes", false, "accept announcements and plan approvals (never risky confirms)")
	fs.Var(&f.answers, "answer", "answer the next question (repeatable, in order)")
	fs.BoolVar(&f.noReplay, "no-replay", false, "plan afresh: neither replay an errand done before nor remember this one")
	fs.StringVar(&f.onAsk, "on-ask", "", "unanswered question: default | fail | prompt (default: prompt on a terminal, otherwise default)")
}

func runCmd(ctx context.Context, args []string, env Env) int {
	fs := flagSet("errand run", env)
	var f runFlags
	f.register(fs)
	pos, err := parse(fs, args)
	if err != nil {
		return ExitUsage
	}
	if len(pos) != 1 {
		fmt.Fprintln(env.Stderr, `errand run: give the task as one argument, e.g. errand run --url http://… "type 'Jas' into Name and click Save"`)
		return ExitUsage
	}
	if f.url == "" && f.attach == "" {
		fmt.Fprintln(env.Stderr, "errand run: say where to work: --url URL, or --attach to a running Chrome")
		return ExitUsage
	}
	return f.execute(ctx, env, func(svc *app.Service, req app.TaskRequest) (agent.Result, error) {
		req.Goal, req.URL = pos[0], f.url
		return svc.Run(ctx, req)
	})
}

func resumeCmd(ctx context.Context, args []string, env Env) int {
	fs := flagSet("errand resume", env)
	var f runFlags
	f.register(fs)
	pos, err := parse(fs, args)
	if err != nil {
		return ExitUsage
	}
	if len(pos) != 1 {
		fmt.Fprintln(env.Stderr, "errand resume: give the task id (see errand tasks)")
		return ExitUsage
	}
	return f.execute(ctx, env, func(svc *app.Service, req app.TaskRequest) (agent.Result, error) {
		return svc.Resume(ctx, pos[0], req)
	})
}

// execute opens the service, runs, prints and maps the outcome to an exit code.
func (f *runFlags) execute(ctx context.Context, env Env, do func(*app.Service, app.TaskRequest) (agent.Result, error)) int {
	svc, ok := f.service(ctx, env, "errand")
	if !ok {
		return ExitFailed
	}
	defer svc.Close()
	out := newPrinter(env.Stdout, f.json)
	if env.Live && !f.json {
		out.live = env.Stderr
	}
	mode := f.onAsk
	if mode == "" {
		mode = "default"
		if env.Terminal && !f.json {
			mode = "prompt"
		}
	}
	if mode != "default" && mode != "fail" && mode != "prompt" {
		fmt.Fprintf(env.Stderr, "errand: --on-ask must be default, fail or prompt, not %q\n", mode)
		return ExitUsage
	}
	p := newPrompter(f.answers, mode, f.yes, env)
	res, err := do(svc, app.TaskRequest{Allow: f.allow, Sink: out, Prompter: p, NoReplay: f.noReplay})
	out.result(res)
	switch {
	case errors.Is(err, errNoAnswer) || errors.Is(err, agent.ErrNeedsAnswer):
		fmt.Fprintf(env.Stderr, "errand: task %s waits for an answer; continue with: errand resume %s --answer …\n", res.TaskID, res.TaskID)
		return ExitNeedsInfo
	case err != nil:
		fmt.Fprintln(env.Stderr, "errand:", err)
		return ExitFailed
	case res.Status == agent.PhaseCompleted:
		return ExitOK
	case res.Invalid:
		return ExitUsage
	}
	return ExitFailed
}

// printer shows events: NDJSON with --json, plain sentences otherwise.
type printer struct {
	mu   sync.Mutex
	w    io.Writer
	json bool
	enc  *json.Encoder
	// live, when set (a terminal), shows the running model call on one line.
	live  io.Writer
	spin  spinner
	shown bool // the spinner line is on screen
}

func newPrinter(w io.Writer, asJSON bool) *printer {
	return &printer{w: w, json: asJSON, enc: json.NewEncoder(w)}
}

func (p *printer) Emit(e agent.Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.json {
		_ = p.enc.Encode(e)
		return
	}
	if v, ok := e.Payload.(llm.CallProgress); ok {
		p.progress(v)
		return
	}
	p.clearLine()
	switch v := e.Payload.(type) {
	case agent.PlanReady:
		fmt.Fprintf(p.w, "plan (%s): %s\n", v.Route, strings.Join(v.Steps, " → "))
	case agent.StepStarted:
		fmt.Fprintf(p.w, "step %d: %s\n", v.Step, strings.Join(v.Actions, ", "))
	case agent.StepVerified:
		mark := "✓"
		if !v.Verified {
			mark = "✗"
		}
		fmt.Fprintf(p.w, "  %s %s — %s\n", mark, v.Action, v.Evidence)
	case agent.Confidence:
		fmt.Fprintf(p.w, "confidence %.2f → %s\n", v.Overall, v.Recommendation)
	case agent.MemoryNote:
		fmt.Fprintf(p.w, "memory (%s): %s\n", v.What, v.Text)
	case agent.TaskFinished:
		fmt.Fprintf(p.w, "%s: %s\n", v.Status, v.Summary)
	}
}

// result prints the final lines of a run that stopped at a dialog.
func (p *printer) result(r agent.Result) {
	if r.Dialog == nil || p.json {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLine()
	d := r.Dialog
	switch {
	case len(d.Questions) > 0:
		for _, q := range d.Questions {
			fmt.Fprintf(p.w, "waiting for an answer: %s\n", q.Text)
			for i, o := range q.Options {
				fmt.Fprintf(p.w, "  %d. %s\n", i+1, o.Text)
			}
		}
	case d.Approval != nil:
		fmt.Fprintf(p.w, "waiting for approval of: %s\n", strings.Join(d.Approval.Plan.Steps, " → "))
	case d.Announcement != nil:
		fmt.Fprintf(p.w, "waiting at an announcement: %s\n", strings.Join(d.Announcement.Plan.Steps, " → "))
	case d.MidExec != nil:
		fmt.Fprintf(p.w, "waiting for a decision on a failed step: %s (retry, skip, replan or abort)\n", d.MidExec.Analysis.Cause)
	}
}
