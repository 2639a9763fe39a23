// The dialogs a run can stop at besides a question (engine/agent announce.go, midexec.go;
// app/ui/dialogs.go waits on them): the assume-and-announce card (docs/decisions.md D-10), a
// plan waiting for approval, and a failed step. Each replies through the Bridge's Decide or
// Correct and, like the question cards, says why and stays open when the reply is refused.

import { countdownBar, kbd, numberKey, replier, type Card } from "./card";
import { h } from "./dom";
import { assumptionText, percent, type Announcement, type Approval, type Assumption, type MidExec, type MidExecDecision } from "./events";
import type { Transport } from "./transport";

/** The Bridge calls a dialog card makes. */
export type Replies = Pick<Transport, "decide" | "correct" | "typing">;

export type DialogCard = Card;

// frame is a dialog card's box: tabindex lets the card itself hold the focus, so Enter
// reaches the window's key handler instead of pressing whichever button had the focus.
function frame(kind: string, label: string): HTMLElement {
  return h("section", { class: `card dialog ${kind}`, "aria-label": label, tabindex: "-1" });
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * announceCard is the assume-and-announce card (docs/decisions.md D-10): the assumptions, the
 * plan, a countdown, Correct and Cancel. Correct opens a box per assumption: a new value sets
 * it, an empty one asks about it. Enter goes ahead at once, Esc cancels. decided runs once a
 * reply is accepted, with its words.
 */
export function announceCard(a: Announcement, r: Replies, decided?: (label: string) => void): DialogCard {
  const el = frame("announce", "Errand's assumptions");
  const rep = replier(el, decided);
  const assumptions = a.assumptions ?? [];
  const steps = a.plan.steps ?? [];
  const proceed = () => rep.send("Go ahead now", () => r.decide(a.requestId, "proceed"));
  const cancel = () => rep.send("Cancel", () => r.decide(a.requestId, "cancel"));

  // Display only: the engine goes ahead on its own clock, and the card closes when the
  // step starts.
  const bar = countdownBar(a.autoExecuteDelay, "Time before Errand goes ahead");
  const countdown = h("p", { class: "countdown", role: "timer" });
  bar.onDraw((ms) => (countdown.textContent = ms > 0 ? `Executing in ${Math.ceil(ms / 1000)}s…` : "Executing…"));
  rep.stops.push(() => bar.stop());
  bar.run();
  let held = false;

  const corrections = h(
    "div",
    { class: "corrections", hidden: true },
    h("p", { class: "corrections-hint" }, "Type the right value, or leave it empty and Errand asks you about it."),
    ...assumptions.map((x) => correction(x)),
  );
  function correction(x: Assumption): HTMLElement {
    const field = capital(x.field);
    const input = rep.control(
      h("input", { type: "text", autocomplete: "off", placeholder: x.assumedValue, "aria-label": `New ${x.field}` }),
    );
    const send = rep.control(h("button", { type: "submit", class: "secondary" }, "Correct"));
    const form = h("form", { class: "correction" }, h("span", { class: "correction-field" }, field), input, send);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const v = input.value.trim();
      const label = v ? `${field}: "${v}"` : `Ask me about the ${x.field}`;
      void rep.send(label, () => r.correct(a.requestId, x.field, x.command, v));
    });
    return form;
  }

  const correct = assumptions.length
    ? rep.control(h("button", { type: "button", class: "secondary", "aria-expanded": "false" }, "Correct"))
    : null;
  correct?.addEventListener("click", () => {
    const open = corrections.hidden;
    corrections.hidden = !open;
    correct.setAttribute("aria-expanded", String(open));
    if (open) {
      // Opening Correct holds the engine's countdown (Typing on an announcement), so
      // Errand does not go ahead while the person is typing the right value.
      if (!held) {
        held = true;
        bar.stop();
        countdown.textContent = "Waiting for your correction";
        r.typing(a.requestId).catch(() => {});
      }
      corrections.querySelector("input")?.focus();
    }
  });
  const cancelButton = rep.control(h("button", { type: "button", class: "danger" }, "Cancel"));
  cancelButton.addEventListener("click", () => void cancel());

  el.append(
    h("p", { class: "eyebrow" }, "Errand is about to act"),
    h("h2", { class: "question-text" }, "I'll proceed with these assumptions:"),
    assumptions.length
      ? h("ul", { class: "assumptions" }, ...assumptions.map((x) => h("li", {}, assumptionText(x))))
      : "",
    steps.length ? h("p", { class: "plan-label" }, a.plan.summary ? `Plan: ${a.plan.summary}` : "Plan:") : "",
    steps.length ? h("ol", { class: "plan-steps" }, ...steps.map((s) => h("li", {}, s))) : "",
    bar.el,
    h("div", { class: "dialog-buttons" }, countdown, correct ?? "", cancelButton),
    corrections,
    rep.error,
    h("p", { class: "keys-hint" }, "Enter to go ahead now · Esc to cancel"),
  );

  return {
    el,
    id: a.requestId,
    handleKey(e) {
      if (!rep.usable(e)) return false;
      if (e.key === "Escape") {
        e.preventDefault();
        void cancel();
        return true;
      }
      // Enter on a button belongs to that button; anywhere else it means "go now".
      if (e.key === "Enter" && !(e.target instanceof HTMLButtonElement)) {
        e.preventDefault();
        void proceed();
        return true;
      }
      return false;
    },
    close: (note) => rep.finish(note),
    focus: () => el.focus(),
  };
}

