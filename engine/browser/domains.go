package browser

import (
	"context"
	"fmt"
	"iter"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// SetAllowedDomains replaces the hosts this page may reach (each with its subdomains);
// empty lifts the limit. It takes effect at the next Navigate, Observe or Execute.
func (p *Page) SetAllowedDomains(domains []string) {
	p.mu.Lock()
	p.allowed = normalizeDomains(domains)
	p.policyOK = false
	p.mu.Unlock()
}

// normalizeDomains keeps bare lower-case host names: people and flags write
// "https://Example.com:8080/" or "*.example.com" as often as "example.com".
func normalizeDomains(in []string) []string {
	var out []string
	for _, d := range in {
		d = strings.ToLower(strings.TrimSpace(d))
		if i := strings.Index(d, "://"); i >= 0 {
			d = d[i+3:]
		}
		if i := strings.IndexAny(d, "/?#"); i >= 0 {
			d = d[:i]
		}
		if h, _, ok := strings.Cut(d, ":"); ok && !strings.Contains(d, "]") {
			d = h
		}
		d = strings.Trim(strings.TrimPrefix(d, "*."), ".[]")
		if d != "" && !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out
}

// hostAllowed reports whether host is one of domains or a subdomain of one.
func hostAllowed(domains []string, host string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	for _, d := range domains {
		if host == d || strings.HasSuffix(host, "."+d) {
			return true
		}
	}
	return false
}

// urlAllowed applies the policy to a URL. Only network schemes are limited: data:, blob:
// and about: pages make no request to anyone.
func urlAllowed(domains []string, raw string) bool {
	if len(domains) == 0 {
		return true
	}
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	switch u.Scheme {
	case "http", "https", "ws", "wss", "ftp":
		return hostAllowed(domains, u.Hostname())
	}
	return true
}

func (p *Page) allows(raw string) bool {
	p.mu.Lock()
	d := p.allowed
	p.mu.Unlock()
	return urlAllowed(d, raw)
}

// syncPolicy turns request interception on or off to match the allowed list. Interception
// costs a round trip per request, so a page without a limit does not pay it.
func (p *Page) syncPolicy(ctx context.Context) error {
	p.mu.Lock()
	if p.policyOK {
		p.mu.Unlock()
		return nil
	}
	want := len(p.allowed) > 0
	on := p.fetchOn
	p.mu.Unlock()
	var err error
	switch {
	case want && !on:
		_, err = call(ctx, p, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*"}}})
	case !want && on:
		_, err = call(ctx, p, fetch.Disable, cdp.Empty{})
	}
	if err != nil {
		return fmt.Errorf("allowed domains: %w", err)
	}
	p.mu.Lock()
	p.fetchOn = want
	p.policyOK = true
	p.mu.Unlock()
	return nil
}

// guard answers every paused request: continue when its host is allowed, fail it as
// blocked by the client otherwise. It runs until the tab closes.
func (p *Page) guard(paused iter.Seq2[fetch.EventRequestPaused, error]) {
	for ev, err := range paused {
		if err != nil {
			return
		}
		cctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
		var cerr error
		if ev.Request != nil && !p.allows(ev.Request.URL) {
			p.log.Info("request blocked: domain not allowed", "url", ev.Request.URL)
			if ev.ResourceType == network.ResourceTypeDocument {
				p.net.refused(string(ev.FrameID), ev.Request.URL)
			}
			_, cerr = chromedp.Call(cctx, fetch.FailRequest, fetch.FailRequestParams{
				RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient,
			})
		} else {
			_, cerr = chromedp.Call(cctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
		}
		cancel()
		if cerr != nil && p.ctx.Err() == nil {
			p.log.Debug("request interception", "err", cerr)
		}
	}
}
