// Package chunk cuts a document's Markdown into passages for retrieval. Cuts follow the
// document's structure: a chunk never spans two sections, so its heading path says what it
// is about; a long section is cut between paragraphs, a long paragraph between sentences,
// a long table between rows (each part repeats the header row), a long code block between
// lines; consecutive chunks of one section overlap by their last sentences, so an answer
// that straddles a cut is whole in one of them. It is pure: Markdown in, chunks out.
package chunk

import (
	"strings"

	"github.com/errand-app/errand/knowledge/extract"
)

// Options sizes the chunks. Zero values take the defaults.
type Options struct {
	// MaxChars is the most characters of text a chunk holds; 0 = 1200 (about 300 tokens,
	// small enough for a prompt to carry several, large enough for a paragraph).
	MaxChars int
	// Overlap is at most how many characters of the previous chunk's last sentences start
	// the next chunk of the same section; 0 = 200, negative = none; at most MaxChars/4.
	Overlap int
}

func (o Options) withDefaults() Options {
	if o.MaxChars <= 0 {
		o.MaxChars = 1200
	}
	if o.Overlap == 0 {
		o.Overlap = 200
	}
	// The overlap is context, not content: at most a quarter of a chunk.
	o.Overlap = min(max(o.Overlap, 0), o.MaxChars/4)
	return o
}

// Chunk is one passage.
type Chunk struct {
	Text    string   // the passage, Markdown, without its headings
	Heading []string // the heading path, outermost first
	Page    int      // its page (a chunk never spans two); 0 when the source has none
}

// HeadingPath joins the heading path for display and storage: "Types > Struct types".
func (c Chunk) HeadingPath() string { return strings.Join(c.Heading, " > ") }

// Split cuts blocks into chunks, in document order.
func Split(blocks []extract.Block, opts Options) []Chunk {
	opts = opts.withDefaults()
	var out []Chunk
	for _, sec := range sections(blocks) {
		out = append(out, packSection(sec, opts)...)
	}
	return out
}

// unitKind tells packSection how a too-long unit may be cut.
type unitKind int

const (
	paragraph unitKind = iota
	table
	code
)

type unit struct {
	kind unitKind
	text string
	page int
}

type section struct {
	heading []string
	units   []unit
}

// sections reads Markdown lines into sections of paragraphs, tables and code blocks.
func sections(blocks []extract.Block) []section {
	var (
		out     []section
		heading []string
		levels  []int // levels[i] is heading[i]'s level
		cur     section
		buf     []string
		bufKind unitKind
		bufPage int
		inFence string
	)
	flush := func() {
		if len(buf) > 0 {
			if text := strings.TrimSpace(strings.Join(buf, "\n")); text != "" {
				cur.units = append(cur.units, unit{kind: bufKind, text: text, page: bufPage})
			}
			buf = nil
		}
	}
	add := func(line string, kind unitKind, page int) {
		if len(buf) > 0 && bufKind != kind {
			flush()
		}
		if len(buf) == 0 {
			bufKind, bufPage = kind, page
		}
		buf = append(buf, line)
	}
	for _, b := range blocks {
		for line := range strings.SplitSeq(b.Markdown, "\n") {
			trimmed := strings.TrimSpace(line)
			switch {
			case inFence != "":
				add(line, code, b.Page)
				if strings.HasPrefix(trimmed, inFence) {
					inFence = ""
					flush()
				}
			case strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~"):
				flush()
				inFence = trimmed[:3]
				add(line, code, b.Page)
			case headingLevel(trimmed) > 0:
				flush()
				if len(cur.units) > 0 {
					out = append(out, cur)
				}
				heading, levels = under(heading, levels, headingLevel(trimmed), cleanHeading(trimmed[headingLevel(trimmed):]))
				cur = section{heading: append([]string(nil), heading...)}
			case trimmed == "":
				flush()
			case strings.HasPrefix(trimmed, "|"):
				add(trimmed, table, b.Page)
			default:
				add(line, paragraph, b.Page)
			}
		}
		flush() // a page break ends a paragraph: the next one has another page number
	}
	if len(cur.units) > 0 {
		out = append(out, cur)
	}
	return out
}

// under puts a heading of level into the path: it closes every open heading of the same
// level or deeper, whatever levels the document skips or starts from. A page whose top
// headings are h2 (its h1 is the title, kept apart) has them as siblings, not nested
// under the first one.
func under(path []string, levels []int, level int, text string) ([]string, []int) {
	n := len(levels)
	for n > 0 && levels[n-1] >= level {
		n--
	}
	return append(path[:n], text), append(levels[:n], level)
}

// headingLevel is n for an ATX heading "#…# text" with n hashes, else 0.
func headingLevel(line string) int {
	n := 0
	for n < len(line) && line[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || n >= len(line) || line[n] != ' ' {
		return 0
	}
	return n
}

// cleanHeading drops closing hashes and Markdown emphasis and link syntax.
func cleanHeading(s string) string {
	s = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), "#"))
	if i := strings.Index(s, "]("); strings.HasPrefix(s, "[") && i > 0 && strings.HasSuffix(s, ")") {
		s = s[1:i]
	}
	return strings.Trim(s, "*_` ")
}
