package chunk

import (
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
