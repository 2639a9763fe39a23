package crawl

import (
	"context"
	"io"
	"net/http"
	"time"
)

// timeoutTransport gives each request its own deadline through its context (the context,
// not http.Client.Timeout, owns deadlines), covering the body too: the deadline is
// released when the body is closed. A request also ends with the crawl's context stop:
// colly fetches robots.txt without the crawl's context, so a cancel would otherwise wait
// out a slow server's robots.txt.
type timeoutTransport struct {
	base    http.RoundTripper
	timeout time.Duration
	stop    context.Context // the crawl's; nil = none
}

func (t timeoutTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx, cancelTimeout := context.WithTimeout(req.Context(), t.timeout)
	cancel := cancelTimeout
	if t.stop != nil {
		unhook := context.AfterFunc(t.stop, cancelTimeout)
		cancel = func() { unhook(); cancelTimeout() }
	}
	resp, err := t.base.RoundTrip(req.WithContext(ctx))
	if err != nil {
		cancel()
		return nil, err
	}
	resp.Body = cancelOnClose{ReadCloser: resp.Body, cancel: cancel}
	return resp, nil
}

type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}
