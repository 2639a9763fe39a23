// The dialogs a run can stop at besides a question (engine/agent announce.go, midexec.go;
// app/desktop/dialogs.go waits on them): the assume-and-announce card, a plan waiting for
// approval, and a failed step. Each replies through the Bridge's Decide or Correct and,
// like the question card, says why and stays open when the reply is refused. Minimal on
// purpose: enough that a run reaching one of them no longer waits forever.

import { assumptionText, percent, type Announcement, type Approval, type MidExec, type MidExecDecision } from "./events";
import { h } from "./dom";
import { isTyping, type Card } from "./question";
import type { Transport } from "./transport";

/** The Bridge calls a dialog card makes. */
export type Replies = Pick<Transport, "decide" | "correct">;

export interface DialogCard extends Card {
  /** Puts the focus where the card's keys make sense. */
  focus(): void;
}

/** One reply a card can send: its words for the feed, and the Bridge call. */
interface Choice {
  label: string;
  send: () => Promise<void>;
}

type Child = Node | string | null;

// shell is what the three cards share: one reply at a time, the error line when the Bridge
// refuses, and the end of the card (stopping its timers).
function shell(kind: string, decided?: (label: string) => void) {
  let done = false;
  let busy = false;
  const stops: (() => void)[] = [];
  const buttons: HTMLButtonElement[] = [];
  const error = h("p", { class: "card-error", role: "alert", hidden: true });
  // tabindex lets the card itself hold the focus, so Enter reaches the window's key
  // handler instead of pressing whichever button happened to be focused.
  const el = h("section", { class: `card dialog ${kind}`, "aria-live": "polite", tabindex: "-1" });

  function setBusy(on: boolean) {
    busy = on;
    for (const b of buttons) b.disabled = on;
  }

  function finish(note: string) {
    if (done) return;
    done = true;
    setBusy(true);
    for (const stop of stops) stop();
    el.classList.add("answered");
    if (note) el.append(h("p", { class: "answered-note" }, note));
  }

  async function choose(c: Choice) {
    if (done || busy) return;
    setBusy(true);
    error.hidden = true;
    try {
      await c.send();
      finish(`You chose: ${c.label}`);
      decided?.(c.label);
    } catch (err) {
      setBusy(false);
      error.textContent = err instanceof Error ? err.message : String(err);
      error.hidden = false;
    }
  }

  function button(c: Choice, attrs: Record<string, string>, ...children: Child[]): HTMLButtonElement {
    const b = h("button", { type: "button", ...attrs }, ...(children.length ? children : [c.label]));
    b.addEventListener("click", () => void choose(c));
    buttons.push(b);
    return b;
  }

  // usable says whether a key is the card's: not while a reply is on its way or sent, not
  // with modifiers, not typed into a text field.
  const usable = (e: KeyboardEvent) => !done && !busy && !e.altKey && !e.ctrlKey && !e.metaKey && !isTyping(e.target);

  function use(e: KeyboardEvent, c: Choice): boolean {
    e.preventDefault();
    void choose(c);
    return true;
  }

  // fill draws the card's parts; null ones are parts this dialog does not have.
  const fill = (...parts: Child[]) => el.append(...parts.filter((p): p is Node | string => p !== null));

  return { el, error, stops, fill, finish, button, usable, use };
}

/**
 * announceCard is seed 000's assume-and-announce: the assumptions, a countdown, Correct
 * and Cancel; Enter goes ahead at once, Esc cancels. decided runs once a reply is accepted.
 */
export function announceCard(a: Announcement, r: Replies, decided?: (label: string) => void): DialogCard {
  const s = shell("announce", decided);
  const assumptions = a.assumptions ?? [];
  const steps = a.plan.steps ?? [];
  const first = assumptions[0];
  const proceed: Choice = { label: "Go ahead now", send: () => r.decide(a.requestId, "proceed") };
  const cancel: Choice = { label: "Cancel", send: () => r.decide(a.requestId, "cancel") };
  // Correct without a value asks about the first assumption; typing the value in place
  // comes with the fuller UI.
  const correct = first
    ? s.button(
        { label: `Correct the ${first.field}`, send: () => r.correct(a.requestId, first.field, first.command, "") },
        { class: "secondary", title: `Ask me about the ${first.field} instead` },
        "Correct",
      )
    : null;

  // Display only: the engine runs the plan when its own clock says so, and the card
  // closes when the step starts.
  const countdown = h("p", { class: "countdown", role: "timer" });
  const end = Date.now() + a.autoExecuteDelay;
  const draw = () => {
    const left = end - Date.now();
    countdown.textContent = left > 0 ? `Executing in ${Math.ceil(left / 1000)}s…` : "Executing…";
    if (left <= 0) clearInterval(timer);
  };
  const timer = setInterval(draw, 250);
  s.stops.push(() => clearInterval(timer));
  draw();

  s.fill(
    h("p", { class: "eyebrow" }, "Errand is about to act"),
    h("h2", { class: "question-text" }, "I'll proceed with these assumptions:"),
    h("ul", { class: "assumptions" }, ...assumptions.map((x) => h("li", {}, assumptionText(x)))),
    steps.length ? h("p", { class: "question-reason" }, `Plan: ${steps.join(" → ")}`) : null,
    countdown,
    h(
      "div",
      { class: "dialog-buttons" },
      correct,
      s.button(cancel, { class: "danger" }, "Cancel"),
    ),
    s.error,
    h("p", { class: "keys-hint" }, "Enter to go ahead now · Esc to cancel"),
  );

  return {
    el: s.el,
    id: a.requestId,
    handleKey(e) {
      if (!s.usable(e)) return false;
      if (e.key === "Escape") return s.use(e, cancel);
      // Enter on a button belongs to that button; anywhere else it means "go now".
      if (e.key === "Enter" && !(e.target instanceof HTMLButtonElement)) return s.use(e, proceed);
      return false;
    },
    close: (note) => s.finish(note),
    focus: () => s.el.focus(),
  };
}

