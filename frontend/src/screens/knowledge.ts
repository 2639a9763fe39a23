// The Knowledge screen: what Errand has read, per site; a form to add web pages, sites,
// files and folders (or to read web pages in the browser), with the progress of the
// reading as it happens, even for a reading started before the screen was (re)loaded; a
// search that shows the passages a question finds; and Forget for a source or a whole
// site (docs/knowledge.md).

import { h } from "../dom";
import type { ErrandEvent } from "../events";
import { plural } from "../history";
import type { IngestRun, KnowledgeSite, KnowledgeView, Passage, Strategy, Transport } from "../transport";
import { ingestPanel } from "./ingest";
import { dateCell, forgetButton, message, screenShell, table } from "./parts";

export interface KnowledgeOptions {
  now?: () => Date;
  /** The elapsed-time ticker of a running ingestion; tests pass fake timers. */
  setInterval?: (f: () => void, ms: number) => number;
  clearInterval?: (id: number) => void;
}

export function knowledgeScreen(t: Transport, opts: KnowledgeOptions = {}) {
  const now = opts.now ?? (() => new Date());
  const { el, refresh } = screenShell("Knowledge", "knowledge-screen");
  const list = h("div", { class: "knowledge-sites", "aria-live": "polite" });
  const search = searchForm(t);
  const add = addForm(t, { ...opts, onStored: () => void load() });
  el.append(
    h(
      "p",
      { class: "screen-lead" },
      "Errand reads help pages and documents you give it, and plans with what they say. " +
        "Everything stays on this computer.",
    ),
    add.el,
    search.el,
    h("section", { class: "screen-section", "aria-label": "What Errand has read" }, h("h2", {}, "What Errand has read"), list),
  );

  let ticket = 0;
  async function load() {
    void add.resume();
    const mine = ++ticket;
    list.setAttribute("aria-busy", "true");
    if (!list.firstChild) list.append(h("p", { class: "screen-note" }, "Loading…"));
    try {
      const k = await t.knowledge();
      if (mine !== ticket) return;
      list.replaceChildren(...renderSites(t, k, now(), () => void load()));
      search.sites(k.sites.map((s) => s.site));
    } catch (err) {
      if (mine !== ticket) return;
      list.replaceChildren(h("p", { class: "screen-note error", role: "alert" }, `Could not load the knowledge: ${message(err)}`));
    } finally {
      if (mine === ticket) list.setAttribute("aria-busy", "false");
    }
  }
  refresh.addEventListener("click", () => void load());
  const stop = t.onEvent(add.onEvent);

  return {
    el,
    show: () => void load(),
    dispose() {
      stop();
      add.dispose();
    },
  };
}

function renderSites(t: Transport, k: KnowledgeView, now: Date, reload: () => void): Node[] {
  if (!k.sites.length) {
    return [h("p", { class: "screen-note" }, "Nothing yet. Add a help page, a whole site, or a folder of documents above.")];
  }
  return k.sites.map((s) => siteSection(t, s, now, reload));
}

function siteSection(t: Transport, s: KnowledgeSite, now: Date, reload: () => void): HTMLElement {
  const name = s.site === "local" ? "Files on this computer" : s.site;
  const forgetSite = forgetButton({
    label: `Forget everything from ${name}`,
    text: "Forget the site",
    question: `Forget all ${plural(s.sources.length, "source")} of ${name} (${plural(s.chunks, "passage")})?`,
    forget: async () => {
      await t.forgetKnowledge(s.site);
      reload();
    },
  });
  return h(
    "section",
    { class: "knowledge-site", "aria-label": name },
    h(
      "div",
      { class: "site-head" },
      h("h3", {}, name),
      h("span", { class: "site-count" }, `${plural(s.sources.length, "source")} · ${plural(s.chunks, "passage")}`),
      forgetSite,
    ),
    table(
      `Sources of ${name}`,
      ["Title", "Source", "Kind", "Passages", "Read", ""],
      s.sources.map((src) => [
        src.title || "(untitled)",
        h("span", { class: "cell-url" }, src.source),
        src.kind,
        String(src.chunks),
        dateCell(src.ingestedAt, now),
        forgetButton({
          label: `Forget ${src.title || src.source}`,
          question: `Forget this source and its ${plural(src.chunks, "passage")}?`,
          forget: async () => {
            await t.forgetKnowledge(src.source);
            reload();
          },
        }),
      ]),
    ),
  );
}

