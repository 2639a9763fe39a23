// @ts-check
// The in-page reader of live ingestion (docs/knowledge.md, "From the live browser"). It
// copies what the page renders now into a plain HTML document for the knowledge
// extractor, and remembers which text it has read, so that after a press it can copy only
// the text that appeared, under the headings it sits below.
//
// Evaluated as one expression: it installs window.__errandReveal once per document and
// is true. A new document (the page was left) has none, which is how the caller tells.
(() => {
  if (window.__errandReveal) return true;

  // Text nodes already read. Identity, not wording: a tab's panel repeats the plan names
  // of the panel it replaces, and those words are new there.
  const seen = new WeakSet();
  // An inert document for the copy: custom elements are not upgraded there and nothing
  // runs.
  const out = document.implementation.createHTMLDocument('');

  const SKIP = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'frame', 'object', 'embed',
    'svg', 'canvas', 'img', 'picture', 'video', 'audio', 'map', 'input', 'select', 'textarea',
    'option', 'datalist', 'head', 'meta', 'link']);
  const KEEP_ATTRS = ['href', 'colspan', 'rowspan', 'scope', 'start'];
  const LISTY = /^(tr|tbody|thead|tfoot|table|ul|ol|dl|li|dt|dd|td|th)$/;

  /** @param {Element} el */
  function level(el) {
    const m = /^h([1-6])$/.exec(el.localName);
    if (m) return +m[1];
    if (el.getAttribute('role') === 'heading') return Math.min(6, Math.max(1, +(el.getAttribute('aria-level') || 2)));
    return 0;
  }

  // A control's own words (a button's "Show more", a tab's name) are not documentation;
  // a button inside a heading is the heading (the usual accordion header).
  /** @param {Element} el */
  function isControl(el) {
    const role = el.getAttribute('role');
    return el.localName === 'button' || role === 'button' || role === 'tab' || role === 'tablist';
  }

  /** @param {Element} el */
  function rendered(el) {
    if (el.checkVisibility()) return true;
    return getComputedStyle(el).display === 'contents';
  }

  /** @param {Element} el */
  function children(el) {
    if (el.shadowRoot) return el.shadowRoot.childNodes;
    if (el.localName === 'slot') {
      const a = /** @type {HTMLSlotElement} */ (el).assignedNodes({ flatten: true });
      if (a.length) return a;
    }
    return el.childNodes;
  }

  // copy makes the reading copy of node, or null when nothing of it is kept. st collects
  // the visible text nodes (to remember them) and which copies are new text.
  /**
   * @param {Node} node
   * @param {Reveal.ReadState} st
   * @param {boolean} inHeading
   * @returns {Node | null}
   */
  function copy(node, st, inHeading) {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = /** @type {Text} */ (node);
      const parent = text.parentElement;
      if (!parent) return null;
      if (!text.data.trim()) return out.createTextNode(' ');
      let vis = st.vis.get(parent);
      if (vis === undefined) {
        vis = getComputedStyle(parent).visibility === 'visible';
        st.vis.set(parent, vis);
      }
      if (!vis) return null;
      st.read.push(text);
      const fresh = !seen.has(text);
      if (st.onlyNew && !fresh && !inHeading) return null;
      const c = out.createTextNode(text.data);
      if (fresh) st.fresh.add(c);
      if (!inHeading) st.content++;
      return c;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const el = /** @type {Element} */ (node);
    const name = el.localName;
    if (SKIP.has(name) || !rendered(el)) return null;
    const lv = level(el);
    const inH = inHeading || lv > 0;
    if (!inH && isControl(el)) return null;
    let tag = lv && !/^h[1-6]$/.test(name) ? 'h' + lv : name;
    // Readability drops buttons, and a heading left empty with them.
    if (!lv && isControl(el)) tag = 'span';
    if (tag.includes('-') || tag === 'slot' || tag === 'body' || tag === 'html') tag = 'div';
    const c = out.createElement(tag);
    for (const a of KEEP_ATTRS) {
      const v = el.getAttribute(a);
      if (v !== null) c.setAttribute(a, a === 'href' ? /** @type {HTMLAnchorElement} */ (el).href || v : v);
    }
    let kept = false;
    for (const ch of children(el)) {
      const k = copy(ch, st, inH);
      if (!k) continue;
      c.appendChild(k);
      if (k.nodeType === Node.ELEMENT_NODE || /** @type {Text} */ (k).data.trim()) kept = true;
    }
    return kept ? c : null;
  }

  /** @param {Node} n */
  function isFirst(n) {
    for (let p = n.previousSibling; p; p = p.previousSibling) {
      if (p.nodeType === Node.ELEMENT_NODE || /** @type {Text} */ (p).data.trim()) return false;
    }
    return true;
  }

  /** @param {string} s */
  function norm(s) {
    return s.replace(/\s+/g, ' ').trim().toLowerCase();
  }

  // frame keeps, of the headings copied for context, those that new text sits below, and
  // puts label as a heading above the first new text unless a new heading of its own, or
  // the heading it sits below, already names it. Each revealed panel so gets a heading path
  // of its own ("Plans > Annual"), and does not supersede the page's chunk of the heading
  // above it, which still holds the panel shown at load.
  /**
   * @param {Element} root
   * @param {Reveal.ReadState} st
   * @param {string} label
   */
  function frame(root, st, label) {
    const walker = out.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    /** @type {{el: Element, lv: number, has: boolean}[]} */
    const stack = [];
    /** @type {Element[]} */
    const drop = [];
    let first = true;
    /** @type {HTMLElement | null} */
    let synthetic = null;
    const close = (/** @type {number} */ lv) => {
      while (stack.length && stack[stack.length - 1].lv >= lv) {
        const h = stack.pop();
        if (!h.has) drop.push(h.el);
      }
    };
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.nodeType === Node.ELEMENT_NODE) {
        const hel = /** @type {Element} */ (n);
        const lv = /^h([1-6])$/.exec(hel.localName);
        if (!lv) continue;
        close(+lv[1]);
        let fresh = false;
        const tw = out.createTreeWalker(hel, NodeFilter.SHOW_TEXT);
        for (let t = tw.nextNode(); t; t = tw.nextNode()) if (st.fresh.has(t)) fresh = true;
        stack.push({ el: hel, lv: +lv[1], has: fresh });
        if (fresh) first = false;
        continue;
      }
      if (!/** @type {Text} */ (n).data.trim() || n.parentElement.closest('h1,h2,h3,h4,h5,h6')) continue;
      if (first && label) {
        first = false;
        const top = stack[stack.length - 1];
        if (!top || norm(top.el.textContent) !== norm(label)) {
          /** @type {Node} */
          let at = n;
          while (at.parentNode && at.parentNode !== root && (isFirst(at) || LISTY.test(/** @type {Element} */ (at.parentNode).localName))) {
            at = at.parentNode;
          }
          synthetic = out.createElement('h' + Math.min(6, (top ? top.lv : 1) + 1));
          synthetic.textContent = label;
          at.parentNode.insertBefore(synthetic, at);
          stack.push({ el: synthetic, lv: top ? top.lv + 1 : 2, has: true });
        }
      }
      first = false;
      for (const h of stack) h.has = true;
    }
    close(0);
    for (const el of drop) el.remove();
  }

  /** @param {string} s */
  function esc(s) {
    return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  }

  // read copies the page (onlyNew false) or only the text that appeared since the last
  // read (onlyNew true, with label as the heading above it), and remembers what it read.
  /**
   * @param {boolean} onlyNew
   * @param {string} label
   */
  function read(onlyNew, label) {
    /** @type {Reveal.ReadState} */
    const st = { onlyNew, read: [], fresh: new WeakSet(), vis: new Map(), content: 0 };
    const root = out.createElement('body');
    const body = document.body;
    if (body) {
      for (const ch of children(body)) {
        const k = copy(ch, st, false);
        if (k) root.appendChild(k);
      }
    }
    let fresh = 0;
    for (const t of st.read) {
      if (!seen.has(t)) fresh++;
      seen.add(t);
    }
    if (onlyNew) frame(root, st, label);
    const lang = document.documentElement.getAttribute('lang') || '';
    const html = '<!doctype html><html' + (lang ? ' lang="' + esc(lang) + '"' : '') + '><head><meta charset="utf-8"><title>' +
      esc(document.title) + '</title></head><body>' + (onlyNew && !st.content ? '' : root.innerHTML) + '</body></html>';
    return { url: location.href, title: document.title, html, fresh: onlyNew ? st.content : fresh };
  }

  // facts reads, for the elements of the last observation, what the observation leaves
  // out and the decision needs: a collapsed disclosure, and a link to another document.
  /** @param {string[]} ids */
  function facts(ids) {
    const here = location.href.split('#')[0];
    /** @type {Record<string, {collapsed?: boolean, leaves?: boolean, submits?: boolean}>} */
    const res = {};
    for (const id of ids) {
      const el = window.__errandV3 && window.__errandV3.find(id);
      if (!el) continue;
      /** @type {{collapsed?: boolean, leaves?: boolean, submits?: boolean}} */
      const f = {};
      if (el.getAttribute('aria-expanded') === 'false') f.collapsed = true;
      if (el.localName === 'summary' && el.parentElement && el.parentElement.localName === 'details' &&
          !/** @type {HTMLDetailsElement} */ (el.parentElement).open) f.collapsed = true;
      const a = el.closest('a[href]');
      if (a) {
        const href = /** @type {HTMLAnchorElement} */ (a).href;
        if (!/^javascript:/i.test(href) && href.split('#')[0] !== here) f.leaves = true;
      }
      if (el.closest('form') && (el.localName === 'button' ? /** @type {HTMLButtonElement} */ (el).type === 'submit' :
          el.localName === 'input' && /^(submit|image)$/.test(/** @type {HTMLInputElement} */ (el).type))) f.submits = true;
      res[id] = f;
    }
    return res;
  }

  window.__errandReveal = { read, facts };
  return true;
})()
