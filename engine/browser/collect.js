// @ts-check
// The in-page runtime of the browser package, part six: the collect pass of the walk. It
// goes over every element of the document, its open shadow roots and same-origin frames
// once, in document order, and lists what the walk reads: the controls by their markup,
// the plain elements that script may have made controls, and the units of text. It also
// notes, for each, what depends on the DOM alone: the heading before it, its row and cell,
// the dialog, fieldset or row it is in, the text just before a field. The result (K) is
// kept between walks until a mutation is seen.
(() => {
  const E = window.__errandV3;
  if (!E || !E.read || !E.text || !E.wired || E.collect) return;
  const S = E.S;
  const clip = E.clip;
  const watch = E.watch;
  const { TAG, ATTR_SEL, tagRole, attrRole } = E.read;
  const { MUTE, hasText, unit } = E.text;
  const wired = E.wired;

  // rowCells are the row's cells with their text, once per collect. Cells holding a
  // select read as '': option texts say nothing about which row this is.
  /**
   * @param {Errand.Collected} K
   * @param {Errand.El} row
   */
  function rowCells(K, row) {
    let cells = K.rows.get(row);
    if (!cells) {
      cells = [];
      for (const x of row.cells || row.children) {
        const f = x.firstElementChild;
        cells.push([x, f && f.localName === 'select' ? '' : E.words(x, 60)]);
      }
      K.rows.set(row, cells);
    }
    return cells;
  }

  // rowText is the text of the row's other cells.
  /**
   * @param {Errand.Collected} K
   * @param {{ el: Errand.El; row: Errand.El | null; cell: Errand.El | null }} c
   * @param {Errand.Root} R
   */
  function rowText(K, c, R) {
    const cells = rowCells(K, c.row);
    let own = c.cell && c.cell.contains(c.el) ? c.cell : null;
    if (!own && R.ariaRows) own = c.el.closest('[role=cell],[role=gridcell]');
    let t = '';
    for (let i = 0; i < cells.length && t.length < 60; i++) {
      const x = cells[i][1];
      if (x && cells[i][0] !== own) t = t ? t + ' ' + x : x;
    }
    return t.length > 60 ? E.cut(t, 59) + '…' : t;
  }

  // shown reports whether a heading can be seen: a heading hidden from sight (display:none,
  // or the 1-pixel box of screen-reader-only text) is never anyone's context.
  /** @param {Errand.El} h */
  function shown(h) {
    const r = h.getBoundingClientRect();
    return r.width > 1 && r.height > 1 && h.checkVisibility({ visibilityProperty: true });
  }

  // legendOf is a fieldset's legend text, once per collect; the legend is noted as a name.
  /**
   * @param {Errand.Collected} K
   * @param {Errand.El} fs
   */
  function legendOf(K, fs) {
    let lg = K.legends.get(fs);
    if (lg === undefined) {
      const l = fs.querySelector('legend');
      lg = l ? E.words(l, 60) : '';
      K.legends.set(fs, lg);
    }
    return lg;
  }

  // placeName is the words that name a menu or list, one line, the arrow or colon after
  // them left out ("My account ▾" is My account).
  /** @param {string} t @returns {string} */
  function placeName(t) {
    return clip(t.replace(/\s+/g, ' ').replace(/[\s▾▸►▼▶›>⌄:…]+$/u, '').trim(), 60);
  }

  // menuOf names the menu el is an item of: the menu's aria-label, else the text of the
  // item or button that opens it (aria-controls), arrows left out; '' for a menu bar's
  // items and a menu that says nothing.
  /** @param {Errand.El} el @param {Errand.El[]} deps @returns {string} */
  function menuOf(el, deps) {
    const m = el.parentElement && el.parentElement.closest('[role=menu]');
    if (!m) return '';
    const label = m.getAttribute('aria-label');
    if (label && label.trim()) return clip(label.trim(), 60);
    let o = m.parentElement && m.parentElement.closest('[role=menuitem]');
    const root = /** @type {Document | ShadowRoot} */ (m.getRootNode());
    if (!o && m.id) o = root.querySelector('[aria-controls="' + CSS.escape(m.id) + '"]');
    if (!o) return '';
    deps.push(o);
    let t = '';
    for (const n of o.childNodes) if (!n.contains(m)) t += ' ' + n.textContent;
    return placeName(t);
  }

  // listOf names the listbox el is an option of by the listbox's own label (aria-labelledby,
  // aria-label): "Email language" for the options a button "English ▾" opens.
  /** @param {Errand.El} el @param {Errand.El[]} deps @returns {string} */
  function listOf(el, deps) {
    const l = el.parentElement && el.parentElement.closest('[role=listbox]');
    if (!l) return '';
    let t = '';
    const root = /** @type {Document | ShadowRoot} */ (l.getRootNode());
    for (const id of (l.getAttribute('aria-labelledby') || '').split(/\s+/)) {
      const x = id && ('getElementById' in root ? root.getElementById(id) : null);
      if (x && x !== el) {
        t += ' ' + E.words(x, 60);
        deps.push(x);
      }
    }
    if (!t.trim()) t = l.getAttribute('aria-label') || '';
    return placeName(t);
  }

  // headAfter is the heading of the card an element sits in when the element comes before
  // that heading: a ♡ drawn in a card's corner, ahead of its "Brook Hall", is Brook Hall's,
  // not the card's before it. A card is one of a run of boxes alike (same tag and class)
  // beside it, each with a heading; up to three levels up, and only in a box that does not
  // hold the heading before the element already.
  /**
   * @param {Errand.El} el
   * @param {Errand.El | null} before
   * @returns {Errand.El | null}
   */
  function headAfter(el, before) {
    let a = el.parentElement;
    for (let k = 0; k < 3 && a && a !== document.body; k++, a = a.parentElement) {
      if (before && a.contains(before)) return null;
      const q = a.querySelector(HEADS);
      if (q) {
        const after = el.compareDocumentPosition(q) & Node.DOCUMENT_POSITION_FOLLOWING;
        return after && shown(q) && (alike(a, a.previousElementSibling) || alike(a, a.nextElementSibling)) ? q : null;
      }
    }
    return null;
  }

  const HEADS = 'h1,h2,h3,h4,h5,h6,[role=heading]';

  // alike reports a box b of the same tag and class as a, with a heading of its own: the
  // card beside a card.
  /**
   * @param {Errand.El} a
   * @param {Element | null} b
   */
  function alike(a, b) {
    return !!b && b.localName === a.localName && b.className === a.className && !!b.querySelector(HEADS);
  }

  // contextOf is the nearest of the enclosing row, the fieldset legend and the closest
  // preceding visible heading, so "Delete" in one row can be told from "Delete" in the next.
  /** @type {Errand.Collect['contextOf']} */
  function contextOf(K, c, R, deps) {
    const el = c.el;
    const role = el.getAttribute('role');
    if (role === 'menuitem' || role === 'menuitemcheckbox' || role === 'menuitemradio') {
      // A menu's item is where the menu says ("Reading history ▸ Download as CSV",
      // "My account ▸ Sign out"): the item or button that opens its menu, or the menu's
      // own label (docs/understanding.md, step 2).
      const t = menuOf(el, deps);
      if (t) return t;
    }
    if (role === 'option') {
      // A listbox's option is one of what the listbox is labelled ("Email language ▸
      // 日本語"), as a menu's item is one of its menu.
      const t = listOf(el, deps);
      if (t) return t;
    }
    if (R.rows) {
      let row = c.row && c.row.contains(el) ? c.row : null;
      if (!row && R.ariaRows) row = el.closest('tr,[role=row]');
      if (row) {
        const t = rowText(K, { el, row, cell: c.cell }, R);
        if (t) return t;
      }
    }
    const fs = R.fieldsets ? el.closest('fieldset') : null;
    let h = c.head;
    while (h && !shown(h)) h = K.prevHead.get(h) || null;
    const own = headAfter(el, h);
    if (own) h = own;
    if (h && h !== c.head) deps.push(h);
    if (fs) {
      deps.push(fs);
      const lg = legendOf(K, fs);
      if (lg && !(h && fs.contains(h))) return lg;
    }
    if (!h) return '';
    let t = K.headText.get(h);
    if (t === undefined) {
      t = E.words(h, 60);
      K.headText.set(h, t);
    }
    return t;
  }

  // Cand is an element that is a control (by its markup, or found by script when wired),
  // with the document-order state its context needs; stat holds its name and context once
  // computed. prev is the text unit just before a field, a name for one that has none.
  /**
   * @constructor
   * @this {Errand.Cand}
   * @param {Errand.El} el
   * @param {string} tag
   * @param {string} role
   * @param {number} ri
   * @param {Errand.El | null} head
   * @param {Errand.El | null} row
   * @param {Errand.El | null} cell
   * @param {Errand.Box | null} grp
   * @param {Errand.Unit | null} prev
   * @param {boolean} wired
   */
  function Cand(el, tag, role, ri, head, row, cell, grp, prev, wired) {
    this.el = el;
    this.tag = tag;
    this.role = role;
    this.ri = ri;
    this.head = head;
    this.row = row;
    this.cell = cell;
    this.grp = grp;
    this.prev = prev;
    this.wired = wired;
    this.stat = null;
  }

  // Ent is one entry of the walk's document-order list: a control (c), a plain element the
  // walk asks about when it comes near the viewport (plain), a text unit (u), or a plain
  // element that is also where a unit begins. head, row, cell and grp are the context of a
  // wired control made from a plain element later. farKey and farDir remember that it was
  // far above (-1) or below (1) the viewport at the layout farKey names.
  /**
   * @constructor
   * @this {Errand.Ent}
   * @param {Errand.El} el
   * @param {number} ri
   * @param {Errand.Cand | null} c
   * @param {boolean} plain
   * @param {Errand.Unit | null} u
   * @param {Errand.El | null} head
   * @param {Errand.El | null} row
   * @param {Errand.El | null} cell
   * @param {Errand.Box | null} grp
   */
  function Ent(el, ri, c, plain, u, head, row, cell, grp) {
    this.el = el;
    this.ri = ri;
    this.c = c;
    this.plain = plain;
    this.u = u;
    this.head = head;
    this.row = row;
    this.cell = cell;
    this.grp = grp;
    this.wc = null;
    this.farKey = '';
    this.farDir = 0;
  }

  // Box is a container elements and text are grouped under: a dialog, fieldset or row.
  /**
   * @constructor
   * @this {Errand.Box}
   * @param {Errand.El | Errand.RootNode} el
   * @param {string} kind
   * @param {Errand.Box | null} parent
   */
  function Box(el, kind, parent) {
    this.el = el;
    this.kind = kind;
    this.parent = parent;
    this.name = null;
    // A root standing for its host's box (kind '') is never left; every other box is an element.
    this.last = kind ? lastOf(/** @type {Errand.El} */ (el)) : null;
  }

  // boxName is a group's name, once per collect. A row's name (its cells' text) is kept
  // across collects while no mutation reached the row, as a control's name is: a long
  // table would otherwise be read again after every click elsewhere.
  /** @type {Errand.Collect['boxName']} */
  function boxName(K, b) {
    if (b.name !== null) return b.name;
    // Only a root's stand-in (kind '') holds a root, and groups skip it: b.el is an element.
    const el = /** @type {Errand.El} */ (b.el);
    if (b.kind === 'row') {
      const old = K.dirty ? S.rowNames.get(el) : undefined;
      if (old !== undefined && !K.dirty.set.has(el)) return (b.name = old);
      let t = '';
      for (const [, x] of rowCells(K, el)) if (x) t += (t ? ' | ' : '') + x;
      b.name = clip(t, 100);
      S.rowNames.set(el, b.name);
    } else if (b.kind === 'fieldset') {
      b.name = legendOf(K, el);
    } else {
      b.name = E.signals.dialogName(el);
    }
    return b.name;
  }

  /** @type {Errand.Collect['collect']} */
  function collect(undef) {
    /** @type {Errand.Collected} */
    const K = {
      roots: [], cands: [], seq: [], count: S.count, frames: 0, undef, dirty: changes(),
      head: null, row: null, cell: null, rows: new Map(), legends: new Map(), headText: new Map(),
      prevHead: new Map(), ctl: [], box: [], label: null, labelLast: null, lastText: null, units: new Map(), site: null,
      joins: new Map(),
      boxes: new Map(), probed: new Map(), cursor: new Map(),
    };
    collectRoot(K, document, 0, null, null, -1);
    return K;
  }

  // changes turns the mutations noted since the last walk into the set of nodes they
  // reached, with every ancestor: an element's name and context can be kept when none of
  // the elements they were read from is in it. null means too much changed to tell.
  function changes() {
    const t = S.touched, sub = S.subtrees;
    S.touched = [];
    S.subtrees = [];
    if (t.length > 256) return null;
    const set = new Set();
    let labels = false;
    for (const x of t) {
      for (let n = x; n && !set.has(n); n = n.parentNode || /** @type {ShadowRoot} */ (n).host) set.add(n);
      const e = x.nodeType === 1 ? /** @type {Element} */ (x) : x.parentElement;
      if (e && e.closest('label')) labels = true;
    }
    // A label that came or went can name a field it does not contain.
    for (const x of sub) if (x.localName === 'label' || x.getElementsByTagName('label').length) labels = true;
    return { set, labels };
  }

  // reusable reports whether a stat computed in an earlier walk still holds for c.
  /**
   * @param {Errand.Stat | undefined} st
   * @param {Errand.Cand} c
   * @param {Errand.Dirty | null} D
   */
  function reusable(st, c, D) {
    if (!st || !D || st.head !== c.head || st.row !== c.row || st.cell !== c.cell) return false;
    if (c.tag === 'a' && st.loc !== location.href) return false;
    if (D.labels && st.field) return false;
    for (const d of st.deps) if (D.set.has(d) || !d.isConnected) return false;
    return true;
  }

  // lastOf is the last element of el's subtree in document order: once the collect loop
  // has passed it, it has left el. Stacks of open controls and containers are kept this
  // way, with no contains() per element (a walk up the tree each).
  /** @param {Errand.El} el */
  function lastOf(el) {
    let l = el;
    while (l.lastElementChild) l = l.lastElementChild;
    return l;
  }

  // leave pops the entries of a stack of Boxes whose subtree ends with prev.
  /**
   * @param {Errand.Box[]} stack
   * @param {Errand.El} prev
   */
  function leave(stack, prev) {
    while (stack.length && stack[stack.length - 1].last === prev) stack.pop();
  }

  // leaveCtl is leave for the stack of open controls, which holds the last elements alone.
  /**
   * @param {(Errand.El | null)[]} stack
   * @param {Errand.El} prev
   */
  function leaveCtl(stack, prev) {
    while (stack.length && stack[stack.length - 1] === prev) stack.pop();
  }

  /**
   * @template T
   * @param {T[]} stack
   * @returns {T | null}
   */
  function top(stack) {
    return stack.length ? stack[stack.length - 1] : null;
  }

  /** @type {Record<string, string>} */
  const BOX_ROLES = { row: 'row', dialog: 'dialog', alertdialog: 'dialog' };

  // wraps reports whether el (with no words of its own) holds nothing but one native
  // control (a table cell around a button): that control is what is clicked, and el need
  // not be asked about its listeners. It keeps most cells of a long table out of the probes.
  /** @param {Errand.El} el */
  function wraps(el) {
    const f = el.firstElementChild;
    return f !== null && f === el.lastElementChild && TAG[f.localName] === 1;
  }
  /** @type {Record<string, number>} */
  const FIELD = { input: 1, select: 1, textarea: 1 };

  /**
   * @param {Errand.Collected} K
   * @param {Errand.RootNode} root
   * @param {number} frame
   * @param {Errand.El | null} frameEl
   * @param {Errand.El | null} topFrame
   * @param {number} parent
   */
  function collectRoot(K, root, frame, frameEl, topFrame, parent) {
    watch(root);
    const ri = K.roots.length;
    // One query finds the elements whose attributes can make them controls, dialogs or
    // live regions; every other element skips those reads.
    const attrs = new Set(root.querySelectorAll(ATTR_SEL));
    const L = new Map();
    for (const lab of /** @type {NodeListOf<HTMLLabelElement>} */ (root.querySelectorAll('label[for]'))) if (!L.has(lab.htmlFor)) L.set(lab.htmlFor, lab);
    let ariaRows = false;
    for (const a of attrs) if (a.getAttribute('role') === 'row') { ariaRows = true; break; }
    K.roots.push({
      root, doc: root.ownerDocument || /** @type {Document} */ (root), frame, frameEl, topFrame, parent, attrs, L, ariaRows,
      rows: ariaRows || !!root.querySelector('tr'), fieldsets: !!root.querySelector('fieldset'),
      offFieldsets: !!root.querySelector('fieldset[disabled]'), ox: 0, oy: 0, vw: 0, vh: 0,
    });
    const all = /** @type {NodeListOf<Errand.El>} */ (root.querySelectorAll('*'));
    for (let k = 0; k < all.length; k++) {
      const el = all[k];
      if (k > 0) {
        const prev = all[k - 1];
        leaveCtl(K.ctl, prev);
        leave(K.box, prev);
        if (K.labelLast === prev) K.label = K.labelLast = null;
      }
      const tag = el.localName;
      const code = TAG[tag];
      if (code === 3) continue;
      let role = code === 1 ? tagRole(el, tag) : '';
      let ar = null;
      if (code === 2) {
        K.prevHead.set(el, K.head);
        K.head = el;
      } else if (code === 5) K.row = el;
      else if (code === 6) K.cell = el;
      if (attrs.has(el)) {
        role = attrRole(el, tag, role);
        ar = el.getAttribute('role');
        if (ar === 'heading') {
          K.prevHead.set(el, K.head);
          K.head = el;
        } else if (ar === 'row') K.row = el;
      }
      if ((tag === 'header' || tag === 'footer') ? !el.closest('article,aside,main,nav,section,[role=main]') :
        (ar === 'banner' || ar === 'contentinfo')) K.site = el;
      const inCtl = K.ctl.length > 0;
      const bk = code === 5 ? 'row' : tag === 'fieldset' ? 'fieldset' : tag === 'dialog' ? 'dialog' : ar ? BOX_ROLES[ar] : '';
      const grp = top(K.box);
      if (role) {
        const field = FIELD[tag] === 1;
        const c = new Cand(el, tag, role, ri, K.head, K.row, K.cell, grp, field ? K.lastText : null, false);
        if (field) K.lastText = null;
        const st = S.stats.get(el);
        if (reusable(st, c, K.dirty)) c.stat = st;
        K.cands.push(c);
        K.seq.push(new Ent(el, ri, c, false, null, null, null, null, null));
        // A control with no element inside holds no other element.
        if (el.firstElementChild) K.ctl.push(lastOf(el));
      } else if (!inCtl) {
        if (tag === 'label' && K.label === null) {
          K.label = el;
          K.labelLast = lastOf(el);
        }
        const txt = MUTE[tag] !== 1 && hasText(el);
        const isPlain = K.label === null && wired.plain(el, tag) && (txt || !wraps(el));
        let u = null;
        if (txt) {
          u = unit(K, el, ri, grp);
          K.lastText = u;
          if (u.placed) u = null;
          else u.placed = true;
        }
        if (isPlain || u) K.seq.push(new Ent(el, ri, null, isPlain, u, K.head, K.row, K.cell, grp));
      }
      if (bk) {
        const b = new Box(el, bk, grp);
        K.box.push(b);
        K.boxes.set(el, b);
      }
      if (el.shadowRoot) sub(K, el.shadowRoot, frame, frameEl, topFrame, ri, role !== '' || inCtl);
      if (code === 4 && K.frames < 20) {
        let d = null;
        try { d = el.contentDocument; } catch (e) { d = null; }
        if (d && d.documentElement) sub(K, d, ++K.frames, el, topFrame || el, ri, false);
      }
    }
  }

  // sub collects a shadow root or frame document. Its elements are not in the host's
  // subtree as the loop counts it, so the stacks of the host's controls and containers
  // start anew with an entry that is never left at the bottom, standing for the host's
  // control and container: a Box of kind '' is its parent under another element.
  /**
   * @param {Errand.Collected} K
   * @param {Errand.RootNode} root
   * @param {number} frame
   * @param {Errand.El | null} frameEl
   * @param {Errand.El | null} topFrame
   * @param {number} parent
   * @param {boolean} inCtl
   */
  function sub(K, root, frame, frameEl, topFrame, parent, inCtl) {
    const ctl = K.ctl, box = K.box, label = K.label, labelLast = K.labelLast;
    const outer = box.length ? box[box.length - 1] : null;
    K.ctl = inCtl ? [null] : [];
    K.box = outer ? [new Box(root, '', outer)] : [];
    K.label = K.labelLast = null;
    collectRoot(K, root, frame, frameEl, topFrame, parent);
    K.ctl = ctl;
    K.box = box;
    K.label = label;
    K.labelLast = labelLast;
  }

  // undefinedCount notices custom elements upgraded since the last collect: an upgrade can
  // attach a shadow root without any mutation the observer sees.
  /** @type {Errand.Collect['undefinedCount']} */
  function undefinedCount() {
    return document.querySelectorAll(':not(:defined)').length;
  }

  // current reports whether the collected controls still stand: no mutation anywhere we
  // watch, the same frame documents, no upgrades.
  /** @type {Errand.Collect['current']} */
  function current(K, undef) {
    if (!K || K.count !== S.count || K.undef !== undef) return false;
    for (const R of K.roots) {
      if (R.frameEl && R.root === R.doc && R.frameEl.contentDocument !== R.doc) return false;
    }
    return true;
  }

  // place puts every root at its offset in the top viewport for this walk.
  /** @type {Errand.Collect['place']} */
  function place(K) {
    for (const R of K.roots) {
      const view = R.doc.defaultView || window;
      R.vw = view.innerWidth;
      R.vh = view.innerHeight;
      if (R.parent < 0) continue;
      const P = K.roots[R.parent];
      if (R.frame === P.frame) {
        R.ox = P.ox;
        R.oy = P.oy;
      } else {
        const r = R.frameEl.getBoundingClientRect();
        R.ox = P.ox + r.left + R.frameEl.clientLeft;
        R.oy = P.oy + r.top + R.frameEl.clientTop;
      }
    }
  }

  E.collect = { collect, current, place, contextOf, boxName, undefinedCount, Cand };
})();
