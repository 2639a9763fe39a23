package browser

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/chromedp/chromedp"
)

// EvalDevTools evaluates js in the page with the DevTools command line API (so a test can
// call getEventListeners, as a person's DevTools would) and decodes the result into out.
func (p *Page) EvalDevTools(ctx context.Context, js string, out any) error {
	raw, err := p.evalRaw(ctx, js, chromedp.EvalWithCommandLineAPI)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	return nil
}
