package store

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"
)

// seedTasks saves each task as its own step; UpdatedAt defaults to CreatedAt.
func seedTasks(t *testing.T, s *Store, specs []Task) {
	t.Helper()
	for _, tk := range specs {
		if tk.UpdatedAt.IsZero() {
			tk.UpdatedAt = tk.CreatedAt
		}
		if err := s.SaveStep(context.Background(), Checkpoint{Task: tk}); err != nil {
			t.Fatalf("seed %s: %v", tk.ID, err)
		}
	}
}

func ids(ts []Task) []string {
	out := []string{}
	for _, t := range ts {
		out = append(out, t.ID)
	}
	return out
}

func TestTasks(t *testing.T) {
	clk := newTestClock()
	base := ms(clk.Now(), -24*time.Hour)
	s, _ := openTest(t, clk)
	seedTasks(t, s, []Task{
		{ID: "a", Status: "completed", SessionID: "ses-1", CreatedAt: ms(base, 1*time.Minute)},
		{ID: "b", Status: "failed", SessionID: "ses-2", CreatedAt: ms(base, 2*time.Minute)},
		{ID: "c", Status: "executing", SessionID: "ses-1", CreatedAt: ms(base, 3*time.Minute)},
		{ID: "d", Status: "completed", SessionID: "ses-2", CreatedAt: ms(base, 4*time.Minute)},
		// Same creation millisecond as d: the later insert lists first.
		{ID: "e", Status: "planning", SessionID: "", CreatedAt: ms(base, 4*time.Minute)},
	})
	// Updating an old task does not move it: the list is by creation.
	if err := s.SaveStep(context.Background(), Checkpoint{Task: Task{
		ID: "a", Status: "completed", SessionID: "ses-1", UpdatedAt: ms(base, time.Hour),
	}}); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name   string
		filter TaskFilter
		want   []string
	}{
		{"all newest first", TaskFilter{}, []string{"e", "d", "c", "b", "a"}},
		{"limit", TaskFilter{Limit: 2}, []string{"e", "d"}},
		{"one status", TaskFilter{Status: []string{"completed"}}, []string{"d", "a"}},
		{"statuses", TaskFilter{Status: []string{"failed", "executing"}}, []string{"c", "b"}},
		{"session", TaskFilter{SessionID: "ses-1"}, []string{"c", "a"}},
		{"session and status", TaskFilter{SessionID: "ses-2", Status: []string{"completed"}}, []string{"d"}},
		{"nothing matches", TaskFilter{Status: []string{"cancelled"}}, []string{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.Tasks(context.Background(), tc.filter)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(ids(got), tc.want) {
				t.Errorf("Tasks(%+v) = %v, want %v", tc.filter, ids(got), tc.want)
			}
		})
	}
	// The update kept the original creation time.
	a, _ := s.Task(context.Background(), "a")
	if !a.CreatedAt.Equal(ms(base, time.Minute)) || !a.UpdatedAt.Equal(ms(base, time.Hour)) {
		t.Errorf("a: created %v updated %v", a.CreatedAt, a.UpdatedAt)
	}
}

