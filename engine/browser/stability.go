package browser

import (
	"context"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
)

// Stability is the wait after an action (docs/decisions.md D-26), so an observation does not
// catch the page between a click and its answer. Every field: 0 means the default, negative
// means none.
type Stability struct {
	// NetworkQuiet is how long no counted request may be in flight (default 500 ms).
	NetworkQuiet time.Duration
	// DOMQuiet is how long the document must go without mutations (default 300 ms).
	DOMQuiet time.Duration
	// MinWait is the least time to wait after an action (default 500 ms).
	MinWait time.Duration
	// MaxWait is the most; reaching it is not an error (default 5 s). A request pending for
	// longer than MaxWait (a long poll) no longer holds the wait.
	MaxWait time.Duration
}

func (s Stability) withDefaults() Stability {
	pick := func(v, def time.Duration) time.Duration {
		switch {
		case v == 0:
			return def
		case v < 0:
			return 0
		}
		return v
	}
	return Stability{
		NetworkQuiet: pick(s.NetworkQuiet, 500*time.Millisecond),
		DOMQuiet:     pick(s.DOMQuiet, 300*time.Millisecond),
		MinWait:      pick(s.MinWait, 500*time.Millisecond),
		MaxWait:      pick(s.MaxWait, 5*time.Second),
	}
}

// light is the wait between the steps of a form fill: a typed value rarely starts a
// request, and the next step's own wait covers what it does start. It keeps MaxWait and
// wants no request in flight, but skips MinWait and needs only 50 ms of DOM quiet.
func (s Stability) light() Stability {
	return Stability{DOMQuiet: min(s.DOMQuiet, 50*time.Millisecond), MaxWait: s.MaxWait}
}

// pollEvery is how often the wait reads the page's mutation clock.
const pollEvery = 25 * time.Millisecond

// netTracker counts the page's requests from DevTools network events. It is fed from the
// tab's event loop, so its methods must not block.
type netTracker struct {
	mu        sync.Mutex
	now       func() time.Time
	pending   map[network.RequestID]time.Time
	seq       uint64    // counted requests seen so far
	last      time.Time // last start or end of a counted request
	mainFrame string
	url       string
	// blockedN counts refused main-frame navigations; blockedURL is the last one.
	blockedN   uint64
	blockedURL string
	dialogs    []string // answered JavaScript dialogs not yet observed
}

func newNetTracker(now func() time.Time) *netTracker {
	return &netTracker{now: now, pending: map[network.RequestID]time.Time{}, last: now()}
}

// onEvent is a chromedp listener: it runs on the tab's event loop for every event.
func (n *netTracker) onEvent(ev any) {
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		// Sockets and event streams stay open by design; counting them would hold every
		// wait to MaxWait.
		if ev.Type == network.ResourceTypeEventSource || ev.Type == network.ResourceTypeWebSocket {
			return
		}
		n.mu.Lock()
		now := n.now()
		if _, ok := n.pending[ev.RequestID]; !ok {
			n.seq++
		}
		n.pending[ev.RequestID] = now
		n.last = now
		n.mu.Unlock()
	case *network.EventLoadingFinished:
		n.done(ev.RequestID)
	case *network.EventLoadingFailed:
		n.done(ev.RequestID)
	case *cdppage.EventFrameNavigated:
		if ev.Frame != nil && ev.Frame.ParentID == "" {
			n.mu.Lock()
			n.mainFrame = string(ev.Frame.ID)
			n.url = ev.Frame.URL + ev.Frame.URLFragment
			n.mu.Unlock()
		}
	case *cdppage.EventNavigatedWithinDocument:
		n.mu.Lock()
		if string(ev.FrameID) == n.mainFrame {
			n.url = ev.URL
		}
		n.mu.Unlock()
	}
}

func (n *netTracker) done(id network.RequestID) {
	n.mu.Lock()
	if _, ok := n.pending[id]; ok {
		delete(n.pending, id)
		n.last = n.now()
	}
	n.mu.Unlock()
}

// quiet reports how long the network has been idle and how many counted requests are in
// flight; requests older than longPoll are left out and forgotten.
func (n *netTracker) quiet(longPoll time.Duration) (idle time.Duration, inflight int) {
	n.mu.Lock()
	defer n.mu.Unlock()
	now := n.now()
	for id, t := range n.pending {
		if now.Sub(t) > longPoll {
			delete(n.pending, id)
			continue
		}
		inflight++
	}
	return now.Sub(n.last), inflight
}

// netMark is a point in the tracker's history to compare later activity against.
type netMark struct{ req, blocked uint64 }

func (n *netTracker) mark() netMark {
	n.mu.Lock()
	defer n.mu.Unlock()
	return netMark{n.seq, n.blockedN}
}

// since reports whether requests started after m, and the last main-frame navigation the
// domain guard refused after m.
func (n *netTracker) since(m netMark) (occurred bool, blocked string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.blockedN > m.blocked {
		blocked = n.blockedURL
	}
	return n.seq > m.req, blocked
}

// refused records a main-frame navigation the domain guard failed.
func (n *netTracker) refused(frame, url string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if frame != n.mainFrame && n.mainFrame != "" {
		return
	}
	n.blockedN++
	n.blockedURL = url
}

func (n *netTracker) dialog(text string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if r := []rune(text); len(r) > 120 {
		text = string(r[:120])
	}
	n.dialogs = append(n.dialogs, text)
	if len(n.dialogs) > 5 {
		n.dialogs = n.dialogs[1:]
	}
}

func (n *netTracker) takeDialogs() []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	d := n.dialogs
	n.dialogs = nil
	return d
}

func (n *netTracker) currentURL() string {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.url
}

func (n *netTracker) setURL(u string) {
	n.mu.Lock()
	n.url = u
	n.mu.Unlock()
}

// settle waits until the page is stable under st, counting from start. It returns whether
// MaxWait cut it short; only a closed tab or ctx ends it with an error.
func (p *Page) settle(ctx context.Context, st Stability, start time.Time) (bool, error) {
	for {
		idle, inflight := p.net.quiet(st.MaxWait)
		netOK := inflight == 0 && idle >= st.NetworkQuiet
		domOK := false
		if netOK {
			s, err := p.state(ctx, "")
			switch {
			case err == nil:
				domOK = time.Duration(s.Quiet)*time.Millisecond >= st.DOMQuiet
			case p.isClosed(ctx, err):
				return false, p.closedErr(err)
			}
			// Other errors are a document changing under us: not stable yet.
		}
		elapsed := time.Since(start)
		if netOK && domOK && elapsed >= st.MinWait {
			return false, nil
		}
		if elapsed >= st.MaxWait {
			p.log.Info("stability wait reached its limit", "max", st.MaxWait, "inflight", inflight, "networkQuiet", netOK, "domQuiet", domOK)
			return true, nil
		}
		if err := sleep(ctx, min(pollEvery, st.MaxWait-elapsed)); err != nil {
			return false, err
		}
	}
}

// sleep waits for d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
