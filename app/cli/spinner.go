package cli

import (
	"fmt"
	"strings"

	"github.com/errand-app/errand/engine/llm"
)

// spinner draws the running model call on one terminal line. It has no timer of its own:
// the call reports every second while the model reads and every quarter second while it
// writes, and each report turns the wheel.
type spinner struct{ frame int }

var frames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// line is the text of one report: purpose, model, tokens and speed, time so far.
func (s *spinner) line(p llm.CallProgress) string {
	f := frames[s.frame%len(frames)]
	s.frame++
	secs := fmt.Sprintf("%ds", (p.ElapsedMs+500)/1000)
	what := strings.ToLower(strings.ReplaceAll(string(p.Purpose), "_", " "))
	if p.Phase == llm.PhaseWaiting {
		return fmt.Sprintf("%s %s · %s · reading about %d prompt tokens · %s", f, what, p.Model, p.PromptTokens, secs)
	}
	speed := ""
	if p.TokensPerSec > 0 {
		speed = fmt.Sprintf(" · %.1f tok/s", p.TokensPerSec)
	}
	return fmt.Sprintf("%s %s · %s · %d tokens%s · %s", f, what, p.Model, p.Tokens, speed, secs)
}

// progress shows a report on the live line, or clears it when the call ended. Callers
// hold p.mu.
func (p *printer) progress(c llm.CallProgress) {
	if p.live == nil {
		return
	}
	if c.Phase == llm.PhaseDone || c.Phase == llm.PhaseFailed {
		p.clearLine()
		return
	}
	fmt.Fprint(p.live, "\r\x1b[K"+p.spin.line(c))
	p.shown = true
}

// clearLine removes the spinner before another line is printed. Callers hold p.mu.
func (p *printer) clearLine() {
	if p.shown {
		fmt.Fprint(p.live, "\r\x1b[K")
		p.shown = false
	}
}
