package ui

import (
	"context"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/clock"
)

// TestReplyBeforePrompt: the window may answer a dialog between the event that shows it
// and the runner's Prompt; the answer must reach Prompt, not be lost with the run stuck.
func TestReplyBeforePrompt(t *testing.T) {
	ds := newDialogs(clock.NewFake(time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)), nil)
	out := agent.Output{Kind: agent.OutputAwaitApproval, Approval: &agent.Approval{RequestID: "req-1-1"}}
	ds.register("req-1-1", out, nil) // as the bridge does when the event goes out
	if err := ds.reply("req-1-1", agent.Input{Kind: agent.InputDecision, Decision: agent.DecisionCancel}, func(*waiting) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if err := ds.reply("req-1-1", agent.Input{Kind: agent.InputDecision, Decision: agent.DecisionApprove}, func(*waiting) error { return nil }); err == nil {
		t.Error("a second reply to one dialog was taken")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	in, err := ds.Prompt(ctx, out)
	if err != nil || in.Decision != agent.DecisionCancel {
		t.Fatalf("Prompt = %+v, %v: the early reply was lost", in, err)
	}
	if _, ok := ds.waiting["req-1-1"]; ok {
		t.Error("the answered dialog is still registered")
	}
}
