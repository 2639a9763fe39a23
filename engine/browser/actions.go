package browser

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/errand-app/errand/engine/page"
)

// click presses and releases the left button over a point where the element itself gets
// the click, as a person's mouse would; a modal in the way is reported, not clicked.
// A menu button that the pointer's arrival already opened is not pressed: on pages that
// open sub-menus on hover, the press would close it again (docs/decisions.md, D-46).
func (p *Page) click(ctx context.Context, id string) (*page.ActionError, error) {
	var pt reply
	if aerr, err := p.helper(ctx, jsCall("point", id, true), &pt); aerr != nil || err != nil {
		return aerr, err
	}
	if err := p.mouseMove(ctx, pt.X, pt.Y); err != nil {
		return nil, err
	}
	if pt.Value == "false" {
		var now reply
		if aerr, err := p.helper(ctx, jsCall("popupState", id), &now); aerr != nil || err != nil {
			return aerr, err
		}
		if now.Value == "true" {
			return nil, nil
		}
	}
	return nil, p.mousePress(ctx, pt.X, pt.Y)
}

func (p *Page) mouseMove(ctx context.Context, x, y float64) error {
	_, err := call(ctx, p, input.DispatchMouseEvent, input.DispatchMouseEventParams{
		Type: input.DispatchMouseEventTypeMouseMoved, X: x, Y: y,
	})
	return err
}

func (p *Page) mousePress(ctx context.Context, x, y float64) error {
	steps := []input.DispatchMouseEventParams{
		{Type: input.DispatchMouseEventTypeMousePressed, X: x, Y: y, Button: input.MouseButtonLeft, Buttons: 1, ClickCount: 1},
		{Type: input.DispatchMouseEventTypeMouseReleased, X: x, Y: y, Button: input.MouseButtonLeft, ClickCount: 1},
	}
	for _, s := range steps {
		if _, err := call(ctx, p, input.DispatchMouseEvent, s); err != nil {
			return err
		}
	}
	return nil
}

// doubleClick clicks twice with the click counts a person's double-click sends, so the
// page sees click, click and dblclick.
func (p *Page) doubleClick(ctx context.Context, id string) (*page.ActionError, error) {
	var pt reply
	if aerr, err := p.helper(ctx, jsCall("point", id, true), &pt); aerr != nil || err != nil {
		return aerr, err
	}
	for n := int64(1); n <= 2; n++ {
		for _, t := range []input.DispatchMouseEventType{input.DispatchMouseEventTypeMousePressed, input.DispatchMouseEventTypeMouseReleased} {
			if _, err := call(ctx, p, input.DispatchMouseEvent, input.DispatchMouseEventParams{
				Type: t, X: pt.X, Y: pt.Y, Button: input.MouseButtonLeft, Buttons: 1, ClickCount: n,
			}); err != nil {
				return nil, err
			}
		}
	}
	return nil, nil
}

func (p *Page) hover(ctx context.Context, id string) (*page.ActionError, error) {
	var pt reply
	if aerr, err := p.helper(ctx, jsCall("point", id, false), &pt); aerr != nil || err != nil {
		return aerr, err
	}
	return nil, p.mouseMove(ctx, pt.X, pt.Y)
}

// setValue types text into a field with real input events: the page's listeners see the
// same beforeinput/input sequence as for a person. Date, time, colour and range fields have
// no keyboard path that works across locales, so they get the value through the native
// setter plus input and change events.
func (p *Page) setValue(ctx context.Context, id, text string) (*page.ActionError, error) {
	var prep reply
	if aerr, err := p.helper(ctx, jsCall("prepare", id), &prep); aerr != nil || err != nil {
		return aerr, err
	}
	switch prep.Mode {
	case "select":
		return p.selectOption(ctx, id, text)
	case "native":
		v, err := normalizeValue(prep.Type, text)
		if err != nil {
			return actionErr(page.ErrInvalid, "%v", err), nil
		}
		return p.helper(ctx, jsCall("setNative", id, v), nil)
	}
	if text == "" {
		if prep.Value != "" {
			// The content is selected; Delete removes it like a person would.
			if aerr, err := p.pressKey(ctx, "Delete"); aerr != nil || err != nil {
				return aerr, err
			}
		}
	} else if _, err := call(ctx, p, input.InsertText, input.InsertTextParams{Text: text}); err != nil {
		return nil, err
	}
	var done reply
	if aerr, err := p.helper(ctx, jsCall("committed", id), &done); aerr != nil || err != nil {
		return aerr, err
	}
	if text != "" && done.Value == "" {
		return actionErr(page.ErrInvalid, "the %s field did not accept the text", orText(prep.Type)), nil
	}
	return nil, nil
}

