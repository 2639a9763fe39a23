package chunk

import (
	"strings"
	"unicode"
)

// packSection fills chunks with whole units while they fit, cutting a unit only when it
// alone is too long. Units are cut to leave room for the overlap.
func packSection(sec section, opts Options) []Chunk {
	var (
		out  []Chunk
		cur  []string
		size int
		page int
	)
	for _, u := range sec.units {
		for _, piece := range cut(u, opts.MaxChars-opts.Overlap) {
			// A new page starts a new chunk, so a passage cites one page.
			if len(cur) > 0 && (size+2+len(piece) > opts.MaxChars || u.page != page) {
				prev := strings.Join(cur, "\n\n")
				out = append(out, Chunk{Text: prev, Heading: sec.heading, Page: page})
				cur, size = nil, 0
				// The next chunk of the section starts with the end of this one.
				if tail := lastSentences(prev, opts.Overlap); tail != "" && len(tail)+2+len(piece) <= opts.MaxChars {
					cur, size = []string{tail}, len(tail)
				}
				page = u.page
			}
			if len(cur) == 0 {
				page = u.page
			}
			if size > 0 {
				size += 2
			}
			cur = append(cur, piece)
			size += len(piece)
		}
	}
	if len(cur) > 0 {
		out = append(out, Chunk{Text: strings.Join(cur, "\n\n"), Heading: sec.heading, Page: page})
	}
	return out
}

// cut splits a unit longer than limit at the boundaries its kind allows.
func cut(u unit, limit int) []string {
	if len(u.text) <= limit {
		return []string{u.text}
	}
	switch u.kind {
	case table:
		return cutTable(u.text, limit)
	case code:
		return cutLines(u.text, limit)
	}
	return packPieces(sentences(u.text), limit, " ")
}

// cutTable cuts between rows and repeats the header and separator rows in every part, so
// each part is a table a reader (or a model) can read alone.
func cutTable(text string, limit int) []string {
	lines := strings.Split(text, "\n")
	if len(lines) < 3 {
		return cutLines(text, limit)
	}
	header := lines[0] + "\n" + lines[1]
	var out []string
	for _, part := range packPieces(lines[2:], limit-len(header)-1, "\n") {
		out = append(out, header+"\n"+part)
	}
	return out
}

// cutLines packs lines; a single line over the limit is cut hard.
func cutLines(text string, limit int) []string {
	limit = max(limit, minPiece)
	var lines []string
	for line := range strings.SplitSeq(text, "\n") {
		for len(line) > limit {
			at := cutPoint(line, limit)
			lines = append(lines, line[:at])
			line = line[at:]
		}
		lines = append(lines, line)
	}
	return packPieces(lines, limit, "\n")
}

// packPieces joins consecutive pieces with sep while they fit in limit.
func packPieces(pieces []string, limit int, sep string) []string {
	limit = max(limit, minPiece)
	var (
		out []string
		b   strings.Builder
	)
	for _, p := range pieces {
		for len(p) > limit { // a sentence longer than a chunk: cut at a space
			at := cutPoint(p, limit)
			if b.Len() > 0 {
				out = append(out, b.String())
				b.Reset()
			}
			out = append(out, strings.TrimSpace(p[:at]))
			p = strings.TrimSpace(p[at:])
		}
		if b.Len() > 0 && b.Len()+len(sep)+len(p) > limit {
			out = append(out, b.String())
			b.Reset()
		}
		if b.Len() > 0 {
			b.WriteString(sep)
		}
		b.WriteString(p)
	}
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}

// minPiece keeps cuts meaningful when a table header alone nearly fills a chunk.
const minPiece = 64

// cutPoint is the last space at or before limit (or limit itself), never inside a UTF-8
// sequence.
func cutPoint(s string, limit int) int {
	if i := strings.LastIndexByte(s[:limit], ' '); i > limit/2 {
		return i + 1
	}
	for limit > 0 && limit < len(s) && s[limit]&0xC0 == 0x80 {
		limit--
	}
	return max(limit, 1)
}

// lastSentences returns the trailing whole sentences of text that fit in n characters.
func lastSentences(text string, n int) string {
	// Only a paragraph's sentences carry over; a table row or code line out of context
	// would mislead more than help.
	paras := strings.Split(text, "\n\n")
	last := paras[len(paras)-1]
	if strings.HasPrefix(last, "|") || strings.HasPrefix(last, "```") {
		return ""
	}
	ss := sentences(last)
	tail := ""
	for i := len(ss) - 1; i >= 0; i-- {
		next := ss[i]
		if tail != "" {
			next += " " + tail
		}
		if len(next) > n {
			break
		}
		tail = next
	}
	return tail
}

// abbreviations end with a period but do not end a sentence.
var abbreviations = map[string]bool{"e.g.": true, "i.e.": true, "etc.": true, "vs.": true,
	"mr.": true, "mrs.": true, "dr.": true, "no.": true, "fig.": true, "cf.": true}

// sentences splits text after ".", "!" or "?" followed by space and a capital, digit or
// opening mark, unless the word before is a known abbreviation.
func sentences(text string) []string {
	text = strings.Join(strings.Fields(text), " ")
	var out []string
	start := 0
	for i := 0; i+2 < len(text); i++ {
		c := text[i]
		if (c != '.' && c != '!' && c != '?') || text[i+1] != ' ' {
			continue
		}
		next := rune(text[i+2])
		if !unicode.IsUpper(next) && !unicode.IsDigit(next) && !strings.ContainsRune("\"'([*`", next) {
			continue
		}
		word := text[strings.LastIndexByte(text[:i+1], ' ')+1 : i+1]
		if abbreviations[strings.ToLower(word)] {
			continue
		}
		out = append(out, text[start:i+1])
		start = i + 2
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}
