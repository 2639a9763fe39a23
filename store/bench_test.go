package store

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// BenchmarkSaveStep measures persisting one agent step: the task row with
// its state, 3 actions and 5 events, in one transaction.
func BenchmarkSaveStep(b *testing.B) {
	s, _ := openTest(b, nil)
	ctx := context.Background()
	base := ms(time.Now(), 0)
	step := 0
	for b.Loop() {
		step++
		if err := s.SaveStep(ctx, sampleCheckpoint("task-bench", step, 3, 5, base)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTasks lists the default page (50) from 1,000 tasks, each with a
// small state document.
func BenchmarkTasks(b *testing.B) {
	s, _ := openTest(b, nil)
	ctx := context.Background()
	base := ms(time.Now(), -time.Hour)
	for i := range 1000 {
		c := sampleCheckpoint(fmt.Sprintf("task-%04d", i), 1, 0, 0, ms(base, time.Duration(i)*time.Second))
		if i%3 == 0 {
			c.Task.Status = StatusCompleted
		}
		if err := s.SaveStep(ctx, c); err != nil {
			b.Fatal(err)
		}
	}
	for _, f := range []TaskFilter{{}, {Status: []string{StatusCompleted}}, {Limit: 1000}} {
		b.Run(fmt.Sprintf("limit=%d,status=%v", f.Limit, f.Status), func(b *testing.B) {
			for b.Loop() {
				ts, err := s.Tasks(ctx, f)
				if err != nil || len(ts) == 0 {
					b.Fatal(len(ts), err)
				}
			}
		})
	}
}
