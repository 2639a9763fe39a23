package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/clarify"
	"github.com/errand-app/errand/engine/clock"
)

// prompter replies to the engine's dialogs: from --answer first, then as --on-ask says.
// --yes lets announcements run and approves plans at once, never a risky confirm.
type prompter struct {
	mu      sync.Mutex
	answers []string
	mode    string // default | fail | prompt
	yes     bool
	in      io.Reader
	out     io.Writer
	clk     clock.Clock
	lines   chan string // the terminal's lines, read by one goroutine started on first use
	once    sync.Once
}

func newPrompter(answers []string, mode string, yes bool, env Env) *prompter {
	clk := env.Clock
	if clk == nil {
		clk = clock.Real()
	}
	out := env.Stderr
	if out == nil {
		out = io.Discard // the demo's scenarios answer from a script and show no dialog
	}
	return &prompter{answers: answers, mode: mode, yes: yes, in: env.Stdin, out: out, clk: clk}
}

var _ agent.Prompter = (*prompter)(nil)

func (p *prompter) Prompt(ctx context.Context, d agent.Output) (agent.Input, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch d.Kind {
	case agent.OutputAsk:
		var as []agent.Answer
		for _, q := range d.Questions {
			a, err := p.question(ctx, q)
			if err != nil {
				return agent.Input{}, err
			}
			as = append(as, a)
		}
		return agent.Input{Kind: agent.InputAnswer, Answers: as}, nil
	case agent.OutputAnnounce:
		return p.announcement(ctx, *d.Announcement)
	case agent.OutputAwaitApproval:
		return p.approval(ctx, *d.Approval)
	case agent.OutputMidExecDialog:
		return p.midExec(ctx, *d.MidExec)
	}
	return agent.Input{}, fmt.Errorf("prompt: no way to show a %q dialog", d.Kind)
}

// next takes the next --answer, if any is left.
func (p *prompter) next() (string, bool) {
	if len(p.answers) == 0 {
		return "", false
	}
	a := p.answers[0]
	p.answers = p.answers[1:]
	return a, true
}

