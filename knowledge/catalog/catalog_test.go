package catalog

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"
)

// clock is a settable test clock.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func open(t *testing.T) (*Catalog, *clock) {
	t.Helper()
	clk := &clock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	c, err := Open(context.Background(), filepath.Join(t.TempDir(), "knowledge.db"), clk.now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, clk
}

func doc(loc, site string, chunks ...NewChunk) Document {
	return Document{Source: Source{Location: loc, Site: site, Title: "Clinic help", Kind: "html"}, Chunks: chunks}
}

func TestLexicalRanksByBM25AndScopesBySite(t *testing.T) {
	ctx := context.Background()
	c, _ := open(t)
	if _, err := c.Put(ctx, doc("https://a.test/help", "a.test",
		NewChunk{Heading: "Opening hours", Text: "The desk opens at eight on weekdays."},
		NewChunk{Heading: "Fees", Text: "A visit costs forty euros; children are seen free."},
		NewChunk{Heading: "Raw string literals", Text: "Raw strings are between back quotes."})); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Put(ctx, doc("https://b.test/faq", "b.test",
		NewChunk{Heading: "Fees", Text: "Our fees are listed on the price page."})); err != nil {
		t.Fatal(err)
	}
	hits, err := c.Lexical(ctx, "a.test", "How much does a visit cost?", 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 1 || hits[0].Heading != "Fees" || hits[0].Site != "a.test" {
		t.Fatalf("hits = %+v", hits)
	}
	// The porter stemmer matches "raw string" to "Raw strings".
	hits, _ = c.Lexical(ctx, "", "raw string", 5)
	if len(hits) == 0 || hits[0].Heading != "Raw string literals" {
		t.Fatalf("raw string: %+v", hits)
	}
	hits, _ = c.Lexical(ctx, "", "fees", 5)
	if len(hits) != 2 {
		t.Fatalf("all sites: %d hits, want 2", len(hits))
	}
}

func TestPutReplacesSamePhaseAndSupersedesOlderHeadings(t *testing.T) {
	ctx := context.Background()
	c, clk := open(t)
	first, _ := c.Put(ctx, doc("https://a.test/p", "a.test",
		NewChunk{Heading: "Plans", Text: "Monthly plan costs ten."},
		NewChunk{Heading: "Contact", Text: "Write to us."}))
	clk.t = clk.t.Add(time.Minute)
	// The tab revealed new content under Plans: it supersedes the load's Plans chunk.
	tab := doc("https://a.test/p", "a.test", NewChunk{Heading: "Plans", Text: "Annual plan costs one hundred."})
	tab.Phase, tab.Trigger = "interaction", "after clicking tab Annual"
	if _, err := c.Put(ctx, tab); err != nil {
		t.Fatal(err)
	}
	hits, _ := c.Lexical(ctx, "", "plan costs", 5)
	if len(hits) != 1 || hits[0].Trigger != "after clicking tab Annual" {
		t.Fatalf("hits = %+v", hits)
	}
	got, _ := c.Chunks(ctx, first.Added)
	if len(got) != 1 || got[first.Added[1]].Heading != "Contact" {
		t.Fatalf("live chunks of the first ingestion = %+v", got)
	}
	// Ingesting the load phase again replaces its own chunks only.
	clk.t = clk.t.Add(time.Minute)
	again, _ := c.Put(ctx, doc("https://a.test/p", "a.test", NewChunk{Heading: "Contact", Text: "Call us."}))
	if len(again.Removed) != 2 {
		t.Errorf("removed %v, want the 2 load chunks", again.Removed)
	}
	srcs, _ := c.Sources(ctx, "a.test")
	if len(srcs) != 1 || srcs[0].Chunks != 2 {
		t.Errorf("sources = %+v, want one with 2 live chunks (the tab's and the new Contact)", srcs)
	}
}

// TestPutKeepsTheLoadsHash: an interaction's content leaves the source's hash and
// validators as the load set them, so the unchanged check compares loads with loads.
func TestPutKeepsTheLoadsHash(t *testing.T) {
	ctx := context.Background()
	c, clk := open(t)
	load := doc("https://a.test/p", "a.test", NewChunk{Heading: "Plans", Text: "Monthly."})
	load.Hash, load.ETag = "load-hash", `"v1"`
	c.Put(ctx, load)
	clk.t = clk.t.Add(time.Minute)
	tab := doc("https://a.test/p", "a.test", NewChunk{Heading: "Plans > Annual", Text: "Annual."})
	tab.Hash, tab.Phase, tab.Trigger = "tab-hash", "interaction", "after clicking tab Annual"
	if _, err := c.Put(ctx, tab); err != nil {
		t.Fatal(err)
	}
	src, err := c.Lookup(ctx, "https://a.test/p")
	if err != nil || src.Hash != "load-hash" || src.ETag != `"v1"` || !src.IngestedAt.Equal(clk.t) {
		t.Errorf("source after the tab: %+v %v", src, err)
	}
}

func TestForgetBySiteOrLocation(t *testing.T) {
	ctx := context.Background()
	c, _ := open(t)
	c.Put(ctx, doc("https://a.test/1", "a.test", NewChunk{Text: "one"}))
	c.Put(ctx, doc("https://a.test/2", "a.test", NewChunk{Text: "two"}, NewChunk{Text: "three"}))
	c.Put(ctx, doc("/home/me/notes.md", "local", NewChunk{Text: "four"}))
	removed, err := c.Forget(ctx, "a.test")
	if err != nil {
		t.Fatal(err)
	}
	if len(removed["a.test"]) != 3 {
		t.Errorf("removed %v", removed)
	}
	if hits, _ := c.Lexical(ctx, "", "two", 5); len(hits) != 0 {
		t.Errorf("forgotten chunk still found: %+v", hits)
	}
	if _, err := c.Forget(ctx, "/home/me/notes.md"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Forget(ctx, "nothing"); !errors.Is(err, ErrNotFound) {
		t.Errorf("err = %v, want ErrNotFound", err)
	}
}

func TestEmbeddingQueueSurvivesReopenAndModelChange(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "knowledge.db")
	c, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, _ := c.Put(ctx, doc("https://a.test/1", "a.test", NewChunk{Text: "one"}, NewChunk{Text: "two"}, NewChunk{Text: "three"}))
	p, _ := c.PendingEmbeds(ctx, "m1", 2)
	if len(p) != 2 || p[0].EmbedText() != "Clinic help\n\none" {
		t.Fatalf("pending = %+v", p)
	}
	if err := c.MarkEmbedded(ctx, "m1", []int64{p[0].ID, p[1].ID}); err != nil {
		t.Fatal(err)
	}
	c.Close()
	c, err = Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	p, _ = c.PendingEmbeds(ctx, "m1", 10)
	if len(p) != 1 || p[0].ID != res.Added[2] {
		t.Fatalf("after reopen pending = %+v, want chunk %d", p, res.Added[2])
	}
	if done, total, _ := c.EmbedCounts(ctx, "m2"); done != 0 || total != 3 {
		t.Errorf("another model: %d of %d done, want 0 of 3", done, total)
	}
}

func TestMatchQuery(t *testing.T) {
	tests := map[string]string{
		"How do I write a raw string?": `"write" OR "raw" OR "string"`,
		`what is "select" AND (x)`:     `"select" OR "x"`,
		"the the":                      `"the"`,
		"?!":                           "",
		"go_spec.html NEAR/2 foo*":     `"go_spec" OR "html" OR "near" OR "2" OR "foo"`,
	}
	for in, want := range tests {
		if got := MatchQuery(in); got != want {
			t.Errorf("MatchQuery(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestLexicalFindsASiteBeyondTheCandidatePool(t *testing.T) {
	ctx := context.Background()
	c, _ := open(t)
	var many []NewChunk
	for range 20 {
		many = append(many, NewChunk{Heading: "Refunds", Text: "refunds refunds refunds are paid"})
	}
	c.Put(ctx, doc("https://a.test/1", "a.test", many...))
	c.Put(ctx, doc("https://b.test/1", "b.test", NewChunk{Text: "We pay refunds once a month, with other payments."}))
	hits, err := c.Lexical(ctx, "b.test", "refunds", 1)
	if err != nil || len(hits) != 1 || hits[0].Site != "b.test" {
		t.Fatalf("hits %+v, %v", hits, err)
	}
}