const strategies: [Strategy, string][] = [
  ["single", "Only this page"],
  ["sitemap", "The pages its sitemap lists"],
  ["spider", "Follow its links (spider)"],
];

interface AddOptions extends KnowledgeOptions {
  /** Something was stored: the list is out of date. */
  onStored: () => void;
}

// addForm is the form that adds sources and the progress of the ingestion it started.
function addForm(t: Transport, opts: AddOptions) {
  const every = opts.setInterval ?? ((f, ms) => window.setInterval(f, ms));
  const stopEvery = opts.clearInterval ?? ((id) => window.clearInterval(id));
  const sources = h("textarea", {
    id: "knowledge-sources",
    rows: 3,
    placeholder: "https://help.example.com/billing\n/home/me/Documents/manual.pdf",
    "aria-describedby": "knowledge-sources-hint",
  });
  const strategy = h("select", { id: "knowledge-strategy" }, ...strategies.map(([v, label]) => h("option", { value: v }, label)));
  const live = h("input", { type: "checkbox", id: "knowledge-live", "aria-describedby": "knowledge-live-hint" });
  const maxPages = h("input", { type: "number", id: "knowledge-max-pages", min: 1, max: 5000, value: 100 });
  const maxDepth = h("input", { type: "number", id: "knowledge-max-depth", min: 1, max: 10, value: 2, disabled: true });
  const submit = h("button", { type: "submit", class: "primary" }, "Add");
  const formError = h("p", { class: "form-error", role: "alert", hidden: true });
  const progress = ingestPanel(t, every, stopEvery);
  const form = h(
    "form",
    { class: "knowledge-add", "aria-label": "Add a source" },
    h("h2", {}, "Add a source"),
    h(
      "label",
      { class: "field", for: "knowledge-sources" },
      h("span", {}, "Web addresses, files or folders"),
      sources,
      h(
        "span",
        { class: "field-hint", id: "knowledge-sources-hint" },
        "One a line. A file or folder needs its full path (from / or ~/). HTML, PDF, DOCX, Markdown, text, JSON and CSV are read.",
      ),
    ),
    h(
      "div",
      { class: "field-row" },
      h("label", { class: "field" }, h("span", {}, "How much to read"), strategy),
      h("label", { class: "field" }, h("span", {}, "Max pages"), maxPages),
      h("label", { class: "field" }, h("span", {}, "Max depth (link hops)"), maxDepth),
    ),
    h(
      "div",
      { class: "field field-check" },
      live,
      h("label", { for: "knowledge-live" }, "Read from the browser"),
      h(
        "p",
        { class: "field-hint", id: "knowledge-live-hint" },
        "For pages their scripts build: each web address is opened in Errand's browser, read as shown, " +
          "then again after each tab, accordion or \u201cshow more\u201d it reveals. Files and whole sites are read without it.",
      ),
    ),
    h("div", { class: "form-buttons" }, submit),
    formError,
    progress.el,
  );
  function limits() {
    // The browser reads the pages given, one at a time: no crawl.
    if (live.checked) strategy.value = "single";
    strategy.disabled = live.checked;
    maxPages.disabled = live.checked;
    maxDepth.disabled = live.checked || strategy.value !== "spider";
  }
  strategy.addEventListener("change", limits);
  live.addEventListener("change", limits);

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const lines = sources.value.split("\n").map((s) => s.trim()).filter(Boolean);
    formError.hidden = true;
    if (!lines.length) {
      showError("Give a web address or the full path of a file or folder.");
      sources.focus();
      return;
    }
    submit.disabled = true;
    progress.starting(lines);
    try {
      const id = await t.addSources({
        sources: lines,
        strategy: strategy.value as Strategy,
        maxPages: Number(maxPages.value) || 0,
        maxDepth: strategy.value === "spider" ? Number(maxDepth.value) || 0 : 0,
        live: live.checked,
      });
      sources.value = "";
      for (const r of progress.started(id)) react(r);
    } catch (err) {
      progress.failed();
      showError(message(err));
      submit.disabled = false;
    }
  });

  function showError(msg: string) {
    formError.textContent = msg;
    formError.hidden = false;
  }

  function react(r: "stored" | "ended" | null) {
    if (r === "stored") opts.onStored();
    if (r === "ended") {
      submit.disabled = false;
      opts.onStored();
    }
  }

  function onEvent(e: ErrandEvent) {
    if (e.type === "ingestProgress") react(progress.apply(e));
  }

  // resume draws the reading under way, if this screen is not drawing one: the screen
  // was reloaded (or opened in another tab) while it runs.
  async function resume() {
    if (!progress.asking()) return;
    let runs: IngestRun[] = [];
    try {
      runs = await t.ingests();
    } catch {
      // The list says what failed; the progress is a nicety.
    }
    const { attached, results } = progress.attach(runs[runs.length - 1]);
    if (attached) submit.disabled = true;
    for (const r of results) react(r);
  }

  return { el: form, onEvent, resume, dispose: progress.dispose };
}