func orText(t string) string {
	if t == "" {
		return "text"
	}
	return t
}

func (p *Page) selectOption(ctx context.Context, id, option string) (*page.ActionError, error) {
	return p.helper(ctx, jsCall("select", id, option), nil)
}

// setChecked clicks a checkbox, radio or switch only when its state differs, then checks
// that the click took.
func (p *Page) setChecked(ctx context.Context, id string, want bool) (*page.ActionError, error) {
	var st reply
	if aerr, err := p.helper(ctx, jsCall("checked", id), &st); aerr != nil || err != nil {
		return aerr, err
	}
	if st.Checked != nil && *st.Checked == want {
		return nil, nil
	}
	if aerr, err := p.click(ctx, id); aerr != nil || err != nil {
		return aerr, err
	}
	// A framework may re-render the box a moment after the click.
	for range 10 {
		if aerr, err := p.helper(ctx, jsCall("checked", id), &st); aerr != nil || err != nil {
			return aerr, err
		}
		if st.Checked != nil && *st.Checked == want {
			return nil, nil
		}
		if err := sleep(ctx, pollEvery); err != nil {
			return nil, err
		}
	}
	verb := "check"
	if !want {
		verb = "uncheck"
	}
	return actionErr(page.ErrInvalid, "clicking element %s did not %s it", id, verb), nil
}

// press sends a key or a chord such as "Control+a" to the focused element.
func (p *Page) press(ctx context.Context, keys string) (*page.ActionError, error) {
	return p.pressKey(ctx, keys)
}

