// @ts-check
// The in-page runtime, part six and a half: the controls a page holds but does not show,
// behind a visible control that shows them: a tab's panel, a menu button's menu, a section a
// button expands, a closed <details>. People name what they know is there ("set the sound
// volume to 80" while the Notifications tab is closed); the reader finds it here and clicks
// the control that shows it first (docs/decisions.md, D-47).
//
// Only what the markup ties to its control is listed (aria-controls, a tab panel's
// aria-labelledby, a menu right after its button, a <details>' summary): a hidden element
// nothing shows is not something a person can reach.
(() => {
  const E = window.__errandV3;
  if (!E || !E.read || !E.collect || E.behind) return;
  const { nameOf, TEXT_TYPES, optionTexts } = E.read;
  const { contextOf } = E.collect;
  // The most hidden controls read per walk, and listed: a page with thousands of hidden
  // rows must not slow the walk (it is on the hot path).
  const READ = 2000;
  const MAX = 300;
  const UP = 16;

  /**
   * A revealer: a visible record, or a hidden control (its index in the list) that shows it.
   * @typedef {{ rec: Errand.Rec | null, hid: number }} By
   */

  // list returns the hidden controls a visible control reveals, directly or through other
  // hidden ones (a sub-menu's item behind its parent item behind the menu button).
  /** @type {Errand.Behind['list']} */
  function list(W) {
    const hid = W.hid;
    if (!hid || !hid.length) return [];
    /** @type {Map<Errand.El, Errand.Rec>} */
    const vis = new Map();
    /** @type {Map<string, By>} */
    const ctl = new Map();
    for (const n of W.found) {
      vis.set(n.el, n);
      const ac = n.el.getAttribute('aria-controls');
      if (ac) for (const id of ac.split(/\s+/)) if (id && !ctl.has(id)) ctl.set(id, { rec: n, hid: -1 });
    }
    const count = Math.min(hid.length, READ);
    /** @type {Map<Errand.El, number>} */
    const his = new Map();
    for (let k = 0; k < count; k++) {
      const el = hid[k].c.el;
      his.set(el, k);
      const ac = el.getAttribute('aria-controls');
      if (ac) for (const id of ac.split(/\s+/)) if (id && !ctl.has(id)) ctl.set(id, { rec: null, hid: k });
    }
    /** @param {Errand.El | null} el @returns {By | null} */
    const byOf = (el) => {
      if (!el) return null;
      const rec = vis.get(el);
      if (rec) return { rec, hid: -1 };
      const k = his.get(el);
      return k === undefined ? null : { rec: null, hid: k };
    };
    /** @type {Map<Errand.El, By | null>} */
    const memo = new Map();
    /** @type {(By | null)[]} */
    const by = new Array(count).fill(null);
    for (let k = 0; k < count; k++) by[k] = revealer(hid[k].c.el, ctl, byOf, memo);
    return listed(W, hid, by, count);
  }

  // listed keeps the hidden controls whose chain of revealers ends at a visible one and
  // reads their names; the chain is cut at three levels (a menu, a sub-menu, its items).
  /**
   * @param {Errand.Walk} W
   * @param {Errand.Hid[]} hid
   * @param {(By | null)[]} by
   * @param {number} count
   */
  function listed(W, hid, by, count) {
    /** @type {Errand.Hidden[]} */
    const out = [];
    /** @type {Map<number, number>} */
    const at = new Map();
    /** @param {number} k @param {number} depth @returns {number} */
    const place = (k, depth) => {
      const seen = at.get(k);
      if (seen !== undefined) return seen;
      const b = by[k];
      if (!b || depth > 3 || out.length >= MAX) return -1;
      let via = -1;
      if (!b.rec) {
        via = place(b.hid, depth + 1);
        if (via < 0) return -1;
      }
      const h = read(W, hid[k]);
      if (!h) return -1;
      if (b.rec) h.by = b.rec.i;
      else h.via = via + 1;
      out.push(h);
      at.set(k, out.length - 1);
      return out.length - 1;
    };
    for (let k = 0; k < count && out.length < MAX; k++) place(k, 0);
    return out;
  }

  // revealer finds what shows el: the nearest enclosing element that a control names or
  // that is a closed <details>, a tab panel or a menu beside its button.
  /**
   * @param {Errand.El} el
   * @param {Map<string, By>} ctl
   * @param {(el: Errand.El | null) => By | null} byOf
   * @param {Map<Errand.El, By | null>} memo
   * @returns {By | null}
   */
  function revealer(el, ctl, byOf, memo) {
    /** @type {Errand.El[]} */
    const path = [];
    let found = null;
    for (let a = el.parentElement, d = 0; a && d < UP; a = a.parentElement, d++) {
      const m = memo.get(a);
      if (m !== undefined) {
        found = m;
        break;
      }
      path.push(a);
      found = own(a, el, ctl, byOf);
      if (found) break;
    }
    for (const a of path) memo.set(a, found);
    return found;
  }

  /**
   * @param {Errand.El} a
   * @param {Errand.El} el
   * @param {Map<string, By>} ctl
   * @param {(el: Errand.El | null) => By | null} byOf
   * @returns {By | null}
   */
  function own(a, el, ctl, byOf) {
    if (a.id) {
      const b = ctl.get(a.id);
      if (b) return b;
    }
    if (a.localName === 'details' && !(/** @type {HTMLDetailsElement} */ (a).open)) {
      const s = a.querySelector(':scope > summary');
      if (s && !s.contains(el)) return byOf(s);
    }
    const role = a.getAttribute('role');
    if (role === 'tabpanel') {
      const lb = (a.getAttribute('aria-labelledby') || '').split(/\s+/)[0];
      const doc = a.ownerDocument;
      if (lb && doc) return byOf(doc.getElementById(lb));
    } else if (role === 'menu' || role === 'listbox') {
      // A menu written right after its button, as most menu widgets are.
      const p = a.previousElementSibling;
      if (p && (p.hasAttribute('aria-haspopup') || p.hasAttribute('aria-expanded'))) return byOf(p);
    }
    return toggled(a, byOf);
  }

  // The controls a section may follow and be shown by, with nothing in the markup to say so:
  // a switch or box ("Set a spend cap", "This is a gift") or a button ("+ Add a promo code").
  const TOGGLES = 'input[type=checkbox],[role=switch],[role=checkbox],button,[role=button]';
  const FIELDS = 'input:not([type=hidden]),select,textarea,[role=combobox],[role=slider],[role=spinbutton]';

  // toggled finds the one control written right before a hidden section that holds fields,
  // as scripts write "turn this on to fill that in": the section is shown by the control.
  // A button is taken only for a section of fields (a hidden "Thanks" panel after Send is
  // not something Send is for), and only when it is the one control there.
  /**
   * @param {Errand.El} a
   * @param {(el: Errand.El | null) => By | null} byOf
   * @returns {By | null}
   */
  function toggled(a, byOf) {
    const up = a.parentElement;
    if (!up || a.getClientRects().length || !up.getClientRects().length) return null;
    let p = a.previousElementSibling;
    while (p && /^(script|style|template)$/.test(p.localName)) p = p.previousElementSibling;
    if (!p || !p.getClientRects().length || !a.querySelector(FIELDS)) return null;
    /** @type {By | null} */
    let one = null;
    const cands = [p, ...p.querySelectorAll(TOGGLES)];
    for (const el of cands) {
      const b = el.matches(TOGGLES) ? byOf(el) : null;
      if (!b || !b.rec) continue;
      if (one) return null;
      one = b;
    }
    if (!one || !one.rec) return null;
    const others = p.querySelectorAll('input,select,textarea,a[href]');
    for (const el of others) if (el !== one.rec.el && !el.matches(TOGGLES) && byOf(el)) return null;
    return one;
  }

  // read names a hidden control as the walk would, without caching: its label may be read
  // differently once shown, and the walk's cache belongs to shown controls.
  /**
   * @param {Errand.Walk} W
   * @param {Errand.Hid} h
   * @returns {Errand.Hidden | null}
   */
  function read(W, h) {
    const c = h.c;
    /** @type {Errand.El[]} */
    const deps = [];
    const name = nameOf(c.el, c.tag, c.role, h.R.root, h.R.L, deps);
    if (!name) return null;
    // The heading hidden with the control (a panel's own title) is its context; the walk
    // skips hidden headings, so it is read here.
    const head = c.head && !c.head.getClientRects().length ? E.words(c.head, 60) : '';
    /** @type {Errand.Hidden} */
    const out = { r: c.role, n: name, t: '', c: head || (W.K ? contextOf(W.K, c, h.R, deps) : ''), o: null, by: '', via: 0 };
    if (out.c === name) out.c = '';
    if (c.tag === 'input') {
      const t = /** @type {HTMLInputElement} */ (c.el).type;
      if (!TEXT_TYPES[t] && t !== 'submit') out.t = t;
    } else if (c.tag === 'select') {
      out.o = optionTexts(/** @type {HTMLSelectElement} */ (c.el));
    }
    return out;
  }

  E.behind = { list };
})();
