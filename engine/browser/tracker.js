// @ts-check
// The in-page runtime of the browser package, part one: it installs window.__errandV3 once
// per document with the mutation clock the stability wait polls and the short change log
// the observation reports. observe.js adds the walk, act.js the action helpers.
(() => {
  if (window.__errandV3) return;
  const OWN = 'data-llm-id';
  /** @type {Errand.State} */
  const S = {
    seq: 0,
    ids: new Map(), // signature -> nodes of the last walk, so a re-rendered twin gets its old id
    boxes: new Map(), // scroll-container signature -> id
    given: new Set(), // every id this document handed out
    count: 0,
    last: performance.now(),
    token: Math.random().toString(36).slice(2),
    recording: false,
    events: [],
    watched: new WeakSet(),
    roots: [], // the roots of the last walk, for lookups by id
    touched: [], // mutation targets since the last walk (more than 256: all)
    subtrees: [], // elements added or removed since the last walk
    stats: new WeakMap(), // element -> what the walk read of it that only mutations change
    wired: new WeakMap(), // element -> role, for controls found by their listeners or cursor
    named: new WeakSet(), // labels and other elements whose words are a control's name
    rowNames: new WeakMap(), // table row -> its cells' text, kept while no mutation reaches it
    scrollers: [], // the scroll containers of the last walk: their scroll is part of the layout key
  };
  const E = /** @type {Errand.Runtime} */ ({ S });
  Object.defineProperty(window, '__errandV3', { value: E, enumerable: false });

  /** @type {Record<string, number>} */
  const SKIP = { script: 1, style: 1, link: 1, meta: 1, noscript: 1, template: 1 };

  // cut keeps the first k UTF-16 units of t without splitting a surrogate pair: half an
  // emoji is not valid text, and DevTools' JSON of it is refused on the Go side.
  /**
   * @param {string} t
   * @param {number} k
   */
  function cut(t, k) {
    const c = t.charCodeAt(k - 1);
    return t.slice(0, c >= 0xd800 && c <= 0xdbff ? k - 1 : k);
  }

  /**
   * @param {string | null | undefined} t
   * @param {number} n
   */
  function clip(t, n) {
    if (!t) return '';
    if (t.length > n * 4) t = cut(t, n * 4);
    t = t.replace(/\s+/g, ' ').trim();
    return t.length > n ? cut(t, n - 1) + '…' : t;
  }
  E.clip = clip;
  E.cut = cut;

  // Inline formatting: its words run on with the words around it, unless a style draws it
  // as a block (a <small> under a <b> in a card).
  /** @type {Record<string, number>} */
  const RUN_ON = {
    span: 1, b: 1, strong: 1, i: 1, em: 1, small: 1, mark: 1, code: 1, abbr: 1, sup: 1, sub: 1, time: 1,
    q: 1, cite: 1, kbd: 1, s: 1, del: 1, ins: 1, u: 1, font: 1, bdi: 1, bdo: 1, var: 1, samp: 1, data: 1,
    dfn: 1, big: 1, tt: 1, nobr: 1, a: 1, label: 1, img: 1, svg: 1,
  };

  // apart reports what is never part of the words around it: a closed element (hidden),
  // and a pop-up's items (a row's "⋯" menu is no part of the row's words).
  /** @param {Element} e */
  function apart(e) {
    if (e.hasAttribute('hidden')) return true;
    const r = e.getAttribute('role');
    return r === 'menu' || r === 'listbox' || r === 'tooltip' || r === 'dialog' || r === 'alertdialog';
  }

  // words is an element's words as a person sees them, clipped to n characters: its
  // textContent, but with a space where a line break or a block parts two words
  // ("Gmail<br>alex@…", "<b>Zipp Go</b><small>4 seats</small>" in a flex row), which
  // textContent runs together. A style is looked up only where two words would meet
  // (docs/decisions.md D-48).
  /**
   * @param {Node | null | undefined} el
   * @param {number} n
   */
  function words(el, n) {
    if (!el) return '';
    let t = '';
    /** @type {Element[]} */
    let crossed = [];
    const parts = () => {
      for (const x of crossed) {
        if (!RUN_ON[x.localName]) return true;
        const d = getComputedStyle(x).display;
        if (d !== 'contents' && !d.startsWith('inline')) return true;
      }
      return false;
    };
    /** @param {Node} p */
    const walk = (p) => {
      for (let c = p.firstChild; c && t.length < n * 4; c = c.nextSibling) {
        if (c.nodeType === 3) {
          const d = /** @type {Text} */ (c).data;
          if (crossed.length && /\S$/.test(t) && /^\S/.test(d) && parts()) t += ' ';
          if (/\S/.test(d)) crossed = [];
          t += d;
        } else if (c.nodeType === 1 && !SKIP[/** @type {Element} */ (c).localName] && !apart(/** @type {Element} */ (c))) {
          const e = /** @type {Element} */ (c);
          crossed.push(e);
          walk(e);
          crossed.push(e);
        }
      }
    };
    walk(el);
    return clip(t, n);
  }
  E.words = words;

  /** @param {Element} el */
  function label(el) {
    let s = el.localName;
    if (el.id) s += '#' + el.id;
    else if (typeof el.className === 'string' && el.className.trim()) s += '.' + el.className.trim().split(/\s+/)[0];
    const t = clip(el.textContent, 40);
    return t ? s + " '" + t + "'" : s;
  }
  E.label = label;

  // onMutations advances the mutation clock and notes what changed, so the next walk can
  // keep what it knows about the elements the changes did not reach.
  /** @param {MutationRecord[]} recs */
  function onMutations(recs) {
    let n = 0;
    for (let i = 0; i < recs.length; i++) {
      const r = recs[i];
      if (r.type === 'attributes' && r.attributeName === OWN) continue;
      n++;
      if (S.touched.length > 256) continue;
      S.touched.push(r.target);
      if (r.type === 'childList') {
        for (const x of r.addedNodes) if (x.nodeType === 1) S.subtrees.push(/** @type {Element} */ (x));
        for (const x of r.removedNodes) if (x.nodeType === 1) S.subtrees.push(/** @type {Element} */ (x));
      }
    }
    if (!n) return;
    S.count += n;
    S.last = performance.now();
    if (S.recording) record(recs);
  }

  // record keeps short descriptions of the newest changes; the observation reports the last
  // ten so verification can see a toast that came and went.
  /** @param {MutationRecord[]} recs */
  function record(recs) {
    const out = [];
    for (let i = recs.length - 1; i >= 0 && out.length < 10; i--) {
      const r = recs[i];
      if (r.type === 'childList') {
        for (let j = r.addedNodes.length - 1; j >= 0 && out.length < 10; j--) {
          // An element or a text node, as nodeType says.
          const nd = /** @type {Element & Text} */ (r.addedNodes[j]);
          if (nd.nodeType === 1 && !SKIP[nd.localName]) out.push('added: ' + label(nd));
          else if (nd.nodeType === 3 && r.target.nodeType === 1 && nd.data.trim()) {
            out.push('text: ' + label(/** @type {Element} */ (r.target)));
          }
        }
        for (let j = r.removedNodes.length - 1; j >= 0 && out.length < 10; j--) {
          const nd = /** @type {Element} */ (r.removedNodes[j]);
          if (nd.nodeType === 1 && !SKIP[nd.localName]) out.push('removed: ' + label(nd));
        }
      } else if (r.type === 'characterData' && r.target.parentElement) {
        out.push('text: ' + label(r.target.parentElement));
      }
    }
    for (let i = out.length - 1; i >= 0; i--) {
      if (S.events[S.events.length - 1] !== out[i]) S.events.push(out[i]);
    }
    if (S.events.length > 10) S.events.splice(0, S.events.length - 10);
  }

  const mo = new MutationObserver(onMutations);
  /** @param {Node} root */
  function watch(root) {
    if (S.watched.has(root)) return;
    S.watched.add(root);
    try {
      mo.observe(root, { childList: true, subtree: true, attributes: true, characterData: true });
    } catch (e) { /* a root from a document that went away */ }
  }
  watch(document);
  E.watch = watch;

  // state is the cheap read the stability wait and the outcome recorder poll.
  E.state = (id) => {
    /** @type {ReturnType<Errand.Runtime['state']>} */
    const o = { url: location.href, token: S.token, count: S.count, quiet: Math.round(performance.now() - S.last) };
    if (id) {
      const el = E.find(id);
      if (el) o.node = E.node(el, id);
    }
    return o;
  };

})();