func (p *Page) pressKey(ctx context.Context, keys string) (*page.ActionError, error) {
	k, mods, ok := parseChord(keys)
	if !ok {
		return actionErr(page.ErrInvalid, "unknown key %q; use Enter, Tab, Escape, Backspace, Delete, arrows, Home, End, PageUp, PageDown, Space or one character", keys), nil
	}
	down := input.DispatchKeyEventParams{
		Type: input.DispatchKeyEventTypeRawKeyDown, Key: k.key, Code: k.code,
		WindowsVirtualKeyCode: k.vk, NativeVirtualKeyCode: k.vk, Modifiers: mods,
	}
	// A key that types (Enter's "\r" included) goes down as keyDown with its text: that is
	// what makes Enter submit a form.
	if k.text != "" && mods&^modShift == 0 {
		down.Type = input.DispatchKeyEventTypeKeyDown
		down.Text, down.UnmodifiedText = k.text, k.text
	}
	up := input.DispatchKeyEventParams{
		Type: input.DispatchKeyEventTypeKeyUp, Key: k.key, Code: k.code,
		WindowsVirtualKeyCode: k.vk, NativeVirtualKeyCode: k.vk, Modifiers: mods,
	}
	for _, e := range []input.DispatchKeyEventParams{down, up} {
		if _, err := call(ctx, p, input.DispatchKeyEvent, e); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// resolve makes target absolute: a path resolves against the page's address, and a bare
// host ("example.com/x") gets https, since that is what a model means by it.
func (p *Page) resolve(target string) (string, error) {
	target = strings.TrimSpace(target)
	if target == "" {
		return "", errors.New("no address")
	}
	u, err := url.Parse(target)
	if err != nil {
		return "", err
	}
	if u.IsAbs() {
		return u.String(), nil
	}
	host, _, _ := strings.Cut(target, "/")
	if !strings.ContainsAny(target[:1], "/.?#") && strings.Contains(host, ".") && !strings.ContainsAny(host, " \t") {
		return "https://" + target, nil
	}
	base, err := url.Parse(p.URL())
	if err != nil || !base.IsAbs() || base.Host == "" {
		return "", errors.New("a relative address needs a current page")
	}
	return base.ResolveReference(u).String(), nil
}

func (p *Page) navigate(ctx context.Context, target string) (*page.ActionError, error) {
	u, err := p.resolve(target)
	if err != nil {
		return actionErr(page.ErrInvalid, "bad address %q: %v", target, err), nil
	}
	if !p.allows(u) {
		return actionErr(page.ErrBlocked, "navigation to %s blocked: not an allowed domain", u), nil
	}
	nctx, cancel := context.WithTimeout(ctx, p.navMax)
	defer cancel()
	cctx, ccancel := bind(nctx, p.ctx)
	defer ccancel()
	err = chromedp.Do(cctx, chromedp.Navigate(u))
	return p.loadResult(ctx, nctx, u, err)
}

// loadResult sorts a navigation's error into an action failure or a browser failure.
func (p *Page) loadResult(ctx, nctx context.Context, u string, err error) (*page.ActionError, error) {
	var le *chromedp.LoadError
	switch {
	case err == nil:
		return nil, nil
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case nctx.Err() != nil:
		return actionErr(page.ErrTimeout, "%s did not load within %s", u, p.navMax), nil
	case errors.As(err, &le) && strings.Contains(le.ErrorText, "BLOCKED_BY_CLIENT"):
		return actionErr(page.ErrBlocked, "navigation to %s blocked: not an allowed domain", u), nil
	case errors.As(err, &le):
		return actionErr(page.ErrNotFound, "%s did not load: %s", u, le.ErrorText), nil
	case p.isClosed(ctx, err):
		return nil, err
	}
	return actionErr(page.ErrInvalid, "navigate to %s: %v", u, err), nil
}

// goBack goes one entry back in the tab's history. A page restored from the back-forward
// cache fires no load event, so the wait polls the history index and the ready state.
func (p *Page) goBack(ctx context.Context) (*page.ActionError, error) {
	h, err := call(ctx, p, cdppage.GetNavigationHistory, cdp.Empty{})
	if err != nil {
		return nil, err
	}
	if h.CurrentIndex <= 0 || int(h.CurrentIndex) >= len(h.Entries) {
		return actionErr(page.ErrInvalid, "there is no page to go back to"), nil
	}
	prev := h.Entries[h.CurrentIndex-1]
	if !p.allows(prev.URL) {
		return actionErr(page.ErrBlocked, "going back to %s blocked: not an allowed domain", prev.URL), nil
	}
	if _, err := call(ctx, p, cdppage.NavigateToHistoryEntry, cdppage.NavigateToHistoryEntryParams{EntryID: prev.ID}); err != nil {
		return nil, err
	}
	deadline := time.Now().Add(p.navMax)
	for time.Now().Before(deadline) {
		h, err := call(ctx, p, cdppage.GetNavigationHistory, cdp.Empty{})
		if err != nil {
			return nil, err
		}
		if h.CurrentIndex >= 0 && int(h.CurrentIndex) < len(h.Entries) && h.Entries[h.CurrentIndex].ID == prev.ID {
			var ready string
			if err := p.eval(ctx, "document.readyState", &ready); err == nil && ready == "complete" {
				return nil, nil
			} else if err != nil && (p.isClosed(ctx, err) || ctx.Err() != nil) {
				return nil, err
			}
		}
		if err := sleep(ctx, pollEvery); err != nil {
			return nil, err
		}
	}
	return actionErr(page.ErrTimeout, "going back to %s did not finish within %s", prev.URL, p.navMax), nil
}
