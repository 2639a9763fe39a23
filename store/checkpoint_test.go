package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestSaveStepRoundTrip(t *testing.T) {
	clk := newTestClock()
	base := ms(clk.Now(), -time.Hour)
	finished := ms(base, 90*time.Second)

	tests := []struct {
		name string
		task Task
	}{
		{"full", Task{
			ID: "task-full", SessionID: "ses-aaaaaaaaaaaa", Goal: "Add a new patient named Jas",
			Status: "completed", StartURL: "http://clinic.test/", CurrentURL: "http://clinic.test/patients/7",
			Steps: 4, ModelCalls: 6, Tokens: 1234, CreatedAt: base, UpdatedAt: ms(base, time.Minute),
			FinishedAt: &finished, DurationMs: 90_000, Summary: "Added Jas",
			// Whitespace, key order and escapes must come back byte for byte.
			State: json.RawMessage(`{ "z": 1, "a": [true, null, "Jas \u00e9 \"q\""], "n": 1.50 }`),
		}},
		{"minimal, no session, no state", Task{
			ID: "task-min", Status: "planning", CreatedAt: base, UpdatedAt: base,
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := openTest(t, clk)
			ctx := context.Background()
			c := Checkpoint{Task: tc.task}
			if err := s.SaveStep(ctx, c); err != nil {
				t.Fatalf("SaveStep: %v", err)
			}
			got, err := s.Task(ctx, tc.task.ID)
			if err != nil {
				t.Fatalf("Task: %v", err)
			}
			if !reflect.DeepEqual(got, tc.task) {
				t.Errorf("Task round trip:\n got %+v\nwant %+v", got, tc.task)
			}
			if string(got.State) != string(tc.task.State) {
				t.Errorf("state = %s, want %s", got.State, tc.task.State)
			}
		})
	}

	t.Run("children", func(t *testing.T) {
		s, _ := openTest(t, clk)
		ctx := context.Background()
		c := sampleCheckpoint("task-1", 1, 3, 5, base)
		c.Actions[1].Error = "element 15 not found"
		c.Actions[2].CreatedAt = ms(base, 5*time.Second) // explicit time wins over the step's
		if err := s.SaveStep(ctx, c); err != nil {
			t.Fatalf("SaveStep: %v", err)
		}
		acts, err := s.Actions(ctx, "task-1")
		if err != nil {
			t.Fatal(err)
		}
		want := make([]Action, len(c.Actions))
		for i, a := range c.Actions {
			a.TaskID = "task-1"
			if a.CreatedAt.IsZero() {
				a.CreatedAt = c.Task.UpdatedAt
			}
			want[i] = a
		}
		if !reflect.DeepEqual(acts, want) {
			t.Errorf("actions:\n got %+v\nwant %+v", acts, want)
		}
		evs, err := s.Events(ctx, "task-1", 6)
		if err != nil {
			t.Fatal(err)
		}
		var seqs []int
		for _, e := range evs {
			seqs = append(seqs, e.Seq)
		}
		if !reflect.DeepEqual(seqs, []int{7, 8, 9}) {
			t.Errorf("events after 6: seqs %v, want [7 8 9]", seqs)
		}
		if string(evs[0].Data) != `{"step":1,"i":2}` || evs[0].TaskID != "task-1" || !evs[0].CreatedAt.Equal(c.Task.UpdatedAt) {
			t.Errorf("event 7 = %+v", evs[0])
		}
	})
}

