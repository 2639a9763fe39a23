package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/engine/agent"
)

// errNoAnswer is how --on-ask fail ends a run at a question.
var errNoAnswer = errors.New("a question needs an answer (--on-ask fail)")

type runFlags struct {
	common
	yes     bool
	answers multi
	onAsk   string
}

func (f *runFlags) register(fs *flag.FlagSet) {
	f.common.register(fs)
	fs.BoolVar(&f.yes, "yes", false, "accept announcements and plan approvals (never risky confirms)")
	fs.Var(&f.answers, "answer", "answer the next question (repeatable, in order)")
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
	p := &prompter{answers: f.answers, mode: mode, in: bufio.NewReader(env.Stdin), out: env.Stderr}
	res, err := do(svc, app.TaskRequest{Allow: f.allow, Sink: out, Prompter: p})
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

// prompter answers questions from --answer first, then as --on-ask says.
type prompter struct {
	mu      sync.Mutex
	answers []string
	mode    string
	in      *bufio.Reader
	out     io.Writer
}

func (p *prompter) Prompt(ctx context.Context, q agent.Question) (agent.Answer, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.answers) > 0 {
		a := p.answers[0]
		p.answers = p.answers[1:]
		return agent.Answer{QuestionID: q.ID, Text: a}, nil
	}
	switch p.mode {
	case "fail":
		return agent.Answer{}, errNoAnswer
	case "default":
		// The default of a risky confirm is the option that does nothing.
		return agent.Answer{QuestionID: q.ID, SelectedOptionID: q.Default, TimedOut: true}, nil
	}
	return p.ask(ctx, q)
}

// ask shows the question on the terminal with numbered options and reads one line.
func (p *prompter) ask(ctx context.Context, q agent.Question) (agent.Answer, error) {
	fmt.Fprintf(p.out, "\n? %s\n", q.Text)
	def := 0
	for i, o := range q.Options {
		hint := ""
		if o.Confidence > 0 {
			hint = fmt.Sprintf(" (%d%%)", int(o.Confidence*100+0.5))
		}
		if o.ID == q.Default {
			def = i + 1
			hint += " [default]"
		}
		fmt.Fprintf(p.out, "  %d. %s%s\n", i+1, o.Text, hint)
	}
	if q.AllowFreeform {
		fmt.Fprintln(p.out, "  or type your own answer")
	}
	fmt.Fprintf(p.out, "> ")
	line := make(chan string, 1)
	go func() {
		s, _ := p.in.ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case <-ctx.Done():
		return agent.Answer{}, ctx.Err()
	case s := <-line:
		if s == "" && def > 0 {
			return agent.Answer{QuestionID: q.ID, SelectedOptionID: q.Default}, nil
		}
		if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= len(q.Options) {
			return agent.Answer{QuestionID: q.ID, SelectedOptionID: q.Options[n-1].ID}, nil
		}
		return agent.Answer{QuestionID: q.ID, Text: s}, nil
	}
}

// printer shows events: NDJSON with --json, plain sentences otherwise.
type printer struct {
	mu   sync.Mutex
	w    io.Writer
	json bool
	enc  *json.Encoder
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
	case agent.TaskFinished:
		fmt.Fprintf(p.w, "%s: %s\n", v.Status, v.Summary)
	}
}

// result prints the final line of a run that ended without a taskFinished event.
func (p *printer) result(r agent.Result) {
	if r.Question == nil || p.json {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.w, "waiting for an answer: %s\n", r.Question.Text)
	for i, o := range r.Question.Options {
		fmt.Fprintf(p.w, "  %d. %s\n", i+1, o.Text)
	}
}
