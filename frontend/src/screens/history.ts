// The History screen: past tasks, newest first; one opens into its trace, and an
// interrupted one can be resumed from there.

import { h } from "../dom";
import { renderHistory } from "../history";
import type { TaskRow, Transport } from "../transport";
import { backButton, renderTrace } from "./trace";

export interface HistoryOptions {
  /** Called once a resume has started: the shell shows the Task screen, where it runs. */
  onResumed: () => void;
  now?: () => Date;
}

export function historyScreen(t: Transport, opts: HistoryOptions) {
  const now = opts.now ?? (() => new Date());
  const list = h("ul", { class: "history-list history-screen-list", "aria-label": "Past tasks" });
  const refresh = h("button", { type: "button", title: "Load the history again" }, "Refresh");
  const listView = h(
    "div",
    { class: "history-view" },
    h("div", { class: "screen-head" }, h("h1", { class: "screen-title" }, "History"), refresh),
    list,
  );
  const traceView = h("div", { class: "trace-view", hidden: true });
  const el = h("div", { class: "screen-inner history-screen" }, listView, traceView);

  // open is the task whose trace is shown, null on the list. Each load takes a ticket, so
  // a slow answer for a view the person has already left is dropped.
  let open: TaskRow | null = null;
  let ticket = 0;
  let focusAfterLoad: string | null = null;

  async function loadList() {
    const mine = ++ticket;
    renderHistory(list, { kind: "loading" });
    try {
      const rows = await t.tasks();
      if (mine !== ticket) return;
      renderHistory(list, { kind: "rows", rows }, now(), openTrace);
      if (focusAfterLoad) {
        const i = rows.findIndex((r) => r.id === focusAfterLoad);
        if (i >= 0) list.querySelectorAll<HTMLElement>("button.history-open")[i]?.focus();
      }
    } catch (err) {
      if (mine === ticket) renderHistory(list, { kind: "error", message: message(err) });
    } finally {
      if (mine === ticket) focusAfterLoad = null;
    }
  }

  async function loadTrace(row: TaskRow) {
    const mine = ++ticket;
    traceView.replaceChildren(
      backButton(showList),
      h("p", { class: "screen-note", "aria-busy": "true" }, "Loading the task…"),
    );
    try {
      const tr = await t.trace(row.id);
      if (mine !== ticket) return;
      traceView.replaceChildren(
        renderTrace(tr, { onBack: showList, onResume: () => resume(row.id), now: now() }),
      );
    } catch (err) {
      if (mine !== ticket) return;
      traceView.replaceChildren(
        backButton(showList),
        h("p", { class: "screen-note error", role: "alert" }, `Could not load this task: ${message(err)}`),
      );
    }
  }

  function openTrace(row: TaskRow) {
    open = row;
    listView.hidden = true;
    traceView.hidden = false;
    void loadTrace(row).then(() => traceView.querySelector<HTMLElement>(".trace-back")?.focus());
  }

  function showList() {
    focusAfterLoad = open?.id ?? null;
    open = null;
    traceView.hidden = true;
    traceView.replaceChildren();
    listView.hidden = false;
    void loadList();
  }

  async function resume(id: string) {
    await t.resume(id);
    // Back on the list next time: the trace shown would be out of date at once.
    open = null;
    traceView.hidden = true;
    listView.hidden = false;
    opts.onResumed();
  }

  refresh.addEventListener("click", () => void loadList());

  return {
    el,
    /** Loads what is in view again: the list, or the open task's trace. */
    show() {
      if (open) void loadTrace(open);
      else void loadList();
    },
  };
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
