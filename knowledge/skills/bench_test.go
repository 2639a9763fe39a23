package skills

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"
	"time"
)

// fill stores n skills on one site in one transaction, with goals drawn from a small
// vocabulary so that a query shares words with thousands of them: the worst case of a
// lookup, since a real site holds far fewer.
func fill(tb testing.TB, s *Store, n int) {
	tb.Helper()
	verbs := []string{"save", "add", "delete", "edit", "export", "book", "search", "open", "print", "send"}
	things := []string{"patient", "appointment", "report", "invoice", "note", "prescription", "room", "order", "user", "file"}
	extras := []string{"new", "monthly", "urgent", "draft", "shared", "old", "weekly", "private"}
	r := rand.New(rand.NewPCG(1, 2))
	step, _ := json.Marshal(button("Save"))
	tx, err := s.db.Begin()
	if err != nil {
		tb.Fatal(err)
	}
	stmt, err := tx.Prepare(`INSERT INTO skills (fingerprint, site, goal, failed, succeeded, page, successes, failures, created_at, last_used)
		VALUES (?, '127.0.0.1:7480', ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		tb.Fatal(err)
	}
	now := s.opts.Clock.Now()
	for i := range n {
		goal := fmt.Sprintf("%s the %s %s %s for %d", verbs[r.IntN(len(verbs))], extras[r.IntN(len(extras))],
			things[r.IntN(len(things))], things[r.IntN(len(things))], i)
		used := now.Add(-time.Duration(r.IntN(80*24)) * time.Hour).UnixMilli()
		_, err := stmt.Exec(fmt.Sprint(i), goal, step, step, fmt.Sprintf("/p%d#aaaaaaaaaaaa", i%50),
			1+r.IntN(5), r.IntN(4), used, used)
		if err != nil {
			tb.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkFind10k looks up hints among 10,000 skills of one site (budget: 5 ms).
func BenchmarkFind10k(b *testing.B) {
	s, _, _ := openStore(b, Options{})
	fill(b, s, 10_000)
	ctx := context.Background()
	q := Query{URL: newPatient, Goal: "Save the new patient note", Page: "/p7#aaaaaaaaaaaa"}
	if _, err := s.Find(ctx, q); err != nil { // builds the index
		b.Fatal(err)
	}
	var times []time.Duration
	cpu0 := cpuTime()
	for b.Loop() {
		start := time.Now()
		ms, err := s.Find(ctx, q)
		if err != nil || len(ms) == 0 {
			b.Fatal("nothing found", err)
		}
		times = append(times, time.Since(start))
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(len(times)), "cpu-ms/op")
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkLearnAtCapacity learns one skill into a full store, which evicts one.
func BenchmarkLearnAtCapacity(b *testing.B) {
	s, clk, _ := openStore(b, Options{})
	fill(b, s, 10_000)
	ctx := context.Background()
	i := 0
	for b.Loop() {
		i++
		clk.Advance(time.Second)
		l := saveLesson(fmt.Sprintf("save patient number %d", i))
		if _, err := s.Learn(ctx, l); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFind10kAfterLearn is a lookup right after a new lesson: the site's index is
// rebuilt from the file first.
func BenchmarkFind10kAfterLearn(b *testing.B) {
	s, clk, _ := openStore(b, Options{Max: 20_000})
	fill(b, s, 10_000)
	ctx := context.Background()
	q := Query{URL: newPatient, Goal: "Save the new patient note", Page: "/p7#aaaaaaaaaaaa"}
	i := 0
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		i++
		clk.Advance(time.Second)
		if _, err := s.Learn(ctx, saveLesson(fmt.Sprintf("save patient number %d", i))); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		c0 := cpuTime()
		if _, err := s.Find(ctx, q); err != nil {
			b.Fatal(err)
		}
		cpu += cpuTime() - c0
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(i), "cpu-ms/op")
}
