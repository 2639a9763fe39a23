package clarify

import (
	"context"
	"time"

	"github.com/errand-app/errand/engine/clock"
)

// The overlay's timings (docs/decisions.md D-15).
const (
	IdleResume = 5 * time.Second        // typing pauses the countdown until this long without a keystroke
	Flash      = 500 * time.Millisecond // the top option flashes this long before it is submitted
)

// TimerState is where a countdown is.
type TimerState string

// The countdown states.
const (
	TimerRunning  TimerState = "running"
	TimerPaused   TimerState = "paused"   // the person is typing; time left is frozen
	TimerFlashing TimerState = "flashing" // time is up; the default is about to be submitted
	TimerExpired  TimerState = "expired"  // the default was taken
	TimerAnswered TimerState = "answered" // the person answered; nothing more happens
)

// The kinds of TimerEvent, in the order a UI sees them.
const (
	EventPaused  = "paused"
	EventResumed = "resumed"
	EventFlash   = "flash"
	EventExpired = "expired"
)

// TimerEvent is a change the overlay shows: dim on paused, brighten on resumed, flash the
// top option, submit it on expired.
type TimerEvent struct {
	Kind        string        `json:"kind"`
	Remaining   time.Duration `json:"-"`
	RemainingMs int64         `json:"remainingMs"`
}

func timerEvent(kind string, remaining time.Duration) TimerEvent {
	return TimerEvent{Kind: kind, Remaining: remaining, RemainingMs: remaining.Milliseconds()}
}

// Countdown is the timer of one question. It is a pure state machine: every method takes
// the time instead of reading a clock, and schedules from the moments things were due
// rather than from when it was told, so a late call never stretches the timeout.
type Countdown struct {
	state     TimerState
	deadline  time.Time     // running: when time is up
	remaining time.Duration // paused: time left, frozen
	lastKey   time.Time     // paused: the latest keystroke
	flashEnd  time.Time     // flashing: when the default is submitted
}

// NewCountdown starts a countdown of timeout at now.
func NewCountdown(timeout time.Duration, now time.Time) *Countdown {
	return &Countdown{state: TimerRunning, deadline: now.Add(timeout)}
}

// Typing records a keystroke at now. The first keystroke pauses the countdown; later ones
// keep it paused. Once flashing, typing changes nothing: the flash is the last moment.
func (c *Countdown) Typing(now time.Time) []TimerEvent {
	evs := c.Advance(now)
	switch c.state {
	case TimerRunning:
		c.state = TimerPaused
		c.remaining = max(c.deadline.Sub(now), 0)
		c.lastKey = now
		evs = append(evs, timerEvent(EventPaused, c.remaining))
	case TimerPaused:
		if now.After(c.lastKey) {
			c.lastKey = now
		}
	}
	return evs
}

// Advance brings the countdown to now and returns what happened on the way: a resume after
// IdleResume without typing, the flash at the deadline, expiry Flash later.
func (c *Countdown) Advance(now time.Time) []TimerEvent {
	var evs []TimerEvent
	for {
		switch c.state {
		case TimerPaused:
			resume := c.lastKey.Add(IdleResume)
			if now.Before(resume) {
				return evs
			}
			c.state = TimerRunning
			c.deadline = resume.Add(c.remaining)
			evs = append(evs, timerEvent(EventResumed, c.remaining))
		case TimerRunning:
			if now.Before(c.deadline) {
				return evs
			}
			c.state = TimerFlashing
			c.flashEnd = c.deadline.Add(Flash)
			evs = append(evs, timerEvent(EventFlash, 0))
		case TimerFlashing:
			if now.Before(c.flashEnd) {
				return evs
			}
			c.state = TimerExpired
			return append(evs, timerEvent(EventExpired, 0))
		default:
			return evs
		}
	}
}

// Answer stops the countdown; it emits nothing afterwards.
func (c *Countdown) Answer() { c.state = TimerAnswered }

// State returns the state as of the last call.
func (c *Countdown) State() TimerState { return c.state }

// Remaining returns the time left at now, counting any resume due by then; it is zero once
// time is up or the question is answered.
func (c *Countdown) Remaining(now time.Time) time.Duration {
	cp := *c
	cp.Advance(now)
	switch cp.state {
	case TimerRunning:
		return max(cp.deadline.Sub(now), 0)
	case TimerPaused:
		return cp.remaining
	}
	return 0
}

// Next returns when Advance must next be called: the deadline, the idle-resume moment or
// the end of the flash. ok is false once nothing more is due.
func (c *Countdown) Next() (at time.Time, ok bool) {
	switch c.state {
	case TimerRunning:
		return c.deadline, true
	case TimerPaused:
		return c.lastKey.Add(IdleResume), true
	case TimerFlashing:
		return c.flashEnd, true
	}
	return time.Time{}, false
}

// Wait runs a countdown of timeout on clk until an answer arrives or time runs out. Each
// value on typing is a keystroke in the chat box; a closed channel only stops delivering.
// notify (nil for none) receives every TimerEvent as it happens, on Wait's goroutine. On
// expiry it returns timedOut after the flash, and the caller submits its default.
func Wait(ctx context.Context, clk clock.Clock, timeout time.Duration, typing <-chan struct{}, answers <-chan string, notify func(TimerEvent)) (answer string, timedOut bool, err error) {
	cd := NewCountdown(timeout, clk.Now())
	emit := func(evs []TimerEvent) {
		if notify == nil {
			return
		}
		for _, e := range evs {
			notify(e)
		}
	}
	for {
		at, ok := cd.Next()
		if !ok {
			return "", true, nil
		}
		// Every turn arms exactly one timer for exactly the next moment, so a wake always
		// has something due, and a test can tell from the clock's waiters that Wait has
		// handled its input. Clock timers cannot be stopped; one left behind is dropped.
		tick := clk.After(at.Sub(clk.Now()))
		select {
		case <-ctx.Done():
			return "", false, ctx.Err()
		case a, ok := <-answers:
			if !ok {
				answers = nil // no answer can come any more; the countdown decides
				continue
			}
			cd.Answer()
			return a, false, nil
		case _, ok := <-typing:
			if !ok {
				typing = nil
				continue
			}
			emit(cd.Typing(clk.Now()))
		case <-tick:
			emit(cd.Advance(clk.Now()))
		}
	}
}