// searchForm asks the knowledge a question and shows the passages it finds.
function searchForm(t: Transport) {
  const question = h("input", { type: "text", id: "knowledge-question", placeholder: "How do I give a partial refund?" });
  const site = h("select", { id: "knowledge-site" }, h("option", { value: "" }, "All sites"));
  const submit = h("button", { type: "submit" }, "Search");
  const results = h("div", { class: "knowledge-results", "aria-live": "polite" });
  const el = h(
    "form",
    { class: "knowledge-search", role: "search", "aria-label": "Search the knowledge" },
    h("h2", {}, "Search"),
    h(
      "div",
      { class: "field-row" },
      h("label", { class: "field search-question" }, h("span", {}, "Question"), question),
      h("label", { class: "field" }, h("span", {}, "Site"), site),
    ),
    h("div", { class: "form-buttons" }, submit),
    results,
  );
  let ticket = 0;
  el.addEventListener("submit", async (e) => {
    e.preventDefault();
    const q = question.value.trim();
    if (!q) {
      results.replaceChildren(h("p", { class: "screen-note error", role: "alert" }, "Ask something first."));
      question.focus();
      return;
    }
    const mine = ++ticket;
    submit.disabled = true;
    results.setAttribute("aria-busy", "true");
    results.replaceChildren(h("p", { class: "screen-note" }, "Searching…"));
    try {
      const ps = await t.search(q, site.value);
      if (mine !== ticket) return;
      results.replaceChildren(
        ps.length
          ? h("ol", { class: "passages", "aria-label": "Passages found" }, ...ps.map(passage))
          : h("p", { class: "screen-note" }, "Nothing found. Add the documentation that answers it above."),
      );
    } catch (err) {
      if (mine !== ticket) return;
      results.replaceChildren(h("p", { class: "screen-note error", role: "alert" }, `Could not search: ${message(err)}`));
    } finally {
      if (mine === ticket) {
        submit.disabled = false;
        results.setAttribute("aria-busy", "false");
      }
    }
  });
  return {
    el,
    /** sites refreshes the site choice, keeping the one chosen while it still exists. */
    sites(names: string[]) {
      const keep = site.value;
      site.replaceChildren(
        h("option", { value: "" }, "All sites"),
        ...names.map((n) => h("option", { value: n }, n === "local" ? "Files on this computer" : n)),
      );
      site.value = names.includes(keep) ? keep : "";
    },
  };
}

// passageText is how much of a passage the list shows; the rest is one click away.
const passageText = 600;

function passage(p: Passage): HTMLElement {
  const where = [p.heading, p.page ? `page ${p.page}` : "", p.trigger ?? ""].filter(Boolean).join(" · ");
  const text = p.text.length > passageText ? `${p.text.slice(0, passageText)}…` : p.text;
  return h(
    "li",
    { class: "passage" },
    h(
      "div",
      { class: "passage-head" },
      h("span", { class: "passage-title" }, p.title || p.source),
      where ? h("span", { class: "passage-heading" }, ` › ${where}`) : null,
      h("span", { class: "passage-score", title: "Relevance (higher is better)" }, `score ${p.score.toFixed(3)}`),
    ),
    h("div", { class: "passage-source cell-url" }, p.source),
    h("p", { class: "passage-text" }, text),
  );
}
