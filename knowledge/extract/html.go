package extract

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"strings"

	"codeberg.org/readeck/go-readability/v2"
	"github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/table"
	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// minMainShare is how much of the page's text the readability extract must keep to be
// trusted. Readability is built for articles; on a reference page (one long specification,
// a table of settings) it sometimes keeps one section, and then the whole cleaned body is
// the better main content.
const minMainShare = 0.5

// fromHTML keeps the main content as Markdown, with headings, lists, code and tables.
func fromHTML(ctx context.Context, in Input) (Document, error) {
	gq, err := goquery.NewDocumentFromReader(bytes.NewReader(in.Body))
	if err != nil {
		return Document{}, fmt.Errorf("parse html: %w", err)
	}
	title := strings.TrimSpace(gq.Find("title").First().Text())
	if title == "" {
		title = strings.TrimSpace(gq.Find("h1").First().Text())
	}
	// Chrome the reader never needs, removed before both readability and the fallback.
	// A header or footer inside an article often holds its title, so only the page's own go.
	gq.Find("script, style, noscript, template, svg, iframe, nav, form, [aria-hidden=true], " +
		"body > header, body > footer, [role=banner], [role=contentinfo], [role=navigation]").Remove()
	bodyText := len(strings.Fields(gq.Find("body").Text()))
	outline := headingOutline(gq.Selection)

	var main *html.Node
	pageURL, _ := url.Parse(in.Name)
	if in.Whole {
		// Converted whole below.
	} else if art, err := readability.FromDocument(cloneNode(gq.Nodes[0]), pageURL); err == nil && art.Node != nil {
		var buf bytes.Buffer
		_ = art.RenderText(&buf)
		if float64(len(strings.Fields(buf.String()))) >= minMainShare*float64(bodyText) {
			main = art.Node
			restoreHeadingLevels(main, outline)
		}
		if title == "" {
			title = art.Title()
		}
	}
	if main == nil {
		if body := gq.Find("body"); body.Length() > 0 {
			main = body.Nodes[0]
		} else {
			main = gq.Nodes[0]
		}
	}
	md, err := toMarkdown(ctx, main, pageURL)
	if err != nil {
		return Document{}, err
	}
	return Document{Title: title, Blocks: []Block{{Markdown: md}}}, nil
}

// outlineHeading is one heading of the page as written: its level (1 for h1) and text.
type outlineHeading struct {
	level int
	text  string
}

const headingTags = "h1, h2, h3, h4, h5, h6"

// headingOutline lists the headings under sel in document order.
func headingOutline(sel *goquery.Selection) []outlineHeading {
	var out []outlineHeading
	sel.Find(headingTags).Each(func(_ int, h *goquery.Selection) {
		out = append(out, outlineHeading{level: int(h.Nodes[0].Data[1] - '0'), text: squash(h.Text())})
	})
	return out
}

// restoreHeadingLevels gives the headings readability kept their levels on the page as
// written. Readability turns every h1 into an h2 (and drops the one that repeats the
// title), so a page's h1 sections and their h2 subsections would come out as siblings,
// and heading paths would not follow the page's outline. Each kept heading is matched,
// in order, to the next heading of the page with the same text; one not found (readability
// rewrites little, but may) keeps the level it has.
func restoreHeadingLevels(main *html.Node, outline []outlineHeading) {
	next := 0
	goquery.NewDocumentFromNode(main).Find(headingTags).Each(func(_ int, h *goquery.Selection) {
		text := squash(h.Text())
		for i := next; i < len(outline); i++ {
			if outline[i].text == text {
				n := h.Nodes[0]
				n.Data = "h" + string(rune('0'+outline[i].level))
				n.DataAtom = atom.Lookup([]byte(n.Data))
				next = i + 1
				return
			}
		}
	})
}

// squash collapses runs of white space to one space and trims the ends.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// toMarkdown converts with the table plugin, so tables stay tables.
func toMarkdown(ctx context.Context, n *html.Node, pageURL *url.URL) (string, error) {
	conv := converter.NewConverter(converter.WithPlugins(
		base.NewBasePlugin(), commonmark.NewCommonmarkPlugin(), table.NewTablePlugin()))
	opts := []converter.ConvertOptionFunc{converter.WithContext(ctx)}
	if pageURL != nil && pageURL.Host != "" {
		opts = append(opts, converter.WithDomain(pageURL.Scheme+"://"+pageURL.Host))
	}
	b, err := conv.ConvertNode(n, opts...)
	if err != nil {
		return "", fmt.Errorf("html to markdown: %w", err)
	}
	return strings.TrimSpace(string(b)), nil
}

// cloneNode deep-copies a tree, because readability mutates the document it is given.
func cloneNode(n *html.Node) *html.Node {
	c := &html.Node{Type: n.Type, DataAtom: n.DataAtom, Data: n.Data, Namespace: n.Namespace,
		Attr: append([]html.Attribute(nil), n.Attr...)}
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		c.AppendChild(cloneNode(ch))
	}
	return c
}
