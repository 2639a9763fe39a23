// @ts-check
// The in-page runtime of the browser package, part two: how one element reads — its
// role, name, value and state flags — and the small geometry tests the walk and the
// actions share. Everything here works on one element and is called thousands of times a
// walk, so each reader touches only what it needs.
(() => {
  const E = window.__errandV3;
  if (!E || E.read) return;
  const clip = E.clip;
  const S = E.S;

  /** @type {Record<string, string>} */
  const ROLES = {
    button: 'btn', link: 'link', checkbox: 'chk', radio: 'radio', tab: 'tab', menuitem: 'menu',
    menuitemcheckbox: 'menu', menuitemradio: 'menu', option: 'opt', switch: 'switch',
    combobox: 'sel', textbox: 'inp', searchbox: 'inp',
  };
  /** @type {Record<string, string>} */
  const INPUT_ROLES = { checkbox: 'chk', radio: 'radio', submit: 'btn', button: 'btn', reset: 'btn', image: 'btn' };

  // TAG sorts elements by local name so the loop over every element does one lookup:
  // 1 a control by its tag, 2 a heading, 3 never read, 4 a frame, 5 a row, 6 a cell.
  /** @type {Record<string, number>} */
  const TAG = {
    a: 1, button: 1, summary: 1, input: 1, select: 1, textarea: 1,
    h1: 2, h2: 2, h3: 2, h4: 2, h5: 2, h6: 2,
    script: 3, style: 3, link: 3, meta: 3, noscript: 3, template: 3, head: 3, title: 3, br: 3,
    iframe: 4, frame: 4, tr: 5, td: 6, th: 6,
  };
  const ATTR_SEL = '[role],[contenteditable],[onclick],[tabindex],[aria-live],[aria-invalid]';

  /** @type {Errand.Read['tagRole']} */
  function tagRole(el, tag) {
    switch (tag) {
      case 'a': return el.hasAttribute('href') ? 'link' : '';
      case 'input': {
        const t = el.type;
        return t === 'hidden' ? '' : INPUT_ROLES[t] || 'inp';
      }
      case 'select': return 'sel';
      case 'textarea': return 'txt';
    }
    return 'btn';
  }

  // attrRole refines r with the attributes that make any element a control.
  /** @type {Errand.Read['attrRole']} */
  function attrRole(el, tag, r) {
    const ar = el.getAttribute('role');
    if (ar) {
      const m = ROLES[ar];
      if (m) {
        if (ar === 'combobox' && tag === 'input') return 'inp';
        if (ar === 'textbox' && el.getAttribute('aria-multiline') === 'true') return 'txt';
        if (ar === 'checkbox' && tag === 'input') return 'chk';
        return m;
      }
    }
    if (r || (tag === 'input' && el.type === 'hidden')) return r;
    const ce = el.getAttribute('contenteditable');
    if (ce !== null && ce !== 'false') {
      const p = el.parentElement;
      return p && p.isContentEditable ? '' : 'txt';
    }
    if (el.hasAttribute('onclick')) return 'btn';
    if (el.hasAttribute('tabindex') && el.tabIndex >= 0) return 'btn';
    return '';
  }

  /** @type {Errand.Read['roleOf']} */
  function roleOf(el, tag) {
    const r = TAG[tag] === 1 ? tagRole(el, tag) : '';
    return el.hasAttributes() ? attrRole(el, tag, r) : r;
  }

  // ownText is an element's text without the text of the control it labels (a label that
  // wraps a select would otherwise read out every option).
  /**
   * @param {Errand.El} lab
   * @param {Errand.El} ctl
   */
  function ownText(lab, ctl) {
    if (!lab.contains(ctl) || ctl.localName === 'input') return E.words(lab, 80);
    let t = '';
    for (const c of lab.childNodes) if (c !== ctl && !c.contains(ctl)) t += ' ' + (c.nodeType === 1 ? E.words(c, 80) : c.textContent);
    return clip(t, 80);
  }

  // nameOf computes the accessible name. deps, when given, collects the other elements the
  // name was read from (labels, aria-labelledby targets), so a change in them is noticed;
  // those are noted in S.named, so the page's text does not say them a second time.
  /** @type {Errand.Read['nameOf']} */
  function nameOf(el, tag, role, root, L, deps) {
    let s = el.getAttribute('aria-labelledby');
    if (s) {
      let t = '';
      const from = [];
      for (const id of s.split(/\s+/)) {
        const x = (root.getElementById ? root.getElementById(id) : null) || el.ownerDocument.getElementById(id);
        if (x) t += ' ' + E.words(x, 80);
        if (x) from.push(x);
        if (x && deps) deps.push(x);
      }
      t = clip(t, 80);
      if (t) {
        for (const x of from) if (x !== el) S.named.add(x);
        return t;
      }
    }
    s = el.getAttribute('aria-label');
    if (s && (s = clip(s, 80))) return s;
    const field = tag === 'input' || tag === 'select' || tag === 'textarea';
    if (field) {
      if (el.id) {
        const lab = L.get(el.id);
        if (lab && deps) deps.push(lab);
        // A label[for] may wrap its select too: its option texts are no part of the name.
        if (lab && (s = ownText(lab, el))) {
          S.named.add(lab);
          return s;
        }
      }
      const wrap = el.closest('label');
      if (wrap && deps) deps.push(wrap);
      if (wrap && (s = ownText(wrap, el))) {
        S.named.add(wrap);
        return s;
      }
      s = el.getAttribute('placeholder');
      if (s && (s = clip(s, 80))) return s;
    } else if ((s = E.words(el, 80))) {
      return s;
    }
    s = el.getAttribute('title');
    if (s && (s = clip(s, 80))) return s;
    if (!field) {
      const img = /** @type {HTMLImageElement} */ (el.querySelector('img[alt]'));
      if (img && (s = clip(img.alt, 80))) return s;
    }
    if (tag === 'input' && role === 'btn') {
      return clip(el.value, 80) || (el.type === 'submit' ? 'Submit' : el.type === 'reset' ? 'Reset' : '');
    }
    return '';
  }

  /** @type {Errand.Read['valueOf']} */
  function valueOf(el, tag) {
    if (tag === 'input') {
      const t = el.type;
      if (t === 'checkbox' || t === 'radio' || INPUT_ROLES[t]) return '';
      if (t === 'password') return el.value ? '***' : '';
      return clip(el.value, 200);
    }
    if (tag === 'textarea') return clip(el.value, 200);
    // A link's value is where it goes (same-origin as a path), so two links to one place
    // can be told to be one destination and a model sees where a link leads.
    if (tag === 'a' && el.hasAttribute('href')) {
      const raw = el.getAttribute('href');
      if (raw[0] === '/' && raw[1] !== '/' && !raw.includes('/.')) return clip(raw, 200);
      if (raw[0] === '#' && el.ownerDocument === document) return clip(location.pathname + location.search + raw, 200);
      const h = el.href;
      return clip(h.startsWith(location.origin + '/') ? h.slice(location.origin.length) : h, 200);
    }
    if (tag === 'select') {
      if (!el.multiple) return el.selectedIndex >= 0 ? clip(el.options[el.selectedIndex].text, 200) : '';
      let t = '';
      for (const o of el.selectedOptions) t += (t ? ', ' : '') + o.text;
      return clip(t, 200);
    }
    return '';
  }

  // ariaFlags reads the ARIA state attributes into bits (1 disabled, 2 checked, 4 expanded,
  // 8 required, 16 invalid, 32 readonly, 64 selected). They change only with a mutation, so
  // the walk keeps them with the element's name.
  /** @type {Errand.Read['ariaFlags']} */
  function ariaFlags(el) {
    let f = 0;
    if (el.getAttribute('aria-disabled') === 'true') f |= 1;
    if (el.getAttribute('aria-checked') === 'true') f |= 2;
    if (el.getAttribute('aria-expanded') === 'true') f |= 4;
    if (el.getAttribute('aria-required') === 'true') f |= 8;
    const inv = el.getAttribute('aria-invalid');
    if (inv && inv !== 'false') f |= 16;
    if (el.getAttribute('aria-readonly') === 'true') f |= 32;
    if (el.getAttribute('aria-selected') === 'true') f |= 64;
    if (el.getAttribute('aria-pressed') === 'true') f |= 128;
    return f;
  }

  // stateOf lists the state flags from the ARIA bits and the live properties. fieldsets says
  // whether a disabled fieldset may disable el; the :disabled match it needs is the slowest
  // read here.
  /** @type {Errand.Read['stateOf']} */
  function stateOf(el, tag, fieldsets = true, aria = ariaFlags(el)) {
    let s = '';
    const field = tag === 'input' || tag === 'select' || tag === 'textarea' || tag === 'button';
    if ((field && (el.disabled || (fieldsets && el.matches(':disabled')))) || aria & 1) s += ',disabled';
    if (el.checked === true || aria & 2) s += ',checked';
    if (aria & 4 || (tag === 'summary' && el.parentElement && /** @type {HTMLDetailsElement} */ (el.parentElement).open)) s += ',expanded';
    if (el.required === true || aria & 8) s += ',required';
    if (aria & 16) s += ',invalid';
    if (el.readOnly === true || aria & 32) s += ',readonly';
    if (aria & 64) s += ',selected';
    // A toggle button held down (a segmented control's current choice, a bold button on).
    if (aria & 128) s += ',pressed';
    // A list that holds several choices at once: two options said for it are both chosen;
    // said for a dropdown that holds one, they are asked about (docs/understanding.md).
    if (tag === 'select' && /** @type {HTMLSelectElement} */ (el).multiple) s += ',multiple';
    const pop = el.getAttribute('aria-haspopup');
    if (pop && pop !== 'false') s += ',popup';
    // A field that offers suggestions as one types: the value is then chosen from them.
    if (tag === 'input' && (el.getAttribute('role') === 'combobox' || el.hasAttribute('list') ||
        (el.getAttribute('aria-autocomplete') || 'none') !== 'none')) s += ',autocomplete';
    return s ? s.slice(1) : '';
  }
  E.stateOf = stateOf;


  // hits reports whether a hit-test result stands for el: el itself, inside it, one of its
  // ancestors (a wrapped inline element's box centre can fall on its parent), or its label.
  /** @type {Errand.Read['hits']} */
  function hits(el, hit) {
    if (!hit) return true;
    if (hit === el || el.contains(hit) || hit.contains(el)) return true;
    const lab = hit.closest && hit.closest('label');
    return !!(lab && (lab.control === el || lab.contains(el)));
  }
  E.hits = hits;

  /** @type {Errand.Read['modalsIn']} */
  function modalsIn(root) {
    const out = [];
    for (const m of root.querySelectorAll('dialog[open],[aria-modal=true],[role=dialog],[role=alertdialog]')) {
      const r = m.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && m.checkVisibility({ visibilityProperty: true })) out.push(m);
    }
    return out;
  }
  E.modalsIn = modalsIn;

  // modalsOf is modalsIn from the attribute set the walk already has.
  /** @type {Errand.Read['modalsOf']} */
  function modalsOf(root, attrs) {
    const out = [];
    /** @param {Errand.El} m */
    const visible = (m) => {
      const r = m.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && m.checkVisibility({ visibilityProperty: true });
    };
    for (const d of root.getElementsByTagName('dialog')) if (d.open && visible(d)) out.push(d);
    for (const m of attrs) {
      const ar = m.getAttribute('role');
      if ((ar === 'dialog' || ar === 'alertdialog') && m.localName !== 'dialog' && visible(m)) out.push(m);
    }
    return out;
  }

  /** @type {Errand.Read['outside']} */
  function outside(modals, el) {
    for (const m of modals) if (m.contains(el)) return false;
    return true;
  }

  /** @type {Errand.Read['scrollInfo']} */
  function scrollInfo(el) {
    const h = el.scrollHeight, ch = el.clientHeight;
    const d = h - ch > 0 ? Math.round((el.scrollTop / (h - ch)) * 100) : 0;
    return { depth: d + '%', h };
  }

  /** @type {Errand.Read['scrollable']} */
  function scrollable(el) {
    if (!(el.scrollHeight > el.clientHeight + 1 && el.clientHeight > 0)) return false;
    const o = getComputedStyle(el).overflowY;
    return o === 'auto' || o === 'scroll' || o === 'overlay';
  }

  // TEXT_TYPES are the input types a node does not report: plain text, and the ones its
  // role already says.
  /** @type {Record<string, number>} */
  const TEXT_TYPES = { text: 1, checkbox: 1, radio: 1, button: 1, reset: 1, image: 1 };

  // optionTexts are a select's options as a node lists them (at most 200).
  /** @param {HTMLSelectElement} el */
  function optionTexts(el) {
    const o = [];
    for (const op of el.options) if (o.length < 200) o.push(clip(op.text, 80));
    return o;
  }

  E.read = {
    ROLES, INPUT_ROLES, TAG, ATTR_SEL, TEXT_TYPES, tagRole, attrRole, roleOf, nameOf, valueOf, stateOf, ariaFlags,
    hits, modalsIn, modalsOf, outside, scrollInfo, scrollable, optionTexts,
  };
})();
