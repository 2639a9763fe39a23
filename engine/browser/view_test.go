package browser_test

import (
	"strings"
	"testing"

	"github.com/errand-app/errand/engine/golden"
	"github.com/errand-app/errand/engine/page"
)

// portless drops the test server's address from a rendering, which changes every run.
func portless(s, base string) string { return strings.ReplaceAll(s, base, "http://fixtures") }

// TestView renders fixture pages the way every prompt shows them (page.Render with the
// default budget) and keeps the result as golden files.
func TestView(t *testing.T) {
	t.Parallel()
	base := fixtures(t)
	for _, c := range []struct{ name, path string }{
		{"inbox", "/inbox.html"},
		{"doc-middle", "/doc.html#s20"},
		{"hidden-heading", "/hidden-heading.html"},
		{"label-select", "/label-select.html"},
		{"unlabeled", "/unlabeled.html"},
		{"instructions", "/instructions.html"},
		{"form", "/form.html"},
		{"modal", "/modal.html"},
		{"long", "/long.html"},
		{"delegated", "/delegated.html"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := openAt(t, base, c.path)
			v := page.Render(observe(t, p), page.ViewOptions{})
			golden.Check(t, golden.Path(t, c.name), []byte(portless(v.Text, base)+"\n"), *update)
		})
	}
}

// clickables lists what a person could click in the viewport: a grid of points 10 px apart
// is hit-tested (elementFromPoint), and a point counts when it falls on something to click
// (words, an image or icon, a control — not the empty padding of a container) and the
// element there or one of its ancestors is a native control, has a click listener of its
// own, or shows a pointer cursor. For each such target it reports the nearest element the
// walk gave an id (a label stands for its control) — "" when there is none.
const clickables = `(() => {
  const CTL = 'a[href],button,input:not([type=hidden]),select,textarea,summary,[role=button],[role=link],' +
    '[role=checkbox],[role=radio],[role=tab],[role=menuitem],[role=switch],[onclick],[tabindex]:not([tabindex="-1"])';
  const CLICKS = ['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup'];
  const out = new Map();
  for (let y = 5; y < innerHeight; y += 10) for (let x = 5; x < innerWidth; x += 10) {
    let hit = document.elementFromPoint(x, y), ox = 0, oy = 0;
    for (let d = 0; hit && d < 5; d++) {
      let inner = null;
      if (hit.shadowRoot) inner = hit.shadowRoot.elementFromPoint(x - ox, y - oy);
      else if (hit.localName === 'iframe' && hit.contentDocument) {
        const r = hit.getBoundingClientRect();
        ox += r.left + hit.clientLeft;
        oy += r.top + hit.clientTop;
        inner = hit.contentDocument.elementFromPoint(x - ox, y - oy);
      }
      if (!inner || inner === hit) break;
      hit = inner;
    }
    if (!hit) continue;
    const hr = hit.getBoundingClientRect();
    const content = Array.from(hit.childNodes).some((n) => n.nodeType === 3 && n.data.trim()) ||
      /^(img|svg|i|input|select|textarea|button|canvas|video|a)$/.test(hit.localName) || (hr.width <= 48 && hr.height <= 48);
    if (!content) continue;
    let target = null;
    for (let a = hit; a && a.localName !== 'body' && a.localName !== 'html'; a = a.parentElement || (a.parentNode && a.parentNode.host)) {
      const l = getEventListeners(a);
      if (a.matches(CTL) || (a.localName === 'label' && a.control) || CLICKS.some((t) => l[t] && l[t].length) ||
        getComputedStyle(a).cursor === 'pointer') {
        target = a;
        break;
      }
    }
    if (!target || out.has(target)) continue;
    const rep = target.localName === 'label' && target.control ? target.control : target.closest('[data-llm-id]');
    const what = target.localName + (target.className && typeof target.className === 'string' ? '.' + target.className.split(' ')[0] : '') +
      ' "' + target.textContent.trim().slice(0, 30) + '" at ' + x + ',' + y;
    out.set(target, { what, id: rep ? rep.getAttribute('data-llm-id') || '' : '' });
  }
  return Array.from(out.values());
})()`

// TestHitTest checks the rendering against the page itself: every element a person could
// click within the viewport must be listed in it, by the id an action would use.
func TestHitTest(t *testing.T) {
	t.Parallel()
	base := fixtures(t)
	for _, path := range []string{"/inbox.html", "/doc.html#s20", "/hidden-heading.html", "/label-select.html",
		"/unlabeled.html", "/instructions.html", "/form.html", "/modal.html", "/long.html", "/shadow.html", "/cover.html",
		"/delegated.html"} {
		t.Run(strings.TrimPrefix(path, "/"), func(t *testing.T) {
			p := openAt(t, base, path)
			v := page.Render(observe(t, p), page.ViewOptions{})
			var targets []struct{ What, ID string }
			if err := p.EvalDevTools(testCtx(t), clickables, &targets); err != nil {
				t.Fatal(err)
			}
			for _, c := range targets {
				if c.ID == "" || !strings.Contains(v.Text, "["+c.ID+"] ") {
					t.Errorf("%s (id %q) can be clicked but is not in the rendering:\n%s", c.What, c.ID, v.Text)
				}
			}
			// On the text-only page nothing can be clicked; on cover.html a banner covers the button.
			if len(targets) == 0 && path != "/instructions.html" && path != "/cover.html" {
				t.Errorf("nothing to click found on %s: the hit test is broken", path)
			}
		})
	}
}