func TestSaveStepIdempotent(t *testing.T) {
	clk := newTestClock()
	s, _ := openTest(t, clk)
	ctx := context.Background()
	c := sampleCheckpoint("task-1", 1, 3, 5, ms(clk.Now(), 0))
	c.Usage = []Usage{
		{Purpose: "plan", Model: "qwen2.5:7b", PromptTokens: 100, CompletionTokens: 20, CreatedAt: ms(clk.Now(), time.Second)},
		{Purpose: "verify", Model: "qwen2.5:1.5b", PromptTokens: 50, CompletionTokens: 5},
	}
	c.Messages = []Message{{Role: "user", Content: "Add a new patient named Jas"}, {Role: "assistant", Content: "On it."}}

	for i := range 3 {
		if err := s.SaveStep(ctx, c); err != nil {
			t.Fatalf("save %d: %v", i, err)
		}
	}
	for _, tc := range []struct {
		table string
		want  int
	}{
		{"tasks", 1}, {"task_actions", 3}, {"task_events", 5}, {"model_usage", 2},
		{"messages", 2}, {"sessions", 1},
	} {
		if got := count(t, s, tc.table, ""); got != tc.want {
			t.Errorf("%s: %d rows, want %d", tc.table, got, tc.want)
		}
	}

	// A resumed task re-saves the step with a retried action's new outcome
	// and a different event payload: the action's latest outcome wins, the
	// event log does not change under readers.
	c2 := c
	c2.Actions = append([]Action(nil), c.Actions...)
	c2.Actions[1].Verified, c2.Actions[1].Error = true, ""
	c2.Actions[1].AfterHash = "h3"
	c2.Events = append([]Event(nil), c.Events...)
	c2.Events[0].Data = json.RawMessage(`{"rewritten":true}`)
	if err := s.SaveStep(ctx, c2); err != nil {
		t.Fatal(err)
	}
	acts, _ := s.Actions(ctx, "task-1")
	if len(acts) != 3 || !acts[1].Verified || acts[1].AfterHash != "h3" {
		t.Errorf("action 1 after re-save = %+v", acts[1])
	}
	evs, _ := s.Events(ctx, "task-1", -1)
	if len(evs) != 5 || string(evs[0].Data) != string(c.Events[0].Data) {
		t.Errorf("event 0 after re-save = %s, want %s", evs[0].Data, c.Events[0].Data)
	}
	// A message with an id is idempotent by id.
	m, err := s.AddMessage(ctx, Message{SessionID: c.Task.SessionID, Role: "user", Content: "thanks"})
	if err != nil {
		t.Fatal(err)
	}
	c3 := c
	c3.Messages = []Message{m}
	if err := s.SaveStep(ctx, c3); err != nil {
		t.Fatal(err)
	}
	if got := count(t, s, "messages", ""); got != 3 {
		t.Errorf("messages after re-saving an id'd message: %d, want 3", got)
	}
}

func TestSaveStepAtomic(t *testing.T) {
	clk := newTestClock()
	base := ms(clk.Now(), 0)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()

	tests := []struct {
		name    string
		ctx     context.Context
		mutate  func(c *Checkpoint)
		wantErr string
	}{
		{"event with invalid JSON (check constraint, after task and actions were written)",
			context.Background(),
			func(c *Checkpoint) { c.Events[4].Data = json.RawMessage(`{"broken":`) },
			"constraint"},
		{"action with a negative index", context.Background(),
			func(c *Checkpoint) { c.Actions[2].Index = -1 }, "constraint"},
		{"usage row after everything else fails", context.Background(),
			func(c *Checkpoint) {
				c.Usage = []Usage{{Purpose: "plan"}, {Purpose: "plan"}}
				c.Messages = []Message{{SessionID: "ses-x", Role: ""}} // role CHECK fails last
			}, "constraint"},
		{"action for another task", context.Background(),
			func(c *Checkpoint) { c.Actions[0].TaskID = "task-other" }, `belongs to task "task-other"`},
		{"cancelled context", cancelled, func(*Checkpoint) {}, "context canceled"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := openTest(t, clk)
			ctx := context.Background()
			first := sampleCheckpoint("task-1", 1, 1, 5, base)
			if err := s.SaveStep(ctx, first); err != nil {
				t.Fatal(err)
			}
			before, _ := s.Task(ctx, "task-1")

			next := sampleCheckpoint("task-1", 2, 3, 5, base)
			next.Task.Status = "verifying"
			tc.mutate(&next)
			err := s.SaveStep(tc.ctx, next)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("SaveStep error = %v, want one containing %q", err, tc.wantErr)
			}

			after, err := s.Task(ctx, "task-1")
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(after, before) {
				t.Errorf("task changed by a failed step:\n got %+v\nwant %+v", after, before)
			}
			for _, c := range []struct {
				table string
				want  int
			}{{"task_actions", 1}, {"task_events", 5}, {"model_usage", 0}, {"messages", 0}, {"sessions", 1}} {
				if got := count(t, s, c.table, ""); got != c.want {
					t.Errorf("%s: %d rows after failed step, want %d", c.table, got, c.want)
				}
			}
		})
	}
}

