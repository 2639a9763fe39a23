package live

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/errand-app/errand/engine/browser/browsertest"
	"github.com/errand-app/errand/knowledge"
)

// open starts a knowledge base in a temporary directory, lexical only.
func open(t *testing.T) *knowledge.Base {
	t.Helper()
	kb, err := knowledge.Open(context.Background(), knowledge.Config{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { kb.Close() })
	return kb
}

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// row is a stored chunk as the tests compare it.
type row struct{ phase, trigger, heading, text string }

func rows(t *testing.T, kb *knowledge.Base, url string) []row {
	t.Helper()
	chunks, err := kb.Chunks(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	var out []row
	for _, c := range chunks {
		out = append(out, row{c.Phase, c.Trigger, c.Heading, c.Text})
	}
	return out
}

// TestIngestSPA: the page as its script renders it, then each disclosure control pressed
// once, in document order, and what it revealed stored under its own heading with its
// trigger; the form's submit, the link away and "Delete account" are never pressed.
func TestIngestSPA(t *testing.T) {
	ctx := testCtx(t)
	url := browsertest.Serve(t, "testdata") + "/spa.html"
	pg := browsertest.NewPage(t, br)
	kb := open(t)
	var events []knowledge.Progress
	res, err := Ingest(ctx, pg, kb, url, Config{}, func(p knowledge.Progress) { events = append(events, p) })
	if err != nil {
		t.Fatal(err)
	}

	var presses []string
	if err := pg.Evaluate(ctx, "window.__presses", &presses); err != nil {
		t.Fatal(err)
	}
	wantPresses := []string{"Annual", "Enterprise", "Support options", "Shipping", "Returns", "Can I pay by invoice?", "Show more"}
	if !slices.Equal(presses, wantPresses) {
		t.Errorf("pressed %q\nwant    %q", presses, wantPresses)
	}
	if res != (Result{Presses: 7, Stored: 8, Chunks: 11, Skipped: 0, Failed: 0}) {
		t.Errorf("result %+v", res)
	}

	// The load's heading paths follow the page's outline below the h1 that readability
	// drops for repeating the title: Plans, Questions and Reviews are siblings. What a press
	// revealed is converted whole, the h1 included.
	got := rows(t, kb, url)
	want := []row{
		{"", "", "", "Acme Help Center\n\nWelcome to the help pages of Acme, the project tracker for small teams."},
		{"", "", "Plans", "The Team plan costs 12 dollars per seat each month, billed on the first day of the month."},
		{"", "", "Questions > Returns", "Can I pay by invoice?"},
		{"", "", "Reviews", "- Great for our four-person studio.\n- The calendar view saved us hours.\n\n[Read more](" +
			strings.TrimSuffix(url, "spa.html") + "other.html) about Acme on the company page."},
		{"interaction", "after clicking tab Annual", "Acme Help > Plans > Annual",
			"Paid yearly, the Team plan costs 120 dollars per seat, two months free compared with monthly billing."},
		{"interaction", "after clicking tab Enterprise", "Acme Help > Plans > Enterprise",
			"Enterprise contracts include single sign-on with SAML and a 99.9 percent uptime commitment."},
		{"interaction", "after clicking button Support options", "Acme Help > Plans > Support options",
			"A named support manager answers within one hour, around the clock."},
		{"interaction", "after clicking button Shipping", "Acme Help > Questions > Shipping",
			"Hardware keys ship within three working days from our warehouse in Lyon."},
		{"interaction", "after clicking button Returns", "Acme Help > Questions > Returns",
			"Unused hardware keys can be returned for a full refund within thirty days."},
		{"interaction", "after clicking button Can I pay by invoice?", "Acme Help > Questions > Returns > Can I pay by invoice?",
			"Invoices are available on the Business plan: ask the billing team for a purchase order form."},
		{"interaction", "after clicking button Show more", "Acme Help > Reviews > Show more",
			"- Support answered on a Sunday morning.\n- Exports to spreadsheets are clean."},
	}
	if !slices.Equal(got, want) {
		t.Errorf("stored chunks:\n%s\nwant:\n%s", dump(got), dump(want))
	}

	// Events: the load, then before each press "press k of n", then what it stored.
	var seq []string
	for _, e := range events {
		switch e.Type {
		case knowledge.EventPress:
			seq = append(seq, fmt.Sprintf("press %d/%d %s", e.Done, e.Total, e.Trigger))
		default:
			seq = append(seq, fmt.Sprintf("%s %d %s", e.Type, e.Chunks, e.Trigger))
		}
	}
	wantSeq := []string{"stored 4 ",
		"press 1/6 after clicking tab Annual", "stored 1 after clicking tab Annual",
		"press 2/6 after clicking tab Enterprise", "stored 1 after clicking tab Enterprise",
		"press 3/7 after clicking button Support options", "stored 1 after clicking button Support options",
		"press 4/7 after clicking button Shipping", "stored 1 after clicking button Shipping",
		"press 5/7 after clicking button Returns", "stored 1 after clicking button Returns",
		"press 6/7 after clicking button Can I pay by invoice?", "stored 1 after clicking button Can I pay by invoice?",
		"press 7/7 after clicking button Show more", "stored 1 after clicking button Show more"}
	if !slices.Equal(seq, wantSeq) {
		t.Errorf("events:\n%s\nwant:\n%s", strings.Join(seq, "\n"), strings.Join(wantSeq, "\n"))
	}

	// A passage only a tab shows is found, with the press that revealed it.
	ps, err := kb.Retrieve(ctx, "", "yearly price per seat", 3)
	if err != nil || len(ps) == 0 {
		t.Fatalf("retrieve: %v %v", ps, err)
	}
	if !strings.Contains(ps[0].Text, "120 dollars") || ps[0].Trigger != "after clicking tab Annual" {
		t.Errorf("first passage %+v", ps[0])
	}
}

func dump(rs []row) string {
	var b strings.Builder
	for _, r := range rs {
		fmt.Fprintf(&b, "  %q %q %q %q\n", r.phase, r.trigger, r.heading, r.text)
	}
	return b.String()
}

// TestIngestBounded: MaxPresses stops the presses; the events count to the bound.
func TestIngestBounded(t *testing.T) {
	ctx := testCtx(t)
	url := browsertest.Serve(t, "testdata") + "/spa.html"
	pg := browsertest.NewPage(t, br)
	var seq []string
	res, err := Ingest(ctx, pg, open(t), url, Config{MaxPresses: 2}, func(p knowledge.Progress) {
		if p.Type == knowledge.EventPress {
			seq = append(seq, fmt.Sprintf("%d/%d", p.Done, p.Total))
		}
	})
	if err != nil || res.Presses != 2 || !slices.Equal(seq, []string{"1/2", "2/2"}) {
		t.Errorf("res %+v err %v presses %q", res, err, seq)
	}
	res, err = Ingest(ctx, pg, open(t), url, Config{MaxPresses: -1}, nil)
	if err != nil || res.Presses != 0 || res.Stored != 1 {
		t.Errorf("no presses: res %+v err %v", res, err)
	}
}

// TestIngestCancelled: cancelling stops at once with the context's error.
func TestIngestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(testCtx(t))
	url := browsertest.Serve(t, "testdata") + "/spa.html"
	pg := browsertest.NewPage(t, br)
	res, err := Ingest(ctx, pg, open(t), url, Config{}, func(p knowledge.Progress) {
		if p.Type == knowledge.EventPress && p.Done == 2 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || res.Presses != 2 || res.Stored != 2 {
		t.Errorf("res %+v err %v", res, err)
	}
	var presses []string
	if err := pg.Evaluate(testCtx(t), "window.__presses", &presses); err != nil {
		t.Fatal(err)
	}
	if len(presses) > 1 {
		t.Errorf("pressed after the cancel: %q", presses)
	}
}

// TestIngestComesBack: a button named like a disclosure that opens another page is
// reported, the page is loaded again, and the next control is pressed there.
func TestIngestComesBack(t *testing.T) {
	ctx := testCtx(t)
	url := browsertest.Serve(t, "testdata") + "/leaves.html"
	pg := browsertest.NewPage(t, br)
	kb := open(t)
	var skipped []string
	res, err := Ingest(ctx, pg, kb, url, Config{}, func(p knowledge.Progress) {
		if p.Type == knowledge.EventSkipped {
			skipped = append(skipped, p.Trigger+": "+p.Reason)
		}
	})
	if err != nil || res.Presses != 2 || res.Stored != 2 {
		t.Fatalf("res %+v err %v", res, err)
	}
	if want := []string{"after clicking button Show all: it opened another page; went back"}; !slices.Equal(skipped, want) {
		t.Errorf("skipped %q", skipped)
	}
	got := rows(t, kb, url)
	if len(got) != 2 || got[1].trigger != "after clicking button Opening hours" ||
		got[1].text != "The office opens at nine on weekdays." {
		t.Errorf("stored:\n%s", dump(got))
	}
	if pg.URL() != url {
		t.Errorf("ended on %s", pg.URL())
	}
}

// TestIngestAgain: reading the same page again leaves the same chunks (each press's
// passages replace its own), and an unchanged rendering is not stored again.
func TestIngestAgain(t *testing.T) {
	ctx := testCtx(t)
	url := browsertest.Serve(t, "testdata") + "/spa.html"
	kb := open(t)
	if _, err := Ingest(ctx, browsertest.NewPage(t, br), kb, url, Config{}, nil); err != nil {
		t.Fatal(err)
	}
	first := rows(t, kb, url)
	var types []string
	res, err := Ingest(ctx, browsertest.NewPage(t, br), kb, url, Config{}, func(p knowledge.Progress) {
		if p.Trigger == "" {
			types = append(types, p.Type)
		}
	})
	if err != nil || res.Presses != 7 || res.Stored != 7 || res.Skipped != 1 {
		t.Errorf("again: res %+v err %v", res, err)
	}
	if !slices.Equal(types, []string{knowledge.EventSkipped}) {
		t.Errorf("the load again: %q, want skipped (unchanged)", types)
	}
	if again := rows(t, kb, url); !slices.Equal(again, first) {
		t.Errorf("chunks after the second read:\n%s\nfirst:\n%s", dump(again), dump(first))
	}
}
