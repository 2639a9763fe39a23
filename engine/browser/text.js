// @ts-check
// The in-page runtime of the browser package, part three: the page's words. Besides the
// controls, a person reads headings, paragraphs, table cells and messages; the walk finds
// where those words are while it goes over the document (a "unit" is the element a run of
// words belongs to) and reads the ones around the viewport.
//
// Finding units is cheap and done with the rest of the collect pass: an element is a text
// leaf when it has a text node of its own, and its unit is the nearest ancestor that is not
// inline formatting (a <b> inside a <p> reads as part of the paragraph). Reading a unit
// (its box, visibility and words) happens per walk and only near the viewport.
(() => {
  const E = window.__errandV3;
  if (!E || !E.read || E.text) return;
  const S = E.S;
  const clip = E.clip;

  // INLINE elements are part of the text around them.
  /** @type {Record<string, number>} */
  const INLINE = {
    span: 1, b: 1, strong: 1, i: 1, em: 1, small: 1, mark: 1, code: 1, abbr: 1, sup: 1, sub: 1, time: 1,
    q: 1, cite: 1, kbd: 1, s: 1, del: 1, ins: 1, u: 1, font: 1, bdi: 1, bdo: 1, var: 1, samp: 1, data: 1,
    dfn: 1, big: 1, tt: 1, nobr: 1,
  };
  // SKIP elements hold no words a person reads as text: scripts, and controls whose words
  // are their own (a select's options would otherwise read as a sentence).
  /** @type {Record<string, number>} */
  const SKIP = {
    script: 1, style: 1, template: 1, noscript: 1, select: 1, textarea: 1, option: 1, optgroup: 1, input: 1,
    button: 1, svg: 1, math: 1, iframe: 1, canvas: 1, video: 1, audio: 1, object: 1, datalist: 1,
  };
  // Text for screen readers only: it is hidden from the person the view stands for.
  const SR_ONLY = /(^|\s)(sr-only|visually-hidden|visuallyhidden|screen-reader-text|a11y-hidden|offscreen)(\s|$)/;
  /** @type {Set<Errand.El>} */
  const NONE = new Set();
  /** @type {Record<string, number>} */
  const LEVEL = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

  // hasText reports whether el has a text node of its own with a visible character.
  /** @type {Errand.Text['hasText']} */
  function hasText(el) {
    for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 3 && /\S/.test(/** @type {Text} */ (n).data)) return true;
    return false;
  }
  // Elements that hold no words of their own; hasText need not look.
  /** @type {Record<string, number>} */
  const MUTE = { tr: 1, tbody: 1, thead: 1, tfoot: 1, table: 1, colgroup: 1, col: 1, ul: 1, ol: 1, dl: 1, img: 1, svg: 1, hr: 1, select: 1 };

  // TEXT_BLOCK elements read as one run of words, whatever their children are.
  /** @type {Record<string, number>} */
  const TEXT_BLOCK = {
    p: 1, li: 1, td: 1, th: 1, h1: 1, h2: 1, h3: 1, h4: 1, h5: 1, h6: 1, dt: 1, dd: 1, caption: 1,
    figcaption: 1, blockquote: 1, legend: 1, label: 1, pre: 1, address: 1,
  };

  // joins reports whether an inline element's words are part of its parent's: the parent
  // is a text block, has words of its own around it, or holds nothing but inline text. A
  // form or a header holding fields and menus does not: an error <span> in it stays its
  // own text, in its place. K.joins keeps the answer per parent for the collect.
  /**
   * @param {Errand.Collected} K
   * @param {Errand.El} p
   */
  function joins(K, p) {
    let j = K.joins.get(p);
    if (j !== undefined) return j;
    j = TEXT_BLOCK[p.localName] === 1 || hasText(p);
    if (!j) {
      j = true;
      for (let c = p.firstElementChild; c && j; c = c.nextElementSibling) {
        const t = c.localName;
        j = INLINE[t] === 1 || t === 'a' || t === 'br';
      }
    }
    K.joins.set(p, j);
    return j;
  }

  // unitOf is the element the words of the text leaf el belong to.
  /**
   * @param {Errand.Collected} K
   * @param {Errand.El} el
   */
  function unitOf(K, el) {
    let u = el;
    while (INLINE[u.localName]) {
      const p = u.parentElement;
      if (!p || !joins(K, p)) break;
      u = p;
    }
    return u;
  }

  // Unit is one run of words with what the collect pass knew where it found it.
  /**
   * @constructor
   * @this {Errand.Unit}
   * @param {Errand.El} el
   * @param {number} ri
   * @param {Errand.Box | null} grp
   * @param {string} kind
   * @param {number} level
   */
  function Unit(el, ri, grp, kind, level) {
    this.el = el;
    this.ri = ri;
    this.grp = grp;
    this.kind = kind;
    this.level = level;
    this.text = null; // read once per collect, on first need
    this.placed = false;
    this.site = false;
    this.legend = el.localName === 'legend' || !!(el.parentElement && el.parentElement.localName === 'legend');
  }

  // unit returns the unit of a text leaf, making it on first sight. K.units keeps one per
  // element, so the words of a paragraph with three <b>s are read once; the caller places
  // a unit in document order once (placed).
  /** @type {Errand.Text['unit']} */
  function unit(K, el, ri, grp) {
    const u = unitOf(K, el);
    let x = K.units.get(u);
    if (x) return x;
    const h = K.head;
    let kind = 'paragraph', level = 0;
    if (h && (h === u || h.contains(u))) {
      kind = 'heading';
      level = LEVEL[h.localName] || +h.getAttribute('aria-level') || 2;
    } else if (K.cell && (K.cell === u || K.cell.contains(u))) {
      kind = 'cell';
    }
    x = new Unit(u, ri, grp, kind, level);
    x.site = !!(K.site && K.site.contains(u));
    K.units.set(u, x);
    return x;
  }

  // ownText reads a unit's words: its text and that of its inline children and links,
  // leaving out what is hidden, what names a control elsewhere, controls found by script
  // (wired: their words are their names) and the words of nested blocks (they are units of
  // their own).
  /**
   * @param {Errand.El} u
   * @param {Set<Errand.El>} wired
   */
  function ownText(u, wired) {
    let t = '';
    /** @param {Errand.El} n */
    const walk = (n) => {
      // c is an element or a text node, as nodeType says.
      for (let c = /** @type {Errand.Child} */ (n.firstChild); c && t.length < 1200; c = /** @type {Errand.Child} */ (c.nextSibling)) {
        if (c.nodeType === 3) {
          t += c.data;
          continue;
        }
        if (c.nodeType !== 1) continue;
        const tag = c.localName;
        if (tag === 'br') {
          t += ' ';
          continue;
        }
        if (SKIP[tag] || c.hidden || S.named.has(c) || wired.has(c) || c.getAttribute('aria-hidden') === 'true') continue;
        const cls = c.getAttribute('class');
        if (cls && SR_ONLY.test(cls)) continue;
        if (INLINE[tag] || tag === 'a') walk(c);
        else t += ' ';
      }
    };
    walk(u);
    return clip(t, 300);
  }

  // without reads the words of el, leaving out those inside the elements of skip (the
  // controls it holds) and what is hidden: a word per text node, so cells and spans do not
  // run together.
  /**
   * @param {Errand.El} el
   * @param {Set<Errand.El>} skip
   * @returns {string}
   */
  function without(el, skip) {
    let t = '';
    /** @param {Node} n */
    const walk = (n) => {
      for (let c = n.firstChild; c && t.length < 400; c = c.nextSibling) {
        if (c.nodeType === 3) t += ' ' + /** @type {Text} */ (c).data;
        else if (c.nodeType === 1) {
          const e = /** @type {HTMLElement} */ (c);
          if (!skip.has(e) && !SKIP[e.localName] && !e.hidden && e.getAttribute('aria-hidden') !== 'true') walk(e);
        }
      }
    };
    walk(el);
    return clip(t, 80);
  }

  // TB is one text block as encode writes it.
  /**
   * @constructor
   * @this {Errand.TB}
   * @param {string} k
   * @param {number} l
   * @param {string} t
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   * @param {number} at
   * @param {number} g
   * @param {boolean} occ
   * @param {boolean} site
   */
  function TB(k, l, t, x, y, w, h, at, g, occ, site) {
    this.k = k;
    this.l = l;
    this.t = t;
    this.x = Math.round(x);
    this.y = Math.round(y);
    this.w = Math.round(w);
    this.h = Math.round(h);
    this.at = at;
    this.g = g;
    this.occ = occ;
    this.site = site;
  }

  // inside reports whether el is inside one of the elements of set (controls found by
  // script: their words are their names).
  /**
   * @param {Errand.El} el
   * @param {Set<Errand.El>} set
   */
  function inside(el, set) {
    for (let a = el; a; a = a.parentElement || (a.parentNode && /** @type {ShadowRoot} */ (a.parentNode).host)) if (set.has(a)) return true;
    return false;
  }

  // read reads the units of one walk (W.units, with W.at their position among the found
  // controls and W.dirs -1 or 1 for those known to be far above or below) from one
  // viewport above the visible one to two below it. group maps a collect-time container
  // to its index in the observation's groups.
  /** @type {Errand.Text['read']} */
  function read(W, vh, group, isMessage, outside) {
    const out = [];
    let above = 0, below = 0;
    for (let k = 0; k < W.units.length; k++) {
      const u = W.units[k], at = W.at[k];
      if (u.legend || S.named.has(u.el)) continue;
      if (W.dirs[k] < 0) {
        above++;
        continue;
      }
      if (W.dirs[k] > 0) {
        below++;
        continue;
      }
      const R = W.roots[u.ri];
      const r = u.el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      const y = R.oy + r.top;
      if (y + r.height <= -vh) {
        above++;
        continue;
      }
      if (y >= 2 * vh || out.length >= 400) {
        below++;
        continue;
      }
      if (!u.el.checkVisibility({ visibilityProperty: true })) continue;
      if (W.wired.size && inside(u.el, W.wired)) continue;
      if (u.text === null) u.text = ownText(u.el, W.wired);
      if (!u.text) continue;
      const kind = u.kind === 'heading' ? 'heading' : isMessage(u.el) ? 'status' : u.kind;
      const occ = W.modals.length > 0 && outside(W.modals, R.topFrame || u.el);
      out.push(new TB(kind, u.level, u.text, R.ox + r.left, y, r.width, r.height, at, group(u.grp), occ, u.site));
    }
    return { out, above, below };
  }

  // labelBefore names a field that has no name of its own with the unit just before it
  // (u), when that is visible, short and close above it or to its left: "Departure Date"
  // printed over a date input. A sentence (ending in . ! or ?) is no label. The unit is
  // then the field's name and no longer text of its own. fr is the field's box.
  /** @type {Errand.Text['labelBefore']} */
  function labelBefore(u, fr) {
    if (!u || u.legend || S.named.has(u.el)) return '';
    const r = u.el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || !u.el.checkVisibility({ visibilityProperty: true })) return '';
    if (fr.top - r.bottom > 80 || r.top > fr.bottom) return '';
    if (u.text === null) u.text = ownText(u.el, NONE);
    const t = u.text;
    if (!t || t.length > 60 || /[.!?]$/.test(t)) return '';
    S.named.add(u.el);
    return t;
  }

  E.text = { MUTE, hasText, unit, read, labelBefore, without };
})();
