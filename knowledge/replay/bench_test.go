package replay

import (
	"context"
	"fmt"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// BenchmarkMatch reads one instruction against one script with two side-by-side values.
func BenchmarkMatch(b *testing.B) {
	sc := recordings(b)["gender"]
	cpu0, n := cpuTime(), 0
	defer func() { b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/float64(max(n, 1)), "cpu-µs/op") }()
	for b.Loop() {
		n++
		if _, ok := Match("new patient Lee Chan, male, born 1985-07-12", sc); !ok {
			b.Fatal("no match")
		}
	}
}

// BenchmarkFind looks an instruction up among 1,000 scripts of one start page that all
// begin with the same word, so each is read and matched: the worst case of a lookup.
func BenchmarkFind(b *testing.B) {
	ctx := context.Background()
	s, _, _ := openStore(b)
	for i := range 1000 {
		goal := fmt.Sprintf("add patient Jas to ward w%d and click Save", i)
		if _, err := s.Save(ctx, recordAt(b, goal, newPatient, set("Name", "Jas"), click(page.RoleButton, "Save", ""))); err != nil {
			b.Fatal(err)
		}
	}
	cpu0, n := cpuTime(), 0
	defer func() { b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(max(n, 1)), "cpu-ms/op") }()
	for b.Loop() {
		n++
		if _, _, ok, err := s.Find(ctx, newPatient, "Add patient Lee to ward w0 and click Save"); !ok || err != nil {
			b.Fatal("not found", err)
		}
	}
}
