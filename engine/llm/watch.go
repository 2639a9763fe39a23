package llm

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/errand-app/errand/engine/clock"
)

// watch times one streaming call: it gives the call up when a limit passes and reports
// its progress. One goroutine owns it, waiting on one clock timer at a time, so a test's
// fake clock sees a single waiter.
type watch struct {
	clk   clock.Clock
	c     *call
	start time.Time

	// mu also serialises the reports, so they arrive in order.
	mu                          sync.Mutex
	tokens                      int
	firstAt, lastAt, reportedAt time.Time
	err                         error
}

func newWatch(clk clock.Clock, c *call) *watch {
	now := clk.Now()
	w := &watch{clk: clk, c: c, start: now, reportedAt: now}
	w.mu.Lock()
	w.reportLocked(now, PhaseWaiting, nil)
	w.mu.Unlock()
	return w
}

// due is when a call is given up and why: the first token must come within first of the
// start, each next one within idle of the last, and the whole reply within total.
func due(start, last time.Time, tokens int, first, idle, total time.Duration) (time.Time, error) {
	end := start.Add(total)
	next, why := start.Add(first), ErrTooSlow
	if tokens > 0 {
		next, why = last.Add(idle), ErrStalled
	}
	if end.Before(next) {
		return end, ErrTooSlow
	}
	return next, why
}

// run gives the call up (cancelling ctx with the reason) when its limit passes, and
// sends a heartbeat every second nothing else was reported. It returns when ctx ends.
func (w *watch) run(ctx context.Context, cancel context.CancelCauseFunc) {
	for {
		w.mu.Lock()
		now := w.clk.Now()
		at, why := due(w.start, w.lastAt, w.tokens, w.c.first, w.c.idle, w.c.total)
		if !now.Before(at) {
			w.err = w.explainLocked(why, at.Sub(w.start))
			w.mu.Unlock()
			cancel(w.err)
			return
		}
		next := at
		if w.c.report != nil {
			if beat := w.reportedAt.Add(heartbeat); !now.Before(beat) {
				w.reportLocked(now, w.phaseLocked(), nil)
			}
			next = minTime(next, w.reportedAt.Add(heartbeat))
		}
		w.mu.Unlock()
		select {
		case <-w.clk.After(next.Sub(now)):
		case <-ctx.Done():
			return
		}
	}
}

// explainLocked words a passed limit for the person; after is how long the call ran.
func (w *watch) explainLocked(why error, after time.Duration) error {
	c := w.c
	switch {
	case why == ErrStalled:
		return fmt.Errorf("ollama %s: no token for %s while writing the %s reply (%d tokens so far): %w",
			c.model, short(c.idle), c.req.Purpose, w.tokens, ErrStalled)
	case w.tokens == 0:
		return fmt.Errorf("ollama %s: no reply within %s to the %s call (loading the model and reading about %d "+
			"prompt tokens): %w", c.model, short(after), c.req.Purpose, c.prompt, ErrTooSlow)
	}
	return fmt.Errorf("ollama %s: the %s reply was not finished within %s (%d tokens written): %w",
		c.model, c.req.Purpose, short(after), w.tokens, ErrTooSlow)
}

// token counts one streamed token and reports it when a report is due.
func (w *watch) token() {
	w.mu.Lock()
	defer w.mu.Unlock()
	now := w.clk.Now()
	w.tokens++
	if w.tokens == 1 {
		w.firstAt = now
	}
	w.lastAt = now
	if w.tokens == 1 || now.Sub(w.reportedAt) >= reportEvery {
		w.reportLocked(now, PhaseWriting, nil)
	}
}

// end sends the last report of a call.
func (w *watch) end(phase CallPhase, err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.reportLocked(w.clk.Now(), phase, err)
}

func (w *watch) reportLocked(now time.Time, phase CallPhase, err error) {
	w.reportedAt = now
	if w.c.report == nil {
		return
	}
	c := w.c
	p := CallProgress{Purpose: c.req.Purpose, Role: c.req.Role, Model: c.model, Phase: phase,
		PromptTokens: c.prompt, Tokens: w.tokens, MaxTokens: c.maxOut, ElapsedMs: now.Sub(w.start).Milliseconds()}
	if w.tokens > 1 {
		if d := now.Sub(w.firstAt).Seconds(); d > 0 {
			p.TokensPerSec = float64(w.tokens-1) / d
		}
	}
	if phase == PhaseWaiting || phase == PhaseWriting {
		at, _ := due(w.start, w.lastAt, w.tokens, c.first, c.idle, c.total)
		p.LimitMs = at.Sub(w.start).Milliseconds()
	}
	if err != nil {
		p.Error = err.Error()
	}
	c.report(p)
}

func (w *watch) phaseLocked() CallPhase {
	if w.tokens > 0 {
		return PhaseWriting
	}
	return PhaseWaiting
}

func (w *watch) fired() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

func (w *watch) count() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.tokens
}

func (w *watch) elapsed() time.Duration { return w.clk.Now().Sub(w.start) }

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// short prints a limit the way a person reads it: seconds, or milliseconds below one.
func short(d time.Duration) string {
	if d < time.Second {
		return d.Round(time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}
