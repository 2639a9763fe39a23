// The types of the in-page runtime (tracker.js … act.js), for the type check alone: the
// frontend's tsc reads this file with the scripts (frontend/tsconfig.scripts.json, run by
// `npm test` and `npm run build`). Nothing here ships: page.go embeds the plain scripts,
// which run one after another in one page, sharing window.__errandV3.

interface Window {
  __errandV3?: Errand.Runtime;
}

declare namespace Errand {
  /**
   * El is any element as the runtime reads it. The walk goes over every element and
   * tells them apart by localName, not by class, so it reads a form control's, link's or
   * frame's properties where the tag says they exist; FieldProps lists those.
   */
  type El = Element & Partial<HTMLElement> & Partial<FieldProps>;

  interface FieldProps {
    type: string;
    value: string;
    checked: boolean;
    disabled: boolean;
    required: boolean;
    readOnly: boolean;
    multiple: boolean;
    selectedIndex: number;
    options: HTMLOptionsCollection;
    selectedOptions: HTMLCollectionOf<HTMLOptionElement>;
    href: string;
    open: boolean;
    alt: string;
    htmlFor: string;
    control: HTMLElement | null;
    form: HTMLFormElement | null;
    cells: HTMLCollectionOf<HTMLTableCellElement>;
    contentDocument: Document | null;
    select(): void;
  }

  /** A child node where the code tells elements from text by nodeType. */
  type Child = El & { data?: string };

  /** A document, shadow root or frame document the walk collects. */
  type RootNode = Document | ShadowRoot;

  /** getEventListeners of the DevTools command line API, when the walk is given it. */
  type GetListeners = (el: Element) => Record<string, unknown[]> | null;

  /** What the runtime keeps in a document between calls (tracker.js). */
  interface State {
    seq: number;
    ids: Map<string, Rec[]>;
    boxes: Map<string, string>;
    given: Set<string>;
    count: number;
    last: number;
    token: string;
    recording: boolean;
    events: string[];
    watched: WeakSet<Node>;
    roots: Root[];
    touched: Node[];
    subtrees: Element[];
    stats: WeakMap<Element, Stat>;
    wired: WeakMap<Element, string>;
    named: WeakSet<Element>;
    rowNames: WeakMap<Element, string>;
    scrollers: Element[];
    /** The last collect (collect.js), kept until a mutation is seen. */
    cache?: Collected;
  }

  /** One collected root: the document, a shadow root or a frame's document. */
  interface Root {
    root: RootNode;
    doc: Document;
    frame: number;
    frameEl: El | null;
    topFrame: El | null;
    parent: number;
    attrs: Set<El>;
    /** label[for] by the id it names */
    L: Map<string, El>;
    ariaRows: boolean;
    rows: boolean;
    fieldsets: boolean;
    offFieldsets: boolean;
    ox: number;
    oy: number;
    vw: number;
    vh: number;
  }

  /** The nodes the mutations since the last walk reached (null: too many to tell). */
  interface Dirty {
    set: Set<Node>;
    labels: boolean;
  }

  /** The collect pass's result, K (collect.js). */
  interface Collected {
    roots: Root[];
    cands: Cand[];
    seq: Ent[];
    count: number;
    frames: number;
    undef: number;
    dirty: Dirty | null;
    head: El | null;
    row: El | null;
    cell: El | null;
    rows: Map<El, [El, string][]>;
    legends: Map<El, string>;
    headText: Map<El, string>;
    prevHead: Map<El, El | null>;
    ctl: (El | null)[];
    box: Box[];
    label: El | null;
    labelLast: El | null;
    lastText: Unit | null;
    units: Map<El, Unit>;
    site: El | null;
    joins: Map<El, boolean>;
    boxes: Map<Node, Box>;
    probed: Map<El, string>;
    cursor: Map<El, string>;
  }

  /** A control found by the collect pass (collect.js's Cand). */
  interface Cand {
    el: El;
    tag: string;
    role: string;
    ri: number;
    head: El | null;
    row: El | null;
    cell: El | null;
    grp: Box | null;
    prev: Unit | null;
    wired: boolean;
    stat: Stat | null;
  }

