package clarify_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/clarify"
	"github.com/errand-app/errand/engine/clock"
)

var t0 = time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)

func at(d time.Duration) time.Time { return t0.Add(d) }

func kinds(evs []clarify.TimerEvent) string {
	var parts []string
	for _, e := range evs {
		parts = append(parts, fmt.Sprintf("%s(%v)", e.Kind, e.Remaining))
	}
	return strings.Join(parts, " ")
}

// TestCountdown drives the pure state machine with scripted times: "type", "advance" or
// "answer" at an offset from t0, with the events, state and remaining time expected after.
func TestCountdown(t *testing.T) {
	t.Parallel()
	type step struct {
		op        string
		at        time.Duration
		events    string
		state     clarify.TimerState
		remaining time.Duration
		next      time.Duration // -1 when nothing is due
	}
	s := time.Second
	ms := time.Millisecond
	tests := []struct {
		name    string
		timeout time.Duration
		steps   []step
	}{
		{"runs out, then flashes", 8 * s, []step{
			{"advance", 8*s - ms, "", clarify.TimerRunning, ms, 8 * s},
			{"advance", 8 * s, "flash(0s)", clarify.TimerFlashing, 0, 8*s + 500*ms},
			{"advance", 8*s + 499*ms, "", clarify.TimerFlashing, 0, 8*s + 500*ms},
			{"advance", 8*s + 500*ms, "expired(0s)", clarify.TimerExpired, 0, -1},
			{"advance", time.Minute, "", clarify.TimerExpired, 0, -1},
		}},
		{"a late advance catches up in order", 8 * s, []step{
			{"advance", time.Minute, "flash(0s) expired(0s)", clarify.TimerExpired, 0, -1},
		}},
		{"typing pauses, idle resumes with the frozen time, typing re-pauses", 8 * s, []step{
			{"type", 3 * s, "paused(5s)", clarify.TimerPaused, 5 * s, 8 * s},
			{"type", 4 * s, "", clarify.TimerPaused, 5 * s, 9 * s},
			{"advance", 8*s + 999*ms, "", clarify.TimerPaused, 5 * s, 9 * s},
			{"advance", 9 * s, "resumed(5s)", clarify.TimerRunning, 5 * s, 14 * s},
			{"advance", 11 * s, "", clarify.TimerRunning, 3 * s, 14 * s},
			{"type", 11 * s, "paused(3s)", clarify.TimerPaused, 3 * s, 16 * s},
			{"advance", 30 * s, "resumed(3s) flash(0s) expired(0s)", clarify.TimerExpired, 0, -1},
		}},
		{"typing during the flash does not stop the submit", 8 * s, []step{
			{"advance", 8 * s, "flash(0s)", clarify.TimerFlashing, 0, 8*s + 500*ms},
			{"type", 8*s + 100*ms, "", clarify.TimerFlashing, 0, 8*s + 500*ms},
			{"advance", 8*s + 500*ms, "expired(0s)", clarify.TimerExpired, 0, -1},
		}},
		{"typing after the deadline flashes first", 8 * s, []step{
			{"type", 8*s + 200*ms, "flash(0s)", clarify.TimerFlashing, 0, 8*s + 500*ms},
		}},
		{"an answer stops everything", 8 * s, []step{
			{"type", 2 * s, "paused(6s)", clarify.TimerPaused, 6 * s, 7 * s},
			{"answer", 3 * s, "", clarify.TimerAnswered, 0, -1},
			{"type", 4 * s, "", clarify.TimerAnswered, 0, -1},
			{"advance", time.Hour, "", clarify.TimerAnswered, 0, -1},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := clarify.NewCountdown(tt.timeout, t0)
			for i, st := range tt.steps {
				now := at(st.at)
				var evs []clarify.TimerEvent
				switch st.op {
				case "type":
					evs = c.Typing(now)
				case "advance":
					evs = c.Advance(now)
				case "answer":
					c.Answer()
				}
				if got := kinds(evs); got != st.events {
					t.Errorf("step %d (%s at %v): events %q, want %q", i, st.op, st.at, got, st.events)
				}
				for _, e := range evs {
					if e.RemainingMs != e.Remaining.Milliseconds() {
						t.Errorf("step %d: %s remainingMs %d, want %d", i, e.Kind, e.RemainingMs, e.Remaining.Milliseconds())
					}
				}
				if c.State() != st.state {
					t.Errorf("step %d: state %s, want %s", i, c.State(), st.state)
				}
				if got := c.Remaining(now); got != st.remaining {
					t.Errorf("step %d: remaining %v, want %v", i, got, st.remaining)
				}
				next, ok := c.Next()
				if st.next < 0 {
					if ok {
						t.Errorf("step %d: Next = %v, want nothing due", i, next.Sub(t0))
					}
				} else if !ok || !next.Equal(at(st.next)) {
					t.Errorf("step %d: Next = %v/%v, want %v", i, next.Sub(t0), ok, st.next)
				}
			}
		})
	}
}

// waitRun is one Wait on a fake clock. Every turn of Wait's loop arms exactly one timer, so
// the test knows Wait has handled an input once the clock has one more waiter.
type waitRun struct {
	t       *testing.T
	clk     *clock.Fake
	typing  chan struct{}
	answers chan string
	done    chan waitResult

	mu  sync.Mutex
	log []string // "kind(remaining)@offset"
}

type waitResult struct {
	answer   string
	timedOut bool
	err      error
}

