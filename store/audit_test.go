package store

import (
	"context"
	"encoding/json"
	"testing"
	"time"
)

func TestSaveStepWritesAuditOnce(t *testing.T) {
	clk := newTestClock()
	s, _ := openTest(t, clk)
	ctx := context.Background()
	cp := sampleCheckpoint("task-a", 1, 0, 0, clk.Now())
	cp.Audit = []AuditEntry{
		{RequestID: "clar-a-1", Kind: "question", Data: json.RawMessage(`{"question":"Which link?"}`)},
		{RequestID: "clar-a-1", Kind: "answer", Data: json.RawMessage(`{"selectedOptionId":"opt-1","timed_out":true}`)},
	}
	if err := s.SaveStep(ctx, cp); err != nil {
		t.Fatal(err)
	}
	// A resumed task saves its last checkpoint again: nothing is logged twice.
	if err := s.SaveStep(ctx, cp); err != nil {
		t.Fatal(err)
	}
	log, err := s.AuditLog(ctx, "task-a")
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 2 || log[0].Kind != "question" || log[1].RequestID != "clar-a-1" || log[1].TaskID != "task-a" ||
		string(log[1].Data) != `{"selectedOptionId":"opt-1","timed_out":true}` {
		t.Fatalf("audit log = %+v", log)
	}
	// The audit trail outlives the task.
	if err := s.DeleteTask(ctx, "task-a"); err != nil {
		t.Fatal(err)
	}
	if log, _ := s.AuditLog(ctx, "task-a"); len(log) != 2 {
		t.Fatalf("after delete: %d entries", len(log))
	}
	clk.Advance(time.Second)
	bad := sampleCheckpoint("task-b", 1, 0, 0, clk.Now())
	bad.Audit = []AuditEntry{{TaskID: "task-other", Kind: "answer"}}
	if err := s.SaveStep(ctx, bad); err == nil {
		t.Fatal("an audit entry of another task was accepted")
	}
	if n := count(t, s, "tasks", "id = ?", "task-b"); n != 0 {
		t.Fatalf("a rejected checkpoint left its task: %d", n)
	}
}
