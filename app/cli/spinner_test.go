package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/llm"
)

func TestSpinnerLine(t *testing.T) {
	tests := []struct {
		p    llm.CallProgress
		want string
	}{
		{llm.CallProgress{Purpose: llm.PurposePlanning, Model: "qwen2.5:3b", Phase: llm.PhaseWaiting, PromptTokens: 530, ElapsedMs: 4400},
			"⠋ planning · qwen2.5:3b · reading about 530 prompt tokens · 4s"},
		{llm.CallProgress{Purpose: llm.PurposeContextAnalysis, Model: "qwen2.5:1.5b", Phase: llm.PhaseWriting, Tokens: 1, ElapsedMs: 2600},
			"⠋ context analysis · qwen2.5:1.5b · 1 tokens · 3s"},
		{llm.CallProgress{Purpose: llm.PurposePlanning, Model: "qwen2.5:3b", Phase: llm.PhaseWriting, Tokens: 42, TokensPerSec: 8.14, ElapsedMs: 31000},
			"⠋ planning · qwen2.5:3b · 42 tokens · 8.1 tok/s · 31s"},
	}
	for _, tt := range tests {
		var s spinner
		if got := s.line(tt.p); got != tt.want {
			t.Errorf("line = %q, want %q", got, tt.want)
		}
	}
}

// TestPrinterSpinner: on a terminal the call's progress redraws one line, which is
// cleared before the next printed line and when the call ends; without one, nothing.
func TestPrinterSpinner(t *testing.T) {
	var out, live bytes.Buffer
	p := newPrinter(&out, false)
	p.live = &live
	ev := func(ph llm.CallPhase, tokens int) agent.Event {
		return agent.Event{Type: app.EventModelProgress, Payload: llm.CallProgress{Purpose: llm.PurposePlanning,
			Model: "m", Phase: ph, Tokens: tokens}}
	}
	p.Emit(ev(llm.PhaseWaiting, 0))
	p.Emit(ev(llm.PhaseWriting, 3))
	p.Emit(agent.Event{Type: agent.EventPlanReady, Payload: agent.PlanReady{Route: "proceed", Steps: []string{"a"}}})
	p.Emit(ev(llm.PhaseWriting, 9))
	p.Emit(ev(llm.PhaseDone, 12))
	want := "\r\x1b[K⠋ planning · m · reading about 0 prompt tokens · 0s" +
		"\r\x1b[K⠙ planning · m · 3 tokens · 0s" +
		"\r\x1b[K" + // cleared for the plan line
		"\r\x1b[K⠹ planning · m · 9 tokens · 0s" +
		"\r\x1b[K"
	if live.String() != want {
		t.Errorf("live line =\n%q\nwant\n%q", live.String(), want)
	}
	if !strings.HasPrefix(out.String(), "plan (proceed): a") || strings.Contains(out.String(), "tokens") {
		t.Errorf("stdout = %q, want only the plan line", out.String())
	}

	var quiet bytes.Buffer
	q := newPrinter(&quiet, false)
	q.Emit(ev(llm.PhaseWriting, 3))
	if quiet.Len() != 0 {
		t.Errorf("not a terminal: printed %q", quiet.String())
	}
}
