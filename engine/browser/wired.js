// @ts-check
// The in-page runtime of the browser package, part four: controls wired by script. A div,
// span or cell that a page made clickable with addEventListener says so in no tag or
// attribute. Two things give it away, and the walk asks both of the plain elements near
// the viewport, once per element until the document changes:
//   - its own click listeners, which only DevTools can list (getEventListeners, from the
//     DevTools command line API the observation is evaluated with);
//   - a pointer cursor that its parent does not have: the outermost element of a
//     cursor:pointer region. That is how a listener delegated to the document shows.
// Icon-only controls get a name from aria-label, title, alt, the icon's class words, or,
// failing all, their position among their neighbours ("icon 3").
(() => {
  const E = window.__errandV3;
  if (!E || !E.read || E.wired) return;
  const clip = E.clip;

  const CLICKS = ['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'touchstart', 'touchend', 'dblclick'];
  // A region holding a field is a wrapper (a click on it focuses the field), not a control.
  const FIELD_SEL = 'textarea,select,input:not([type=checkbox]):not([type=radio]):not([type=hidden])';
  const NATIVE_SEL = 'a[href],button,input,select,textarea,summary,[role=button],[role=link],[onclick]';
  // PLAIN tags are the ones pages wire by script; the rest (tables, lists, headings, inline
  // formatting, SVG shapes) are never probed.
  /** @type {Record<string, number>} */
  const PLAIN = {
    div: 1, span: 1, li: 1, td: 1, th: 1, tr: 1, img: 1, svg: 1, i: 1, p: 1, dt: 1, dd: 1, article: 1,
    section: 1, figure: 1, aside: 1, picture: 1, canvas: 1, em: 1, b: 1, strong: 1, small: 1, header: 1,
  };

  /** @type {Errand.Wired['plain']} */
  function plain(el, tag) {
    return PLAIN[tag] === 1 || (tag.indexOf('-') > 0 && !el.shadowRoot);
  }

  /**
   * @param {Errand.Collected} K
   * @param {Errand.El} el
   */
  function cursorOf(K, el) {
    let c = K.cursor.get(el);
    if (c === undefined) {
      c = el && el.nodeType === 1 ? getComputedStyle(el).cursor : '';
      K.cursor.set(el, c);
    }
    return c;
  }

  // listens reports whether el has click-like listeners of its own.
  /**
   * @param {Errand.GetListeners | null} gel
   * @param {Errand.El} el
   */
  function listens(gel, el) {
    if (!gel) return false;
    let m = null;
    try {
      m = gel(el);
    } catch (e) {
      return false;
    }
    if (!m) return false;
    for (const t of CLICKS) if (m[t] && m[t].length) return true;
    return false;
  }

  // Roles that say an element holds controls rather than is one: a radio group listening
  // for its radios' clicks is no button.
  const CONTAINERS = new Set(('group radiogroup listbox menu menubar tablist toolbar grid treegrid tree list table ' +
    'rowgroup navigation region main banner contentinfo complementary form search dialog alertdialog application ' +
    'document feed log status alert tabpanel note article').split(' '));
  const CONTROL_SEL = NATIVE_SEL + ',[role=radio],[role=checkbox],[role=option],[role=tab],[role=menuitem],[role=switch]';

  // probe decides whether a plain element near the viewport (box r) is a control.
  /** @type {Errand.Wired['probe']} */
  function probe(K, el, r, vw, vh, gel) {
    if (r.width < 4 || r.height < 4) return '';
    const role = el.getAttribute('role');
    if (role && CONTAINERS.has(role)) return '';
    // A region as large as the page is a layout element or a delegation root.
    if (r.width * r.height > 0.4 * vw * vh || r.height > 0.7 * vh) return '';
    const p = el.parentElement || (el.parentNode && /** @type {ShadowRoot} */ (el.parentNode).host) || null;
    const pointer = cursorOf(K, el) === 'pointer' && !(p && cursorOf(K, p) === 'pointer');
    const own = listens(gel, el);
    if (!pointer && !own) return '';
    if (el.querySelector(FIELD_SEL)) return '';
    // A pointer region around a link or button: that one is the control.
    if (!own && el.querySelector(NATIVE_SEL)) return '';
    if (own && !pointer) {
      // A list that handles its items' clicks: the items (with the pointer, or controls of
      // their own) are what is clicked.
      let k = 0, n = 0;
      for (let ch = el.firstElementChild; ch && n < 8; ch = ch.nextElementSibling, n++) {
        if (cursorOf(K, ch) === 'pointer') k++;
      }
      if (k >= 2 || el.querySelectorAll(CONTROL_SEL).length >= 2) return '';
    }
    if (own && el.querySelectorAll(NATIVE_SEL).length >= 6) return '';
    return 'btn';
  }

  // Class words that say nothing about what an icon does.
  const GENERIC = new Set(('icon icons ico fa fas far fal fab fad fa-solid fa-regular fa-light fa-thin fa-duotone ' +
    'fa-brands fa-fw fa-lg fa-xs fa-sm fa-xl fa-2x fa-3x fa-4x fa-5x fa-spin fa-pulse fa-inverse fa-border bi ' +
    'glyphicon mdi ti ion octicon lucide la las lar lab feather material-icons material-icons-outlined ' +
    'material-symbols-outlined material-symbols-rounded svg-inline--fa btn button tool tools toolbar action ' +
    'actions item items row col cell wrap wrapper container inner outer box link clickable pointer active ' +
    'selected disabled hidden visible show hide open closed left right top bottom center small large big tiny ' +
    'sm md lg xl xs primary secondary default light dark muted flex inline block grid hover focus js ui svg ' +
    'img image pull-left pull-right float-left float-right').split(' '));
  const PREFIX = /^(?:fa|fas|far|fal|fab|bi|icon|icons|ico|glyphicon|mdi|ti|ion|ionicon|octicon|lucide|la|feather|ri|bx|bxs|gg|codicon|material-icons)-/;
  const STYLE_SUFFIX = /-(?:o|outline|outlined|solid|regular|fill|filled|line|alt|round|rounded|sharp|\d+)$/;

  // words turns icon class names into words: "fa-trash-o" → "trash". loose also takes
  // plain words ("star") when el is an icon.
  /**
   * @param {string} cls
   * @param {boolean} loose
   */
  function words(cls, loose) {
    const out = [];
    for (const c of cls.split(/\s+/)) {
      if (!c || GENERIC.has(c)) continue;
      const m = c.replace(PREFIX, '');
      if (m !== c) {
        const w = m.replace(STYLE_SUFFIX, '');
        if (w && !GENERIC.has(w) && /^[a-z][a-z0-9-]*$/i.test(w)) out.push(w.replace(/-/g, ' '));
      } else if (loose && /^[a-z]{3,14}$/.test(c)) {
        out.push(c);
      }
    }
    return out;
  }

  // iconName names an icon-only control from itself or its first few descendants.
  /** @type {Errand.Wired['iconName']} */
  function iconName(el) {
    const els = [el];
    for (const d of el.querySelectorAll('svg,i,span,img,use,[data-icon]')) {
      if (els.length >= 6) break;
      els.push(d);
    }
    for (const e of els) {
      const a = e.getAttribute('aria-label') || e.getAttribute('title') || e.getAttribute('data-icon') ||
        (e.localName === 'img' ? e.getAttribute('alt') : '');
      if (a && clip(a, 40)) return clip(a, 40);
      if (e.localName === 'svg') {
        const t = e.querySelector('title');
        if (t && clip(t.textContent, 40)) return clip(t.textContent, 40);
      }
      if (e.localName === 'use') {
        const h = e.getAttribute('href') || e.getAttribute('xlink:href') || '';
        const w = words(h.slice(h.lastIndexOf('#') + 1), true);
        if (w.length) return w.join(' ');
      }
      const w = words(e.getAttribute('class') || '', true);
      if (w.length) return clip(w.join(' '), 40);
    }
    return '';
  }

  // name is a script-wired control's name: its ARIA name, its rendered text (innerText,
  // so that the cells of a clickable row do not run together), its title or image.
  /** @type {Errand.Wired['name']} */
  function name(el, tag, root, L, deps) {
    const { nameOf } = E.read;
    const s = el.getAttribute('aria-labelledby') || el.getAttribute('aria-label') ? nameOf(el, tag, 'btn', root, L, deps) : '';
    if (s) return s;
    return clip(el.innerText, 80) || clip(el.getAttribute('title') || '', 80) ||
      (tag === 'img' ? clip(el.getAttribute('alt') || '', 80) : '') || iconName(el);
  }

  E.wired = { plain, probe, iconName, name };
})();
