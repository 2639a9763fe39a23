// The Knowledge and Skills screens. Both read Transport.knowledge(). Until the knowledge
// package lands, `available` is false and the screens say what they will do and why they
// cannot yet: no sample data, no forms that look as if they work.

import { h } from "../dom";
import { when } from "../history";
import type { KnowledgeDocument, KnowledgeStatus, Skill, Transport } from "../transport";

type Render = (k: KnowledgeStatus, now: Date) => Node[];

// knowledgeView is what both screens share: a title, a loading and an error state, and a
// body drawn from the latest KnowledgeStatus.
function knowledgeView(t: Transport, title: string, cls: string, render: Render, now: () => Date) {
  const body = h("div", { class: "knowledge-body" });
  const el = h(
    "div",
    { class: `screen-inner ${cls}` },
    h("div", { class: "screen-head" }, h("h1", { class: "screen-title" }, title)),
    body,
  );
  let ticket = 0;
  async function load() {
    const mine = ++ticket;
    body.setAttribute("aria-busy", "true");
    body.replaceChildren(h("p", { class: "screen-note" }, "Loading…"));
    try {
      const k = await t.knowledge();
      if (mine !== ticket) return;
      body.replaceChildren(...render(k, now()));
    } catch (err) {
      if (mine !== ticket) return;
      const msg = err instanceof Error ? err.message : String(err);
      body.replaceChildren(h("p", { class: "screen-note error", role: "alert" }, `Could not load this screen: ${msg}`));
    } finally {
      if (mine === ticket) body.setAttribute("aria-busy", "false");
    }
  }
  return { el, show: () => void load() };
}

function notYet(reason: string): HTMLElement {
  return h(
    "div",
    { class: "notice", role: "note" },
    h("p", { class: "notice-title" }, "Not available yet"),
    reason ? h("p", {}, reason) : null,
  );
}

function plan(items: string[]): HTMLElement {
  return h(
    "section",
    { class: "screen-section", "aria-label": "What this screen will do" },
    h("h3", {}, "What this screen will do"),
    h("ul", { class: "plan-list" }, ...items.map((s) => h("li", {}, s))),
  );
}

/** The Knowledge screen: documents Errand has read, and (later) the form to add more. */
export function knowledgeScreen(t: Transport, now: () => Date = () => new Date()) {
  return knowledgeView(t, "Knowledge", "knowledge-screen", (k, at) => {
    const lead = h(
      "p",
      { class: "screen-lead" },
      "Errand can read help pages and documents you give it, and plan with what they say.",
    );
    if (!k.available) {
      return [
        lead,
        notYet(k.reason),
        plan([
          "Add a web address or a file (HTML, PDF, DOCX, Markdown, text, JSON, CSV).",
          "Read one page, a site's sitemap, or follow its links (spider), with a limit on pages and on depth.",
          "Show the progress while it reads.",
          "List the documents it learned, each with how many passages it keeps and a Delete button.",
        ]),
        addPreview(),
      ];
    }
    return [lead, documentList(k.documents, at), readOnlyNote()];
  }, now);
}

/** The Skills screen: fixes Errand learned from corrections that then worked. */
export function skillsScreen(t: Transport, now: () => Date = () => new Date()) {
  return knowledgeView(t, "Skills", "skills-screen", (k, at) => {
    const lead = h(
      "p",
      { class: "screen-lead" },
      "When you correct a step and the corrected step works, Errand keeps the fix for that site " +
        "and offers it as a hint the next time a similar step comes up.",
    );
    if (!k.available) {
      return [
        lead,
        notYet(k.reason),
        plan([
          "List the fixes Errand learned from your corrections: the site, the goal, the action that failed and the one that worked.",
          "Show how often each fix succeeded and when it was last used.",
          "Delete a fix that is wrong.",
          "Fixes unused for 90 days are forgotten, and only fixes that work at least half the time are offered as hints.",
        ]),
      ];
    }
    return [lead, skillList(k.skills, at), readOnlyNote()];
  }, now);
}

// addPreview shows the shape of the add form, visibly switched off.
function addPreview(): HTMLElement {
  return h(
    "form",
    { class: "preview", "aria-label": "Add a source (not available yet)" },
    h(
      "fieldset",
      { disabled: true },
      h("legend", {}, "Add a source — not available yet"),
      h("label", { class: "field" }, h("span", {}, "Web address or file"), h("input", { type: "text", placeholder: "https://example.com/help" })),
      h(
        "div",
        { class: "field-row" },
        h(
          "label",
          { class: "field" },
          h("span", {}, "How much to read"),
          h(
            "select",
            {},
            h("option", {}, "Single page"),
            h("option", {}, "Sitemap"),
            h("option", {}, "Follow links (spider)"),
          ),
        ),
        h("label", { class: "field" }, h("span", {}, "Max pages"), h("input", { type: "number", value: "50" })),
        h("label", { class: "field" }, h("span", {}, "Max depth"), h("input", { type: "number", value: "2" })),
      ),
      h("button", { type: "button" }, "Add"),
    ),
  );
}

function readOnlyNote(): HTMLElement {
  return h(
    "p",
    { class: "screen-note" },
    "This list is read-only for now: adding and deleting from here comes in a later version.",
  );
}

function documentList(docs: KnowledgeDocument[], now: Date): HTMLElement {
  if (!docs.length) return h("p", { class: "screen-note" }, "No documents yet.");
  return table(
    "Documents",
    ["Title", "Address", "Passages", "Added"],
    docs.map((d) => [
      d.title || "(untitled)",
      h("span", { class: "cell-url" }, d.url),
      String(d.chunks),
      dateCell(d.ingestedAt, now),
    ]),
  );
}

function skillList(skills: Skill[], now: Date): HTMLElement {
  if (!skills.length) return h("p", { class: "screen-note" }, "No skills yet: they come from corrections that worked.");
  return table(
    "Skills",
    ["Site", "Goal", "Fix", "Worked", "Last used"],
    skills.map((s) => [
      s.domain,
      s.goal,
      h(
        "span",
        { class: "skill-fix" },
        h("code", { class: "skill-failed" }, s.failedAction),
        " → ",
        h("code", { class: "skill-ok" }, s.successfulAction),
      ),
      `${s.successes} of ${s.uses}`,
      dateCell(s.lastUsed, now),
    ]),
  );
}

function dateCell(iso: string, now: Date): HTMLElement {
  const d = new Date(iso);
  return h("time", { datetime: iso, title: Number.isNaN(d.getTime()) ? "" : d.toLocaleString() }, when(d, now));
}

function table(label: string, head: string[], rows: (string | Node)[][]): HTMLElement {
  return h(
    "div",
    { class: "table-wrap" },
    h(
      "table",
      { class: "data-table", "aria-label": label },
      h("thead", {}, h("tr", {}, ...head.map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, ...rows.map((r) => h("tr", {}, ...r.map((c) => h("td", {}, c))))),
    ),
  );
}
