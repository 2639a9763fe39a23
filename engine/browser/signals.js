// @ts-check
// The in-page runtime of the browser package, part five: the page-level signals of an
// observation — error and success messages, the DOM hash, the scroll containers, and the
// names of dialogs.
(() => {
  const E = window.__errandV3;
  if (!E || !E.read || E.signals) return;
  const clip = E.clip;
  const { scrollable } = E.read;

  const MSG_CLASSES = ['error', 'errors', 'alert-danger', 'invalid-feedback', 'field-error', 'success',
    'alert-success', 'alert', 'toast', 'notification', 'flash', 'message'];

  // messageCandidates lists the possible messages of a root in document order. One query per
  // class takes the browser's fast path; a selector list of the same classes costs 15 times
  // more on a large page.
  /**
   * @param {Errand.RootNode} root
   * @param {Set<Errand.El>} attrs
   */
  function messageCandidates(root, attrs) {
    const set = new Set();
    for (const c of MSG_CLASSES) for (const m of root.querySelectorAll('.' + c)) set.add(m);
    for (const m of attrs) {
      const ar = m.getAttribute('role');
      const live = m.getAttribute('aria-live');
      if (ar === 'alert' || ar === 'status' || (live && live !== 'off')) set.add(m);
    }
    return Array.from(set).sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  }
  // A refusal often names no error: "Choose a product from the suggestions first".
  const ERR_WORDS = /\b(error|errors|invalid|failed|failure|required|must|cannot|can't|couldn't|could not|unable|incorrect|wrong|denied|not allowed|not found|problem|sorry|try again)\b|\bfirst[.!]?\s*$/i;
  const OK_WORDS = /\b(saved|success|successfully|created|updated|deleted|added|sent|submitted|thank you|completed|done)\b/i;
  const ERR_CLASS = /(^|[\s_-])(error|errors|danger|invalid|invalid-feedback|field-error)($|[\s_-])/i;
  const OK_CLASS = /(^|[\s_-])(success|alert-success)($|[\s_-])/i;

  // messages fills out's messages, hasErrors and hasSuccess, and returns every message
  // element seen, so text inside one reads as a status.
  /** @type {Errand.Signals['messages']} */
  function messages(W, out) {
    /** @type {Errand.El[]} */
    const seen = [];
    const all = new Set();
    for (const { root, attrs } of W.roots) {
      for (const m of messageCandidates(root, attrs)) {
        all.add(m);
        if (seen.some((p) => p.contains(m))) continue;
        const r = m.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || !m.checkVisibility({ visibilityProperty: true })) continue;
        const t = clip(m.innerText, 200);
        if (!t) continue;
        seen.push(m);
        const cls = typeof m.className === 'string' ? m.className : '';
        let kind = ERR_CLASS.test(cls) ? 'e' : OK_CLASS.test(cls) ? 's' : '';
        if (!kind) kind = ERR_WORDS.test(t) ? 'e' : OK_WORDS.test(t) ? 's' : '';
        if (kind === 'e') out.hasErrors = true;
        if (kind === 's') out.hasSuccess = true;
        if (!out.messages.includes(t)) out.messages.push(t);
      }
      for (const f of attrs) {
        if (f.getAttribute('aria-invalid') !== 'true') continue;
        const ids = f.getAttribute('aria-errormessage') || f.getAttribute('aria-describedby');
        if (!ids) continue;
        for (const id of ids.split(/\s+/)) {
          const x = root.getElementById ? root.getElementById(id) : null;
          if (!x) continue;
          all.add(x);
          const t = E.words(x, 200);
          if (t && !out.messages.includes(t)) { out.messages.push(t); out.hasErrors = true; }
        }
      }
      if (out.messages.length >= 10) break;
    }
    return all;
  }

  /** @param {string} s */
  function hash(s) {
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
    return (h >>> 0).toString(36);
  }

  /** @type {Errand.Signals['domHash']} */
  function domHash() {
    const b = document.body;
    if (!b) return '0';
    const t = b.innerText;
    return b.getElementsByTagName('*').length + '-' + t.length + '-' + hash(t);
  }

  /** @type {Record<string, number>} */
  const NO_SCROLL = { tr: 1, td: 1, th: 1, tbody: 1, thead: 1, tfoot: 1, table: 1, label: 1, span: 1, a: 1, p: 1, li: 1 };

  /** @param {Errand.El} e */
  function parentOf(e) {
    return e.parentElement || (e.parentNode && /** @type {ShadowRoot} */ (e.parentNode).host) || null;
  }

  // findScrollers finds the scroll containers around the controls near the viewport: one
  // out of view cannot be acted on, and testing every element would cost more than the
  // rest of the walk.
  /** @type {Errand.Signals['findScrollers']} */
  function findScrollers(W) {
    const seen = new Set();
    const mine = new Map();
    for (const n of W.found) if (n.near) mine.set(n.el, n);
    const out = [];
    for (const el of mine.keys()) {
      if (el.firstElementChild && scrollable(el)) out.push({ el, n: mine.get(el) });
      for (let e = parentOf(el); e && e.localName !== 'body' && e.localName !== 'html'; e = parentOf(e)) {
        if (seen.has(e)) break;
        seen.add(e);
        if (!NO_SCROLL[e.localName] && scrollable(e)) out.push({ el: e, n: mine.get(e) });
      }
    }
    return out;
  }

  // dialogName is a dialog's accessible name: aria-labelledby, aria-label, or its first
  // heading. (The rendering leaves out a heading that only repeats its dialog's name.)
  /** @type {Errand.Signals['dialogName']} */
  function dialogName(d) {
    const by = d.getAttribute('aria-labelledby');
    if (by) {
      let t = '';
      for (const id of by.split(/\s+/)) {
        const x = d.ownerDocument.getElementById(id);
        if (x) t += ' ' + E.words(x, 80);
      }
      if ((t = clip(t, 80))) return t;
    }
    const l = d.getAttribute('aria-label');
    if (l && clip(l, 80)) return clip(l, 80);
    const h = d.querySelector('h1,h2,h3,h4,h5,h6,[role=heading]');
    return h ? E.words(h, 80) : '';
  }

  E.signals = { messages, domHash, findScrollers, dialogName };
})();
