// @ts-check
// The in-page runtime of the browser package, part seven: the semantic_v3 walk. It reads
// every interactive element of the document, its open shadow roots and same-origin frames
// in one pass — with the controls wired by script and the words around the viewport — and
// returns them as one compact string (see encode).
//
// The walk is on the hot path (5,000 controls in ~15,000 nodes within the 40 ms budget,
// decode included), so it reads layout once per element (getBoundingClientRect), never
// el.labels (slow on first access), never innerText per element, getComputedStyle only
// near the viewport, and hit-tests and style-tests only near the viewport. What depends on
// the DOM alone (which elements are controls, their names and contexts, where text is) is
// kept between walks until a mutation is seen (collect.js); what layout, CSS or properties
// decide (boxes, visibility, values, states, occlusion, cursors) is read every time.
(() => {
  const E = window.__errandV3;
  if (!E || !E.read || !E.collect || !E.behind || !E.signals || E.walk) return;
  const S = E.S;
  const clip = E.clip;
  const OWN = 'data-llm-id';

  const { roleOf, nameOf, valueOf, stateOf, ariaFlags, hits, modalsIn, modalsOf, outside, scrollInfo, TEXT_TYPES, optionTexts } = E.read;
  const { collect, current, place, contextOf, boxName, undefinedCount, Cand } = E.collect;
  const { messages, domHash, findScrollers, dialogName } = E.signals;
  const wired = E.wired;
  const text = E.text;

  // visit reads one control. Layout is read once (getBoundingClientRect); the style-based
  // visibility test and the hit test run only near the viewport, where they matter and
  // where there are few elements.
  /**
   * @param {Errand.Walk} W
   * @param {Errand.Cand} c
   * @param {Errand.Root} R
   */
  function visit(W, c, R) {
    const el = c.el;
    let r = el.getBoundingClientRect();
    let target = el;
    if (r.width === 0 && r.height === 0) {
      // A hidden native checkbox behind a styled label is still operable through the label.
      const lab = c.role === 'chk' || c.role === 'radio' ? (el.id && R.L.get(el.id)) || el.closest('label') : null;
      if (lab) r = lab.getBoundingClientRect();
      if (!lab || r.width === 0 && r.height === 0) {
        hide(W, c, R);
        return;
      }
      target = lab;
    }
    const near = r.bottom > -R.vh && r.top < 2 * R.vh;
    if (near && !target.checkVisibility({ visibilityProperty: true })) {
      hide(W, c, R);
      return;
    }
    let st = c.stat;
    if (!st) st = stat(W, c, R, r);
    const occ = (W.modals.length > 0 && outside(W.modals, R.topFrame || el)) ||
      (near && occluded(target, r, R.root, R.vw, R.vh));
    const n = new Rec(el, c.role, R.ox + r.left, R.oy + r.top, r.width, r.height, st,
      c.tag === 'a' ? st.link : valueOf(el, c.tag), stateOf(el, c.tag, R.offFieldsets, st.aria), R.frame, occ, near);
    // A control inside another (an icon in a clickable row) is grouped under it.
    while (W.cs.length && !W.cs[W.cs.length - 1].el.contains(el)) W.cs.pop();
    n.owner = W.cs.length ? W.cs[W.cs.length - 1] : null;
    n.grp = c.grp;
    n.wired = c.wired;
    W.cs.push(n);
    W.found.push(n);
    if (c.wired) W.wired.add(el);
  }

  // hide keeps a hidden control for behind.js, which lists those a visible control reveals.
  /**
   * @param {Errand.Walk} W
   * @param {Errand.Cand} c
   * @param {Errand.Root} R
   */
  function hide(W, c, R) {
    if (W.hid && !c.wired) W.hid.push({ c, R });
  }

  // stat computes what the walk keeps of a control until the DOM changes: its name, context,
  // type, options and ARIA flags, and what they were read from (deps).
  /**
   * @param {Errand.Walk} W
   * @param {Errand.Cand} c
   * @param {Errand.Root} R
   * @param {DOMRect} r
   */
  function stat(W, c, R, r) {
    const el = c.el;
    const deps = [el];
    if (c.head) deps.push(c.head);
    if (c.row) deps.push(c.row);
    const field = c.tag === 'input' || c.tag === 'select' || c.tag === 'textarea';
    let name = c.wired ? wired.name(el, c.tag, R.root, R.L, deps) : nameOf(el, c.tag, c.role, R.root, R.L, deps);
    let pos = false;
    if (!name && field && c.prev) {
      name = text.labelBefore(c.prev, r);
      if (name) deps.push(c.prev.el);
    } else if (!name && !field) {
      name = wired.iconName(el);
      pos = !name;
    }
    const ctx = W.K ? contextOf(W.K, c, R, deps) : '';
    const t = c.tag === 'input' && !TEXT_TYPES[el.type] ? el.type : c.tag === 'button' && el.type === 'submit' && el.form ? 'submit' : '';
    let o = null;
    if (c.tag === 'select') {
      o = optionTexts(/** @type {HTMLSelectElement} */ (el));
    } else if (c.tag === 'input') {
      o = suggestions(/** @type {HTMLInputElement} */ (el), R.root, deps);
    }
    const st = c.stat = {
      name, ctx: ctx !== name ? ctx : '', t, o, base: c.role + '|' + name + '|' + t, aria: ariaFlags(el),
      head: c.head, row: c.row, cell: c.cell, deps, pos, shown: field || !name ? '' : shownOf(el, name),
      // A link's value is its href, which only a mutation (or a new address) changes.
      link: c.tag === 'a' ? valueOf(el, 'a') : '', loc: location.href, field,
    };
    if (W.K) S.stats.set(el, st);
    return st;
  }

  // shownOf is what a control named by an attribute shows instead: the "⋯" of "More options
  // for Gmail", the "☆" of "Star Helen Park". A person names it by what they see. Only a
  // short text counts: a long one is the content of a card, which names it already (D-48).
  /**
   * @param {Errand.El} el
   * @param {string} name
   */
  function shownOf(el, name) {
    if (!el.firstChild) return '';
    const t = E.words(el, 25);
    return t && t.length <= 24 && t !== name && !name.includes(t) ? t : '';
  }

  // suggestions lists what a field suggests as one types when the page already holds the
  // list, shown or hidden: its datalist, the listbox its aria-controls or aria-owns names, or
  // a combobox's listbox beside it. They are the field's choices like a select's options, so
  // a value that fits two of them ("Paris": France or Texas) is asked about before any typing.
  /**
   * @param {HTMLInputElement} el
   * @param {Errand.RootNode} root
   * @param {Errand.El[]} deps
   * @returns {string[] | null}
   */
  function suggestions(el, root, deps) {
    const combo = el.getAttribute('role') === 'combobox';
    if (!combo && !el.hasAttribute('list') && (el.getAttribute('aria-autocomplete') || 'none') === 'none') return null;
    /** @type {Element | null} */
    let box = el.list;
    const ids = ((el.getAttribute('aria-controls') || '') + ' ' + (el.getAttribute('aria-owns') || '')).split(/\s+/);
    for (let k = 0; !box && k < ids.length; k++) box = ids[k] ? root.getElementById(ids[k]) : null;
    if (!box && combo && el.parentElement) box = el.parentElement.querySelector('[role=listbox]');
    if (!box) return null;
    deps.push(/** @type {Errand.El} */ (box));
    /** @type {string[]} */
    const o = [];
    const items = box.localName === 'datalist' ? box.querySelectorAll('option') : box.querySelectorAll('[role=option]');
    for (const it of items) {
      if (o.length >= 200) break;
      const t = it.localName === 'option' ? /** @type {HTMLOptionElement} */ (it).label || /** @type {HTMLOptionElement} */ (it).value : it.textContent || '';
      const w = t.replace(/\s+/g, ' ').trim();
      if (w) o.push(clip(w, 80));
    }
    return o.length ? o : null;
  }

  // Rec is one observed node. Every record has every field, in one order: one hidden
  // class keeps the passes over 5,000 records fast.
  /**
   * @constructor
   * @this {Errand.Rec}
   * @param {Errand.El} el
   * @param {string} r
   * @param {number} x
   * @param {number} y
   * @param {number} w
   * @param {number} h
   * @param {Errand.Stat} st
   * @param {string} v
   * @param {string} s
   * @param {number} f
   * @param {boolean} occ
   * @param {boolean} near
   */
  function Rec(el, r, x, y, w, h, st, v, s, f, occ, near) {
    this.el = el;
    this.i = '';
    this.r = r;
    this.x = Math.round(x);
    this.y = Math.round(y);
    this.w = Math.round(w);
    this.h = Math.round(h);
    this.n = st.name;
    this.v = v;
    this.s = s;
    this.t = st.t;
    this.c = st.ctx;
    this.f = f;
    this.occ = occ;
    this.o = st.o;
    this.scr = null;
    this.sh = st.shown;
    this.near = near;
    this.base = st.base;
    this.pos = st.pos;
    this.g = 0;
    this.owner = null;
    this.grp = null;
    this.wired = false;
  }

  // plain is a record as the JSON of one page.Node.
  /** @param {Errand.Rec} n */
  function plain(n) {
    /** @type {Record<string, unknown>} */
    const o = { i: n.i, r: n.r, box: [n.x, n.y, n.w, n.h] };
    for (const k of /** @type {(keyof Errand.Rec)[]} */ (['n', 'v', 's', 't', 'c', 'f', 'occ', 'sh', 'o', 'scr'])) if (n[k]) o[k] = n[k];
    return o;
  }

  /**
   * @param {Errand.El} el
   * @param {DOMRect} r
   * @param {Errand.RootNode} root
   * @param {number} vw
   * @param {number} vh
   */
  function occluded(el, r, root, vw, vh) {
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= vw || y >= vh) return false;
    return !hits(el, root.elementFromPoint(x, y));
  }

  // farOf finds out whether an entry is far above (-1) or below (1) the part of the page
  // the walk reads (one screen above the viewport to two below), without measuring it when
  // it can: an entry inside a far element is far too (W.far: on a long table, a far row's
  // cells), so is a later sibling of one far below (the rows after it), and one found far
  // stays far while the layout key (scroll positions, viewport) is the same. 0: near, or
  // not known to be far.
  /**
   * @param {Errand.Walk} W
   * @param {Errand.Ent} e
   */
  function farOf(W, e) {
    if (e.farKey === W.key) return e.farDir;
    const f = W.far;
    if (f && (f.contains(e.el) || (W.farDir > 0 && e.el.parentElement === f.parentElement))) {
      // Inside a far element, or a later sibling of one far below: below it in the flow.
      if (!f.contains(e.el)) W.far = e.el;
      e.farKey = W.key;
      e.farDir = W.farDir;
      return e.farDir;
    }
    return 0;
  }

  // wiredAt asks a plain element near the viewport (half a screen above it to half a
  // screen below) whether script made it a control, once per element per collect, and
  // returns its Cand or null. One farther away is asked when it comes near.
  /**
   * @param {Errand.Walk} W
   * @param {Errand.Collected} K
   * @param {Errand.Ent} e
   * @param {Errand.Root} R
   * @param {Errand.GetListeners | null} gel
   */
  function wiredAt(W, K, e, R, gel) {
    let w = K.probed.get(e.el);
    if (w === undefined) {
      const r = e.el.getBoundingClientRect();
      if (r.width === 0) return null;
      const top = R.oy + r.top, bottom = R.oy + r.bottom;
      if (bottom <= -R.vh || top >= 2 * R.vh) {
        W.far = e.el;
        W.farDir = e.farDir = bottom <= -R.vh ? -1 : 1;
        e.farKey = W.key;
        return null;
      }
      if (!(r.bottom > -R.vh / 2 && r.top < 1.5 * R.vh)) return null;
      w = wired.probe(K, e.el, r, R.vw, R.vh, gel);
      K.probed.set(e.el, w);
      if (w) S.wired.set(e.el, w);
    }
    if (!w) return null;
    if (!e.wc) e.wc = new Cand(e.el, e.el.localName, w, e.ri, e.head, e.row, e.cell, e.grp, null, true);
    return e.wc;
  }

  // layoutKey names the layout far entries were measured in: the window's scroll and size,
  // and the scroll of the containers the last walk found.
  function layoutKey() {
    let k = scrollX + ',' + scrollY + ',' + innerWidth + ',' + innerHeight;
    for (const el of S.scrollers) k += ',' + el.scrollTop + ',' + el.scrollLeft;
    return k;
  }

  // assign gives each found element its id: an id it already carries wins (unless a clone
  // copied it), then the id the k-th element of the same signature (role, name, type) had
  // in the last walk, then a new one. S.ids keeps, per signature, the records of this walk
  // in document order.
  /** @param {Errand.Rec[]} found */
  function assign(found) {
    const used = new Set();
    const next = new Map();
    /** @type {[Errand.Rec, number][]} */
    const fresh = [];
    for (let x = 0; x < found.length; x++) {
      const n = found[x];
      let arr = next.get(n.base);
      if (!arr) next.set(n.base, (arr = []));
      arr.push(n);
      const id = n.el.getAttribute(OWN);
      if (id && S.given.has(id) && !used.has(id)) {
        used.add(id);
        n.i = id;
      } else {
        fresh.push([n, arr.length - 1]);
      }
    }
    for (const [n, k] of fresh) {
      const old = S.ids.get(n.base);
      let id = old && old[k] ? old[k].i : '';
      if (!id || used.has(id)) {
        id = String(++S.seq);
        S.given.add(id);
      } else if (old[k].el !== n.el && old[k].el.getAttribute(OWN) === id) {
        // The element that had the id is gone from view but still in the document (a tab's
        // panel hidden, another shown): it gives the id up, or a lookup by id would find it
        // first and act on what is no longer shown.
        old[k].el.removeAttribute(OWN);
      }
      used.add(id);
      n.i = id;
      if (n.el.getAttribute(OWN) !== id) n.el.setAttribute(OWN, id);
    }
    S.ids = next;
  }

  // idFor names a scroll container; containers keep their own signature table.
  /**
   * @param {Errand.El} el
   * @param {string} sig
   */
  function idFor(el, sig) {
    let id = el.getAttribute(OWN);
    if (id && S.given.has(id)) return id;
    id = S.boxes.get(sig);
    if (!id) {
      id = String(++S.seq);
      S.given.add(id);
      S.boxes.set(sig, id);
    }
    el.setAttribute(OWN, id);
    return id;
  }

  // boxGroup is the index (from 1) of a collect-time container in this walk's groups,
  // registering it and its parents on first use.
  /**
   * @param {Errand.Walk} W
   * @param {Errand.Box | null} b
   */
  function boxGroup(W, b) {
    while (b && b.kind === '') b = b.parent;
    if (!b) return 0;
    let i = W.gidx.get(b);
    if (i) return i;
    const p = boxGroup(W, b.parent);
    const owner = W.owners.get(b.el) || null;
    W.groups.push({ k: b.kind, n: boxName(W.K, b), p, rec: owner });
    i = W.groups.length;
    W.gidx.set(b, i);
    return i;
  }

  // groupOf is the group of a found control: a control holding it, or its container,
  // whichever is nearer. A row that is itself a control stays a row, with that control.
  /**
   * @param {Errand.Walk} W
   * @param {Errand.Rec} n
   */
  function groupOf(W, n) {
    let b = n.grp;
    while (b && b.kind === '') b = b.parent;
    const o = n.owner;
    if (o && !(b && (b.el === o.el || o.el.contains(b.el)))) {
      let i = W.gidx.get(o);
      if (!i) {
        W.groups.push({ k: 'control', n: '', p: o.g, rec: o });
        i = W.groups.length;
        W.gidx.set(o, i);
      }
      return i;
    }
    return boxGroup(W, b);
  }

  // renameOwners names a control found by script that holds other controls (a clickable
  // row with its star and checkbox) by its words without theirs: "☆ GitHub …" would match
  // what is said of the star.
  /** @param {Errand.Walk} W */
  function renameOwners(W) {
    const inner = new Map();
    for (const n of W.found) {
      if (!n.owner || !n.owner.wired) continue;
      let set = inner.get(n.owner);
      if (!set) inner.set(n.owner, (set = new Set()));
      set.add(n.el);
    }
    for (const [o, set] of inner) {
      const t = text.without(o.el, set);
      if (t && t !== o.n) {
        o.n = t;
        o.base = o.r + '|' + t + '|' + o.t;
      }
    }
  }

  // name positions: an icon-only control with no name at all is named by its place among
  // the controls of its group ("icon 3").
  /** @param {Errand.Walk} W */
  function namePositions(W) {
    const seen = new Map();
    for (const n of W.found) {
      const k = (seen.get(n.g) || 0) + 1;
      seen.set(n.g, k);
      if (n.pos && n.g) {
        n.n = 'icon ' + k;
        n.base = n.r + '|' + n.n + '|' + n.t;
      }
    }
  }

  E.walk = (gel) => {
    S.recording = true;
    const undef = undefinedCount();
    let K = S.cache;
    if (!current(K, undef)) K = S.cache = collect(undef);
    place(K);
    /** @type {Errand.Walk} */
    const W = {
      found: [], modals: modalsOf(document, K.roots[0].attrs), K, roots: K.roots, cs: [], wired: new Set(),
      units: [], at: [], dirs: [], groups: [], gidx: new Map(), owners: new Map(), far: null, farDir: 0,
      key: layoutKey(), hid: [],
    };
    if (typeof gel !== 'function') gel = null;
    for (const e of K.seq) {
      const R = K.roots[e.ri];
      if (e.c) {
        visit(W, e.c, R);
        continue;
      }
      let dir = farOf(W, e);
      if (e.plain && !dir) {
        const c = wiredAt(W, K, e, R, gel);
        if (c) visit(W, c, R);
        else if (e.farKey === W.key) dir = e.farDir;
      }
      if (e.u) {
        W.units.push(e.u);
        W.at.push(W.found.length);
        W.dirs.push(dir);
      }
    }
    for (const n of W.found) if (K.boxes.has(n.el)) W.owners.set(n.el, n);
    // Groups are given where the view is read (the elements near the viewport); a long
    // table's far rows would cost a group line each and say what their contexts say.
    for (const n of W.found) if (n.near) n.g = groupOf(W, n);
    renameOwners(W);
    namePositions(W);
    assign(W.found);
    S.roots = K.roots;
    const de = document.documentElement;
    const max = (de ? de.scrollHeight : 0) - innerHeight;
    /** @type {Errand.Page} */
    const out = {
      domMode: 'semantic_v3',
      url: location.href,
      pageTitle: document.title,
      viewport: { width: innerWidth, height: innerHeight },
      scrollPosition: (max > 0 ? Math.round((scrollY / max) * 100) : 0) + '%',
      hasErrors: false,
      hasSuccess: false,
      messages: [],
      domHash: domHash(),
    };
    if (W.modals.length) out.modal = dialogName(W.modals[W.modals.length - 1]) || 'dialog';
    const sc = [];
    const nth = new Map();
    const scrollers = findScrollers(W);
    S.scrollers = scrollers.map((x) => x.el);
    for (const x of scrollers) {
      if (x.n) {
        x.n.scr = scrollInfo(x.el);
        sc.push({ i: x.n.i, n: x.n.n || undefined, depth: x.n.scr.depth, h: x.n.scr.h });
        continue;
      }
      const name = clip(x.el.getAttribute('aria-label') || '', 60);
      const k = (nth.get(name) || 0) + 1;
      nth.set(name, k);
      const inf = scrollInfo(x.el);
      /** @type {Errand.Page['scrollableContainers'][number]} */
      const c = { i: idFor(x.el, 'scroll|' + name + '|' + k), depth: inf.depth, h: inf.h };
      if (name) c.n = name;
      sc.push(c);
    }
    if (sc.length) out.scrollableContainers = sc;
    const msgs = messages(W, out);
    /** @param {Errand.El} el */
    const isMessage = (el) => {
      for (let a = el, d = 0; a && d < 8; a = a.parentElement, d++) if (msgs.has(a)) return true;
      return false;
    };
    const T = text.read(W, innerHeight, (b) => boxGroup(W, b), isMessage, outside);
    if (T.above) out.textAbove = T.above;
    if (T.below) out.textBelow = T.below;
    if (S.events.length) out.recentEvents = S.events.splice(0);
    return encode(out, W.found, T.out, W.groups, E.behind.list(W));
  };

  // encode writes the observation as one string: a JSON line of page fields, then one
  // tab-separated line per node (i r x y w h n v s t c g f occ scrDepth scrH options…, g
  // only when it is not the node before's), per text block (T kind level x y w h at g
  // flags text; flags: 1 covered, s site), per group (G kind parent node name) and per hidden
  // control a visible one reveals (H role name type context by via options…). It is a
  // third of the size of the JSON of the same nodes, which matters more than it seems: the
  // string crosses DevTools escaped, and Go decodes it without reflection. Every text field
  // went through clip, so none holds a tab or a newline.
  /**
   * @param {Errand.Page} out
   * @param {Errand.Rec[]} found
   * @param {Errand.TB[]} texts
   * @param {Errand.Group[]} groups
   * @param {Errand.Hidden[]} hidden
   */
  function encode(out, found, texts, groups, hidden) {
    const lines = new Array(found.length + texts.length + groups.length + hidden.length + 1);
    let j = 0;
    lines[j++] = JSON.stringify(out);
    let g = 0;
    for (let k = 0; k < found.length; k++) {
      const n = found[k];
      // The group is written when it is not the one of the node before ("" = the same).
      let l = n.i + '\t' + n.r + '\t' + n.x + '\t' + n.y + '\t' + n.w + '\t' + n.h + '\t' +
        n.n + '\t' + n.v + '\t' + n.s + '\t' + n.t + '\t' + n.c + '\t' + (n.g === g ? '' : n.g);
      g = n.g;
      if (n.f || n.occ || n.scr || n.sh || n.o) {
        l += '\t' + (n.f || '') + '\t' + (n.occ ? '1' : '') + '\t' + (n.scr ? n.scr.depth + '\t' + n.scr.h : '\t') + '\t' + n.sh;
        if (n.o) for (const o of n.o) l += '\t' + o;
      }
      lines[j++] = l;
    }
    for (const t of texts) {
      lines[j++] = 'T\t' + t.k + '\t' + (t.l || '') + '\t' + t.x + '\t' + t.y + '\t' + t.w + '\t' + t.h + '\t' +
        t.at + '\t' + (t.g || '') + '\t' + (t.occ ? '1' : '') + (t.site ? 's' : '') + '\t' + t.t;
    }
    for (const g of groups) {
      lines[j++] = 'G\t' + g.k + '\t' + (g.p || '') + '\t' + (g.rec ? g.rec.i : '') + '\t' + g.n;
    }
    for (const h of hidden) {
      let l = 'H\t' + h.r + '\t' + clip(h.n, 200) + '\t' + h.t + '\t' + h.c + '\t' + h.by + '\t' + (h.via || '');
      if (h.o) for (const o of h.o) l += '\t' + o;
      lines[j++] = l;
    }
    return lines.join('\n');
  }

  // node reads one element the way the walk does, for the outcome of an action. Its
  // context is left out: that needs the document-order pass.
  E.node = (el, id) => {
    const tag = el.localName;
    const role = roleOf(el, tag) || S.wired.get(el) || '';
    if (!role) return null;
    const root = /** @type {Errand.RootNode} */ (el.getRootNode());
    /** @type {Map<string, Errand.El>} */
    const L = new Map();
    if (el.id && root.querySelector) {
      const lab = root.querySelector('label[for="' + CSS.escape(el.id) + '"]');
      if (lab) L.set(el.id, lab);
    }
    const off = E.offset(el);
    const view = el.ownerDocument.defaultView || window;
    // Enough of a Root for visit: E.node reads one element, outside the collect pass.
    const R = /** @type {Errand.Root} */ ({
      root, L, frame: off.frame, topFrame: off.frameEl, ox: off.x, oy: off.y,
      vw: view.innerWidth, vh: view.innerHeight, offFieldsets: true,
    });
    const W = /** @type {Errand.Walk} */ ({ found: [], modals: modalsIn(document), K: null, cs: [], wired: new Set() });
    const wiredRole = !roleOf(el, tag);
    visit(W, new Cand(el, tag, role, 0, null, null, null, null, null, wiredRole), R);
    if (!W.found.length) return null;
    const n = W.found[0];
    n.i = id;
    return plain(n);
  };
})();
