// The question card: a clarifyWithOptions event drawn as choices (DESIGN §4 — options
// first, in the order the engine gave them, free text only when allowed). Number keys 1–9
// choose an option, except while the person is typing in a text box.

import { percent, type Question, type QuestionTimer } from "./events";
import { h } from "./dom";

/** What the screen needs of any card in the question slot: this one and dialogs.ts's. */
export interface Card {
  readonly el: HTMLElement;
  /** The question or request id the card replies to. */
  readonly id: string;
  /** Handles a key pressed anywhere in the window; true when the card used it. */
  handleKey(e: KeyboardEvent): boolean;
  /** Ends the card without a reply from it (the run moved on or ended), leaving a note. */
  close(note: string): void;
}

export interface QuestionCard extends Card {
  readonly questionId: string;
  /** Draws the engine's timer: dimmed while paused, the option about to be taken flashing. */
  timer(kind: QuestionTimer["kind"], optionId?: string): void;
}

export type AnswerFn = (optionId: string, text: string) => Promise<void>;

// The engine pauses a question's timer on a keystroke and resumes it 5 s after the last,
// so one call per half second keeps it paused without a Bridge call per key.
export const TYPING_EVERY_MS = 500;

/**
 * questionCard draws q. answer sends the choice; it may reject (the card then shows why and
 * stays open). answered runs once the answer is accepted, with the chosen option's words.
 * typing is told about keystrokes in the answer box, at most once per TYPING_EVERY_MS.
 */
export function questionCard(
  q: Question,
  answer: AnswerFn,
  answered?: (label: string) => void,
  typing?: () => Promise<void>,
): QuestionCard {
  const options = q.options ?? [];
  let done = false;
  let busy = false;

  const error = h("p", { class: "card-error", role: "alert", hidden: true });
  const buttons = options.map((o, i) => {
    const hint = o.confidence ? percent(o.confidence) : "";
    const b = h(
      "button",
      {
        type: "button",
        class: o.id === q.default ? "option suggested" : "option",
        title: o.reasoning ?? "",
        "data-option-id": o.id,
      },
      i < 9 ? h("kbd", {}, String(i + 1)) : h("span", { class: "kbd-spacer" }),
      h("span", { class: "option-text" }, o.text),
      hint ? h("span", { class: "option-hint", title: "How likely Errand thinks this is" }, hint) : null,
    );
    b.addEventListener("click", () => void submit(o.id, "", o.text));
    return b;
  });

  const input = h("input", {
    type: "text",
    class: "freeform-input",
    placeholder: options.length ? "Or type your own answer" : "Type your answer",
    "aria-label": "Your answer",
  }) as HTMLInputElement;
  let lastTyping = -Infinity;
  input.addEventListener("input", () => {
    const now = Date.now();
    if (!typing || now - lastTyping < TYPING_EVERY_MS) return;
    lastTyping = now;
    // A refused keystroke (the question just closed) matters to nobody.
    typing().catch(() => {});
  });
  const send = h("button", { type: "submit", class: "secondary" }, "Send");
  const form = q.allowFreeform || options.length === 0 ? h("form", { class: "freeform" }, input, send) : null;
  form?.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (text) void submit("", text, text);
  });

  const confirm = q.questionType === "confirm" || q.risky;
  const hintText =
    buttons.length > 1 ? `Press 1–${Math.min(buttons.length, 9)} to choose.` : buttons.length === 1 ? "Press 1 to choose." : "";
  const el = h(
    "section",
    { class: confirm ? "card question risky" : "card question", "aria-live": "polite" },
    h("p", { class: "eyebrow" }, confirm ? "Please confirm" : "Errand needs your choice"),
    q.of && q.of > 1 ? h("p", { class: "question-progress" }, `Question ${q.index ?? 1} of ${q.of}`) : null,
    h("h2", { class: "question-text" }, q.question),
    q.reason ? h("p", { class: "question-reason" }, q.reason) : null,
    buttons.length ? h("div", { class: "options" }, ...buttons) : null,
    form,
    error,
    hintText ? h("p", { class: "keys-hint" }, hintText) : null,
  );

  function setBusy(on: boolean) {
    busy = on;
    for (const b of buttons) b.disabled = on;
    input.disabled = on;
    send.toggleAttribute("disabled", on);
  }

  function finish(note: string) {
    done = true;
    setBusy(true);
    el.classList.add("answered");
    if (note) el.append(h("p", { class: "answered-note" }, note));
  }

  async function submit(optionId: string, text: string, label: string) {
    if (done || busy) return;
    setBusy(true);
    error.hidden = true;
    try {
      await answer(optionId, text);
      finish(`You answered: ${label}`);
      answered?.(label);
    } catch (err) {
      setBusy(false);
      error.textContent = err instanceof Error ? err.message : String(err);
      error.hidden = false;
    }
  }

  return {
    el,
    id: q.id,
    questionId: q.id,
    handleKey(e: KeyboardEvent): boolean {
      if (done || busy || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return false;
      if (!/^[1-9]$/.test(e.key)) return false;
      const o = options[Number(e.key) - 1];
      if (!o) return false;
      e.preventDefault();
      void submit(o.id, "", o.text);
      return true;
    },
    close(note: string) {
      if (!done) finish(note);
    },
    timer(kind, optionId) {
      if (kind === "paused") el.classList.add("dimmed");
      else if (kind === "resumed") el.classList.remove("dimmed");
      else if (kind === "flash") buttons.find((b) => b.dataset.optionId === optionId)?.classList.add("flash");
    },
  };
}

// isTyping reports whether a key belongs to a text field: "2" typed into the answer box
// is part of the answer, not a choice.
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !["button", "checkbox", "radio", "submit", "reset"].includes(target.type);
  }
  return false;
}