func (p *prompter) question(ctx context.Context, q agent.Question) (agent.Answer, error) {
	if a, ok := p.next(); ok {
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

// ask shows the question on the terminal with numbered options and its countdown, and
// reads one line. A line-buffered terminal cannot see typing before Enter, so here the
// timer pauses only in the window and the web UI.
func (p *prompter) ask(ctx context.Context, q agent.Question) (agent.Answer, error) {
	progress := ""
	if q.Of > 1 {
		progress = fmt.Sprintf(" (%d of %d)", q.Index, q.Of)
	}
	fmt.Fprintf(p.out, "\n? %s%s\n", q.Text, progress)
	def := ""
	for i, o := range q.Options {
		hint := ""
		if o.Confidence > 0 {
			hint = fmt.Sprintf(" (%d%%)", int(o.Confidence*100+0.5))
		}
		if o.ID == q.Default {
			def, hint = o.Text, hint+" [default]"
		}
		fmt.Fprintf(p.out, "  %d. %s%s\n", i+1, o.Text, hint)
	}
	if q.AllowFreeform {
		fmt.Fprintln(p.out, "  or type your own answer")
	}
	timeout := time.Duration(q.TimeoutMs) * time.Millisecond
	if def != "" {
		fmt.Fprintf(p.out, "Enter takes the default; without an answer in %s I take %q.\n", timeout, def)
	} else {
		fmt.Fprintf(p.out, "Without an answer in %s I stop.\n", timeout)
	}
	fmt.Fprint(p.out, "> ")
	line, timedOut, err := clarify.Wait(ctx, p.clk, timeout, nil, p.terminal(), func(e clarify.TimerEvent) {
		if e.Kind == "flash" && def != "" {
			fmt.Fprintf(p.out, "\n→ no answer: taking %q\n", def)
		}
	})
	if err != nil {
		return agent.Answer{}, err
	}
	if timedOut {
		return agent.Answer{QuestionID: q.ID, SelectedOptionID: q.Default, TimedOut: true}, nil
	}
	if line == "" && q.Default != "" {
		return agent.Answer{QuestionID: q.ID, SelectedOptionID: q.Default}, nil
	}
	if n, err := strconv.Atoi(line); err == nil && n >= 1 && n <= len(q.Options) {
		return agent.Answer{QuestionID: q.ID, SelectedOptionID: q.Options[n-1].ID}, nil
	}
	return agent.Answer{QuestionID: q.ID, Text: line}, nil
}

// announcement runs the announcement's countdown (docs/decisions.md D-10): the plan runs when
// it ends, unless the person corrects or cancels first.
func (p *prompter) announcement(ctx context.Context, a agent.Announcement) (agent.Input, error) {
	if p.yes {
		return agent.Input{Kind: agent.InputDecision, Decision: agent.DecisionProceed}, nil
	}
	fmt.Fprintln(p.out, "\nI'll proceed with these assumptions:")
	for i, as := range a.Assumptions {
		fmt.Fprintf(p.out, "  %d. %s: %s (%d%%)\n", i+1, as.Field, as.AssumedValue, int(as.Confidence*100+0.5))
	}
	delay := time.Duration(a.AutoExecuteDelay) * time.Millisecond
	if p.mode == "fail" {
		return agent.Input{}, errNoAnswer
	}
	if p.mode != "prompt" {
		fmt.Fprintf(p.out, "Executing in %s…\n", delay)
		select {
		case <-ctx.Done():
			return agent.Input{}, ctx.Err()
		case <-p.clk.After(delay):
			return agent.Input{Kind: agent.InputDecision, Decision: agent.DecisionProceed}, nil
		}
	}
	fmt.Fprintf(p.out, "Executing in %s… Enter: go now · c N: correct assumption N · x: cancel\n> ", delay)
	select {
	case <-ctx.Done():
		return agent.Input{}, ctx.Err()
	case <-p.clk.After(delay):
		fmt.Fprintln(p.out)
		return agent.Input{Kind: agent.InputDecision, Decision: agent.DecisionProceed}, nil
	case line := <-p.terminal():
		f := strings.Fields(strings.ToLower(line))
		switch {
		case len(f) == 0:
			return agent.Input{Kind: agent.InputDecision, Decision: agent.DecisionProceed}, nil
		case f[0] == "x" || f[0] == "cancel":
			return agent.Input{Kind: agent.InputDecision, Decision: agent.DecisionCancel}, nil
		case f[0] == "c" || f[0] == "correct":
			n := 1
			if len(f) > 1 {
				n, _ = strconv.Atoi(f[1])
			}
			n = max(1, min(n, len(a.Assumptions)))
			as := a.Assumptions[n-1]
			return agent.Input{Kind: agent.InputCorrection, Correction: &agent.Correction{Field: as.Field, Command: as.Command}}, nil
		}
		return agent.Input{Kind: agent.InputDecision, Decision: agent.DecisionProceed}, nil
	}
}

// approval asks Execute/Cancel. Unattended, a plan is never approved without --yes.
func (p *prompter) approval(ctx context.Context, ap agent.Approval) (agent.Input, error) {
	if a, ok := p.next(); ok {
		return decision(yesNo(a, agent.DecisionApprove, agent.DecisionCancel)), nil
	}
	if p.yes {
		return decision(agent.DecisionApprove), nil
	}
	switch p.mode {
	case "fail":
		return agent.Input{}, errNoAnswer
	case "default":
		fmt.Fprintf(p.out, "errand: the plan needs approval (%s); run with --yes to approve plans\n", ap.Reason)
		return decision(agent.DecisionCancel), nil
	}
	fmt.Fprintf(p.out, "\nPlan (%s):\n", ap.Reason)
	for i, s := range ap.Plan.Steps {
		fmt.Fprintf(p.out, "  %d. %s\n", i+1, s)
	}
	fmt.Fprint(p.out, "Execute? [y/N] ")
	line, err := p.readLine(ctx)
	if err != nil {
		return agent.Input{}, err
	}
	return decision(yesNo(line, agent.DecisionApprove, agent.DecisionCancel)), nil
}

// midExec asks what to do about a failed step; unattended it takes the recommendation.
func (p *prompter) midExec(ctx context.Context, m agent.MidExec) (agent.Input, error) {
	if a, ok := p.next(); ok {
		return decision(pickDecision(a, m)), nil
	}
	switch p.mode {
	case "fail":
		return agent.Input{}, errNoAnswer
	case "default":
		return decision(m.SuggestedAction), nil
	}
	fmt.Fprintf(p.out, "\nStep %d failed: %s\nCause: %s\n", m.FailedStep.StepIndex, m.FailedStep.Error, m.Analysis.Cause)
	for i, o := range m.Options {
		hint := ""
		if o == agent.DecisionRetry && m.Analysis.Suggestion != "" {
			hint = " — " + m.Analysis.Suggestion
		}
		if o == m.SuggestedAction {
			hint += " [recommended]"
		}
		fmt.Fprintf(p.out, "  %d. %s%s\n", i+1, o, hint)
	}
	fmt.Fprint(p.out, "> ")
	line, err := p.readLine(ctx)
	if err != nil {
		return agent.Input{}, err
	}
	return decision(pickDecision(line, m)), nil
}

func decision(d string) agent.Input { return agent.Input{Kind: agent.InputDecision, Decision: d} }

func yesNo(s, yes, no string) string {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "y", "yes", "approve", "execute", "ok":
		return yes
	}
	return no
}

// pickDecision reads "2", "skip" or "" (the recommendation).
func pickDecision(s string, m agent.MidExec) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= len(m.Options) {
		return m.Options[n-1]
	}
	for _, o := range m.Options {
		if s == o || s == "stop" && o == agent.DecisionAbort {
			return o
		}
	}
	return m.SuggestedAction
}

// terminal returns the channel of the terminal's lines.
func (p *prompter) terminal() <-chan string {
	p.once.Do(func() {
		p.lines = make(chan string)
		r := bufio.NewReader(p.in)
		go func() {
			for {
				s, err := r.ReadString('\n')
				if s != "" || err == nil {
					p.lines <- strings.TrimSpace(s)
				}
				if err != nil {
					close(p.lines)
					return
				}
			}
		}()
	})
	return p.lines
}

func (p *prompter) readLine(ctx context.Context) (string, error) {
	select {
	case <-ctx.Done():
		return "", ctx.Err()
	case s, ok := <-p.terminal():
		if !ok {
			return "", io.EOF
		}
		return s, nil
	}
}
