package extract

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/ledongthuc/pdf"
)

// maxPDFPages bounds the work one file can cause; longer documents keep their first pages.
const maxPDFPages = 2000

// fromPDF reads the text of each page as a block with its page number. A scanned PDF has
// no text layer, which is an error rather than an empty document.
func fromPDF(body []byte) (doc Document, err error) {
	// The parser panics on some malformed files; one bad file must not stop the rest.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("malformed pdf: %v", r)
		}
	}()
	r, err := pdf.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		return Document{}, fmt.Errorf("open pdf: %w", err)
	}
	fonts := map[string]*pdf.Font{}
	for i := 1; i <= min(r.NumPage(), maxPDFPages); i++ {
		p := r.Page(i)
		if p.V.IsNull() {
			continue
		}
		for _, name := range p.Fonts() {
			if _, ok := fonts[name]; !ok {
				f := p.Font(name)
				fonts[name] = &f
			}
		}
		text, err := pageText(p, fonts)
		if err != nil {
			return Document{}, fmt.Errorf("page %d: %w", i, err)
		}
		if text != "" {
			doc.Blocks = append(doc.Blocks, Block{Markdown: text, Page: i})
		}
	}
	if len(doc.Blocks) == 0 {
		return Document{}, fmt.Errorf("no text layer (a scanned PDF needs OCR, which Errand does not do)")
	}
	if t := r.Trailer().Key("Info").Key("Title").Text(); strings.TrimSpace(t) != "" {
		doc.Title = strings.TrimSpace(t)
	}
	return doc, nil
}

// runTogether finds a sentence end glued to the next sentence ("folder.Backups"): the
// plain-text walk drops the line moves between text operators.
var runTogether = regexp.MustCompile(`([a-z\)][.!?])([A-Z])`)

// pageText is the page's text with glued sentence ends split onto lines.
func pageText(p pdf.Page, fonts map[string]*pdf.Font) (string, error) {
	text, err := p.GetPlainText(fonts)
	if err != nil {
		return "", err
	}
	return normaliseText(runTogether.ReplaceAllString(text, "$1\n$2")), nil
}