  /** One entry of the collect's document-order list (collect.js's Ent). */
  interface Ent {
    el: El;
    ri: number;
    c: Cand | null;
    plain: boolean;
    u: Unit | null;
    head: El | null;
    row: El | null;
    cell: El | null;
    grp: Box | null;
    wc: Cand | null;
    farKey: string;
    farDir: number;
  }

  /** A dialog, fieldset or row things are grouped under (collect.js's Box). */
  interface Box {
    el: El | RootNode;
    kind: string;
    parent: Box | null;
    name: string | null;
    last: El | null;
  }

  /** One run of words (text.js's Unit). */
  interface Unit {
    el: El;
    ri: number;
    grp: Box | null;
    kind: string;
    level: number;
    text: string | null;
    placed: boolean;
    site: boolean;
    legend: boolean;
  }

  /** What the walk keeps of a control until the DOM changes (observe.js's stat). */
  interface Stat {
    name: string;
    ctx: string;
    t: string;
    o: string[] | null;
    base: string;
    aria: number;
    head: El | null;
    row: El | null;
    cell: El | null;
    deps: El[];
    pos: boolean;
    /** The words or symbols drawn on a control named otherwise (a "⋯" named "More options"). */
    shown: string;
    link: string;
    loc: string;
    field: boolean;
  }

  /** One observed node (observe.js's Rec). */
  interface Rec {
    el: El;
    i: string;
    r: string;
    x: number;
    y: number;
    w: number;
    h: number;
    n: string;
    v: string;
    s: string;
    t: string;
    c: string;
    f: number;
    occ: boolean;
    o: string[] | null;
    scr: Scroll | null;
    sh: string;
    near: boolean;
    base: string;
    pos: boolean;
    g: number;
    owner: Rec | null;
    grp: Box | null;
    /** Found by script (its own listener or a pointer cursor), not by its tag or role. */
    wired: boolean;
  }

  interface Scroll {
    depth: string;
    h: number;
  }

  /** One group line of the observation. */
  interface Group {
    k: string;
    n: string;
    p: number;
    rec: Rec | null;
  }

  /** One text block (text.js's TB). */
  interface TB {
    k: string;
    l: number;
    t: string;
    x: number;
    y: number;
    w: number;
    h: number;
    at: number;
    g: number;
    occ: boolean;
    site: boolean;
  }

  /** One walk's working state, W (observe.js); E.node makes a small one. */
  interface Walk {
    found: Rec[];
    modals: El[];
    K: Collected | null;
    roots: Root[];
    cs: Rec[];
    wired: Set<El>;
    units: Unit[];
    at: number[];
    dirs: number[];
    groups: Group[];
    gidx: Map<Box | Rec, number>;
    owners: Map<Node, Rec>;
    far: El | null;
    farDir: number;
    key: string;
    hid?: Hid[];
  }

  /** The page fields of an observation, the first line encode writes. */
  interface Page {
    domMode: string;
    url: string;
    pageTitle: string;
    viewport: { width: number; height: number };
    scrollPosition: string;
    hasErrors: boolean;
    hasSuccess: boolean;
    messages: string[];
    domHash: string;
    modal?: string;
    scrollableContainers?: { i: string; n?: string; depth: string; h: number }[];
    textAbove?: number;
    textBelow?: number;
    recentEvents?: string[];
  }

  /** An action helper's refusal, which Go turns into a page.ActionError. */
  interface Failure {
    err: string;
    msg: string;
  }

  interface Read {
    ROLES: Record<string, string>;
    INPUT_ROLES: Record<string, string>;
    TAG: Record<string, number>;
    ATTR_SEL: string;
    TEXT_TYPES: Record<string, number>;
    optionTexts(el: HTMLSelectElement): string[];
    tagRole(el: El, tag: string): string;
    attrRole(el: El, tag: string, r: string): string;
    roleOf(el: El, tag: string): string;
    nameOf(el: El, tag: string, role: string, root: RootNode, L: Map<string, El>, deps?: El[]): string;
    valueOf(el: El, tag: string): string;
    stateOf(el: El, tag: string, fieldsets?: boolean, aria?: number): string;
    ariaFlags(el: El): number;
    hits(el: El, hit: El | null): boolean;
    modalsIn(root: ParentNode): El[];
    modalsOf(root: Document, attrs: Iterable<El>): El[];
    outside(modals: El[], el: El): boolean;
    scrollInfo(el: El): Scroll;
    scrollable(el: El): boolean;
  }

