package browser

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/cdp/jsonv2"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/errand-app/errand/engine/page"
)

// The in-page runtime, in the order it installs: the mutation clock, the element readers,
// the text reader, the finder of controls wired by script, the page signals, the collect
// pass, the hidden controls that visible ones reveal, the walk, the action helpers.
var (
	//go:embed tracker.js
	trackerJS string
	//go:embed read.js
	readJS string
	//go:embed text.js
	textJS string
	//go:embed wired.js
	wiredJS string
	//go:embed signals.js
	signalsJS string
	//go:embed collect.js
	collectJS string
	//go:embed behind.js
	behindJS string
	//go:embed observe.js
	observeJS string
	//go:embed act.js
	actJS string
)

// Page is one tab. Its methods are meant for one goroutine at a time.
type Page struct {
	b      *Browser
	log    *slog.Logger
	stab   Stability
	navMax time.Duration
	script string // the in-page runtime, prefixed to every evaluation

	ctx    context.Context // the chromedp tab context
	cancel context.CancelFunc
	gone   <-chan struct{}
	wg     sync.WaitGroup
	once   sync.Once
	net    *netTracker

	mu       sync.Mutex
	allowed  []string
	fetchOn  bool
	policyOK bool // fetchOn matches allowed
}

// open creates a tab, or attaches to the target id when it is set.
func (b *Browser) open(ctx context.Context, id target.ID, url string) (*Page, error) {
	p := &Page{
		b:       b,
		log:     b.log,
		stab:    b.cfg.Stability.withDefaults(),
		navMax:  b.cfg.NavigateTimeout,
		script:  trackerJS + readJS + textJS + wiredJS + signalsJS + collectJS + behindJS + observeJS + actJS,
		net:     newNetTracker(time.Now),
		allowed: normalizeDomains(b.cfg.AllowedDomains),
	}
	if p.navMax <= 0 {
		p.navMax = 30 * time.Second
	}
	opts := []chromedp.ContextOption{chromedp.WithListener(p.net.onEvent)}
	if id != "" {
		// The tab is the person's: leaving must not close it.
		opts = append(opts, chromedp.WithTargetID(id), chromedp.WithDetachOnCancel())
	}
	p.ctx, p.cancel = chromedp.NewContext(b.ctx, opts...)
	if err := start(ctx, func() error { return chromedp.Do(p.ctx) }, p.cancel); err != nil {
		return nil, err
	}
	if id == "" {
		url = "about:blank" // a new tab loaded it before the listener was there
	}
	p.net.setURL(url)
	gone, err := chromedp.Detached(p.ctx)
	if err != nil {
		p.cancel()
		return nil, err
	}
	p.gone = gone
	if !b.track(p) {
		p.cancel()
		return nil, errors.New("the browser is closed")
	}
	paused := chromedp.Events(p.ctx, fetch.RequestPaused)
	p.wg.Go(func() { p.guard(paused) })
	dialogs := chromedp.Events(p.ctx, cdppage.JavascriptDialogOpening)
	p.wg.Go(func() { p.answerDialogs(dialogs) })
	if err := p.setup(ctx); err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

// setup installs the runtime in every future document of the tab (so the mutation clock
// runs from the first byte) and in the current one, and applies the domain policy.
func (p *Page) setup(ctx context.Context) error {
	cctx, cancel := bind(ctx, p.ctx)
	defer cancel()
	_, err := chromedp.Call(cctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source:         p.script,
		RunImmediately: new(true),
	})
	if err != nil {
		return fmt.Errorf("install runtime: %w", err)
	}
	return p.syncPolicy(ctx)
}

// Close closes the tab (or detaches from a tab it attached to). It is safe to call twice.
func (p *Page) Close() error {
	p.once.Do(func() {
		p.cancel()
		p.wg.Wait()
		p.b.untrack(p)
	})
	return nil
}

// SetStability replaces the wait after each action for this page; zero fields take the
// defaults, as in Config.
func (p *Page) SetStability(s Stability) {
	p.stab = s.withDefaults()
}

// URL is the address of the tab's main frame as DevTools last reported it.
func (p *Page) URL() string {
	return p.net.currentURL()
}

// SetViewport fixes the layout viewport to width×height CSS pixels at scale 1, so boxes
// are the same on every machine.
func (p *Page) SetViewport(ctx context.Context, width, height int) error {
	cctx, cancel := bind(ctx, p.ctx)
	defer cancel()
	_, err := chromedp.Call(cctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: int64(width), Height: int64(height), DeviceScaleFactor: 1,
	})
	if err != nil {
		return fmt.Errorf("set viewport: %w", p.infra(ctx, err))
	}
	return nil
}