/** approvalCard shows a plan waiting for Execute or Cancel; Esc cancels. */
export function approvalCard(ap: Approval, r: Replies, decided?: (label: string) => void): DialogCard {
  const s = shell("approval", decided);
  const execute: Choice = { label: "Execute", send: () => r.decide(ap.requestId, "approve") };
  const cancel: Choice = { label: "Cancel", send: () => r.decide(ap.requestId, "cancel") };
  s.fill(
    h("p", { class: "eyebrow" }, "Please approve this plan"),
    h("h2", { class: "question-text" }, ap.plan.summary || "Run this plan?"),
    h("ol", { class: "plan-steps" }, ...(ap.plan.steps ?? []).map((st) => h("li", {}, st))),
    ap.reason ? h("p", { class: "question-reason" }, ap.reason) : null,
    h("p", { class: "keys-hint" }, `Confidence ${percent(ap.confidence)} · Esc to cancel`),
    h(
      "div",
      { class: "dialog-buttons" },
      s.button(execute, { class: "primary" }),
      s.button(cancel, { class: "secondary" }),
    ),
    s.error,
  );
  return {
    el: s.el,
    id: ap.requestId,
    handleKey(e) {
      // No key approves: the plan waits because Errand is unsure of it, and a stray Enter
      // must not run it.
      if (s.usable(e) && e.key === "Escape") return s.use(e, cancel);
      return false;
    },
    close: (note) => s.finish(note),
    focus: () => s.el.focus(),
  };
}

const decisionWords: Record<MidExecDecision, string> = { retry: "Retry", skip: "Skip", replan: "Replan", abort: "Stop" };

/**
 * midExecCard is seed 000's mid-execution dialog: what failed and why, and one button per
 * way on in the engine's order, the suggested one marked and focused; 1–4 choose.
 */
export function midExecCard(m: MidExec, r: Replies, decided?: (label: string) => void): DialogCard {
  const s = shell("mid-exec", decided);
  const suggested = m.suggestedAction || m.analysis.recommendedAction;
  const choices = (m.options ?? []).map((d) => ({
    decision: d,
    label: d === "retry" && m.analysis.suggestion ? `Retry — ${m.analysis.suggestion}` : (decisionWords[d] ?? d),
    send: () => r.decide(m.requestId, d),
  }));
  const buttons = choices.map((c, i) =>
    s.button(
      c,
      { class: c.decision === suggested ? "option suggested" : "option", "data-decision": c.decision },
      i < 9 ? h("kbd", {}, String(i + 1)) : h("span", { class: "kbd-spacer" }),
      h("span", { class: "option-text" }, c.label),
      c.decision === suggested ? h("span", { class: "option-hint" }, "recommended") : null,
    ),
  );
  s.fill(
    h("p", { class: "eyebrow" }, "A step went wrong"),
    h("h2", { class: "question-text" }, `Step ${m.failedStep.stepIndex} failed: ${m.failedStep.error}`),
    m.analysis.cause ? h("p", { class: "question-reason" }, `Cause: ${m.analysis.cause}`) : null,
    buttons.length ? h("div", { class: "options" }, ...buttons) : null,
    s.error,
    buttons.length ? h("p", { class: "keys-hint" }, `Press 1–${Math.min(buttons.length, 9)} to choose.`) : null,
  );
  return {
    el: s.el,
    id: m.requestId,
    handleKey(e) {
      if (!s.usable(e) || !/^[1-9]$/.test(e.key)) return false;
      const c = choices[Number(e.key) - 1];
      return c ? s.use(e, c) : false;
    },
    close: (note) => s.finish(note),
    focus: () => (buttons.find((b) => b.classList.contains("suggested")) ?? buttons[0] ?? s.el).focus(),
  };
}
