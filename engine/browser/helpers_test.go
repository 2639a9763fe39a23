package browser_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/browser"
	"github.com/errand-app/errand/engine/browser/browsertest"
	"github.com/errand-app/errand/engine/page"
)

// fixtures serves testdata plus two endpoints: /api/slow answers after ?ms= milliseconds and
// /api/events is an event stream that never ends.
func fixtures(t testing.TB) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("testdata")))
	mux.HandleFunc("/api/slow", func(w http.ResponseWriter, r *http.Request) {
		ms, _ := strconv.Atoi(r.URL.Query().Get("ms"))
		select {
		case <-time.After(time.Duration(ms) * time.Millisecond):
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Access-Control-Allow-Origin", "*")
		fmt.Fprint(w, "result ready")
	})
	mux.HandleFunc("/api/events", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	return srv.URL
}

func testCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// openAt opens a tab on a fixture page.
func openAt(t testing.TB, base, path string) *browser.Page {
	t.Helper()
	p := browsertest.NewPage(t, shared)
	if err := p.Navigate(testCtx(t), base+path); err != nil {
		t.Fatalf("navigate %s: %v", path, err)
	}
	return p
}

func observe(t testing.TB, p *browser.Page) page.Observation {
	t.Helper()
	obs, err := p.Observe(testCtx(t))
	if err != nil {
		t.Fatalf("observe: %v", err)
	}
	return obs
}

// node finds the one element with role and name.
func node(t testing.TB, obs page.Observation, role, name string) page.Node {
	t.Helper()
	var hits []page.Node
	for _, n := range obs.Tree {
		if n.Role == role && n.Name == name {
			hits = append(hits, n)
		}
	}
	if len(hits) != 1 {
		t.Fatalf("want one %s %q, found %d in:\n%s", role, name, len(hits), render(obs))
	}
	return hits[0]
}

func run(t testing.TB, p *browser.Page, chain ...page.Action) page.ChainResult {
	t.Helper()
	for i := range chain {
		chain[i].Index = i
	}
	res, err := p.Execute(testCtx(t), chain)
	if err != nil {
		t.Fatalf("execute %v: %v", chain, err)
	}
	return res
}

// pageText is the page's visible text, read through the extract action.
func pageText(t testing.TB, p *browser.Page) string {
	t.Helper()
	res := run(t, p, page.Action{Kind: page.Extract})
	return res.Outcomes[0].Extracted
}

// textAfter is the page's text once it no longer holds still: a handler that fetches
// writes its answer after the click's settle may have ended on a loaded machine, and the
// page gives no other signal, so the text is read again after 20 ms waits in the page,
// for at most 5 s.
func textAfter(t testing.TB, p *browser.Page, still string) string {
	t.Helper()
	text := pageText(t, p)
	for i := 0; i < 250 && strings.Contains(text, still); i++ {
		run(t, p, page.Action{Kind: page.Wait, Ms: 20})
		text = pageText(t, p)
	}
	return text
}

func click(id string) page.Action { return page.Action{Kind: page.Click, ID: id} }

func setValue(id, text string) page.Action {
	return page.Action{Kind: page.SetValue, ID: id, Text: text}
}

// render writes an observation as text for golden files and failure messages. Boxes are
// left out: they depend on the fonts of the machine.
func render(obs page.Observation) string {
	var b strings.Builder
	u := obs.URL
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
		if j := strings.IndexByte(u, '/'); j >= 0 {
			u = u[j:]
		}
	}
	fmt.Fprintf(&b, "url %s\ntitle %q\nerrors %v success %v\n", u, obs.Title, obs.HasErrors, obs.HasSuccess)
	for _, m := range obs.Messages {
		fmt.Fprintf(&b, "message %q\n", m)
	}
	for _, c := range obs.Scrollables {
		fmt.Fprintf(&b, "scrollable %s %q %s\n", c.ID, c.Name, c.Depth)
	}
	for _, n := range obs.Tree {
		fmt.Fprintf(&b, "%s %s %q", n.ID, n.Role, n.Name)
		for _, kv := range [][2]string{{"v", n.Value}, {"s", n.State}, {"t", n.Type}, {"c", n.Ctx}} {
			if kv[1] != "" {
				fmt.Fprintf(&b, " %s=%q", kv[0], kv[1])
			}
		}
		if len(n.Options) > 0 {
			fmt.Fprintf(&b, " o=%q", n.Options)
		}
		if n.Frame != 0 {
			fmt.Fprintf(&b, " f=%d", n.Frame)
		}
		if n.Occ {
			b.WriteString(" occ")
		}
		b.WriteByte('\n')
	}
	return b.String()
}
