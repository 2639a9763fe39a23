// What the Knowledge and Skills screens share: tables, dates, and a Forget button that
// asks once in place before anything is deleted (nothing here can be undone).

import { h } from "../dom";
import { when } from "../history";

export function dateCell(iso: string, now: Date): HTMLElement {
  const d = new Date(iso);
  return h("time", { datetime: iso, title: Number.isNaN(d.getTime()) ? "" : d.toLocaleString() }, when(d, now));
}

export function table(label: string, head: string[], rows: (string | Node)[][]): HTMLElement {
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

export interface ForgetOptions {
  /** The button's accessible name, e.g. "Forget Refunds help". */
  label: string;
  /** The question asked in place, e.g. "Forget this source and its 12 passages?". */
  question: string;
  /** Deletes; the screen reloads after it. A rejection is shown beside the button. */
  forget: () => Promise<unknown>;
  text?: string; // the button's visible text; "Forget" by default
}

/**
 * forgetButton is a Forget button that turns into "question [Yes, forget] [Keep]" in
 * place: one click never deletes, and no browser dialog blocks the page.
 */
export function forgetButton(o: ForgetOptions): HTMLElement {
  const wrap = h("span", { class: "forget" });
  const start = h("button", { type: "button", class: "forget-start", "aria-label": o.label }, o.text ?? "Forget");
  function ask() {
    const yes = h("button", { type: "button", class: "forget-yes danger" }, "Yes, forget");
    const keep = h("button", { type: "button", class: "forget-keep" }, "Keep");
    const note = h("span", { class: "forget-note", role: "status" });
    yes.addEventListener("click", async () => {
      yes.disabled = keep.disabled = true;
      note.textContent = "Forgetting…";
      try {
        await o.forget();
      } catch (err) {
        note.textContent = `Could not forget: ${message(err)}`;
        note.classList.add("error");
        keep.disabled = false;
      }
    });
    keep.addEventListener("click", () => {
      wrap.replaceChildren(start);
      start.focus();
    });
    wrap.replaceChildren(h("span", { class: "forget-question" }, o.question), " ", yes, " ", keep, " ", note);
    yes.focus();
  }
  start.addEventListener("click", ask);
  wrap.append(start);
  return wrap;
}

/** screenShell is a screen's frame: a title with a Refresh button, and a body. */
export function screenShell(title: string, cls: string) {
  const refresh = h("button", { type: "button", class: "refresh", title: `Load ${title} again` }, "Refresh");
  const el = h(
    "div",
    { class: `screen-inner ${cls}` },
    h("div", { class: "screen-head" }, h("h1", { class: "screen-title" }, title), refresh),
  );
  return { el, refresh };
}

export function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
