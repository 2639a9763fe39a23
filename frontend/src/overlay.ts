// The clarification overlay (docs/decisions.md D-18): a timed question drawn over the task
// screen. The question on top, the options most likely first with their percentage and the
// guesser's reasoning as a tooltip, a countdown bar, and the answer box always there. The
// engine owns the timer: typing pauses it (the overlay dims), 5 s idle resumes it, and at the
// end the default flashes and is taken — this card only draws what questionTimer says.

import { countdownBar, kbd, numberKey, replier } from "./card";
import { h } from "./dom";
import { quoted, type Question, type QuestionTimer } from "./events";
import {
  byConfidence,
  declineOf,
  escDeclines,
  hint,
  isConfirm,
  questionHead,
  suggestedId,
  typingNotifier,
  type QuestionCard,
  type QuestionReplies,
} from "./question";

/** How long the option about to be taken flashes (docs/decisions.md D-15). */
export const FLASH_MS = 500;

export function overlayCard(q: Question, r: QuestionReplies): QuestionCard {
  const options = byConfidence(q.options);
  const suggested = suggestedId(q);
  const confirm = isConfirm(q);
  const head = questionHead(q);
  const panel = h("section", {
    class: confirm ? "overlay-panel question risky" : "overlay-panel question",
    // A region, not a dialog: it is not modal (Stop stays in reach), and role=dialog
    // tells assistive technology, and Errand's own page reader, that everything else
    // is blocked.
    role: "region",
    "aria-labelledby": head.id,
    tabindex: "-1",
  });
  const el = h("div", { class: "overlay" }, panel);
  const rep = replier(el, r.answered);
  const answer = (optionId: string, text: string, label: string) =>
    rep.send(label, () => r.answer(optionId, text), `You answered: ${label}`);

  const buttons = options.map((o, i) => {
    const pct = hint(o);
    const b = rep.control(
      h(
        "button",
        {
          type: "button",
          class: o.id === suggested ? "option suggested" : "option",
          title: o.reasoning || null,
          "data-option-id": o.id,
        },
        kbd(i),
        h("span", { class: "option-text" }, o.text),
        pct ? h("span", { class: "option-hint" }, pct) : null,
      ),
    );
    b.addEventListener("click", () => void answer(o.id, "", o.text));
    return b;
  });

  // The bar counts down locally from timeoutMs and follows the engine's pauses.
  const bar = countdownBar(q.timeoutMs ?? 0, "Time left to answer");
  const countdown = h("p", { class: "countdown", role: "timer" });
  const taken = options.find((o) => o.id === q.default)?.text;
  let paused = false;
  bar.onDraw((ms) => {
    const s = Math.ceil(ms / 1000);
    if (paused) countdown.textContent = "Paused while you type";
    else if (taken) countdown.textContent = `Errand takes ${quoted(taken)} in ${s}s unless you answer`;
    else countdown.textContent = `${s}s left to answer`;
  });
  rep.stops.push(() => bar.stop());

  const typed = typingNotifier(r.typing);
  const input = rep.control(
    h("input", {
      type: "text",
      class: "freeform-input",
      autocomplete: "off",
      placeholder: options.length ? "Or type your own answer" : "Type your answer",
      "aria-label": "Your answer",
    }),
  );
  input.addEventListener("input", typed);
  const send = rep.control(h("button", { type: "submit", class: "secondary" }, "Send"));
  // The answer box is always there (docs/decisions.md D-18): typing in it is also how the
  // person holds the timer while thinking, even when the answer must be one of the options.
  const form = h("form", { class: "freeform", autocomplete: "off" }, input, send);
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (!q.allowFreeform && options.length) rep.fail("This one needs one of the options above.");
    else void answer("", text, text);
  });

  const keys = [
    buttons.length > 1 ? `1–${Math.min(buttons.length, 9)} to choose` : buttons.length ? "1 to choose" : "",
    confirm && declineOf(q) ? "Esc to decline" : "",
  ].filter(Boolean);
  panel.append(
    ...head.nodes,
    buttons.length ? h("div", { class: "options" }, ...buttons) : "",
    bar.el,
    countdown,
    form,
    rep.error,
    keys.length ? h("p", { class: "keys-hint" }, keys.join(" · ")) : "",
  );

  let flashTimer: ReturnType<typeof setTimeout> | undefined;
  rep.stops.push(() => clearTimeout(flashTimer));
  if ((q.timeoutMs ?? 0) > 0) bar.run();

  return {
    el,
    id: q.id,
    questionId: q.id,
    overlay: true,
    handleKey(e) {
      if (!rep.usable(e)) return false;
      if (escDeclines(e, q, answer)) return true;
      const o = options[numberKey(e)];
      if (!o) return false;
      e.preventDefault();
      void answer(o.id, "", o.text);
      return true;
    },
    close: (note) => rep.finish(note),
    focus: () => panel.focus(),
    optionText: (id) => options.find((o) => o.id === id)?.text ?? "",
    timer(t: QuestionTimer) {
      if (rep.done) return;
      switch (t.kind) {
        case "paused":
          paused = true;
          el.classList.add("dimmed");
          bar.freeze(t.remainingMs);
          break;
        case "resumed":
          paused = false;
          el.classList.remove("dimmed");
          bar.run(t.remainingMs);
          break;
        case "flash": {
          const b = buttons.find((x) => x.dataset.optionId === t.optionId);
          if (!b) break;
          b.classList.add("flash");
          clearTimeout(flashTimer);
          flashTimer = setTimeout(() => b.classList.remove("flash"), FLASH_MS);
          break;
        }
        case "expired":
          bar.freeze(0);
          break;
      }
    },
  };
}