  interface Text {
    MUTE: Record<string, number>;
    hasText(el: El): boolean;
    /** The words of el, leaving out those inside the elements of skip. */
    without(el: El, skip: Set<El>): string;
    unit(K: Collected, el: El, ri: number, grp: Box | null): Unit;
    read(
      W: Walk,
      vh: number,
      group: (b: Box | null) => number,
      isMessage: (el: El) => boolean,
      outside: (modals: El[], el: El) => boolean,
    ): { out: TB[]; above: number; below: number };
    labelBefore(u: Unit | null, fr: DOMRect): string;
  }

  interface Wired {
    plain(el: El, tag: string): boolean;
    probe(K: Collected, el: El, r: DOMRect, vw: number, vh: number, gel: GetListeners | null): string;
    iconName(el: El): string;
    name(el: El, tag: string, root: RootNode, L: Map<string, El>, deps: El[]): string;
  }

  interface Signals {
    messages(W: Walk, out: Page): Set<El>;
    domHash(): string;
    findScrollers(W: Walk): { el: El; n: Rec | undefined }[];
    dialogName(d: El): string;
  }

  interface Collect {
    collect(undef: number): Collected;
    current(K: Collected | undefined, undef: number): boolean;
    place(K: Collected): void;
    contextOf(K: Collected, c: { el: El; row: El | null; cell: El | null; head: El | null }, R: Root, deps: El[]): string;
    boxName(K: Collected, b: Box): string;
    undefinedCount(): number;
    Cand: new (
      el: El,
      tag: string,
      role: string,
      ri: number,
      head: El | null,
      row: El | null,
      cell: El | null,
      grp: Box | null,
      prev: Unit | null,
      wired: boolean,
    ) => Cand;
  }

  /** A control the walk found hidden, with what its context needs (behind.js). */
  interface Hid {
    c: Cand;
    R: Root;
  }

  /** A hidden control a visible one reveals, as encode writes it (page.Hidden). */
  interface Hidden {
    r: string;
    n: string;
    t: string;
    c: string;
    o: string[] | null;
    by: string;
    via: number;
  }

  interface Behind {
    list(W: Walk): Hidden[];
  }

  /** window.__errandV3: tracker.js makes it, each later script adds its part. */
  interface Runtime {
    S: State;
    clip(t: string | null | undefined, n: number): string;
    cut(t: string, k: number): string;
    /** An element's words as shown, a space where a line break or a block parts two. */
    words(el: Node | null | undefined, n: number): string;
    label(el: Element): string;
    watch(root: Node): void;
    state(id?: string): { url: string; token: string; count: number; quiet: number; node?: object | null };
    read: Read;
    stateOf: Read["stateOf"];
    hits: Read["hits"];
    modalsIn: Read["modalsIn"];
    text: Text;
    wired: Wired;
    signals: Signals;
    collect: Collect;
    behind: Behind;
    walk(gel: GetListeners | null): string;
    node(el: El, id: string): object | null;
    find(id: string): El | null;
    offset(el: Element): { x: number; y: number; frame: number; frameEl: El | null };
    /** value: aria-expanded of a menu button that is not a link, '' for anything else. */
    point(id: string, needEnabled: boolean): Failure | { x: number; y: number; value: string };
    popupState(id: string): Failure | { value: string };
    prepare(id: string): Failure | { mode: string; type?: string; value?: string };
    setNative(id: string, v: string): Failure | { value: string };
    committed(id: string): { value: string };
    select(id: string, want: string): Failure | { value: string };
    checked(id: string): Failure | { checked: boolean };
    focus(id: string): Failure | Record<string, never>;
    scroll(dir: string): Failure | Record<string, never>;
    extract(): { text: string };
  }
}