func TestSaveStepRejectsBadCheckpoint(t *testing.T) {
	s, _ := openTest(t, nil)
	for name, c := range map[string]Checkpoint{
		"no id":                {Task: Task{Status: "planning"}},
		"no status":            {Task: Task{ID: "t"}},
		"message with nowhere": {Task: Task{ID: "t", Status: "planning"}, Messages: []Message{{Role: "user"}}},
	} {
		if err := s.SaveStep(context.Background(), c); err == nil {
			t.Errorf("%s: SaveStep succeeded", name)
		}
	}
	if got := count(t, s, "tasks", ""); got != 0 {
		t.Errorf("tasks: %d rows, want 0", got)
	}
}

// Two handles on one file, as the desktop app and `errand serve` would
// have: every writer must wait for the lock, not fail with SQLITE_BUSY.
func TestConcurrentSaveStep(t *testing.T) {
	s1, path := openTest(t, nil)
	s2 := openAt(t, path, nil)
	const workers, steps = 4, 25
	base := ms(time.Now(), 0)

	var wg sync.WaitGroup
	errs := make(chan error, workers*steps)
	for w := range workers {
		s := s1
		if w%2 == 1 {
			s = s2
		}
		wg.Go(func() {
			id := fmt.Sprintf("task-%d", w)
			for step := 1; step <= steps; step++ {
				if err := s.SaveStep(context.Background(), sampleCheckpoint(id, step, 3, 5, base)); err != nil {
					errs <- fmt.Errorf("worker %d step %d: %w", w, step, err)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if got := count(t, s1, "task_actions", ""); got != workers*steps*3 {
		t.Errorf("actions: %d, want %d", got, workers*steps*3)
	}
	if got := count(t, s2, "task_events", ""); got != workers*steps*5 {
		t.Errorf("events: %d, want %d", got, workers*steps*5)
	}
	tasks, err := s2.Tasks(context.Background(), TaskFilter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tk := range tasks {
		if tk.Steps != steps {
			t.Errorf("%s: steps %d, want %d", tk.ID, tk.Steps, steps)
		}
	}
}

func TestReopenKeepsData(t *testing.T) {
	clk := newTestClock()
	s, path := openTest(t, clk)
	ctx := context.Background()
	c := sampleCheckpoint("task-1", 3, 3, 5, ms(clk.Now(), 0))
	if err := s.SaveStep(ctx, c); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2 := openAt(t, path, clk)
	got, err := s2.Task(ctx, "task-1")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, c.Task) {
		t.Errorf("after reopen:\n got %+v\nwant %+v", got, c.Task)
	}
	if acts, _ := s2.Actions(ctx, "task-1"); len(acts) != 3 {
		t.Errorf("actions after reopen: %d, want 3", len(acts))
	}
}

func TestTaskNotFound(t *testing.T) {
	s, _ := openTest(t, nil)
	if _, err := s.Task(context.Background(), "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Task(nope) error = %v, want ErrNotFound", err)
	}
	if err := s.DeleteTask(context.Background(), "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("DeleteTask(nope) error = %v, want ErrNotFound", err)
	}
}