// Navigate loads url, waits for the page to settle and returns an *page.ActionError when
// the load is refused (kind blocked) or fails.
func (p *Page) Navigate(ctx context.Context, url string) error {
	if err := p.syncPolicy(ctx); err != nil {
		return fmt.Errorf("navigate: %w", err)
	}
	o, err := p.step(ctx, page.Action{Kind: page.Navigate, Text: url}, 0, true)
	if err != nil {
		return fmt.Errorf("navigate: %w", err)
	}
	if o.Err != nil {
		return fmt.Errorf("navigate: %w", o.Err)
	}
	return nil
}

// Observe reads the page's interactive tree and page-level signals in one script call.
func (p *Page) Observe(ctx context.Context) (page.Observation, error) {
	var obs page.Observation
	if err := p.syncPolicy(ctx); err != nil {
		return obs, fmt.Errorf("observe: %w", err)
	}
	// The walk returns one string (see encode in observe.js): DevTools' by-value
	// serialization of the same data as objects costs more than the whole walk. It runs
	// with the DevTools command line API, whose getEventListeners lists the click
	// listeners a page's script gave an element: one call in the page per element near the
	// viewport instead of a DOMDebugger.getEventListeners round trip each.
	raw, err := p.evalRaw(ctx, "__errandV3.walk(typeof getEventListeners === 'function' ? getEventListeners : null)",
		chromedp.EvalWithCommandLineAPI)
	if err != nil {
		return obs, fmt.Errorf("observe: %w", err)
	}
	var text string
	if err := jsonv2.Unmarshal(raw, &text); err != nil {
		return obs, fmt.Errorf("observe: decode: %w", err)
	}
	obs, err = decodeObservation(text)
	if err != nil {
		return obs, fmt.Errorf("observe: decode: %w", err)
	}
	obs.DomMode = page.Mode
	obs.RecentEvents = append(obs.RecentEvents, p.net.takeDialogs()...)
	return obs, nil
}

// ScrollTo scrolls the window to y CSS pixels from the top of the document (or as far as
// it goes), at once, so the next observation sees that part of the page.
func (p *Page) ScrollTo(ctx context.Context, y int) error {
	if _, err := p.evalRaw(ctx, fmt.Sprintf("(window.scrollTo({top: %d, behavior: 'instant'}), scrollY)", max(y, 0))); err != nil {
		return fmt.Errorf("scroll to %d: %w", y, err)
	}
	return nil
}

// answerDialogs accepts alert, confirm and beforeunload dialogs: they block every script
// call until answered, and the action that raised one was already approved. Their text
// shows in the next observation's recent events.
func (p *Page) answerDialogs(dialogs iter.Seq2[cdppage.EventJavascriptDialogOpening, error]) {
	for ev, err := range dialogs {
		if err != nil {
			return
		}
		p.net.dialog(string(ev.Type) + ": " + ev.Message)
		cctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
		_, err := chromedp.Call(cctx, cdppage.HandleJavaScriptDialog, cdppage.HandleJavaScriptDialogParams{
			Accept: true, PromptText: ev.DefaultPrompt,
		})
		cancel()
		if err != nil && p.ctx.Err() == nil {
			p.log.Debug("answer dialog", "err", err)
		}
	}
}

// centre fills the node's xy from its box; the page leaves it out to keep the payload small.
func centre(n *page.Node) {
	n.XY = [2]int{n.Box[0] + n.Box[2]/2, n.Box[1] + n.Box[3]/2}
}

// missing is what a call returns from a document that has no runtime yet: one the tab
// loaded before the runtime was registered, or a frame that went away under the call.
const missing = `"errand: no runtime"`

// evalRaw evaluates call and returns the JSON of its result. The runtime is normally there
// from the document's first script, so the call goes alone; only a document without it
// gets the whole runtime (45 kB, which the stability wait would otherwise send every poll).
func (p *Page) evalRaw(ctx context.Context, call string, opts ...chromedp.EvaluateOption) ([]byte, error) {
	cctx, cancel := bind(ctx, p.ctx)
	defer cancel()
	guarded := "(window.__errandV3 && window.__errandV3.find) ? (" + call + ") : " + missing
	raw, err := chromedp.Run(cctx, chromedp.Evaluate[[]byte](guarded, opts...))
	if err == nil && string(raw) == missing {
		raw, err = chromedp.Run(cctx, chromedp.Evaluate[[]byte](p.script+";"+call, opts...))
	}
	if err != nil {
		return nil, p.infra(ctx, err)
	}
	return raw, nil
}

