package store

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// testClock is a hand-driven clock so expiry tests never sleep.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func newTestClock() *testClock {
	return &testClock{t: time.Date(2026, 3, 14, 9, 26, 53, 589_000_000, time.UTC)}
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// openTest opens a store in a fresh temporary directory and closes it when
// the test ends.
func openTest(t testing.TB, clk *testClock) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "data", "errand.db")
	return openAt(t, path, clk), path
}

func openAt(t testing.TB, path string, clk *testClock) *Store {
	t.Helper()
	var opts Options
	if clk != nil {
		opts.Now = clk.Now
	}
	s, err := Open(context.Background(), path, opts)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// count returns the number of rows in table matching an optional where.
func count(t testing.TB, s *Store, table, where string, args ...any) int {
	t.Helper()
	q := "SELECT count(*) FROM " + table
	if where != "" {
		q += " WHERE " + where
	}
	var n int
	if err := s.db.QueryRow(q, args...).Scan(&n); err != nil {
		t.Fatalf("count %s: %v", table, err)
	}
	return n
}

// ms makes a UTC time on the millisecond grid the store keeps.
func ms(base time.Time, offset time.Duration) time.Time {
	return base.Add(offset).UTC().Truncate(time.Millisecond)
}

// sampleCheckpoint is one agent step: the task after step `step`, with
// nActions chained actions and nEvents events numbered after the previous
// steps' events.
func sampleCheckpoint(taskID string, step, nActions, nEvents int, at time.Time) Checkpoint {
	state := fmt.Sprintf(`{"phase":"executing","step":%d,"plan":[{"goal":"open form"},{"goal":"type name"}],"note":"Jas \u00e9"}`, step)
	c := Checkpoint{Task: Task{
		ID: taskID, SessionID: "ses-000000000001", Goal: "Add a new patient named Jas",
		Status: "executing", StartURL: "http://clinic.test/", CurrentURL: "http://clinic.test/patients/new",
		Steps: step, ModelCalls: step * 2, Tokens: step * 300,
		CreatedAt: at, UpdatedAt: at.Add(time.Duration(step) * time.Second),
		DurationMs: int64(step) * 1000, State: json.RawMessage(state),
	}}
	for i := range nActions {
		c.Actions = append(c.Actions, Action{
			Step: step, Index: i,
			Action:      fmt.Sprintf(`setValue("%d", "Jas")`, 14+i),
			Description: "type the name",
			BeforeURL:   "http://clinic.test/patients/new", AfterURL: "http://clinic.test/patients/new",
			BeforeHash: "h1", AfterHash: "h2", Verified: i%2 == 0,
			Verification: json.RawMessage(`{"tier":1,"evidence":["value set"]}`),
			DurationMs:   12,
		})
	}
	for i := range nEvents {
		c.Events = append(c.Events, Event{
			Seq: step*nEvents + i, Type: "stepVerified",
			Data: json.RawMessage(fmt.Sprintf(`{"step":%d,"i":%d}`, step, i)),
		})
	}
	return c
}