func TestTasksDefaultLimit(t *testing.T) {
	s, _ := openTest(t, nil)
	base := ms(time.Now(), 0)
	var specs []Task
	for i := range 60 {
		specs = append(specs, Task{ID: fmt.Sprintf("t%02d", i), Status: "completed", CreatedAt: ms(base, time.Duration(i)*time.Second)})
	}
	seedTasks(t, s, specs)
	got, err := s.Tasks(context.Background(), TaskFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 50 || got[0].ID != "t59" || got[49].ID != "t10" {
		t.Errorf("default limit: %d tasks, first %s, last %s", len(got), got[0].ID, got[len(got)-1].ID)
	}
}

func TestExpireIdle(t *testing.T) {
	clk := newTestClock()
	s, _ := openTest(t, clk)
	ctx := context.Background()
	now := clk.Now()
	seedTasks(t, s, []Task{
		{ID: "stale-exec", Status: "executing", UpdatedAt: ms(now, -31*time.Minute)},
		{ID: "stale-ask", Status: "clarifying", UpdatedAt: ms(now, -2*time.Hour)},
		{ID: "fresh", Status: "executing", UpdatedAt: ms(now, -29*time.Minute)},
		{ID: "edge", Status: "planning", UpdatedAt: ms(now, -30*time.Minute)}, // not older than idle
		{ID: "done", Status: "completed", UpdatedAt: ms(now, -3*time.Hour)},
		{ID: "gone", Status: "cancelled", UpdatedAt: ms(now, -3*time.Hour)},
		{ID: "old-int", Status: "interrupted", UpdatedAt: ms(now, -3*time.Hour)},
	})

	n, err := s.ExpireIdle(ctx, 30*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Errorf("ExpireIdle = %d, want 2", n)
	}
	want := map[string]string{
		"stale-exec": "interrupted", "stale-ask": "interrupted", "fresh": "executing",
		"edge": "planning", "done": "completed", "gone": "cancelled", "old-int": "interrupted",
	}
	for id, status := range want {
		tk, err := s.Task(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if tk.Status != status {
			t.Errorf("%s: status %q, want %q", id, tk.Status, status)
		}
	}
	if tk, _ := s.Task(ctx, "stale-exec"); !tk.UpdatedAt.Equal(ms(now, 0)) {
		t.Errorf("expired task updated_at = %v, want %v", tk.UpdatedAt, now)
	}

	// Nothing more is stale until the clock moves; then "fresh" and "edge" go.
	if n, _ := s.ExpireIdle(ctx, 30*time.Minute); n != 0 {
		t.Errorf("second ExpireIdle = %d, want 0", n)
	}
	clk.Advance(2 * time.Minute)
	if n, _ := s.ExpireIdle(ctx, 30*time.Minute); n != 2 {
		t.Errorf("ExpireIdle after 2m = %d, want 2", n)
	}
	if _, err := s.ExpireIdle(ctx, 0); err == nil {
		t.Error("ExpireIdle(0) succeeded")
	}
}

func TestActiveTask(t *testing.T) {
	clk := newTestClock()
	s, _ := openTest(t, clk)
	base := ms(clk.Now(), -time.Hour)
	seedTasks(t, s, []Task{
		{ID: "old-exec", SessionID: "ses-1", Status: "executing", StartURL: "http://a.test/", CurrentURL: "http://a.test/form", CreatedAt: ms(base, 1*time.Minute)},
		{ID: "new-plan", SessionID: "ses-1", Status: "planning", StartURL: "http://b.test/", CurrentURL: "http://b.test/", CreatedAt: ms(base, 2*time.Minute)},
		{ID: "newest-done", SessionID: "ses-1", Status: "completed", StartURL: "http://a.test/", CurrentURL: "http://a.test/form", CreatedAt: ms(base, 3*time.Minute)},
		{ID: "other-ses", SessionID: "ses-2", Status: "executing", StartURL: "http://a.test/", CreatedAt: ms(base, 4*time.Minute)},
		{ID: "ses3-int", SessionID: "ses-3", Status: "interrupted", CreatedAt: ms(base, 5*time.Minute)},
	})
	tests := []struct {
		session, url, want string
	}{
		{"ses-1", "", "new-plan"},
		{"ses-1", "http://a.test/form", "old-exec"}, // by current URL
		{"ses-1", "http://a.test/", "old-exec"},     // by start URL
		{"ses-1", "http://b.test/", "new-plan"},
		{"ses-1", "http://c.test/", ""},
		{"ses-2", "", "other-ses"},
		{"ses-3", "", ""}, // interrupted is not active
		{"ses-none", "", ""},
	}
	for _, tc := range tests {
		got, err := s.ActiveTask(context.Background(), tc.session, tc.url)
		if tc.want == "" {
			if !errors.Is(err, ErrNotFound) {
				t.Errorf("ActiveTask(%s, %q) = %s, %v; want ErrNotFound", tc.session, tc.url, got.ID, err)
			}
			continue
		}
		if err != nil || got.ID != tc.want {
			t.Errorf("ActiveTask(%s, %q) = %s, %v; want %s", tc.session, tc.url, got.ID, err, tc.want)
		}
	}
}

func TestUsageTotals(t *testing.T) {
	clk := newTestClock()
	s, _ := openTest(t, clk)
	ctx := context.Background()
	at := ms(clk.Now(), 0)
	c := Checkpoint{Task: Task{ID: "t1", Status: "executing"}, Usage: []Usage{
		{Purpose: "plan", Model: "m7b", PromptTokens: 1000, CompletionTokens: 200, Cost: 0.5, CreatedAt: at},
		{Purpose: "verify", Model: "m1b", PromptTokens: 300, CompletionTokens: 20, Cost: 0.25, CreatedAt: at},
		{Purpose: "plan", Model: "m7b", PromptTokens: 10, CompletionTokens: 2, CreatedAt: ms(at, time.Second)},
	}}
	if err := s.SaveStep(ctx, c); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveStep(ctx, Checkpoint{Task: Task{ID: "t2", Status: "executing"},
		Usage: []Usage{{Purpose: "plan", PromptTokens: 99}}}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		task          string
		calls, tokens int
		cost          float64
	}{
		{"t1", 3, 1532, 0.75},
		{"t2", 1, 99, 0},
		{"none", 0, 0, 0},
	}
	for _, tc := range tests {
		calls, tokens, cost, err := s.UsageTotals(ctx, tc.task)
		if err != nil {
			t.Fatal(err)
		}
		if calls != tc.calls || tokens != tc.tokens || cost != tc.cost {
			t.Errorf("UsageTotals(%s) = %d, %d, %v; want %d, %d, %v", tc.task, calls, tokens, cost, tc.calls, tc.tokens, tc.cost)
		}
	}
}

func TestDeleteTaskCascades(t *testing.T) {
	clk := newTestClock()
	s, _ := openTest(t, clk)
	ctx := context.Background()
	for _, id := range []string{"t1", "t2"} {
		c := sampleCheckpoint(id, 1, 3, 5, ms(clk.Now(), 0))
		c.Usage = []Usage{{Purpose: "plan", PromptTokens: 5}}
		if err := s.SaveStep(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Audit(ctx, AuditEntry{TaskID: "t1", Kind: "approval"}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteTask(ctx, "t1"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		table string
		t1    int
		t2    int
	}{
		{"tasks", 0, 1}, {"task_actions", 0, 3}, {"task_events", 0, 5}, {"model_usage", 0, 1},
	} {
		col := "task_id"
		if tc.table == "tasks" {
			col = "id"
		}
		if got := count(t, s, tc.table, col+" = ?", "t1"); got != tc.t1 {
			t.Errorf("%s rows of t1: %d, want %d", tc.table, got, tc.t1)
		}
		if got := count(t, s, tc.table, col+" = ?", "t2"); got != tc.t2 {
			t.Errorf("%s rows of t2: %d, want %d", tc.table, got, tc.t2)
		}
	}
	if log, _ := s.AuditLog(ctx, "t1"); len(log) != 1 {
		t.Errorf("audit of deleted task: %d entries, want 1", len(log))
	}
}
