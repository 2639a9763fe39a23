// The option-based clarification card (docs/decisions.md D-13, D-18): an untimed question
// drawn inline, its options as radio choices with the guesser's percentage in parentheses,
// "Other (specify below)" when free text is allowed, and a text box with Submit. Nothing runs
// out here, so nothing is sent until the person submits.

import { isTyping, replier } from "./card";
import { h } from "./dom";
import type { Option, Question } from "./events";
import {
  byConfidence,
  declineOf,
  escDeclines,
  hint,
  isConfirm,
  questionHead,
  suggestedId,
  type QuestionCard,
  type QuestionReplies,
} from "./question";

let cards = 0;

export function optionCard(q: Question, r: QuestionReplies): QuestionCard {
  const options = byConfidence(q.options);
  const confirm = isConfirm(q);
  const head = questionHead(q);
  const name = `choice-${++cards}`;
  const el = h("section", {
    class: confirm ? "card question option-card risky" : "card question option-card",
    "aria-labelledby": head.id,
    tabindex: "-1",
  });
  const rep = replier(el, r.answered);
  const answer = (optionId: string, text: string, label: string) =>
    rep.send(label, () => r.answer(optionId, text), `You answered: ${label}`);

  function choice(o: Option | null, i: number) {
    const radio = rep.control(
      h("input", { type: "radio", name, value: o?.id ?? "", "data-other": o ? null : true }),
    );
    const pct = o ? hint(o) : "";
    const label = h(
      "label",
      { class: o ? "choice" : "choice other", title: o?.reasoning || null },
      radio,
      i < 9 ? h("kbd", { "aria-hidden": "true" }, String(i + 1)) : null,
      h("span", { class: "option-text" }, o ? o.text : "Other (specify below)"),
      pct ? h("span", { class: "option-hint" }, `(${pct})`) : null,
    );
    return { radio, label, option: o };
  }

  const freeform = q.allowFreeform || options.length === 0;
  const choices = options.map((o, i) => choice(o, i));
  // "Other" only makes sense beside options; a question without any is just the box.
  const other = q.allowFreeform && options.length ? choice(null, options.length) : null;
  if (other) choices.push(other);
  const preset = suggestedId(q);
  for (const c of choices) if (preset && c.option?.id === preset) c.radio.checked = true;

  const input = freeform
    ? rep.control(
        h("input", {
          type: "text",
          class: "freeform-input",
          autocomplete: "off",
          placeholder: options.length ? "Your own answer, for Other" : "Type your answer",
          "aria-label": options.length ? "Other answer" : "Your answer",
        }),
      )
    : null;
  other?.radio.addEventListener("change", () => input?.focus());
  // Typing an answer of one's own means Other, without a click on it first.
  input?.addEventListener("input", () => {
    if (other && input.value.trim()) other.radio.checked = true;
  });

  const submit = rep.control(h("button", { type: "submit", class: "primary" }, "Submit"));
  const form = h(
    "form",
    { class: "option-form", autocomplete: "off" },
    choices.length
      ? h("div", { class: "choices", role: "radiogroup", "aria-labelledby": head.id }, ...choices.map((c) => c.label))
      : "",
    h("div", { class: "freeform" }, input ?? "", submit),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    send();
  });

  function send() {
    const picked = choices.find((c) => c.radio.checked);
    const text = input?.value.trim() ?? "";
    if (picked?.option) return void answer(picked.option.id, "", picked.option.text);
    if (text && (picked === other || !options.length)) return void answer("", text, text);
    if (picked === other || !options.length) {
      rep.fail("Type your answer first.");
      input?.focus();
      return;
    }
    rep.fail("Choose one of the options first.");
  }

  const keys = [
    choices.length ? `1–${Math.min(choices.length, 9)} to pick` : "",
    "Enter to submit",
    confirm && declineOf(q) ? "Esc to decline" : "",
  ].filter(Boolean);
  el.append(...head.nodes, form, rep.error, h("p", { class: "keys-hint" }, keys.join(" · ")));

  return {
    el,
    id: q.id,
    questionId: q.id,
    overlay: false,
    handleKey(e) {
      if (!rep.usable(e)) return false;
      if (escDeclines(e, q, answer)) return true;
      // Enter on a button or in the box is the form's own; anywhere else it submits.
      if (e.key === "Enter" && !(e.target instanceof HTMLButtonElement) && !isTyping(e.target)) {
        e.preventDefault();
        send();
        return true;
      }
      const c = /^[1-9]$/.test(e.key) ? choices[Number(e.key) - 1] : undefined;
      if (!c) return false;
      e.preventDefault();
      c.radio.checked = true;
      c.radio.dispatchEvent(new Event("change"));
      if (c !== other) c.radio.focus();
      return true;
    },
    close: (note) => rep.finish(note),
    focus: () => ((choices.find((c) => c.radio.checked) ?? choices[0])?.radio ?? input ?? el).focus(),
    optionText: (id) => options.find((o) => o.id === id)?.text ?? "",
    // No timer runs on an untimed question; a stray event changes nothing here.
    timer() {},
  };
}
