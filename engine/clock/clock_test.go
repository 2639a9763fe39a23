package clock_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/clock"
)

var epoch = time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)

func TestRealAfterFires(t *testing.T) {
	t.Parallel()
	c := clock.Real()
	start := c.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	select {
	case got := <-c.After(time.Millisecond):
		if got.Before(start) {
			t.Errorf("fired at %v, before start %v", got, start)
		}
	case <-ctx.Done():
		t.Fatal("After(1ms) never fired")
	}
}

// fired reports which of chs have a value waiting, without blocking.
func fired(chs ...<-chan time.Time) []bool {
	out := make([]bool, len(chs))
	for i, ch := range chs {
		select {
		case <-ch:
			out[i] = true
		default:
		}
	}
	return out
}

func TestFakeAfter(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		delays  []time.Duration
		advance time.Duration
		want    []bool
		pending int
	}{
		{"nothing due", []time.Duration{time.Second}, 999 * time.Millisecond, []bool{false}, 1},
		{"exactly due", []time.Duration{time.Second}, time.Second, []bool{true}, 0},
		{"zero fires at once", []time.Duration{0}, 0, []bool{true}, 0},
		{"negative fires at once", []time.Duration{-time.Second}, 0, []bool{true}, 0},
		{"only the due ones", []time.Duration{3 * time.Second, time.Second, 2 * time.Second}, 2 * time.Second, []bool{false, true, true}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := clock.NewFake(epoch)
			var chs []<-chan time.Time
			for _, d := range tt.delays {
				chs = append(chs, f.After(d))
			}
			f.Advance(tt.advance)
			if got := fired(chs...); !equalBools(got, tt.want) {
				t.Errorf("fired %v, want %v", got, tt.want)
			}
			if got := f.Waiters(); got != tt.pending {
				t.Errorf("Waiters() = %d, want %d", got, tt.pending)
			}
			if got, want := f.Now(), epoch.Add(tt.advance); !got.Equal(want) {
				t.Errorf("Now() = %v, want %v", got, want)
			}
		})
	}
}

func equalBools(a, b []bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestFakeAdvanceFiresInDeadlineOrder(t *testing.T) {
	t.Parallel()
	f := clock.NewFake(epoch)
	c3 := f.After(3 * time.Second)
	c1 := f.After(time.Second)
	c2a := f.After(2 * time.Second)
	c2b := f.After(2 * time.Second)
	f.Advance(10 * time.Second)
	// Each channel carries its own deadline, so the values give the firing moments.
	for i, tc := range []struct {
		ch   <-chan time.Time
		want time.Duration
	}{{c1, time.Second}, {c2a, 2 * time.Second}, {c2b, 2 * time.Second}, {c3, 3 * time.Second}} {
		if got := (<-tc.ch).Sub(epoch); got != tc.want {
			t.Errorf("channel %d fired at +%v, want +%v", i, got, tc.want)
		}
	}
	if got, want := f.Now(), epoch.Add(10*time.Second); !got.Equal(want) {
		t.Errorf("Now() = %v, want %v", got, want)
	}
}

func TestFakeSet(t *testing.T) {
	t.Parallel()
	f := clock.NewFake(epoch)
	ch := f.After(time.Minute)
	f.Set(epoch.Add(-time.Hour))
	if fired(ch)[0] {
		t.Fatal("moving backwards fired a waiter")
	}
	f.Set(epoch.Add(time.Minute))
	if !fired(ch)[0] {
		t.Fatal("Set to the deadline did not fire")
	}
}

func TestFakeBlockUntil(t *testing.T) {
	t.Parallel()
	f := clock.NewFake(epoch)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	done := make(chan time.Time)
	go func() {
		done <- <-f.After(5 * time.Second)
	}()
	if err := f.BlockUntil(ctx, 1); err != nil {
		t.Fatalf("BlockUntil: %v", err)
	}
	f.Advance(5 * time.Second)
	if got := (<-done).Sub(epoch); got != 5*time.Second {
		t.Errorf("goroutine woke at +%v, want +5s", got)
	}
	if err := f.BlockUntil(ctx, 0); err != nil {
		t.Errorf("BlockUntil(0): %v", err)
	}
}

func TestFakeBlockUntilCanceled(t *testing.T) {
	t.Parallel()
	f := clock.NewFake(epoch)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := f.BlockUntil(ctx, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("BlockUntil = %v, want context.Canceled", err)
	}
}
