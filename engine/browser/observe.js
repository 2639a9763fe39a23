// The in-page runtime of the browser package, part two: the semantic_v3 walk. It reads
// every interactive element of the document, its open shadow roots and same-origin frames
// in one pass and returns them as one compact string (see encode).
//
// The walk is on the hot path (5,000 controls in ~15,000 nodes within the 40 ms budget,
// decode included), so it reads layout once per element (getBoundingClientRect), never
// el.labels (slow on first access), never innerText per element, getComputedStyle only for
// scroll-container candidates, and hit-tests and style-tests only near the viewport. What
// depends on the DOM alone (which elements are controls, their names and contexts) is kept
// between walks until a mutation is seen; what layout, CSS or properties decide (boxes,
// visibility, values, states, occlusion) is read every time.
(() => {
  const E = window.__errandV3;
  if (!E || !E.read || E.walk) return;
  const S = E.S;
  const clip = E.clip;
  const watch = E.watch;
  const OWN = 'data-llm-id';

  const {
    TAG, ATTR_SEL, tagRole, attrRole, roleOf, nameOf, valueOf, stateOf, ariaFlags, hits, modalsIn, modalsOf,
    outside, scrollInfo, scrollable,
  } = E.read;
  const TEXT_TYPES = { text: 1, checkbox: 1, radio: 1, button: 1, reset: 1, image: 1 };

  // rowText is the text of the row's other cells. Cells holding a select are left out:
  // option texts say nothing about which row this is.
  function rowText(K, c, R) {
    let cells = K.rows.get(c.row);
    if (!cells) {
      cells = [];
      for (const x of c.row.cells || c.row.children) {
        const f = x.firstElementChild;
        cells.push([x, f && f.localName === 'select' ? '' : clip(x.textContent, 60)]);
      }
      K.rows.set(c.row, cells);
    }
    let own = c.cell && c.cell.contains(c.el) ? c.cell : null;
    if (!own && R.ariaRows) own = c.el.closest('[role=cell],[role=gridcell]');
    let t = '';
    for (let i = 0; i < cells.length && t.length < 60; i++) {
      const x = cells[i][1];
      if (x && cells[i][0] !== own) t = t ? t + ' ' + x : x;
    }
    return t.length > 60 ? t.slice(0, 59) + '…' : t;
  }

  // contextOf is the nearest of the enclosing row, the fieldset legend and the closest
  // preceding heading, so "Delete" in one row can be told from "Delete" in the next.
  function contextOf(K, c, R, deps) {
    const el = c.el;
    if (R.rows) {
      let row = c.row && c.row.contains(el) ? c.row : null;
      if (!row && R.ariaRows) row = el.closest('tr,[role=row]');
      if (row) {
        const t = rowText(K, { el, row, cell: c.cell }, R);
        if (t) return t;
      }
    }
    const fs = R.fieldsets ? el.closest('fieldset') : null;
    const h = c.head;
    if (fs) {
      deps.push(fs);
      let lg = K.legends.get(fs);
      if (lg === undefined) {
        const l = fs.querySelector('legend');
        lg = l ? clip(l.textContent, 60) : '';
        K.legends.set(fs, lg);
      }
      if (lg && !(h && fs.contains(h))) return lg;
    }
    if (!h) return '';
    let t = K.heads.get(h);
    if (t === undefined) {
      t = clip(h.textContent, 60);
      K.heads.set(h, t);
    }
    return t;
  }

  // Cand is an element that is a control by its markup, with the document-order state the
  // context needs; stat holds its name and context once computed.
  function Cand(el, tag, role, ri, head, row, cell) {
    this.el = el;
    this.tag = tag;
    this.role = role;
    this.ri = ri;
    this.head = head;
    this.row = row;
    this.cell = cell;
    this.stat = null;
  }

  // collect finds the controls of the document, its open shadow roots and same-origin
  // frames. The loop touches every element, so one that is not a control costs one table
  // lookup and one Set probe.
  function collect(undef) {
    const K = {
      roots: [], cands: [], count: S.count, frames: 0, undef, dirty: changes(),
      head: null, row: null, cell: null, rows: new Map(), legends: new Map(), heads: new Map(),
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
      for (let n = x; n && !set.has(n); n = n.parentNode || n.host) set.add(n);
      const e = x.nodeType === 1 ? x : x.parentElement;
      if (e && e.closest('label')) labels = true;
    }
    // A label that came or went can name a field it does not contain.
    for (const x of sub) if (x.localName === 'label' || x.getElementsByTagName('label').length) labels = true;
    return { set, labels };
  }

  // reusable reports whether a stat computed in an earlier walk still holds for c.
  function reusable(st, c, D) {
    if (!st || !D || st.head !== c.head || st.row !== c.row || st.cell !== c.cell) return false;
    if (c.tag === 'a' && st.loc !== location.href) return false;
    if (D.labels && st.field) return false;
    for (const d of st.deps) if (D.set.has(d) || !d.isConnected) return false;
    return true;
  }

  function collectRoot(K, root, frame, frameEl, topFrame, parent) {
    watch(root);
    const ri = K.roots.length;
    // One query finds the elements whose attributes can make them controls, dialogs or
    // live regions; every other element skips those reads.
    const attrs = new Set(root.querySelectorAll(ATTR_SEL));
    const L = new Map();
    for (const lab of root.querySelectorAll('label[for]')) if (!L.has(lab.htmlFor)) L.set(lab.htmlFor, lab);
    let ariaRows = false;
    for (const a of attrs) if (a.getAttribute('role') === 'row') { ariaRows = true; break; }
    K.roots.push({
      root, doc: root.ownerDocument || root, frame, frameEl, topFrame, parent, attrs, L, ariaRows,
      rows: ariaRows || !!root.querySelector('tr'), fieldsets: !!root.querySelector('fieldset'),
      offFieldsets: !!root.querySelector('fieldset[disabled]'), ox: 0, oy: 0, vw: 0, vh: 0,
    });
    const all = root.querySelectorAll('*');
    for (let k = 0; k < all.length; k++) {
      const el = all[k];
      const tag = el.localName;
      const code = TAG[tag];
      if (code === 3) continue;
      let role = code === 1 ? tagRole(el, tag) : '';
      if (code === 2) K.head = el;
      else if (code === 5) K.row = el;
      else if (code === 6) K.cell = el;
      if (attrs.has(el)) {
        role = attrRole(el, tag, role);
        const ar = el.getAttribute('role');
        if (ar === 'heading') K.head = el;
        else if (ar === 'row') K.row = el;
      }
      if (role) {
        const c = new Cand(el, tag, role, ri, K.head, K.row, K.cell);
        const st = S.stats.get(el);
        if (reusable(st, c, K.dirty)) c.stat = st;
        K.cands.push(c);
      }
      if (el.shadowRoot) collectRoot(K, el.shadowRoot, frame, frameEl, topFrame, ri);
      if (code === 4 && K.frames < 20) {
        let d = null;
        try { d = el.contentDocument; } catch (e) { d = null; }
        if (d && d.documentElement) collectRoot(K, d, ++K.frames, el, topFrame || el, ri);
      }
    }
  }

  // undefinedCount notices custom elements upgraded since the last collect: an upgrade can
  // attach a shadow root without any mutation the observer sees.
  function undefinedCount() {
    return document.querySelectorAll(':not(:defined)').length;
  }

  // current reports whether the collected controls still stand: no mutation anywhere we
  // watch, the same frame documents, no upgrades.
  function current(K, undef) {
    if (!K || K.count !== S.count || K.undef !== undef) return false;
    for (const R of K.roots) {
      if (R.frameEl && R.root === R.doc && R.frameEl.contentDocument !== R.doc) return false;
    }
    return true;
  }

  // place puts every root at its offset in the top viewport for this walk.
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

  // visit reads one control. Layout is read once (getBoundingClientRect); the style-based
  // visibility test and the hit test run only near the viewport, where they matter and
  // where there are few elements.
  function visit(W, c, R) {
    const el = c.el;
    let r = el.getBoundingClientRect();
    let target = el;
    if (r.width === 0 && r.height === 0) {
      // A hidden native checkbox behind a styled label is still operable through the label.
      if (!(c.role === 'chk' || c.role === 'radio')) return;
      const lab = (el.id && R.L.get(el.id)) || el.closest('label');
      if (!lab) return;
      r = lab.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return;
      target = lab;
    }
    const near = r.bottom > -R.vh && r.top < 2 * R.vh;
    if (near && !target.checkVisibility({ visibilityProperty: true })) return;
    let st = c.stat;
    if (!st) {
      const deps = [el];
      if (c.head) deps.push(c.head);
      if (c.row) deps.push(c.row);
      const name = nameOf(el, c.tag, c.role, R.root, R.L, deps);
      const ctx = W.K ? contextOf(W.K, c, R, deps) : '';
      const t = c.tag === 'input' && !TEXT_TYPES[el.type] ? el.type : c.tag === 'button' && el.type === 'submit' && el.form ? 'submit' : '';
      let o = null;
      if (c.tag === 'select') {
        o = [];
        for (const op of el.options) if (o.length < 200) o.push(clip(op.text, 80));
      }
      st = c.stat = {
        name, ctx: ctx !== name ? ctx : '', t, o, base: c.role + '|' + name + '|' + t, aria: ariaFlags(el),
        head: c.head, row: c.row, cell: c.cell, deps,
        // A link's value is its href, which only a mutation (or a new address) changes.
        link: c.tag === 'a' ? valueOf(el, 'a') : '', loc: location.href,
        field: c.tag === 'input' || c.tag === 'select' || c.tag === 'textarea',
      };
      if (W.K) S.stats.set(el, st);
    }
    const occ = (W.modals.length > 0 && outside(W.modals, R.topFrame || el)) ||
      (near && occluded(target, r, R.root, R.vw, R.vh));
    W.found.push(new Rec(el, c.role, R.ox + r.left, R.oy + r.top, r.width, r.height, st,
      c.tag === 'a' ? st.link : valueOf(el, c.tag), stateOf(el, c.tag, R.offFieldsets, st.aria), R.frame, occ, near));
  }

  // Rec is one observed node. Every record has every field, in one order: one hidden
  // class keeps the passes over 5,000 records fast.
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
    this.near = near;
    this.base = st.base;
  }

  // plain is a record as the JSON of one page.Node.
  function plain(n) {
    const o = { i: n.i, r: n.r, box: [n.x, n.y, n.w, n.h] };
    for (const k of ['n', 'v', 's', 't', 'c', 'f', 'occ', 'o', 'scr']) if (n[k]) o[k] = n[k];
    return o;
  }

  function occluded(el, r, root, vw, vh) {
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= vw || y >= vh) return false;
    return !hits(el, root.elementFromPoint(x, y));
  }

  // assign gives each found element its id: an id it already carries wins (unless a clone
  // copied it), then the id the k-th element of the same signature (role, name, type) had
  // in the last walk, then a new one. S.ids keeps, per signature, the records of this walk
  // in document order.
  function assign(found) {
    const used = new Set();
    const next = new Map();
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
      }
      used.add(id);
      n.i = id;
      if (n.el.getAttribute(OWN) !== id) n.el.setAttribute(OWN, id);
    }
    S.ids = next;
  }

  // idFor names a scroll container; containers keep their own signature table.
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

  const MSG_CLASSES = ['error', 'errors', 'alert-danger', 'invalid-feedback', 'field-error', 'success',
    'alert-success', 'alert', 'toast', 'notification', 'flash', 'message'];

  // messageCandidates lists the possible messages of a root in document order. One query per
  // class takes the browser's fast path; a selector list of the same classes costs 15 times
  // more on a large page.
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
  const ERR_WORDS = /\b(error|errors|invalid|failed|failure|required|must|cannot|can't|incorrect|wrong|denied|not allowed|problem)\b/i;
  const OK_WORDS = /\b(saved|success|successfully|created|updated|deleted|added|sent|submitted|thank you|completed|done)\b/i;
  const ERR_CLASS = /(^|[\s_-])(error|errors|danger|invalid|invalid-feedback|field-error)($|[\s_-])/i;
  const OK_CLASS = /(^|[\s_-])(success|alert-success)($|[\s_-])/i;

  function messages(W, out) {
    const seen = [];
    for (const { root, attrs } of W.roots) {
      for (const m of messageCandidates(root, attrs)) {
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
          const t = clip(x.textContent, 200);
          if (t && !out.messages.includes(t)) { out.messages.push(t); out.hasErrors = true; }
        }
      }
      if (out.messages.length >= 10) break;
    }
  }

  function hash(s) {
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
    return (h >>> 0).toString(36);
  }

  function domHash() {
    const b = document.body;
    if (!b) return '0';
    const t = b.innerText;
    return b.getElementsByTagName('*').length + '-' + t.length + '-' + hash(t);
  }

  const NO_SCROLL = { tr: 1, td: 1, th: 1, tbody: 1, thead: 1, tfoot: 1, table: 1, label: 1, span: 1, a: 1, p: 1, li: 1 };

  function parentOf(e) {
    return e.parentElement || (e.parentNode && e.parentNode.host) || null;
  }

  // findScrollers finds the scroll containers around the controls near the viewport: one
  // out of view cannot be acted on, and testing every element would cost more than the
  // rest of the walk.
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

  E.walk = () => {
    S.recording = true;
    const undef = undefinedCount();
    let K = S.cache;
    if (!current(K, undef)) K = S.cache = collect(undef);
    place(K);
    const W = { found: [], modals: modalsOf(document, K.roots[0].attrs), K, roots: K.roots };
    for (let k = 0; k < K.cands.length; k++) visit(W, K.cands[k], K.roots[K.cands[k].ri]);
    assign(W.found);
    S.roots = K.roots;
    const de = document.documentElement;
    const max = (de ? de.scrollHeight : 0) - innerHeight;
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
    const sc = [];
    const nth = new Map();
    for (const x of findScrollers(W)) {
      if (x.n) {
        x.n.scr = scrollInfo(x.el);
        sc.push({ i: x.n.i, n: x.n.n || undefined, depth: x.n.scr.depth, h: x.n.scr.h });
        continue;
      }
      const name = clip(x.el.getAttribute('aria-label') || '', 60);
      const k = (nth.get(name) || 0) + 1;
      nth.set(name, k);
      const inf = scrollInfo(x.el);
      const c = { i: idFor(x.el, 'scroll|' + name + '|' + k), depth: inf.depth, h: inf.h };
      if (name) c.n = name;
      sc.push(c);
    }
    if (sc.length) out.scrollableContainers = sc;
    messages(W, out);
    if (S.events.length) out.recentEvents = S.events.splice(0);
    return encode(out, W.found);
  };

  // encode writes the observation as one string: a JSON line of page fields, then one
  // tab-separated line per node (i r x y w h n v s t c f occ scrDepth scrH options…).
  // It is a third of the size of the JSON of the same nodes, which matters more than it
  // seems: the string crosses DevTools escaped, and Go decodes it without reflection.
  // Every text field went through clip, so none holds a tab or a newline.
  function encode(out, found) {
    const lines = new Array(found.length + 1);
    lines[0] = JSON.stringify(out);
    for (let k = 0; k < found.length; k++) {
      const n = found[k];
      let l = n.i + '\t' + n.r + '\t' + n.x + '\t' + n.y + '\t' + n.w + '\t' + n.h + '\t' +
        n.n + '\t' + n.v + '\t' + n.s + '\t' + n.t + '\t' + n.c;
      if (n.f || n.occ || n.scr || n.o) {
        l += '\t' + (n.f || '') + '\t' + (n.occ ? '1' : '') + '\t' + (n.scr ? n.scr.depth + '\t' + n.scr.h : '\t');
        if (n.o) for (const o of n.o) l += '\t' + o;
      }
      lines[k + 1] = l;
    }
    return lines.join('\n');
  }

  // node reads one element the way the walk does, for the outcome of an action. Its
  // context is left out: that needs the document-order pass.
  E.node = (el, id) => {
    const tag = el.localName;
    const role = roleOf(el, tag);
    if (!role) return null;
    const root = el.getRootNode();
    const L = new Map();
    if (el.id && root.querySelector) {
      const lab = root.querySelector('label[for="' + CSS.escape(el.id) + '"]');
      if (lab) L.set(el.id, lab);
    }
    const off = E.offset(el);
    const view = el.ownerDocument.defaultView || window;
    const R = {
      root, L, frame: off.frame, topFrame: off.frameEl, ox: off.x, oy: off.y,
      vw: view.innerWidth, vh: view.innerHeight, offFieldsets: true,
    };
    const W = { found: [], modals: modalsIn(document), K: null };
    visit(W, new Cand(el, tag, role, 0, null, null, null), R);
    if (!W.found.length) return null;
    const n = W.found[0];
    n.i = id;
    return plain(n);
  };
})();
