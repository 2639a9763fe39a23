package crawl

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"strings"

	"github.com/gocolly/colly/v2"
)

// sitemapDoc reads both a <urlset> and a <sitemapindex>, whatever their namespace.
type sitemapDoc struct {
	XMLName  xml.Name
	URLs     []string `xml:"url>loc"`
	Sitemaps []string `xml:"sitemap>loc"`
}

// readAux handles robots.txt (its Sitemap: lines) and sitemaps (their pages and child
// sitemaps).
func (cr *crawler) readAux(r *colly.Response) {
	if strings.HasSuffix(r.Request.URL.Path, "/robots.txt") {
		sc := bufio.NewScanner(bytes.NewReader(r.Body))
		for sc.Scan() {
			k, v, ok := strings.Cut(sc.Text(), ":")
			if ok && strings.EqualFold(strings.TrimSpace(k), "sitemap") {
				cr.followSitemap(r.Request, strings.TrimSpace(v))
			}
		}
		return
	}
	var doc sitemapDoc
	if err := xml.Unmarshal(r.Body, &doc); err != nil {
		cr.emit(Event{URL: r.Request.URL.String(), Err: err})
		return
	}
	for _, s := range doc.Sitemaps {
		cr.followSitemap(r.Request, strings.TrimSpace(s))
	}
	for _, u := range doc.URLs {
		u = strings.TrimSpace(u)
		cr.visit(u, r.Request.Visit(u))
	}
}

func (cr *crawler) followSitemap(from *colly.Request, loc string) {
	abs := from.AbsoluteURL(loc)
	if abs == "" {
		return
	}
	cr.mu.Lock()
	cr.sitemaps++
	cr.mu.Unlock()
	cr.aux.Store(abs, true)
	cr.visit(abs, from.Visit(abs))
}

// sitemapsWanted is true for a sitemap crawl that found no sitemap through robots.txt.
func (cr *crawler) sitemapsWanted() bool {
	cr.mu.Lock()
	defer cr.mu.Unlock()
	return cr.cfg.Strategy == Sitemap && cr.sitemaps == 0 && cr.ctx.Err() == nil
}
