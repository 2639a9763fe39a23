package agent

import (
	"context"
	"fmt"
	"testing"

	"github.com/errand-app/errand/engine/page"
)

// bigPage is a 5,000-element tree: a long table of rows with buttons and links, and the
// patient form at the end.
func bigPage(n int) page.Observation {
	obs := page.Observation{URL: "http://clinic.test/patients/new", Title: "New patient"}
	for i := 0; len(obs.Tree) < n-len(formPage.Tree); i++ {
		row := fmt.Sprintf("Patient %d", i)
		obs.Tree = append(obs.Tree,
			page.Node{ID: fmt.Sprint(len(obs.Tree) + 100), Role: "link", Name: row, Value: fmt.Sprintf("/patients/%d", i)},
			page.Node{ID: fmt.Sprint(len(obs.Tree) + 101), Role: "btn", Name: "Edit", Ctx: row},
		)
	}
	obs.Tree = append(obs.Tree, formPage.Tree...)
	return obs
}

// BenchmarkDecide measures the fast path's decision: parse, resolve every target against
// the tree, score confidence and build the chain — no model, no browser.
func BenchmarkDecide(b *testing.B) {
	for _, n := range []int{100, 5000} {
		obs := bigPage(n)
		b.Run(fmt.Sprintf("elements=%d", n), func(b *testing.B) {
			ag := New(Config{})
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				_, out, _, err := ag.Step(ctx, State{TaskID: "t"}, Input{Kind: InputStart,
					Goal: "Type 'Jas' into the Name field, select Female from Gender and click Save", Observation: obs})
				if err != nil || out.Kind != OutputAct || len(out.Actions) != 3 {
					b.Fatalf("out = %+v, %v", out, err)
				}
			}
		})
	}
}
