// Package extract turns a fetched page or a file into Markdown blocks: it detects the
// format from the content and the name, keeps a web page's main content (tables too), and
// reads PDF (with page numbers), DOCX, Markdown, plain text, JSON and CSV. It does no I/O
// beyond the bytes it is given, so every format is tested on fixtures.
package extract

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"path"
	"strings"
	"unicode/utf8"
)

// Kind is a document format Errand can read.
type Kind string

// The formats.
const (
	HTML     Kind = "html"
	PDF      Kind = "pdf"
	DOCX     Kind = "docx"
	Markdown Kind = "markdown"
	Text     Kind = "text"
	JSON     Kind = "json"
	CSV      Kind = "csv"
)

// ErrUnsupported is returned for content that is not a document Errand can read (images,
// archives, executables, binary junk).
var ErrUnsupported = errors.New("not a document Errand can read")

// Input is one source's bytes.
type Input struct {
	// Name is the file path or URL; its extension helps detection and it is the
	// fallback title.
	Name string
	// ContentType is the HTTP Content-Type; "" for files.
	ContentType string
	Body        []byte
	// Whole says an HTML body is already the main content, to convert whole: readability,
	// built for articles, cuts a short fragment (what a press on a live page revealed)
	// down to its largest paragraph and loses the headings above it.
	Whole bool
}

// Block is a run of Markdown from one page of the source (Page is 0 when the format has
// no pages).
type Block struct {
	Markdown string
	Page     int
}

// Document is what a source holds, as Markdown.
type Document struct {
	Kind   Kind
	Title  string
	Blocks []Block
}

// Extract detects in's format and converts it. The error says which source and why.
func Extract(ctx context.Context, in Input) (Document, error) {
	kind, err := Detect(in.Name, in.ContentType, in.Body)
	if err != nil {
		return Document{}, err
	}
	var doc Document
	switch kind {
	case HTML:
		doc, err = fromHTML(ctx, in)
	case PDF:
		doc, err = fromPDF(in.Body)
	case DOCX:
		doc, err = fromDOCX(in.Body)
	case JSON:
		doc, err = fromJSON(in.Body)
	case CSV:
		doc, err = fromCSV(in.Body)
	case Markdown:
		doc = fromMarkdown(in.Body)
	default:
		doc = Document{Blocks: []Block{{Markdown: normaliseText(string(in.Body))}}}
	}
	if err != nil {
		return Document{}, fmt.Errorf("read %s as %s: %w", in.Name, kind, err)
	}
	doc.Kind = kind
	if doc.Title == "" {
		doc.Title = titleFromName(in.Name)
	}
	return doc, nil
}

// Detect names the format from the content first (a PDF or DOCX signature, HTML markup,
// valid JSON) and the extension and Content-Type second, because servers and file names
// lie more often than magic numbers do.
func Detect(name, contentType string, body []byte) (Kind, error) {
	ext := strings.ToLower(path.Ext(stripQuery(name)))
	ct := strings.ToLower(contentType)
	head := body[:min(len(body), 512)]
	sniffed := http.DetectContentType(head)
	switch {
	case len(bytes.TrimSpace(body)) == 0:
		return "", fmt.Errorf("%s: empty", name)
	case bytes.HasPrefix(body, []byte("%PDF-")):
		return PDF, nil
	case bytes.HasPrefix(body, []byte("PK\x03\x04")):
		if bytes.Contains(body, []byte("word/document.xml")) {
			return DOCX, nil
		}
		return "", fmt.Errorf("%s: a zip archive: %w", name, ErrUnsupported)
	case !looksLikeText(head):
		return "", fmt.Errorf("%s: binary content (%s): %w", name, sniffed, ErrUnsupported)
	case ext == ".md" || ext == ".markdown" || strings.Contains(ct, "markdown"):
		return Markdown, nil
	case ext == ".csv" || strings.Contains(ct, "text/csv"):
		return CSV, nil
	case ext == ".json" || strings.Contains(ct, "json"):
		return JSON, nil
	case strings.HasPrefix(sniffed, "text/html") || ext == ".html" || ext == ".htm" ||
		strings.Contains(ct, "html") || looksLikeHTML(head):
		return HTML, nil
	case strings.HasPrefix(sniffed, "text/xml") || ext == ".xml" || strings.Contains(ct, "xml"):
		return "", fmt.Errorf("%s: XML that is not a web page: %w", name, ErrUnsupported)
	}
	return Text, nil
}

// looksLikeText accepts valid UTF-8 (or Latin-1-ish) with few control characters.
func looksLikeText(b []byte) bool {
	if bytes.IndexByte(b, 0) >= 0 {
		return false
	}
	ctrl := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size == 1 && len(b) > 3 {
			ctrl++
		} else if r < 0x20 && r != '\n' && r != '\r' && r != '\t' && r != '\f' {
			ctrl++
		}
		b = b[size:]
	}
	return ctrl <= 2
}

// looksLikeHTML catches fragments without a doctype, such as the Go distribution's own
// documentation pages.
func looksLikeHTML(head []byte) bool {
	s := strings.ToLower(string(head))
	for _, tag := range []string{"<h1", "<h2", "<p>", "<div", "<body", "<table", "<!--{"} {
		if strings.Contains(s, tag) {
			return true
		}
	}
	return false
}

func stripQuery(name string) string {
	if u, err := url.Parse(name); err == nil && u.Scheme != "" {
		return u.Path
	}
	return name
}

func titleFromName(name string) string {
	base := path.Base(stripQuery(strings.ReplaceAll(name, "\\", "/")))
	if base == "/" || base == "." {
		return name
	}
	return strings.TrimSuffix(base, path.Ext(base))
}

// normaliseText makes line endings plain and trims trailing space.
func normaliseText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.TrimSpace(s)
}
