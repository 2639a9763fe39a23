package chunk

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/errand-app/errand/knowledge/extract"
)

func md(s string) []extract.Block { return []extract.Block{{Markdown: s}} }

func TestSplitFollowsHeadings(t *testing.T) {
	got := Split(md("Intro text.\n\n# Guide\n\nAbout it.\n\n## Install\n\nRun the installer.\n\n### Linux\n\nUse apt.\n\n## Use\n\nOpen it."), Options{})
	want := []Chunk{
		{Text: "Intro text."},
		{Text: "About it.", Heading: []string{"Guide"}},
		{Text: "Run the installer.", Heading: []string{"Guide", "Install"}},
		{Text: "Use apt.", Heading: []string{"Guide", "Install", "Linux"}},
		{Text: "Open it.", Heading: []string{"Guide", "Use"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}
	if p := got[3].HeadingPath(); p != "Guide > Install > Linux" {
		t.Errorf("HeadingPath = %q", p)
	}
}

func TestHeadingsInCodeAreCode(t *testing.T) {
	got := Split(md("# Shell\n\n```sh\n# a comment, not a heading\nls\n```\n\nAfter."), Options{})
	if len(got) != 1 || !strings.Contains(got[0].Text, "# a comment") || got[0].HeadingPath() != "Shell" {
		t.Fatalf("got %+v", got)
	}
}

func TestLongParagraphCutsBetweenSentencesWithOverlap(t *testing.T) {
	var sents []string
	for i := range 40 {
		sents = append(sents, fmt.Sprintf("Sentence number %d says something useful.", i))
	}
	got := Split(md("# Long\n\n"+strings.Join(sents, " ")), Options{MaxChars: 300, Overlap: 100})
	if len(got) < 5 {
		t.Fatalf("%d chunks, want several", len(got))
	}
	for i, c := range got {
		if len(c.Text) > 300 {
			t.Errorf("chunk %d has %d chars", i, len(c.Text))
		}
		if !strings.HasSuffix(c.Text, ".") || !strings.HasPrefix(c.Text, "Sentence number") {
			t.Errorf("chunk %d is not whole sentences: %q", i, c.Text)
		}
		if i > 0 {
			prevLast := sentences(got[i-1].Text)
			if first := sentences(c.Text)[0]; first != prevLast[len(prevLast)-1] && first != prevLast[len(prevLast)-2] {
				t.Errorf("chunk %d does not start with the end of chunk %d: %q", i, i-1, first)
			}
		}
	}
	joined := strings.Join(func() []string {
		var s []string
		for _, c := range got {
			s = append(s, c.Text)
		}
		return s
	}(), " ")
	for _, s := range sents {
		if !strings.Contains(joined, s) {
			t.Errorf("lost %q", s)
		}
	}
}

func TestLongTableRepeatsHeader(t *testing.T) {
	rows := []string{"| Day | Open |", "| --- | --- |"}
	for i := range 60 {
		rows = append(rows, fmt.Sprintf("| Day %02d | 08:00 |", i))
	}
	got := Split(md("# Hours\n\n"+strings.Join(rows, "\n")), Options{MaxChars: 200})
	if len(got) < 3 {
		t.Fatalf("%d chunks", len(got))
	}
	seen := 0
	for i, c := range got {
		if !strings.HasPrefix(c.Text, "| Day | Open |\n| --- | --- |\n| Day") {
			t.Errorf("chunk %d lacks the header: %q", i, c.Text)
		}
		seen += strings.Count(c.Text, "| 08:00 |")
	}
	if seen != 60 {
		t.Errorf("%d rows kept, want 60", seen)
	}
}

func TestPagesCarryOver(t *testing.T) {
	got := Split([]extract.Block{{Markdown: "Page one text.", Page: 1}, {Markdown: "Page two text.", Page: 2}}, Options{MaxChars: 20})
	if len(got) != 2 || got[0].Page != 1 || got[1].Page != 2 {
		t.Fatalf("got %+v", got)
	}
}

func TestSentences(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"One. Two! Three? four.", []string{"One.", "Two!", "Three? four."}},
		{"Use e.g. Go. Version 1.26 is out. 3 cats.", []string{"Use e.g. Go.", "Version 1.26 is out.", "3 cats."}},
		{"Call Dr. Who now.", []string{"Call Dr. Who now."}},
	}
	for _, tc := range tests {
		if got := sentences(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("sentences(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestHeadingPathsFollowTheOutline reads pages through extract, as ingestion does: the
// paths follow the page's outline as written, whatever readability did to the headings
// (it turns every h1 into an h2 and drops the h1 that repeats the title).
func TestHeadingPathsFollowTheOutline(t *testing.T) {
	para := "<p>" + strings.Repeat("This paragraph says what the section holds, for the people who read it. ", 5) + "</p>"
	page := func(title, body string) string {
		return "<html><head><title>" + title + "</title></head><body><article>" + body + "</article></body></html>"
	}
	for _, tc := range []struct {
		name, html string
		want       []string // each chunk's heading path, in order
	}{
		{"title h1, h2 sections with h3s",
			page("Acme pricing", "<h1>Acme pricing</h1>"+para+"<h2>Plans</h2>"+para+"<h3>Team</h3>"+para+
				"<h2>Questions</h2>"+para+"<h3>Refunds</h3>"+para+"<h3>Invoices</h3>"+para),
			[]string{"", "Plans", "Plans > Team", "Questions", "Questions > Refunds", "Questions > Invoices"}},
		{"two h1 sections, each with h2s",
			page("Acme", "<h1>Guide</h1>"+para+"<h2>Install</h2>"+para+"<h1>Reference</h1>"+para+"<h2>Flags</h2>"+para),
			[]string{"Guide", "Guide > Install", "Reference", "Reference > Flags"}},
		{"levels skipped",
			page("Acme", "<h1>Acme manual</h1>"+para+"<h3>Deep</h3>"+para+"<h2>Back up</h2>"+para),
			[]string{"Acme manual", "Acme manual > Deep", "Acme manual > Back up"}},
		{"no title, the h1 kept (the page is converted whole)",
			`<html><body><h1>Plans</h1><h2>Pricing</h2><p>Prices are shown per month.</p><h2>Support</h2><p>Support answers within a day.</p></body></html>`,
			[]string{"Plans > Pricing", "Plans > Support"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := extract.Extract(context.Background(), extract.Input{Name: "https://acme.test/page.html", Body: []byte(tc.html)})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range Split(doc.Blocks, Options{MaxChars: 2000}) {
				got = append(got, c.HeadingPath())
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("paths %q\nwant  %q", got, tc.want)
			}
		})
	}
}

func TestHeadingPathsAreRelativeToTheTopLevel(t *testing.T) {
	got := Split(md("## Plans\n\nA.\n\n### Team\n\nB.\n\n## Questions\n\nC.\n\n#### Deep\n\nD.\n\n### Refunds\n\nE."), Options{})
	var paths []string
	for _, c := range got {
		paths = append(paths, c.HeadingPath())
	}
	want := []string{"Plans", "Plans > Team", "Questions", "Questions > Deep", "Questions > Refunds"}
	if !reflect.DeepEqual(paths, want) {
		t.Errorf("paths %q, want %q", paths, want)
	}
}
