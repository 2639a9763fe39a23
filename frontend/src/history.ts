// The History panel: past tasks from Transport.tasks(), newest first.

import { duration, phaseLabel } from "./events";
import { h } from "./dom";
import type { TaskRow } from "./transport";

export type HistoryState =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "rows"; rows: TaskRow[] };

export function renderHistory(list: HTMLElement, state: HistoryState, now: Date = new Date()): void {
  list.replaceChildren();
  list.setAttribute("aria-busy", String(state.kind === "loading"));
  if (state.kind === "loading") {
    list.append(h("li", { class: "history-note" }, "Loading…"));
    return;
  }
  if (state.kind === "error") {
    list.append(h("li", { class: "history-note error" }, `Could not load the history: ${state.message}`));
    return;
  }
  if (state.rows.length === 0) {
    list.append(
      h("li", { class: "history-note" }, "No errands yet. Each one you run is kept here, with how it ended."),
    );
    return;
  }
  for (const t of state.rows) {
    const created = new Date(t.createdAt);
    const meta = [`${t.steps} ${t.steps === 1 ? "step" : "steps"}`, duration(t.durationMs)];
    if (t.tokens) meta.push(`${t.tokens} tokens`);
    list.append(
      h(
        "li",
        { class: "history-row", title: t.summary ? `${t.goal}\n\n${t.summary}` : t.goal },
        h(
          "div",
          { class: "history-top" },
          h("span", { class: `badge status-${statusClass(t.status)}`, title: `Last state: ${phaseLabel(t.status)}` }, historyLabel(t.status)),
          h("time", { datetime: t.createdAt }, when(created, now)),
        ),
        h("p", { class: "history-goal" }, t.goal || "(no goal)"),
        h("p", { class: "history-meta" }, meta.join(" · ")),
      ),
    );
  }
}

// historyLabel names how a past task stands. A task stopped mid-way keeps the phase it was
// in ("clarifying"), but nothing waits on it any more: it is unfinished, and resumable.
export function historyLabel(status: string): string {
  switch (status) {
    case "completed":
    case "failed":
    case "cancelled":
    case "interrupted":
      return phaseLabel(status);
    default:
      return "Unfinished";
  }
}

// statusClass groups phases into the four colours the panel uses.
function statusClass(status: string): string {
  switch (status) {
    case "completed":
      return "ok";
    case "failed":
      return "fail";
    case "cancelled":
    case "interrupted":
      return "muted";
    default:
      return "active";
  }
}

/** when says how long ago a task started: "just now", "12 min ago", "yesterday 14:05", a date. */
export function when(t: Date, now: Date): string {
  if (Number.isNaN(t.getTime())) return "";
  const mins = Math.floor((now.getTime() - t.getTime()) / 60_000);
  if (mins < 1) return "just now";
  if (mins < 60) return `${mins} min ago`;
  const hm = t.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((day(now) - day(t)) / 86_400_000);
  if (days === 0) return `today ${hm}`;
  if (days === 1) return `yesterday ${hm}`;
  return t.toLocaleDateString([], { day: "numeric", month: "short", year: days > 300 ? "numeric" : undefined });
}