func startWait(t *testing.T, ctx context.Context, timeout time.Duration) *waitRun {
	t.Helper()
	r := &waitRun{
		t: t, clk: clock.NewFake(t0),
		typing: make(chan struct{}), answers: make(chan string), done: make(chan waitResult, 1),
	}
	go func() {
		a, to, err := clarify.Wait(ctx, r.clk, timeout, r.typing, r.answers, func(e clarify.TimerEvent) {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.log = append(r.log, fmt.Sprintf("%s(%v)@%v", e.Kind, e.Remaining, r.clk.Now().Sub(t0)))
		})
		r.done <- waitResult{a, to, err}
	}()
	r.settle(1)
	return r
}

// settle returns once the clock has n pending timers, which means Wait is blocked again.
func (r *waitRun) settle(n int) {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := r.clk.BlockUntil(ctx, n); err != nil {
		r.t.Fatalf("Wait never armed timer %d: %v (pending %d)", n, err, r.clk.Waiters())
	}
}

// key sends one keystroke and returns once Wait has handled it.
func (r *waitRun) key() {
	r.t.Helper()
	n := r.clk.Waiters()
	r.typing <- struct{}{}
	r.settle(n + 1)
}

// advance moves the clock and waits until pending timers remain: the ones not yet due,
// plus the one Wait arms if its own timer fired.
func (r *waitRun) advance(d time.Duration, pending int) {
	r.t.Helper()
	r.clk.Advance(d)
	r.settle(pending)
}

func (r *waitRun) result() waitResult {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	select {
	case res := <-r.done:
		return res
	case <-ctx.Done():
		r.t.Fatal("Wait did not return")
		return waitResult{}
	}
}

func (r *waitRun) events() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.log, " ")
}

func TestWaitRunsOut(t *testing.T) {
	t.Parallel()
	r := startWait(t, context.Background(), 8*time.Second)
	r.advance(8*time.Second-time.Millisecond, 1)
	r.advance(time.Millisecond, 1) // the deadline: flash, then a timer for the flash's end
	r.clk.Advance(500 * time.Millisecond)
	res := r.result()
	if res.err != nil || !res.timedOut || res.answer != "" {
		t.Errorf("Wait = %+v, want timed out", res)
	}
	if got, want := r.events(), "flash(0s)@8s expired(0s)@8.5s"; got != want {
		t.Errorf("events %q, want %q", got, want)
	}
}

func TestWaitTypingPausesAndIdleResumes(t *testing.T) {
	t.Parallel()
	s := time.Second
	r := startWait(t, context.Background(), 8*s)
	r.advance(3*s, 1)
	r.key()           // paused with 5s left; resume due at 8s
	r.advance(4*s, 2) // 7s: nothing due, remaining stays frozen
	r.key()           // still typing: resume moves to 12s
	r.advance(1*s, 1) // 8s: only stale timers fire; no resume, no flash
	r.advance(4*s, 1) // 12s: resumed with the 5s frozen at 3s; deadline 17s
	r.advance(2*s, 1) // 14s
	r.key()           // paused again with 3s left; resume due at 19s
	r.advance(5*s, 1) // 19s: resumed with 3s; deadline 22s
	r.advance(3*s, 1) // 22s: flash
	r.key()           // typing during the flash changes nothing
	r.clk.Advance(500 * time.Millisecond)
	res := r.result()
	if res.err != nil || !res.timedOut {
		t.Errorf("Wait = %+v, want timed out", res)
	}
	want := "paused(5s)@3s resumed(5s)@12s paused(3s)@14s resumed(3s)@19s flash(0s)@22s expired(0s)@22.5s"
	if got := r.events(); got != want {
		t.Errorf("events\n%s\nwant\n%s", got, want)
	}
}

func TestWaitAnswer(t *testing.T) {
	t.Parallel()
	r := startWait(t, context.Background(), 15*time.Second)
	r.advance(2*time.Second, 1)
	r.key()
	r.answers <- "CSV"
	res := r.result()
	if res.err != nil || res.timedOut || res.answer != "CSV" {
		t.Errorf("Wait = %+v, want CSV", res)
	}
	r.clk.Advance(time.Hour) // nothing may happen after the answer
	if got, want := r.events(), "paused(13s)@2s"; got != want {
		t.Errorf("events %q, want %q", got, want)
	}
}

func TestWaitAnswerDuringFlash(t *testing.T) {
	t.Parallel()
	r := startWait(t, context.Background(), 8*time.Second)
	r.advance(8*time.Second, 1)
	r.answers <- "Save"
	if res := r.result(); res.err != nil || res.timedOut || res.answer != "Save" {
		t.Errorf("Wait = %+v, want Save: a click still wins during the flash", res)
	}
}

func TestWaitClosedChannels(t *testing.T) {
	t.Parallel()
	r := startWait(t, context.Background(), 8*time.Second)
	n := r.clk.Waiters()
	close(r.typing)
	r.settle(n + 1)
	close(r.answers)
	r.settle(n + 2)
	r.advance(8*time.Second, 1)
	r.clk.Advance(500 * time.Millisecond)
	if res := r.result(); res.err != nil || !res.timedOut {
		t.Errorf("Wait = %+v, want timed out", res)
	}
}

func TestWaitCanceled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	r := startWait(t, ctx, 8*time.Second)
	r.advance(3*time.Second, 1)
	cancel()
	res := r.result()
	if !errors.Is(res.err, context.Canceled) || res.timedOut {
		t.Errorf("Wait = %+v, want context.Canceled", res)
	}
	if got := r.events(); got != "" {
		t.Errorf("events %q, want none", got)
	}
}
