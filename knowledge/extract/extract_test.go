package extract

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestDetect(t *testing.T) {
	pdf := []byte("%PDF-1.4\n...")
	tests := []struct {
		name, ct string
		body     []byte
		want     Kind
		wantErr  error
	}{
		{"a.pdf", "", pdf, PDF, nil},
		{"report.bin", "application/octet-stream", pdf, PDF, nil}, // content wins over a wrong name
		{"http://x/doc", "text/html; charset=utf-8", []byte("<!doctype html><p>hi"), HTML, nil},
		{"spec.html", "", []byte("<!--{\n\"Title\": \"Spec\"}-->\n<h2>Intro</h2>"), HTML, nil},
		{"notes.txt", "", []byte("<div>looks like markup</div>"), HTML, nil},
		{"README.md", "", []byte("# Title\n\nText"), Markdown, nil},
		{"data.csv", "", []byte("a,b\n1,2\n"), CSV, nil},
		{"http://x/api", "application/json", []byte(`{"a":1}`), JSON, nil},
		{"notes.txt", "", []byte("plain words"), Text, nil},
		{"image.png", "", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "", ErrUnsupported},
		{"junk.txt", "", []byte{0xff, 0x00, 0x13, 0x37, 0x00, 0x01, 0x02}, "", ErrUnsupported},
		{"a.zip", "", []byte("PK\x03\x04 other things"), "", ErrUnsupported},
	}
	for _, tc := range tests {
		got, err := Detect(tc.name, tc.ct, tc.body)
		if tc.wantErr != nil {
			if !errors.Is(err, tc.wantErr) {
				t.Errorf("Detect(%s) err = %v, want %v", tc.name, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("Detect(%s) = %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
	if _, err := Detect("empty.txt", "", []byte("  \n")); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("empty file: err = %v, want one saying empty", err)
	}
}

func TestHTMLKeepsMainContentAndTables(t *testing.T) {
	body, err := os.ReadFile("testdata/page.html")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := Extract(context.Background(), Input{Name: "https://clinic.example/help/new", Body: body})
	if err != nil {
		t.Fatal(err)
	}
	md := doc.Blocks[0].Markdown
	if doc.Title != "Clinic help: New patients" || doc.Kind != HTML {
		t.Errorf("title %q kind %q", doc.Title, doc.Kind)
	}
	for _, want := range []string{"## Opening hours", "| Saturday | 09:00 | 12:00 |", "**New patient**", "## Deleting a record"} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
	for _, junk := range []string{"var x", "Privacy policy", "About"} {
		if strings.Contains(md, junk) {
			t.Errorf("markdown keeps page chrome %q:\n%s", junk, md)
		}
	}
}

func TestGoSpecKeepsEverySection(t *testing.T) {
	// The Go installation that runs this test ships its spec (docs/knowledge.md measures
	// retrieval on the same documents), so a missing file is a failure, not a reason to skip.
	body, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "doc", "go_spec.html"))
	if err != nil {
		t.Fatalf("the Go spec of this Go installation: %v", err)
	}
	doc, err := Extract(context.Background(), Input{Name: "go_spec.html", Body: body})
	if err != nil {
		t.Fatal(err)
	}
	md := doc.Blocks[0].Markdown
	for _, want := range []string{"## Introduction", "### String literals", "Raw string literals are character sequences", "## Go statements", "## Appendix"} {
		if !strings.Contains(md, want) {
			t.Errorf("spec markdown lacks %q", want)
		}
	}
}

func TestPDFHasPageNumbers(t *testing.T) {
	body := makePDF("Errand manual", []string{"The first page explains installing.", "Ollama runs the models on page two."})
	doc, err := Extract(context.Background(), Input{Name: "manual.pdf", Body: body})
	if err != nil {
		t.Fatal(err)
	}
	if doc.Title != "Errand manual" || len(doc.Blocks) != 2 {
		t.Fatalf("title %q, %d blocks: %+v", doc.Title, len(doc.Blocks), doc.Blocks)
	}
	if b := doc.Blocks[1]; b.Page != 2 || !strings.Contains(b.Markdown, "Ollama runs the models") {
		t.Errorf("block 2 = %+v", b)
	}
}

func TestBrokenPDFIsAnErrorNamingTheFile(t *testing.T) {
	_, err := Extract(context.Background(), Input{Name: "broken.pdf", Body: []byte("%PDF-1.4\ngarbage without xref")})
	if err == nil || !strings.Contains(err.Error(), "broken.pdf") {
		t.Fatalf("err = %v, want one naming broken.pdf", err)
	}
}

func TestDOCXHeadingsParagraphsTables(t *testing.T) {
	body := makeDOCX(t, `
<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr><w:r><w:t>Front desk guide</w:t></w:r></w:p>
<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Refunds</w:t></w:r></w:p>
<w:p><w:r><w:t xml:space="preserve">Refunds are paid </w:t></w:r><w:r><w:t>within 14 days.</w:t></w:r></w:p>
<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Fee</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Amount</w:t></w:r></w:p></w:tc></w:tr>
<w:tr><w:tc><w:p><w:r><w:t>Visit</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>40 EUR</w:t></w:r></w:p></w:tc></w:tr></w:tbl>`)
	doc, err := Extract(context.Background(), Input{Name: "guide.docx", Body: body})
	if err != nil {
		t.Fatal(err)
	}
	want := "# Front desk guide\n\n## Refunds\n\nRefunds are paid within 14 days.\n\n| Fee | Amount |\n| --- | --- |\n| Visit | 40 EUR |"
	if doc.Title != "Front desk guide" || doc.Blocks[0].Markdown != want {
		t.Errorf("title %q markdown:\n%s\nwant:\n%s", doc.Title, doc.Blocks[0].Markdown, want)
	}
}

func TestJSONAndCSV(t *testing.T) {
	doc, err := Extract(context.Background(), Input{Name: "settings.json",
		Body: []byte(`{"server": {"port": 8080, "hosts": ["a", "b"]}, "name": "demo"}`)})
	if err != nil {
		t.Fatal(err)
	}
	if want := "- name: demo\n\n## server\n\n- port: 8080\n- hosts:\n  - a\n  - b"; doc.Blocks[0].Markdown != want {
		t.Errorf("json markdown:\n%s\nwant:\n%s", doc.Blocks[0].Markdown, want)
	}
	doc, err = Extract(context.Background(), Input{Name: "fees.csv", Body: []byte("fee,amount\nvisit,40\n\"x|y\",1\n")})
	if err != nil {
		t.Fatal(err)
	}
	if want := "| fee | amount |\n| --- | --- |\n| visit | 40 |\n| x\\|y | 1 |"; doc.Blocks[0].Markdown != want {
		t.Errorf("csv markdown:\n%s", doc.Blocks[0].Markdown)
	}
}

// makeDOCX zips a minimal Word document around body's paragraphs.
func makeDOCX(t *testing.T, body string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("[Content_Types].xml")
	fmt.Fprint(w, `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`)
	w, _ = zw.Create("word/document.xml")
	fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>%s</w:body></w:document>`, body)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// makePDF writes a valid PDF with one line of Helvetica text per page and a title, with a
// correct cross-reference table.
func makePDF(title string, pages []string) []byte {
	var objs []string
	n := len(pages)
	// 1 catalog, 2 pages, 3 font, 4 info, then (page, content) pairs.
	kids := make([]string, n)
	for i := range pages {
		kids[i] = fmt.Sprintf("%d 0 R", 5+2*i)
	}
	objs = append(objs,
		"<< /Type /Catalog /Pages 2 0 R >>",
		fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), n),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		fmt.Sprintf("<< /Title (%s) >>", title))
	for i, text := range pages {
		stream := fmt.Sprintf("BT /F1 12 Tf 72 720 Td (%s) Tj ET", text)
		objs = append(objs,
			fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>", 6+2*i),
			fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(stream), stream))
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R /Info 4 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

// TestWholeKeepsAFragmentsHeadings: what a press revealed is a fragment with its headings;
// converted whole, none of it is cut (readability keeps the paragraph and drops the rest).
func TestWholeKeepsAFragmentsHeadings(t *testing.T) {
	frag := `<html><head><title>Acme</title></head><body><h1>Acme</h1><h2>Plans</h2><h3>Support options</h3>
		<div><div><p>A named support manager answers within one hour.</p></div></div></body></html>`
	in := Input{Name: "https://acme.test/", ContentType: "text/html", Body: []byte(frag), Whole: true}
	doc, err := Extract(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	want := "# Acme\n\n## Plans\n\n### Support options\n\nA named support manager answers within one hour."
	if got := doc.Blocks[0].Markdown; got != want {
		t.Errorf("whole:\n%s\nwant:\n%s", got, want)
	}
	in.Whole = false
	if doc, _ := Extract(context.Background(), in); strings.Contains(doc.Blocks[0].Markdown, "Support options") {
		t.Errorf("readability kept the headings; the test no longer shows why Whole exists:\n%s", doc.Blocks[0].Markdown)
	}
}
