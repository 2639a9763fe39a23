package server

import (
	"sync"
	"time"

	"github.com/errand-app/errand/engine/clock"
)

// bucket is a token bucket: perMinute tokens refill evenly over a minute, and as many may
// be spent at once. One person's client needs little; a runaway script or a token guesser
// is slowed down.
type bucket struct {
	mu     sync.Mutex
	clk    clock.Clock
	tokens float64
	burst  float64
	every  time.Duration // one token comes back every this long
	last   time.Time
}

func newBucket(perMinute int, clk clock.Clock) *bucket {
	return &bucket{clk: clk, tokens: float64(perMinute), burst: float64(perMinute),
		every: time.Minute / time.Duration(perMinute), last: clk.Now()}
}

// take spends a token, or says how long until one is back.
func (b *bucket) take() (ok bool, retryAfter time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.clk.Now()
	if d := now.Sub(b.last); d > 0 {
		b.tokens = min(b.burst, b.tokens+float64(d)/float64(b.every))
	}
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) * float64(b.every))
}
