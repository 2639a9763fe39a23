package browser

import (
	"context"
	"fmt"
	"time"

	"github.com/errand-app/errand/engine/page"
)

// Execute runs a chain in order and records what each action did. It stops at the first
// failed action unless that action may fail (CanFail). Failed actions are reported in their
// Outcome; the error is only for the browser itself failing (page.KindOf gives
// page.ErrClosed for a closed tab) or ctx ending, and comes with the outcomes so far.
//
// After each action the page gets the full stability wait — except between the steps of
// a form fill: a setValue, select, check, uncheck, focus, hover or scroll followed by
// another acting step gets the light wait (no minimum, 50 ms of DOM quiet, no request in
// flight). The full wait always follows click, press, navigate and goBack, and the last
// acting step of the chain, so the observation after a chain sees a settled page.
func (p *Page) Execute(ctx context.Context, chain []page.Action) (page.ChainResult, error) {
	res := page.ChainResult{FailedIndex: -1, Outcomes: make([]page.Outcome, 0, len(chain))}
	if err := p.syncPolicy(ctx); err != nil {
		return res, fmt.Errorf("execute: %w", err)
	}
	for i, a := range chain {
		o, err := p.step(ctx, a, i, lastActing(chain, i))
		if err != nil {
			return res, fmt.Errorf("execute: action %d: %w", i, err)
		}
		res.Outcomes = append(res.Outcomes, o)
		res.DidNetworkOccur = res.DidNetworkOccur || o.DidNetworkOccur
		res.DidDomMutate = res.DidDomMutate || o.DidDomMutate
		res.DidURLChange = res.DidURLChange || o.DidURLChange
		if o.Err != nil && !a.CanFail {
			res.FailedIndex = i
			break
		}
	}
	return res, nil
}

// lastActing reports whether no action after i touches the page (only wait, extract,
// finish and fail may follow), so i gets the full wait.
func lastActing(chain []page.Action, i int) bool {
	for _, a := range chain[i+1:] {
		switch a.Kind {
		case page.Wait, page.Extract, page.Finish, page.Fail:
		default:
			return false
		}
	}
	return true
}

type waitKind int

const (
	waitNone waitKind = iota
	waitLight
	waitFull
)

func waitFor(k page.Kind, last bool) waitKind {
	switch k {
	case page.Click, page.Press, page.Navigate, page.GoBack:
		return waitFull
	case page.SetValue, page.Select, page.Check, page.Uncheck, page.Focus, page.Hover, page.ScrollTo:
		if last {
			return waitFull
		}
		return waitLight
	}
	return waitNone
}

// step runs one action with its wait and records its outcome. The error is infrastructure
// only; the action's own failure is in the Outcome.
func (p *Page) step(ctx context.Context, a page.Action, i int, last bool) (page.Outcome, error) {
	start := time.Now()
	o := page.Outcome{Index: i, Action: a}
	before, err := p.stateRetry(ctx, "")
	if err != nil {
		return o, p.infra(ctx, err)
	}
	mark := p.net.mark()
	aerr, err := p.act(ctx, a, &o)
	if err != nil {
		return o, p.infra(ctx, err)
	}
	if aerr == nil {
		var st Stability
		switch waitFor(a.Kind, last) {
		case waitFull:
			st = p.stab
		case waitLight:
			st = p.stab.light()
		}
		if st.MaxWait > 0 {
			if _, err := p.settle(ctx, st, start); err != nil {
				return o, p.infra(ctx, err)
			}
		}
	}
	id := ""
	if a.Kind.NeedsElement() {
		id = a.ID
	}
	after, err := p.stateRetry(ctx, id)
	if err != nil {
		return o, p.infra(ctx, err)
	}
	net, blocked := p.net.since(mark)
	if aerr == nil && blocked != "" {
		aerr = &page.ActionError{Kind: page.ErrBlocked, Message: "navigation to " + blocked + " blocked: not an allowed domain"}
	}
	if aerr != nil {
		aerr.Index = i
		o.Err = aerr
		p.log.Debug("action failed", "action", a.String(), "kind", aerr.Kind, "message", aerr.Message)
	}
	o.URLBefore, o.URLAfter = before.URL, after.URL
	o.Target = after.Node
	o.DidNetworkOccur = net
	o.DidDomMutate = before.Token != after.Token || before.Count != after.Count
	o.DidURLChange = before.URL != after.URL
	o.DurationMs = time.Since(start).Milliseconds()
	return o, nil
}

func actionErr(kind page.ErrorKind, format string, args ...any) *page.ActionError {
	return &page.ActionError{Kind: kind, Message: fmt.Sprintf(format, args...)}
}

// act performs one action. It returns the action's failure, or an error when the browser
// failed under it.
func (p *Page) act(ctx context.Context, a page.Action, o *page.Outcome) (*page.ActionError, error) {
	if a.Kind.NeedsElement() && a.ID == "" {
		return actionErr(page.ErrInvalid, "%s needs an element id", a.Kind), nil
	}
	switch a.Kind {
	case page.Click:
		return p.click(ctx, a.ID)
	case page.DoubleClick:
		return p.doubleClick(ctx, a.ID)
	case page.Clear:
		return p.setValue(ctx, a.ID, "")
	case page.SetValue:
		return p.setValue(ctx, a.ID, a.Text)
	case page.Select:
		return p.selectOption(ctx, a.ID, a.Text)
	case page.Check:
		return p.setChecked(ctx, a.ID, true)
	case page.Uncheck:
		return p.setChecked(ctx, a.ID, false)
	case page.Press:
		return p.press(ctx, a.Text)
	case page.ScrollTo:
		return p.helper(ctx, jsCall("scroll", a.Text), nil)
	case page.Navigate:
		return p.navigate(ctx, a.Text)
	case page.GoBack:
		return p.goBack(ctx)
	case page.Wait:
		return nil, sleep(ctx, time.Duration(a.Ms)*time.Millisecond)
	case page.Focus:
		return p.helper(ctx, jsCall("focus", a.ID), nil)
	case page.Hover:
		return p.hover(ctx, a.ID)
	case page.Extract:
		var r reply
		aerr, err := p.helper(ctx, jsCall("extract"), &r)
		o.Extracted = r.Text
		return aerr, err
	case page.Finish, page.Fail:
		return nil, nil
	}
	return actionErr(page.ErrInvalid, "unknown action %q", a.Kind), nil
}

// reply is what the runtime's action helpers return: an error kind and message, or the
// fields of their answer.
type reply struct {
	Err     string  `json:"err"`
	Msg     string  `json:"msg"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Mode    string  `json:"mode"`
	Type    string  `json:"type"`
	Value   string  `json:"value"`
	Checked *bool   `json:"checked"`
	Text    string  `json:"text"`
}

// helper evaluates a runtime helper and splits its answer into an action failure or out.
func (p *Page) helper(ctx context.Context, call string, out *reply) (*page.ActionError, error) {
	var r reply
	if err := p.eval(ctx, call, &r); err != nil {
		if p.isClosed(ctx, err) || ctx.Err() != nil {
			return nil, err
		}
		return actionErr(page.ErrInvalid, "page script failed: %v", err), nil
	}
	if out != nil {
		*out = r
	}
	if r.Err != "" {
		return actionErr(page.ErrorKind(r.Err), "%s", r.Msg), nil
	}
	return nil, nil
}