// eval is evalRaw decoded into out.
func (p *Page) eval(ctx context.Context, call string, out any) error {
	raw, err := p.evalRaw(ctx, call)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("decode %s: %w", strings.SplitN(call, "(", 2)[0], err)
	}
	return nil
}

// jsCall renders a call of a runtime helper with JSON-encoded arguments.
func jsCall(fn string, args ...any) string {
	var b strings.Builder
	b.WriteString("__errandV3.")
	b.WriteString(fn)
	b.WriteByte('(')
	for i, a := range args {
		if i > 0 {
			b.WriteByte(',')
		}
		enc, _ := json.Marshal(a) // strings and numbers always encode
		b.Write(enc)
	}
	b.WriteByte(')')
	return b.String()
}

// pageState is the cheap read behind the stability wait and outcome recording.
type pageState struct {
	URL   string     `json:"url"`
	Token string     `json:"token"`
	Count int64      `json:"count"`
	Quiet int64      `json:"quiet"`
	Node  *page.Node `json:"node"`
}

func (p *Page) state(ctx context.Context, id string) (pageState, error) {
	var s pageState
	call := jsCall("state")
	if id != "" {
		call = jsCall("state", id)
	}
	err := p.eval(ctx, call, &s)
	if s.Node != nil {
		centre(s.Node)
	}
	return s, err
}

// stateRetry reads the state, retrying while a new document replaces the old one.
func (p *Page) stateRetry(ctx context.Context, id string) (pageState, error) {
	var last error
	for range 20 {
		s, err := p.state(ctx, id)
		if err == nil {
			return s, nil
		}
		if p.isClosed(ctx, err) || ctx.Err() != nil {
			return s, err
		}
		last = err
		if err := sleep(ctx, pollEvery); err != nil {
			return s, err
		}
	}
	return pageState{}, last
}

// isClosed reports whether err means the tab or the browser is gone (not that ctx ended).
func (p *Page) isClosed(ctx context.Context, err error) bool {
	if ctx.Err() != nil {
		return false
	}
	var ae *page.ActionError
	if errors.As(err, &ae) && ae.Kind == page.ErrClosed {
		return true
	}
	select {
	case <-p.gone:
		return true
	default:
	}
	return p.ctx.Err() != nil || errors.Is(err, chromedp.ErrTargetDetached) ||
		strings.Contains(err.Error(), "lost the connection")
}

// infra turns an error of the DevTools connection into the caller's ctx error, a closed
// ActionError, or leaves it as it is.
func (p *Page) infra(ctx context.Context, err error) error {
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return context.Cause(ctx)
	case p.isClosed(ctx, err):
		return p.closedErr(err)
	}
	return err
}

func (p *Page) closedErr(err error) error {
	var ae *page.ActionError
	if errors.As(err, &ae) && ae.Kind == page.ErrClosed {
		return err
	}
	return &page.ActionError{Kind: page.ErrClosed, Index: -1, Message: "the tab or browser is gone: " + err.Error()}
}

// call sends one DevTools command on the tab with the caller's cancellation.
func call[P, R any](ctx context.Context, p *Page, cmd cdp.Command[P, R], params P) (R, error) {
	cctx, cancel := bind(ctx, p.ctx)
	defer cancel()
	r, err := chromedp.Call(cctx, cmd, params)
	return r, p.infra(ctx, err)
}

// Screenshot captures the viewport as a PNG: what a person would have seen at this moment.
func (p *Page) Screenshot(ctx context.Context) ([]byte, error) {
	cctx, cancel := bind(ctx, p.ctx)
	defer cancel()
	png, err := chromedp.Run(cctx, chromedp.CaptureScreenshot())
	if err != nil {
		return nil, fmt.Errorf("screenshot: %w", p.infra(ctx, err))
	}
	return png, nil
}

// Evaluate runs a script expression in the page and decodes its JSON result into out. It
// is for tests and diagnostics that read a page's own state (the instruction corpus checks
// the page's fields after a run); errands act only through Execute.
func (p *Page) Evaluate(ctx context.Context, expr string, out any) error {
	return p.eval(ctx, expr, out)
}
