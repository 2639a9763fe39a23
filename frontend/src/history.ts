// Past tasks in words: the list the History screen shows, and the small helpers the trace
// view shares with it (status badge, "12 min ago", the totals line).

import { duration, phaseLabel } from "./events";
import { h } from "./dom";
import type { TaskRow } from "./transport";

export type HistoryState =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "rows"; rows: TaskRow[] };

/**
 * renderHistory fills list (a <ul>) with the tasks. With onOpen each row is a button that
 * opens the task; without it the rows are plain text.
 */
export function renderHistory(
  list: HTMLElement,
  state: HistoryState,
  now: Date = new Date(),
  onOpen?: (row: TaskRow) => void,
): void {
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
    // Spans, not paragraphs: a button may only hold phrasing content.
    const parts = [
      h("span", { class: "history-top" }, statusBadge(t.status), h("time", { datetime: t.createdAt }, when(new Date(t.createdAt), now))),
      h("span", { class: "history-goal" }, t.goal || "(no goal)"),
      h("span", { class: "history-meta" }, [...totals(t), ...(t.resumable ? ["can be resumed"] : [])].join(" · ")),
    ];
    const title = t.summary ? `${t.goal}\n\n${t.summary}` : t.goal;
    if (onOpen) {
      const open = h("button", { type: "button", class: "history-row history-open", title }, ...parts);
      open.addEventListener("click", () => onOpen(t));
      list.append(h("li", {}, open));
    } else {
      list.append(h("li", { class: "history-row", title }, ...parts));
    }
  }
}

/** totals says what a task cost: steps, time, model calls and tokens. */
export function totals(t: Pick<TaskRow, "steps" | "durationMs" | "modelCalls" | "tokens">): string[] {
  return [
    plural(t.steps, "step"),
    duration(t.durationMs),
    plural(t.modelCalls ?? 0, "model call"),
    `${(t.tokens ?? 0).toLocaleString("en")} ${t.tokens === 1 ? "token" : "tokens"}`,
  ];
}

/** statusBadge is the coloured word a past task's status is shown as. */
export function statusBadge(status: string): HTMLElement {
  return h(
    "span",
    { class: `badge status-${statusClass(status)}`, title: `Last state: ${phaseLabel(status)}` },
    historyLabel(status),
  );
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

/** statusClass groups phases into the four colours past tasks are shown in. */
export function statusClass(status: string): string {
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

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
