package cli

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/clock"
)

func testPrompter(mode string, yes bool, stdin io.Reader, answers ...string) (*prompter, *clock.Fake, *bytes.Buffer) {
	clk := clock.NewFake(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))
	var errb bytes.Buffer
	return newPrompter(answers, mode, yes, Env{Stdin: stdin, Stderr: &errb, Clock: clk}), clk, &errb
}

// prompt runs p.Prompt in the background and advances the clock by each step once the
// prompter waits on it.
func prompt(t *testing.T, p *prompter, clk *clock.Fake, d agent.Output, steps ...time.Duration) agent.Input {
	t.Helper()
	type reply struct {
		in  agent.Input
		err error
	}
	done := make(chan reply, 1)
	go func() {
		in, err := p.Prompt(context.Background(), d)
		done <- reply{in, err}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, s := range steps {
		if err := clk.BlockUntil(ctx, 1); err != nil {
			t.Fatalf("prompter does not wait on the clock: %v", err)
		}
		clk.Advance(s)
	}
	select {
	case r := <-done:
		if r.err != nil {
			t.Fatal(r.err)
		}
		return r.in
	case <-ctx.Done():
		t.Fatal("prompt did not return")
	}
	return agent.Input{}
}

var (
	announceDialog = agent.Output{Kind: agent.OutputAnnounce, Announcement: &agent.Announcement{RequestID: "req-1",
		AutoExecuteDelay: 3000, Assumptions: []agent.Assumption{{Field: "target", AssumedValue: "“Save” button", Confidence: 0.6, Command: 1}}}}
	linkQuestion = agent.Output{Kind: agent.OutputAsk, Questions: []agent.Question{{ID: "clar-1", Type: agent.OptionSelect,
		Text: "Which link?", TimeoutMs: 8000, Default: "opt-2", AllowFreeform: true,
		Options: []agent.Option{{ID: "opt-1", Text: "Lab"}, {ID: "opt-2", Text: "Prescriptions"}}}}}
)

func TestPrompterAnnouncementRunsAfterCountdown(t *testing.T) {
	p, clk, errb := testPrompter("default", false, strings.NewReader(""))
	in := prompt(t, p, clk, announceDialog, 3*time.Second)
	if in.Kind != agent.InputDecision || in.Decision != agent.DecisionProceed {
		t.Fatalf("reply %+v", in)
	}
	if !strings.Contains(errb.String(), "“Save” button (60%)") || !strings.Contains(errb.String(), "Executing in 3s") {
		t.Errorf("terminal shows %q", errb.String())
	}
	// --yes lets it run without waiting.
	p, clk, _ = testPrompter("default", true, strings.NewReader(""))
	if in := prompt(t, p, clk, announceDialog); in.Decision != agent.DecisionProceed {
		t.Fatalf("--yes reply %+v", in)
	}
}

func TestPrompterAnnouncementCorrectAndCancel(t *testing.T) {
	p, clk, _ := testPrompter("prompt", false, strings.NewReader("c 1\n"))
	in := prompt(t, p, clk, announceDialog)
	if in.Kind != agent.InputCorrection || in.Correction.Field != "target" || in.Correction.Command != 1 {
		t.Fatalf("correct reply %+v", in)
	}
	p, clk, _ = testPrompter("prompt", false, strings.NewReader("x\n"))
	if in := prompt(t, p, clk, announceDialog); in.Decision != agent.DecisionCancel {
		t.Fatalf("cancel reply %+v", in)
	}
}

func TestPrompterQuestionTimesOutToTheDefault(t *testing.T) {
	// A terminal that never answers: the countdown runs out, the default flashes, and it
	// is submitted with timed_out.
	r, w := io.Pipe()
	defer w.Close()
	p, clk, errb := testPrompter("prompt", false, r)
	in := prompt(t, p, clk, linkQuestion, 8*time.Second, 500*time.Millisecond)
	a := in.Answers[0]
	if a.SelectedOptionID != "opt-2" || !a.TimedOut || a.QuestionID != "clar-1" {
		t.Fatalf("answer %+v", a)
	}
	if !strings.Contains(errb.String(), `no answer: taking "Prescriptions"`) {
		t.Errorf("terminal shows %q", errb.String())
	}
	// A number picks an option before the timeout.
	p, clk, _ = testPrompter("prompt", false, strings.NewReader("1\n"))
	if a := prompt(t, p, clk, linkQuestion).Answers[0]; a.SelectedOptionID != "opt-1" || a.TimedOut {
		t.Fatalf("typed answer %+v", a)
	}
}

func TestPrompterUnattendedDecisions(t *testing.T) {
	approval := agent.Output{Kind: agent.OutputAwaitApproval, Approval: &agent.Approval{RequestID: "req-2", Reason: "review"}}
	midExec := agent.Output{Kind: agent.OutputMidExecDialog, MidExec: &agent.MidExec{RequestID: "req-3",
		Options: []string{"retry", "skip", "replan", "abort"}, SuggestedAction: "retry"}}
	for _, tt := range []struct {
		name    string
		mode    string
		yes     bool
		answers []string
		d       agent.Output
		want    string
	}{
		{"plan without --yes is not approved", "default", false, nil, approval, agent.DecisionCancel},
		{"plan with --yes", "default", true, nil, approval, agent.DecisionApprove},
		{"plan answered", "default", false, []string{"yes"}, approval, agent.DecisionApprove},
		{"failed step takes the recommendation", "default", false, nil, midExec, agent.DecisionRetry},
		{"failed step answered", "default", false, []string{"skip"}, midExec, agent.DecisionSkip},
		{"failed step answered by number", "default", false, []string{"4"}, midExec, agent.DecisionAbort},
	} {
		p, clk, _ := testPrompter(tt.mode, tt.yes, strings.NewReader(""), tt.answers...)
		if in := prompt(t, p, clk, tt.d); in.Decision != tt.want {
			t.Errorf("%s: decision %q, want %q", tt.name, in.Decision, tt.want)
		}
	}
	p, _, _ := testPrompter("fail", false, strings.NewReader(""))
	if _, err := p.Prompt(context.Background(), midExec); err != errNoAnswer {
		t.Errorf("--on-ask fail: err %v", err)
	}
}
