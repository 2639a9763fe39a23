package extract

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// maxDOCXXML bounds the unpacked document part against zip bombs.
const maxDOCXXML = 64 << 20

// fromDOCX reads word/document.xml: paragraphs in order, "Heading N" and "Title" styles as
// Markdown headings, tables as Markdown tables. Word libraries for Go are built to edit
// documents; reading text needs only this walk over the standard's few elements.
func fromDOCX(body []byte) (Document, error) {
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		return Document{}, fmt.Errorf("open docx: %w", err)
	}
	var part *zip.File
	for _, f := range zr.File {
		if f.Name == "word/document.xml" {
			part = f
		}
	}
	if part == nil {
		return Document{}, fmt.Errorf("open docx: no word/document.xml")
	}
	rc, err := part.Open()
	if err != nil {
		return Document{}, fmt.Errorf("open docx: %w", err)
	}
	defer rc.Close()
	md, title, err := walkDOCX(io.LimitReader(rc, maxDOCXXML))
	if err != nil {
		return Document{}, fmt.Errorf("read docx: %w", err)
	}
	return Document{Title: title, Blocks: []Block{{Markdown: md}}}, nil
}

// docxWalker accumulates Markdown while the XML decoder walks the body.
type docxWalker struct {
	out   strings.Builder
	para  strings.Builder
	style string
	title string
	row   []string
	rows  [][]string
	inTbl int
}

func walkDOCX(r io.Reader) (md, title string, err error) {
	d := xml.NewDecoder(r)
	var w docxWalker
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", "", err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			w.start(t)
		case xml.EndElement:
			w.end(t.Name.Local)
		case xml.CharData:
			w.para.Write(t)
		}
	}
	return strings.TrimSpace(w.out.String()), w.title, nil
}

func (w *docxWalker) start(t xml.StartElement) {
	switch t.Name.Local {
	case "p":
		w.para.Reset()
		w.style = ""
	case "pStyle":
		for _, a := range t.Attr {
			if a.Name.Local == "val" {
				w.style = a.Value
			}
		}
	case "tab":
		w.para.WriteByte('\t')
	case "br":
		w.para.WriteByte('\n')
	case "tbl":
		w.inTbl++
		w.rows = nil
	case "tr":
		w.row = nil
	}
}

func (w *docxWalker) end(name string) {
	switch name {
	case "p":
		w.endParagraph()
	case "tc":
		w.row = append(w.row, strings.TrimSpace(strings.ReplaceAll(w.para.String(), "|", `\|`)))
		w.para.Reset()
	case "tr":
		w.rows = append(w.rows, w.row)
	case "tbl":
		w.inTbl--
		w.out.WriteString(markdownTable(w.rows) + "\n\n")
	}
}

func (w *docxWalker) endParagraph() {
	text := strings.TrimSpace(w.para.String())
	if w.inTbl > 0 {
		w.para.WriteByte(' ') // cells keep their paragraphs on one line
		return
	}
	w.para.Reset()
	if text == "" {
		return
	}
	level := headingLevel(w.style)
	if level == 0 {
		w.out.WriteString(text + "\n\n")
		return
	}
	if w.style == "Title" && w.title == "" {
		w.title = text
	}
	w.out.WriteString(strings.Repeat("#", level) + " " + text + "\n\n")
}

// headingLevel maps Word's built-in style ids ("Title", "Heading1", "heading 2") to a
// Markdown level; 0 is body text.
func headingLevel(style string) int {
	s := strings.ToLower(strings.ReplaceAll(style, " ", ""))
	switch {
	case s == "title":
		return 1
	case strings.HasPrefix(s, "heading") && len(s) == len("heading")+1 && s[7] >= '1' && s[7] <= '6':
		return int(s[7]-'0') + 1 // Title is the only level-1 heading
	}
	return 0
}

// markdownTable writes rows as a Markdown table with the first row as its header.
func markdownTable(rows [][]string) string {
	if len(rows) == 0 {
		return ""
	}
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	var b strings.Builder
	line := func(cells []string) {
		b.WriteString("|")
		for i := range width {
			c := ""
			if i < len(cells) {
				c = strings.ReplaceAll(cells[i], "\n", " ")
			}
			b.WriteString(" " + c + " |")
		}
		b.WriteString("\n")
	}
	line(rows[0])
	b.WriteString("|" + strings.Repeat(" --- |", width) + "\n")
	for _, r := range rows[1:] {
		line(r)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
