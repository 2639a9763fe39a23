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
    if ((a.localName === 'dialog' || role === 'dialog' || role === 'alertdialog') && !a.getClientRects().length) return opener(a, byOf);
    if (role === 'tabpanel') {
      const lb = (a.getAttribute('aria-labelledby') || '').split(/\s+/)[0];
      const doc = a.ownerDocument;
      if (lb && doc) return byOf(doc.getElementById(lb));
    } else if (role === 'menu' || role === 'listbox') {
      // A menu written right after its button, as most menu widgets are, or inside the item
      // that opens it, or labelled by it (a sub-menu nested in its parent item).
      const p = a.previousElementSibling;
      if (p && popsUp(p)) return byOf(p);
      const up = a.parentElement;
      if (up && popsUp(up)) return byOf(up);
      const lb = (a.getAttribute('aria-labelledby') || '').split(/\s+/)[0];
      const doc = a.ownerDocument;
      const l = lb && doc ? doc.getElementById(lb) : null;
      if (l && popsUp(l)) return byOf(l);
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
    let p = before(a);
    if (!p || !a.querySelector(FIELDS)) return null;
    if (!p.getClientRects().length) return choice(a, p, byOf); // after another member's section
    /** @type {By | null} */
    let one = null;
    const cands = [p, ...p.querySelectorAll(TOGGLES)];
    for (const el of cands) {
      const b = el.matches(TOGGLES) ? byOf(el) : null;
      if (!b || !b.rec) continue;
      if (one) return choice(a, p, byOf);
      one = b;
    }
    if (!one || !one.rec) return choice(a, p, byOf);
    const others = p.querySelectorAll('input,select,textarea,a[href]');
    for (const el of others) if (el !== one.rec.el && !el.matches(TOGGLES) && byOf(el)) return choice(a, p, byOf);
    return one;
  }

  /** @param {Errand.El} el */
  const popsUp = (el) => el.hasAttribute('aria-haspopup') || el.hasAttribute('aria-expanded');

  const OPENERS = 'button,[role=button],a[href]';
  const DIALOG = new Set(['dialog', 'modal', 'popup', 'overlay', 'sheet', 'drawer', 'lightbox', 'dlg', 'btn', 'open', 'show']);

  // opener finds the one shown button whose id or name holds a word of a closed dialog's
  // id or class, as scripts write #btn-help for #help-dialog: what the dialog holds is
  // behind it. Two such buttons, or none, and the dialog is not listed.
  /**
   * @param {Errand.El} a
   * @param {(el: Errand.El | null) => By | null} byOf
   * @returns {By | null}
   */
  function opener(a, byOf) {
    const key = parts((a.id || '') + ' ' + (typeof a.className === 'string' ? a.className : '')).filter((w) => !DIALOG.has(w));
    const doc = a.ownerDocument;
    if (!key.length || !doc) return null;
    /** @type {By | null} */
    let one = null;
    for (const b of doc.querySelectorAll(OPENERS)) {
      const by = a.contains(b) ? null : byOf(b);
      if (!by || !by.rec || !keyed([...parts(b.id || ''), ...parts(by.rec.n || '')], key)) continue;
      if (one) return null;
      one = by;
    }
    return one;
  }

  /** @param {Errand.El} a @returns {Errand.El | null} */
  function before(a) {
    let p = a.previousElementSibling;
    while (p && /^(script|style|template)$/.test(p.localName)) p = p.previousElementSibling;
    return p;
  }

  const RADIOS = 'input[type=radio],[role=radio]';
  const OTHERS = /^(other|something else|not listed|none of (these|the above))\b/i;
  const OTHER = 'input:not([type=radio]):not([type=hidden]),textarea,[role=combobox],[role=slider],[role=spinbutton],[role=switch],[role=checkbox],a[href]';

  // choice finds the member of a choice written before a hidden section of fields, as scripts
  // write "Yes – tell us more", "Deliver to me – your address", "Something else – describe
  // it": the radio the section's id or class names by a word of the radio's own id or value
  // ("deliver" of #fulfil-deliver for #deliver-box), else the one radio of the group not
  // chosen (a No chosen, its Yes shows the section); or the one dropdown there whose id or
  // an option's value the section's id names, or that has an "Other" option. Sections of
  // other members written between are passed over only when the markup says which.
  /**
   * @param {Errand.El} a
   * @param {Errand.El} p
   * @param {(el: Errand.El | null) => By | null} byOf
   * @returns {By | null}
   */
  function choice(a, p, byOf) {
    // What the section is called in its markup: its id, class and data- attributes
    // (data-when="access=tenant").
    let said = (a.id || '') + ' ' + (typeof a.className === 'string' ? a.className : '');
    for (const at of a.attributes) if (at.name.startsWith('data-')) said += ' ' + at.value;
    const key = parts(said);
    const shown = (/** @type {Errand.El} */ el) => !!byOf(el)?.rec;
    for (let q = /** @type {Errand.El | null} */ (p), skipped = 0; q && skipped < 5; q = before(q), skipped++) {
      const radios = [...(q.matches(RADIOS) ? [q] : q.querySelectorAll(RADIOS))].filter(shown);
      const selects = [...(q.matches('select') ? [q] : q.querySelectorAll('select'))].filter(shown);
      if (radios.length && selects.length) return null;
      if (radios.length) {
        if ([...q.querySelectorAll(OTHER)].some(shown)) return null;
        const named = radios.filter((r) => keyed(ownWords(r, radios), key));
        if (named.length === 1) return byOf(named[0]);
        if (named.length || skipped) return null;
        // One radio right before it (its label), or the one of a group not chosen.
        const open = radios.filter((r) => !isOn(r));
        return open.length === 1 && (radios.length === 1 || radios.length > open.length) ? byOf(open[0]) : null;
      }
      const named = selects.filter((sel) => keyed([...parts(sel.id), ...[...sel.querySelectorAll('option')].flatMap((o) => parts(o.getAttribute('value') || ''))], key));
      if (named.length === 1) return byOf(named[0]);
      // The one dropdown right before it, with an option that asks for more ("Other",
      // "Something else"): that option shows it.
      if (!skipped && selects.length === 1 && !named.length && [...selects[0].querySelectorAll('option')].some((o) => OTHERS.test((o.textContent || '').trim()))) return byOf(selects[0]);
      // Anything else written between is another member's section, or words.
    }
    return null;
  }

  /** @param {string} s @returns {string[]} */
  function parts(s) {
    return s.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3 && w !== 'box' && w !== 'section' && w !== 'panel' && w !== 'fields' && w !== 'wrap');
  }

  // ownWords is the words of a radio's id and value that its group's other radios do not share
  // ("deliver" of fulfil-deliver beside fulfil-collect).
  /** @param {Errand.El} r @param {Errand.El[]} group @returns {string[]} */
  function ownWords(r, group) {
    const of = (/** @type {Errand.El} */ x) => [...parts(x.id), ...parts(x.getAttribute('value') || '')];
    const mine = of(r);
    return mine.filter((w) => w !== 'on' && group.some((o) => o !== r && !of(o).includes(w)));
  }

  /** @param {string[]} words @param {string[]} key */
  function keyed(words, key) {
    return words.some((w) => key.includes(w));
  }

  /** @param {Errand.El} r */
  function isOn(r) {
    return r.localName === 'input' ? /** @type {HTMLInputElement} */ (r).checked : r.getAttribute('aria-checked') === 'true';
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
    let head = c.head && !c.head.getClientRects().length ? E.words(c.head, 60) : '';
    // A fieldset's legend under that heading says more ("Second guest" under "Guests"),
    // as it does for shown controls (contextOf).
    const fs = head ? c.el.closest('fieldset') : null;
    const lg = fs && c.head && !fs.contains(c.head) ? fs.querySelector('legend') : null;
    if (lg && E.words(lg, 60)) head = E.words(lg, 60);
    // A control in a table row is told from its like in the next row by the row, as a
    // shown one is: "Delete" behind the Filters tab is the filter for Tom Baker's mail.
    const inRow = W.K && h.R.rows && ((c.row && c.row.contains(c.el)) || (h.R.ariaRows && c.el.closest('tr,[role=row]')));
    const row = inRow ? contextOf(/** @type {Errand.Collected} */ (W.K), c, h.R, deps) : '';
    if (row && head && !row.includes(head)) head = head + ' · ' + row;
    else if (row) head = row;
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
