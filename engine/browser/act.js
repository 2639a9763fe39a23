// @ts-check
// The in-page helpers of the actions. Input itself goes through the DevTools Input domain
// (real events); these helpers only find elements, pick the point to press, and set the
// values that have no keyboard path (date pickers, selects).
(() => {
  const E = window.__errandV3;
  if (!E || E.find) return;
  const S = E.S;
  const OWN = 'data-llm-id';

  E.find = (id) => {
    const sel = '[' + OWN + '="' + CSS.escape(id) + '"]';
    let el = document.querySelector(sel);
    if (el && el.isConnected) return el;
    for (const { root } of S.roots) {
      if (root === document) continue;
      try {
        el = root.querySelector(sel);
      } catch (e) {
        el = null;
      }
      if (el && el.isConnected) return el;
    }
    return deepFind(document, sel, 0);
  };

  // deepFind searches shadow roots and same-origin frames that the last walk did not see.
  /**
   * @param {ParentNode} root
   * @param {string} sel
   * @param {number} depth
   * @returns {Errand.El | null}
   */
  function deepFind(root, sel, depth) {
    if (depth > 8) return null;
    const el = root.querySelector(sel);
    if (el) return el;
    for (const x of root.querySelectorAll('*')) {
      /** @type {Errand.RootNode} */
      let sub = x.shadowRoot;
      if (!sub && (x.localName === 'iframe' || x.localName === 'frame')) {
        try { sub = /** @type {HTMLIFrameElement} */ (x).contentDocument; } catch (e) { sub = null; }
      }
      if (sub) {
        const f = deepFind(sub, sel, depth + 1);
        if (f) return f;
      }
    }
    return null;
  }

  // offset is the position of el's frame in the top viewport and the frame's index.
  E.offset = (el) => {
    let x = 0, y = 0, frameEl = null;
    let w = el.ownerDocument.defaultView;
    while (w && w !== window && w.frameElement) {
      const f = w.frameElement;
      const r = f.getBoundingClientRect();
      x += r.left + f.clientLeft;
      y += r.top + f.clientTop;
      frameEl = f;
      w = f.ownerDocument.defaultView;
    }
    let frame = 0;
    const doc = el.ownerDocument;
    for (const e of S.roots) if (e.root === doc) { frame = e.frame; break; }
    return { x, y, frame, frameEl };
  };

  // reveal scrolls el to the middle of its view unless all of it is already in view, as a
  // person would: a page that moves for nothing confuses the next observation.
  /** @param {Errand.El} el */
  function reveal(el) {
    const r = el.getBoundingClientRect();
    const view = el.ownerDocument.defaultView;
    const off = E.offset(el);
    const top = r.top + off.y, left = r.left + off.x;
    if (top >= 0 && left >= 0 && top + r.height <= innerHeight && left + r.width <= innerWidth &&
      r.bottom <= view.innerHeight && r.right <= view.innerWidth && r.top >= 0 && r.left >= 0) return;
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  }

  /**
   * @param {string} kind
   * @param {string} msg
   */
  function fail(kind, msg) {
    return { err: kind, msg };
  }

  // describe names what took a click: the dialog around it, or, for a bare backdrop, the
  // dialog it belongs to, so the message says "Welcome" rather than "div.overlay".
  /** @param {Errand.El} hit */
  function describe(hit) {
    const m = hit.closest('dialog,[role=dialog],[role=alertdialog],[aria-modal=true],.modal');
    if (m) return E.label(m);
    if (!E.clip(hit.textContent, 40)) {
      const ms = E.modalsIn(document);
      if (ms.length) return E.label(ms[ms.length - 1]);
    }
    return E.label(hit);
  }

  /** @param {Errand.El} el */
  function disabled(el) {
    return E.stateOf(el, el.localName).split(',').includes('disabled');
  }

  // operable returns the element a pointer should press: the element, or the visible label
  // of a hidden native checkbox.
  /** @param {Errand.El} el */
  function operable(el) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 || r.height > 0) return el;
    if (el.localName === 'input' && (el.type === 'checkbox' || el.type === 'radio')) {
      const root = /** @type {ParentNode} */ (el.getRootNode());
      const lab = (el.id && root.querySelector && root.querySelector('label[for="' + CSS.escape(el.id) + '"]')) ||
        el.closest('label');
      if (lab) return lab;
    }
    return null;
  }

  // popupState is aria-expanded of a control that opens a popup and is not a link: such a
  // control may open on hover, and then the press that follows would close it again
  // (docs/decisions.md, D-46).
  /** @param {Errand.El} el */
  function popupState(el) {
    const pop = el.getAttribute('aria-haspopup');
    if (!pop || pop === 'false' || el.closest('a[href]')) return '';
    return el.getAttribute('aria-expanded') || 'false';
  }
  E.popupState = (id) => {
    const el = E.find(id);
    return el ? { value: popupState(el) } : fail('not_found', 'no element with id ' + id + ' on the page');
  };

  // point scrolls el to the centre and finds a point where el itself receives the press:
  // the centre, then the centres of its line boxes, then the quarter points.
  E.point = (id, needEnabled) => {
    const el = E.find(id);
    if (!el) return fail('not_found', 'no element with id ' + id + ' on the page');
    if (needEnabled && disabled(el)) return fail('disabled', E.label(el) + ' is disabled');
    const t = operable(el);
    if (!t) return fail('not_found', 'element ' + id + ' is not visible');
    const off0 = E.offset(t);
    for (const m of E.modalsIn(document)) {
      if (m.matches('dialog:modal,[aria-modal=true]') && !m.contains(off0.frameEl || t)) {
        return fail('covered', E.label(el) + ' is covered by ' + E.label(m));
      }
    }
    reveal(t);
    const r = t.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return fail('not_found', 'element ' + id + ' is not visible');
    const root = /** @type {Errand.RootNode} */ (t.getRootNode());
    const probe = root.elementFromPoint ? root : t.ownerDocument;
    const off = E.offset(t);
    const pts = [[r.left + r.width / 2, r.top + r.height / 2]];
    for (const q of t.getClientRects()) pts.push([q.left + q.width / 2, q.top + q.height / 2]);
    for (const [fx, fy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]]) {
      pts.push([r.left + r.width * fx, r.top + r.height * fy]);
    }
    const view = t.ownerDocument.defaultView;
    let foreign = null, fallback = null;
    for (const [x, y] of pts) {
      if (x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) continue;
      const hit = probe.elementFromPoint(x, y);
      const top = off.frameEl ? document.elementFromPoint(x + off.x, y + off.y) : hit;
      if (off.frameEl && top && top !== off.frameEl && !top.contains(off.frameEl)) {
        foreign = foreign || top;
        continue;
      }
      if (!hit || hit === t || t.contains(hit)) return { x: x + off.x, y: y + off.y, value: popupState(el) };
      if (hit.contains(t)) { fallback = fallback || [x, y]; continue; }
      if (E.hits(t, hit)) return { x: x + off.x, y: y + off.y, value: popupState(el) };
      foreign = foreign || hit;
    }
    if (foreign) return fail('covered', E.label(el) + ' is covered by ' + describe(foreign));
    if (fallback) return { x: fallback[0] + off.x, y: fallback[1] + off.y, value: popupState(el) };
    return fail('not_found', 'element ' + id + ' is outside the viewport');
  };

  /** @type {Record<string, number>} */
  const NATIVE = { date: 1, time: 1, 'datetime-local': 1, month: 1, week: 1, color: 1, range: 1 };

  // prepare readies a field for typing: it reports how the value must be set and, for
  // typed fields, focuses the field and selects its content so insertText replaces it.
  E.prepare = (id) => {
    const el = E.find(id);
    if (!el) return fail('not_found', 'no element with id ' + id + ' on the page');
    const tag = el.localName;
    if (disabled(el)) return fail('disabled', E.label(el) + ' is disabled');
    if (el.readOnly === true || el.getAttribute('aria-readonly') === 'true') {
      return fail('disabled', E.label(el) + ' is read-only');
    }
    if (tag === 'select') return { mode: 'select' };
    let mode = '';
    if (tag === 'input') {
      const t = el.type;
      if (t === 'checkbox' || t === 'radio' || t === 'submit' || t === 'button' || t === 'reset' || t === 'image') {
        return fail('invalid', 'setValue does not fit a ' + t + '; use click, check or uncheck');
      }
      if (t === 'file') return fail('invalid', 'file inputs cannot be typed into');
      mode = NATIVE[t] ? 'native' : 'text';
    } else if (tag === 'textarea') {
      mode = 'text';
    } else if (el.isContentEditable) {
      mode = 'rich';
    } else {
      return fail('invalid', E.label(el) + ' is not a text field');
    }
    reveal(el);
    if (mode === 'native') return { mode, type: el.type, value: el.value };
    el.focus();
    if (mode === 'text') {
      el.select();
    } else {
      const range = el.ownerDocument.createRange();
      range.selectNodeContents(el);
      const sel = el.ownerDocument.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
    }
    return { mode, type: el.type || '', value: mode === 'rich' ? el.textContent : el.value };
  };

  /**
   * @param {Errand.El} el
   * @param {string[]} names
   */
  function fire(el, names) {
    for (const n of names) el.dispatchEvent(new Event(n, { bubbles: true }));
  }

  // setNative sets the value of a field whose picker has no keyboard path, through the
  // prototype's setter so frameworks that wrap the value property still see the change.
  E.setNative = (id, v) => {
    const el = E.find(id);
    if (!el) return fail('not_found', 'no element with id ' + id + ' on the page');
    const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    el.focus();
    set.call(el, v);
    fire(el, ['input', 'change']);
    if (v && el.value !== v) return fail('invalid', 'the ' + el.type + ' field refused "' + v + '"');
    return { value: el.value };
  };

  // committed ends typing: the change event a person's blur or Enter would fire. Focus stays,
  // so a following press("Enter") reaches the same form.
  E.committed = (id) => {
    const el = E.find(id);
    if (!el) return { value: '' };
    if (!el.isContentEditable) fire(el, ['change']);
    return { value: el.isContentEditable ? el.textContent : el.value };
  };

  /** @param {unknown} s */
  function norm(s) {
    return String(s).replace(/\s+/g, ' ').trim().toLowerCase();
  }

  E.select = (id, want) => {
    const el = E.find(id);
    if (!el) return fail('not_found', 'no element with id ' + id + ' on the page');
    if (el.localName !== 'select') return fail('invalid', E.label(el) + ' is not a select; click it, then click the option');
    if (disabled(el)) return fail('disabled', E.label(el) + ' is disabled');
    const w = norm(want);
    const opts = Array.from(el.options);
    /** @type {((o: HTMLOptionElement) => boolean)[]} */
    const tests = [
      (o) => norm(o.text) === w,
      (o) => o.value === want || norm(o.value) === w,
      (o) => norm(o.text).startsWith(w),
      (o) => norm(o.text).includes(w),
    ];
    let pick = null;
    for (const t of tests) {
      pick = opts.find((o) => t(o) && !o.disabled) || opts.find(t);
      if (pick) break;
    }
    if (!pick || !w) {
      const list = opts.map((o) => '"' + E.clip(o.text, 40) + '"').slice(0, 30).join(', ');
      return fail('invalid', 'no option "' + want + '"; options are ' + list);
    }
    if (pick.disabled) return fail('disabled', 'option "' + pick.text + '" is disabled');
    reveal(el);
    el.focus();
    if (el.selectedIndex !== pick.index) {
      el.selectedIndex = pick.index;
      fire(el, ['input', 'change']);
    }
    return { value: pick.text };
  };

  E.checked = (id) => {
    const el = E.find(id);
    if (!el) return fail('not_found', 'no element with id ' + id + ' on the page');
    if (disabled(el)) return fail('disabled', E.label(el) + ' is disabled');
    const a = el.getAttribute('aria-checked');
    if (el.localName === 'input' && (el.type === 'checkbox' || el.type === 'radio')) return { checked: el.checked };
    if (a === null) return fail('invalid', E.label(el) + ' is not a checkbox');
    return { checked: a === 'true' };
  };

  E.focus = (id) => {
    const el = E.find(id);
    if (!el) return fail('not_found', 'no element with id ' + id + ' on the page');
    reveal(el);
    el.focus();
    return {};
  };

  /** @param {Errand.El} el */
  function scroller(el) {
    for (let e = el; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
      if (e.scrollHeight > e.clientHeight + 1 && e.clientHeight > 0) {
        const o = getComputedStyle(e).overflowY;
        if (o === 'auto' || o === 'scroll' || o === 'overlay') return e;
      }
    }
    return null;
  }

  // scroll moves the focused scroll container, or the window, by most of a screen.
  E.scroll = (dir) => {
    const box = document.activeElement ? scroller(document.activeElement) : null;
    const h = box ? box.clientHeight : innerHeight;
    const max = box ? box.scrollHeight : document.documentElement.scrollHeight;
    const by = { down: 0.8 * h, up: -0.8 * h }[dir];
    /** @type {ScrollToOptions} */
    const opts = { behavior: 'instant' };
    const target = box || window;
    if (by !== undefined) target.scrollBy(Object.assign({ top: by }, opts));
    else if (dir === 'top') target.scrollTo(Object.assign({ top: 0 }, opts));
    else if (dir === 'bottom') target.scrollTo(Object.assign({ top: max }, opts));
    else return fail('invalid', 'scroll direction must be up, down, top or bottom, not "' + dir + '"');
    return {};
  };

  E.extract = () => {
    const b = document.body;
    return { text: b ? E.cut(b.innerText, 4000) : '' };
  };
})();
