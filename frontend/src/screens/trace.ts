// One past task, step by step: what Errand meant to do, what it did in the page, how each
// action was checked, and which model calls it cost. Pure rendering; the History screen
// fetches the trace and owns navigation.

import { h } from "../dom";
import { duration } from "../events";
import { plural, statusBadge, totals, when } from "../history";
import type { Trace, TraceAction, TraceCall, TraceStep } from "../transport";

export interface TraceHandlers {
  onBack: () => void;
  /** Continues the task; rejects with a message to show beside the button. */
  onResume: () => Promise<void>;
  now?: Date;
}

/** backButton is the way from a trace to the list, shown while it loads as well. */
export function backButton(onBack: () => void): HTMLButtonElement {
  const b = h("button", { type: "button", class: "link trace-back" }, "← Back to the list");
  b.addEventListener("click", onBack);
  return b;
}

export function renderTrace(tr: Trace, on: TraceHandlers): HTMLElement {
  const task = tr.task;
  const now = on.now ?? new Date();
  const started = new Date(task.createdAt);
  const facts = h(
    "dl",
    { class: "trace-facts" },
    ...fact("Started", h("time", { datetime: task.createdAt, title: started.toLocaleString() }, when(started, now))),
    ...(task.startUrl ? fact("Start page", h("span", { class: "trace-url" }, task.startUrl)) : []),
    ...(task.summary ? fact("Outcome", task.summary) : []),
  );
  return h(
    "article",
    { class: "trace", "aria-label": `Task: ${task.goal}` },
    h("div", { class: "trace-nav" }, backButton(on.onBack)),
    h(
      "header",
      { class: "trace-head" },
      h("div", { class: "trace-title" }, statusBadge(task.status), h("h2", { class: "trace-goal" }, task.goal || "(no goal)")),
      facts,
      h("p", { class: "trace-totals" }, totals(task).join(" · ")),
      task.resumable ? resumeBox(on.onResume) : null,
    ),
    h(
      "section",
      { class: "trace-section", "aria-label": "Steps" },
      h("h3", {}, "Steps"),
      tr.steps.length
        ? h("ol", { class: "trace-steps" }, ...tr.steps.map(stepItem))
        : h("p", { class: "screen-note" }, "No steps were recorded: the task ended before it acted in the page."),
    ),
    tr.calls.length
      ? h(
          "section",
          { class: "trace-section", "aria-label": "Planning and checks" },
          h("h3", {}, "Planning and checks"),
          callList(tr.calls),
        )
      : null,
  );
}

function fact(term: string, value: Node | string): HTMLElement[] {
  return [h("dt", {}, term), h("dd", {}, value)];
}

// resumeBox offers to continue a task that stopped mid-way, and says why a resume failed.
function resumeBox(onResume: () => Promise<void>): HTMLElement {
  const button = h("button", { type: "button", class: "primary" }, "Resume");
  const error = h("p", { class: "form-error", role: "alert", hidden: true });
  button.addEventListener("click", async () => {
    button.disabled = true;
    button.textContent = "Resuming…";
    error.hidden = true;
    try {
      await onResume();
    } catch (err) {
      error.textContent = `Could not resume: ${err instanceof Error ? err.message : String(err)}`;
      error.hidden = false;
    } finally {
      button.disabled = false;
      button.textContent = "Resume";
    }
  });
  return h(
    "div",
    { class: "trace-resume" },
    h("p", {}, "This task stopped before it ended. Resume continues it from where it was, on the Task screen."),
    button,
    error,
  );
}

function stepItem(s: TraceStep): HTMLElement {
  return h(
    "li",
    { class: "trace-step" },
    h(
      "div",
      { class: "trace-step-head" },
      h("span", { class: "trace-step-no" }, `Step ${s.step}`),
      h("span", { class: "trace-thought" }, s.thought || "(no intent recorded)"),
      h("span", { class: "trace-time" }, duration(s.durationMs)),
    ),
    s.actions.length
      ? h("ol", { class: "trace-actions" }, ...s.actions.map(actionItem))
      : h("p", { class: "screen-note" }, "No action was run in this step."),
    s.calls.length ? callList(s.calls) : null,
  );
}

function actionItem(a: TraceAction): HTMLElement {
  const tier = a.tier ? ` by tier ${a.tier}` : "";
  const check = a.verified ? `Checked${tier}` : `Not confirmed${tier}`;
  const timing = [duration(a.durationMs)];
  if (a.afterUrl && a.beforeUrl !== a.afterUrl) timing.push(`${a.beforeUrl || "(no page)"} → ${a.afterUrl}`);
  return h(
    "li",
    { class: `trace-action ${a.verified ? "ok" : "fail"}` },
    h(
      "p",
      { class: "trace-action-what" },
      h("span", { class: "trace-verdict", "aria-label": a.verified ? "verified" : "not verified" }, a.verified ? "✓" : "✗"),
      " ",
      a.description || a.action,
    ),
    h("p", { class: "trace-notation" }, h("code", {}, a.action)),
    h("p", { class: "trace-check" }, a.evidence ? `${check}: ${a.evidence}` : check),
    a.error ? h("p", { class: "trace-error" }, `Problem: ${a.error}`) : null,
    h("p", { class: "trace-timing" }, timing.join(" · ")),
  );
}

function callList(calls: TraceCall[]): HTMLElement {
  return h(
    "ul",
    { class: "trace-calls", "aria-label": "Model calls" },
    ...calls.map((c) =>
      h(
        "li",
        { class: "trace-call" },
        h("span", { class: "trace-purpose" }, purposeLabel(c.purpose)),
        " ",
        h("span", { class: "trace-model" }, c.model || "rules"),
        " · ",
        `${plural(c.promptTokens, "token")} in / ${c.completionTokens} out`,
        " · ",
        duration(c.durationMs),
        c.cost ? ` · $${c.cost.toFixed(4)}` : "",
      ),
    ),
  );
}

/** purposeLabel turns the store's PLANNING / SELF_REFINE into "Planning" / "Self refine". */
export function purposeLabel(p: string): string {
  const words = p.toLowerCase().replaceAll("_", " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Model call";
}
