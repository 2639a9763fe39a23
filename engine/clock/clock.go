// Package clock owns time as the engine sees it: the Clock interface that timing code takes
// instead of calling the time package, the wall clock for production, and Fake, a manual
// clock that tests step so code which waits on time is tested without sleeping.
package clock

import (
	"context"
	"sort"
	"sync"
	"time"
)

// Clock is time as the engine sees it; tests pass a Fake.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time // fires once after d
}

// Real returns the wall clock.
func Real() Clock { return realClock{} }

type realClock struct{}

func (realClock) Now() time.Time                         { return time.Now() }
func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

var (
	_ Clock = realClock{}
	_ Clock = (*Fake)(nil)
)

// Fake is a manual clock: time moves only when a test calls Advance or Set.
type Fake struct {
	mu      sync.Mutex
	now     time.Time
	seq     uint64 // orders waiters with the same deadline by creation
	waiters []waiter
	// changed is closed and replaced whenever the waiter list changes, so BlockUntil can
	// wait for that and for ctx together, which a sync.Cond cannot.
	changed chan struct{}
}

type waiter struct {
	at  time.Time
	seq uint64
	ch  chan time.Time
}

// NewFake returns a Fake that reads t until it is moved.
func NewFake(t time.Time) *Fake {
	return &Fake{now: t, changed: make(chan struct{})}
}

// Now returns the fake's current time.
func (f *Fake) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

// After returns a channel that receives the deadline once the fake reaches now+d. The
// channel is buffered, so firing never blocks on a reader that has gone away; d <= 0 fires
// at once, like time.After.
func (f *Fake) After(d time.Duration) <-chan time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- f.now
		return ch
	}
	f.seq++
	f.waiters = append(f.waiters, waiter{at: f.now.Add(d), seq: f.seq, ch: ch})
	f.notifyLocked()
	return ch
}

// Advance moves the fake forward by d, firing every waiter that falls due in deadline order.
func (f *Fake) Advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.setLocked(f.now.Add(d))
}

// Set moves the fake to t, firing every waiter that falls due in deadline order. Moving
// backwards fires nothing.
func (f *Fake) Set(t time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.setLocked(t)
}

func (f *Fake) setLocked(t time.Time) {
	sort.SliceStable(f.waiters, func(i, j int) bool {
		a, b := f.waiters[i], f.waiters[j]
		if !a.at.Equal(b.at) {
			return a.at.Before(b.at)
		}
		return a.seq < b.seq
	})
	fired := 0
	for _, w := range f.waiters {
		if w.at.After(t) {
			break
		}
		// Each waiter sees the moment it was due, as a real timer would report it.
		f.now = w.at
		w.ch <- w.at
		fired++
	}
	f.waiters = append(f.waiters[:0:0], f.waiters[fired:]...)
	f.now = t
	if fired > 0 {
		f.notifyLocked()
	}
}

func (f *Fake) notifyLocked() {
	close(f.changed)
	f.changed = make(chan struct{})
}

// Waiters returns how many After channels have not fired yet.
func (f *Fake) Waiters() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.waiters)
}

// BlockUntil returns once at least n After channels are pending, which tells a test that the
// code under test has reached its wait, or returns ctx's error.
func (f *Fake) BlockUntil(ctx context.Context, n int) error {
	for {
		f.mu.Lock()
		count, changed := len(f.waiters), f.changed
		f.mu.Unlock()
		if count >= n {
			return nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
