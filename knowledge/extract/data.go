package extract

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

// fromMarkdown takes the first level-1 heading as the title.
func fromMarkdown(body []byte) Document {
	md := normaliseText(string(body))
	var title string
	for line := range strings.SplitSeq(md, "\n") {
		if t, ok := strings.CutPrefix(line, "# "); ok {
			title = strings.TrimSpace(t)
			break
		}
	}
	return Document{Title: title, Blocks: []Block{{Markdown: md}}}
}

// fromCSV makes a Markdown table with the first record as the header; the chunker repeats
// that header in every chunk of the table.
func fromCSV(body []byte) (Document, error) {
	r := csv.NewReader(bytes.NewReader(body))
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	var rows [][]string
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return Document{}, fmt.Errorf("parse csv: %w", err)
		}
		for i := range rec {
			rec[i] = strings.ReplaceAll(strings.TrimSpace(rec[i]), "|", `\|`)
		}
		rows = append(rows, rec)
	}
	if len(rows) == 0 {
		return Document{}, fmt.Errorf("parse csv: no records")
	}
	return Document{Blocks: []Block{{Markdown: markdownTable(rows)}}}, nil
}

// fromJSON writes the value as nested Markdown: object keys at the top two levels become
// headings (so a chunk says which part of the file it came from), deeper values become
// "key: value" lines.
func fromJSON(body []byte) (Document, error) {
	var v any
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		return Document{}, fmt.Errorf("parse json: %w", err)
	}
	var b strings.Builder
	writeJSON(&b, v, 0, "")
	return Document{Blocks: []Block{{Markdown: strings.TrimSpace(b.String())}}}, nil
}

func writeJSON(b *strings.Builder, v any, depth int, indent string) {
	switch t := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		// Scalars first: a line written after a sub-heading would read as part of it.
		for _, k := range keys {
			if isScalar(t[k]) {
				fmt.Fprintf(b, "%s- %s: %v\n", indent, k, scalar(t[k]))
			}
		}
		for _, k := range keys {
			child := t[k]
			switch {
			case isScalar(child):
			case depth < 2 && !scalarList(child):
				fmt.Fprintf(b, "\n%s %s\n\n", strings.Repeat("#", depth+2), k)
				writeJSON(b, child, depth+1, "")
			default:
				fmt.Fprintf(b, "%s- %s:\n", indent, k)
				writeJSON(b, child, depth+1, indent+"  ")
			}
		}
	case []any:
		for i, child := range t {
			if isScalar(child) {
				fmt.Fprintf(b, "%s- %v\n", indent, scalar(child))
				continue
			}
			fmt.Fprintf(b, "%s- [%d]\n", indent, i)
			writeJSON(b, child, depth+1, indent+"  ")
		}
	default:
		fmt.Fprintf(b, "%s%v\n", indent, scalar(t))
	}
}

// scalarList is a list of plain values, written inline rather than under a heading.
func scalarList(v any) bool {
	l, ok := v.([]any)
	if !ok {
		return false
	}
	for _, x := range l {
		if !isScalar(x) {
			return false
		}
	}
	return true
}

func isScalar(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return false
	}
	return true
}

func scalar(v any) any {
	if v == nil {
		return "null"
	}
	return v
}
