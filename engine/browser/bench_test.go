package browser_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/browser"
	"github.com/errand-app/errand/engine/browser/browsertest"
	"github.com/errand-app/errand/engine/page"
)

// bigPage is a table of 1,000 rows with five controls each: 5,000 interactive elements in
// about 15,000 nodes.
func bigPage(rows int) string {
	var b strings.Builder
	b.WriteString("<!doctype html><html><head><title>Big</title></head><body><h1>Patients</h1>")
	b.WriteString(`<button onclick="document.getElementById('n').textContent++">Touch</button><span id=n>0</span><table>`)
	for i := range rows {
		fmt.Fprintf(&b, `<tr><td><input type=checkbox aria-label="Pick %d"></td><td>Patient %d</td>`+
			`<td><input type=text value="note %d"></td><td><a href="#p%d">Edit</a></td>`+
			`<td><button>Delete</button></td><td><select><option>Low</option><option>Mid</option><option>High</option></select></td></tr>`,
			i, i, i, i)
	}
	b.WriteString("</table></body></html>")
	return b.String()
}

// menuPage is bigPage with a "⋯" menu button in each row, its four items hidden after it:
// 5,000 shown controls and 4,000 hidden ones that the walk lists behind their buttons.
func menuPage(rows int) string {
	item := `<li role=menuitem>%s %d</li>`
	var menu strings.Builder
	for _, w := range []string{"Open", "Rename", "Move", "Archive"} {
		menu.WriteString(strings.ReplaceAll(item, "%s", w))
	}
	row := `<td><button aria-haspopup=menu>⋯</button><ul role=menu hidden>` + menu.String() + `</ul></td></tr>`
	page := bigPage(rows)
	var b strings.Builder
	n := 0
	for part := range strings.SplitAfterSeq(page, "</tr>") {
		if n < rows && strings.HasSuffix(part, "</tr>") {
			part = strings.TrimSuffix(part, "</tr>")
			part = strings.Replace(part, "<td><button>Delete</button></td>", "", 1)
			b.WriteString(part)
			fmt.Fprintf(&b, row, n, n, n, n)
			n++
			continue
		}
		b.WriteString(part)
	}
	return b.String()
}

// BenchmarkObserve5000 observes a page of 5,000 controls. "same" observes an unchanged page
// again (what the walk keeps between walks applies); "changed" first clicks a button that
// changes a text, with the usual stability wait (not timed), so every observation walks the
// whole document anew, as after an action.
func BenchmarkObserve5000(b *testing.B) {
	b.Run("same", func(b *testing.B) { benchObserve(b, bigPage(1000), false) })
	b.Run("changed", func(b *testing.B) { benchObserve(b, bigPage(1000), true) })
	// Hidden menus in every row: the hidden-control pass (behind.js) at its caps.
	b.Run("hidden-menus", func(b *testing.B) { benchObserve(b, menuPage(1000), true) })
}

func benchObserve(b *testing.B, html string, change bool) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, html)
	}))
	defer srv.Close()
	p := browsertest.NewPage(b, shared)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := p.Navigate(ctx, srv.URL); err != nil {
		b.Fatal(err)
	}
	obs, err := p.Observe(ctx)
	if err != nil {
		b.Fatal(err)
	}
	if len(obs.Tree) != 5001 {
		b.Fatalf("observed %d elements, want 5000 and the Touch button", len(obs.Tree))
	}
	if hidden := strings.Count(html, "role=menuitem"); hidden > 0 && len(obs.Behind) != 300 {
		b.Fatalf("listed %d hidden controls of %d, want the cap of 300", len(obs.Behind), hidden)
	}
	touch := []page.Action{click(obs.Tree[0].ID)}
	durs := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for b.Loop() {
		if change {
			b.StopTimer()
			if _, err := p.Execute(ctx, touch); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
		t := time.Now()
		if _, err := p.Observe(ctx); err != nil {
			b.Fatal(err)
		}
		durs = append(durs, time.Since(t))
	}
	b.StopTimer()
	b.ReportMetric(float64(median(durs).Microseconds())/1000, "median-ms")
}

func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), d...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}

// BenchmarkClick is one click chain on a small page: the pointer events, the stability wait
// (docs/decisions.md D-26, so at least MinWait) and the outcome read. "quick" turns the waits
// off to show the cost of the click itself.
func BenchmarkClick(b *testing.B) {
	base := fixtures(b)
	for _, c := range []struct {
		name string
		st   browser.Stability
	}{
		{"seed002", browser.Stability{}},
		{"quick", browser.Stability{NetworkQuiet: -1, DOMQuiet: -1, MinWait: -1}},
	} {
		b.Run(c.name, func(b *testing.B) {
			p := openAt(b, base, "/page2.html")
			p.SetStability(c.st)
			btn := node(b, observe(b, p), page.RoleButton, "Press")
			ctx := testCtx(b)
			chain := []page.Action{click(btn.ID)}
			for b.Loop() {
				res, err := p.Execute(ctx, chain)
				if err != nil || res.FailedIndex != -1 {
					b.Fatalf("click: %v %+v", err, res)
				}
			}
		})
	}
}
