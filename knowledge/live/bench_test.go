package live

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/browser/browsertest"
)

// bigPage is a documentation page of 200 sections, each a heading, 10 paragraphs, a
// table and an accordion: ~2,600 text runs, 200 controls.
func bigPage() string {
	var b strings.Builder
	b.WriteString("<!doctype html><title>Big</title><h1>Big</h1>")
	for s := range 200 {
		fmt.Fprintf(&b, "<h2>Section %d</h2>", s)
		for p := range 10 {
			fmt.Fprintf(&b, "<p>Paragraph %d of section %d says something <b>useful</b> about the product.</p>", p, s)
		}
		fmt.Fprintf(&b, "<table><tr><th>Plan</th><th>Price</th></tr><tr><td>Team %d</td><td>%d</td></tr></table>", s, s)
		fmt.Fprintf(&b, `<button aria-expanded="false" onclick="this.nextElementSibling.hidden=false">More on %d</button><div hidden><p>Hidden %d</p></div>`, s, s)
	}
	return b.String()
}

// BenchmarkRead measures reading a big page in the browser: the whole page as rendered
// (the load) and only what is new (after a press), each with the reader installed.
func BenchmarkRead(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, bigPage())
	}))
	b.Cleanup(srv.Close)
	pg := browsertest.NewPage(b, br)
	ctx := context.Background()
	if err := pg.Navigate(ctx, srv.URL); err != nil {
		b.Fatal(err)
	}
	r := &run{pg: pg, url: srv.URL}
	for _, bc := range []struct {
		name    string
		onlyNew bool
	}{{"whole", false}, {"new", true}} {
		b.Run(bc.name, func(b *testing.B) {
			var size int
			for b.Loop() {
				rd, err := r.read(ctx, bc.onlyNew, "More on 1")
				if err != nil {
					b.Fatal(err)
				}
				size = len(rd.HTML)
			}
			b.ReportMetric(float64(size), "bytes")
		})
	}
	b.Run("controls", func(b *testing.B) {
		var n int
		for b.Loop() {
			cs, err := r.controls(ctx)
			if err != nil {
				b.Fatal(err)
			}
			n = len(cs)
		}
		b.ReportMetric(float64(n), "controls")
	})
}
