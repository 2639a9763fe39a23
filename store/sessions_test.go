package store

import (
	"context"
	"encoding/json"
	"reflect"
	"regexp"
	"testing"
	"time"
)

func TestSessionsAndMessages(t *testing.T) {
	clk := newTestClock()
	s, _ := openTest(t, clk)
	ctx := context.Background()

	ses, err := s.CreateSession(ctx, "Clinic errands")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^ses-[0-9a-f]{12}$`).MatchString(ses.ID) {
		t.Errorf("session id %q, want ses- and 12 hex chars", ses.ID)
	}
	got, err := s.Session(ctx, ses.ID)
	if err != nil || !reflect.DeepEqual(got, ses) {
		t.Errorf("Session = %+v, %v; want %+v", got, err, ses)
	}
	other, _ := s.CreateSession(ctx, "")
	if other.ID == ses.ID {
		t.Error("two sessions share an id")
	}

	m1, err := s.AddMessage(ctx, Message{SessionID: ses.ID, Role: "user", Content: "hello"})
	if err != nil {
		t.Fatal(err)
	}
	clk.Advance(time.Second)
	c := Checkpoint{
		Task:     Task{ID: "t1", SessionID: ses.ID, Status: "planning"},
		Messages: []Message{{Role: "assistant", Content: "Which patient?"}},
	}
	if err := s.SaveStep(ctx, c); err != nil {
		t.Fatal(err)
	}
	msgs, err := s.Messages(ctx, ses.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 2 || msgs[0] != m1 || msgs[1].Role != "assistant" || msgs[1].SessionID != ses.ID ||
		!msgs[1].CreatedAt.Equal(ms(clk.Now(), 0)) {
		t.Errorf("messages = %+v", msgs)
	}

	// A session id first seen in a checkpoint (a client-chosen id) is created.
	if err := s.SaveStep(ctx, Checkpoint{
		Task:     Task{ID: "t2", SessionID: "client-ses", Status: "planning"},
		Messages: []Message{{Role: "user", Content: "hi"}},
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Session(ctx, "client-ses"); err != nil {
		t.Errorf("client session: %v", err)
	}
	if msgs, _ := s.Messages(ctx, "client-ses"); len(msgs) != 1 {
		t.Errorf("client session messages: %d, want 1", len(msgs))
	}
}

func TestAudit(t *testing.T) {
	clk := newTestClock()
	s, _ := openTest(t, clk)
	ctx := context.Background()
	entries := []AuditEntry{
		{RequestID: "req-1", TaskID: "t1", Kind: "question", Data: json.RawMessage(`{"q":"Which Jas?"}`), CreatedAt: ms(clk.Now(), -time.Second)},
		{RequestID: "req-1", TaskID: "t1", Kind: "answer", Data: json.RawMessage(`{"a":"Jas Singh","timed_out":false}`)},
		{RequestID: "req-2", TaskID: "t2", Kind: "approval"},
	}
	for _, e := range entries {
		if err := s.Audit(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.AuditLog(ctx, "t1")
	if err != nil {
		t.Fatal(err)
	}
	want := entries[:2:2]
	want[1].CreatedAt = ms(clk.Now(), 0)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("AuditLog:\n got %+v\nwant %+v", got, want)
	}
	if err := s.Audit(ctx, AuditEntry{TaskID: "t1", Kind: "x", Data: json.RawMessage(`nope`)}); err == nil {
		t.Error("audit with invalid JSON succeeded")
	}
	if err := s.Audit(ctx, AuditEntry{TaskID: "t1"}); err == nil {
		t.Error("audit without kind succeeded")
	}
}