/** approvalCard shows a plan waiting for Execute or Cancel; Esc cancels, no key approves. */
export function approvalCard(ap: Approval, r: Replies, decided?: (label: string) => void): DialogCard {
  const el = frame("approval", "Plan waiting for approval");
  const rep = replier(el, decided);
  const cancel = () => rep.send("Cancel", () => r.decide(ap.requestId, "cancel"));
  const execute = rep.control(h("button", { type: "button", class: "primary" }, "Execute"));
  execute.addEventListener("click", () => void rep.send("Execute", () => r.decide(ap.requestId, "approve")));
  const cancelButton = rep.control(h("button", { type: "button", class: "secondary" }, "Cancel"));
  cancelButton.addEventListener("click", () => void cancel());
  el.append(
    h("p", { class: "eyebrow" }, "Please approve this plan"),
    h("h2", { class: "question-text" }, ap.plan.summary || "Run this plan?"),
    h("ol", { class: "plan-steps" }, ...(ap.plan.steps ?? []).map((st) => h("li", {}, st))),
    ap.reason ? h("p", { class: "question-reason" }, capital(ap.reason)) : "",
    h("p", { class: "approval-confidence" }, `Confidence ${percent(ap.confidence)}`),
    h("div", { class: "dialog-buttons" }, execute, cancelButton),
    rep.error,
    h("p", { class: "keys-hint" }, "Esc to cancel"),
  );
  return {
    el,
    id: ap.requestId,
    handleKey(e) {
      // No key approves: the plan waits because Errand is unsure of it, and a stray Enter
      // must not run it.
      if (!rep.usable(e) || e.key !== "Escape") return false;
      e.preventDefault();
      void cancel();
      return true;
    },
    close: (note) => rep.finish(note),
    focus: () => el.focus(),
  };
}

// Go sends the decisions as plain strings: an unknown one is shown as it comes.
const decisionWords: Partial<Record<string, string>> = {
  retry: "Retry",
  skip: "Skip",
  replan: "Replan",
  abort: "Stop",
} satisfies Record<MidExecDecision, string>;
const decisionHints: Partial<Record<string, string>> = {
  retry: "Try the step again",
  skip: "Go on with the next step",
  replan: "Make a new plan from this page",
  abort: "Stop the errand",
} satisfies Record<MidExecDecision, string>;

/**
 * midExecCard is the failed-step dialog (docs/decisions.md D-28): what failed and why, and one
 * button per way on in the engine's order, the suggested one marked and focused; 1–9 choose,
 * Esc stops.
 */
export function midExecCard(m: MidExec, r: Replies, decided?: (label: string) => void): DialogCard {
  const el = frame("mid-exec", "A step failed");
  const rep = replier(el, decided);
  const suggested = m.suggestedAction || m.analysis.recommendedAction;
  const choices = (m.options ?? []).map((d) => ({
    decision: d,
    label: d === "retry" && m.analysis.suggestion ? `Retry — ${m.analysis.suggestion}` : (decisionWords[d] ?? d),
  }));
  const choose = (c: (typeof choices)[number]) => rep.send(c.label, () => r.decide(m.requestId, c.decision));
  const buttons = choices.map((c, i) => {
    const b = rep.control(
      h(
        "button",
        {
          type: "button",
          class: c.decision === suggested ? "option suggested" : "option",
          "data-decision": c.decision,
          title: decisionHints[c.decision] ?? null,
        },
        kbd(i),
        h("span", { class: "option-text" }, c.label),
        c.decision === suggested ? h("span", { class: "option-hint" }, "recommended") : null,
      ),
    );
    b.addEventListener("click", () => void choose(c));
    return b;
  });
  const f = m.failedStep;
  const what = [f.action && `Action: ${f.action}`, f.targetDescription && `Target: ${f.targetDescription}`].filter(Boolean);
  const abort = choices.find((c) => c.decision === "abort");
  el.append(
    h("p", { class: "eyebrow" }, "A step went wrong"),
    h("h2", { class: "question-text" }, `Step ${f.stepIndex} failed: ${f.error}`),
    what.length ? h("p", { class: "failed-action" }, what.join(" · ")) : "",
    m.analysis.cause ? h("p", { class: "question-reason" }, `Cause: ${m.analysis.cause}`) : "",
    buttons.length ? h("div", { class: "options" }, ...buttons) : "",
    rep.error,
    buttons.length
      ? h("p", { class: "keys-hint" }, [`1–${Math.min(buttons.length, 9)} to choose`, abort ? "Esc to stop" : ""].filter(Boolean).join(" · "))
      : "",
  );
  return {
    el,
    id: m.requestId,
    handleKey(e) {
      if (!rep.usable(e)) return false;
      const c = e.key === "Escape" ? abort : choices[numberKey(e)];
      if (!c) return false;
      e.preventDefault();
      void choose(c);
      return true;
    },
    close: (note) => rep.finish(note),
    focus: () => (buttons.find((b) => b.classList.contains("suggested")) ?? buttons[0] ?? el).focus(),
  };
}
