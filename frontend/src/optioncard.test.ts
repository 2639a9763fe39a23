import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Question } from "./events";
import { optionCard } from "./optioncard";
import { button, flush, press } from "./testing";

// An untimed question (docs/decisions.md D-13, D-18) with two ranked articles and Other.
const q: Question = {
  id: "clar-abc-3",
  questionType: "option_select",
  question: "Which article would you like to read?",
  allowFreeform: true,
  command: 0,
  binds: "element",
  options: [
    { id: "opt-2", text: "Advanced Flirting Techniques", value: "opt-2", confidence: 0.72 },
    { id: "opt-1", text: "Flirting Tips for Beginners", value: "opt-1", confidence: 0.85, reasoning: "first result" },
  ],
};

function setup(question: Question = q) {
  const answer = vi.fn().mockResolvedValue(undefined);
  const answered = vi.fn();
  const card = optionCard(question, { answer, answered });
  document.body.append(card.el);
  const radios = () => [...card.el.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
  const labels = () => [...card.el.querySelectorAll("label.choice")].map((l) => l.textContent);
  const input = () => card.el.querySelector<HTMLInputElement>(".freeform-input");
  const submit = () => button(card.el, "Submit").click();
  return { card, answer, answered, radios, labels, input, submit };
}

describe("option card", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.replaceChildren();
  });
  afterEach(() => vi.useRealTimers());

  it("lists the options as radio choices, most likely first, with Other and a box", () => {
    const { card, labels, radios, input } = setup();
    expect(card.overlay).toBe(false);
    expect(card.el.classList.contains("option-card")).toBe(true);
    expect(labels()).toEqual(["1Flirting Tips for Beginners(85%)", "2Advanced Flirting Techniques(72%)", "3Other (specify below)"]);
    expect(radios().every((r) => r.name === radios()[0].name)).toBe(true);
    expect(card.el.querySelector<HTMLElement>("label.choice")?.title).toBe("first result");
    expect(input()).not.toBeNull();
    expect(card.el.querySelector('[role="radiogroup"]')).not.toBeNull();
    expect(vi.getTimerCount()).toBe(0); // nothing runs out on this card
  });

  it("submits the chosen option's id", async () => {
    const { radios, submit, answer, answered, card } = setup();
    radios()[1].click();
    submit();
    await flush();
    expect(answer).toHaveBeenCalledWith("opt-2", "");
    expect(answered).toHaveBeenCalledWith("Advanced Flirting Techniques");
    expect(card.el.classList.contains("answered")).toBe(true);
  });

  it("focuses the box when Other is chosen and submits its text", async () => {
    const { radios, input, submit, answer } = setup();
    const other = radios()[2];
    other.checked = true;
    other.dispatchEvent(new Event("change"));
    expect(document.activeElement).toBe(input());
    submit();
    expect(answer).not.toHaveBeenCalled();
    expect(document.querySelector(".card-error")?.textContent).toBe("Type your answer first.");
    input()!.value = "  the one about confidence ";
    submit();
    await flush();
    expect(answer).toHaveBeenCalledWith("", "the one about confidence");
  });

  it("takes typing in the box as choosing Other", async () => {
    const { radios, input, submit, answer } = setup();
    radios()[0].checked = true;
    input()!.value = "neither";
    input()!.dispatchEvent(new Event("input", { bubbles: true }));
    expect(radios()[2].checked).toBe(true);
    submit();
    await flush();
    expect(answer).toHaveBeenCalledWith("", "neither");
  });

  it("asks for a choice before submitting nothing", () => {
    const { submit, answer, card } = setup();
    submit();
    expect(answer).not.toHaveBeenCalled();
    expect(card.el.querySelector(".card-error")?.textContent).toBe("Choose one of the options first.");
  });

  it("picks with number keys and submits with Enter", async () => {
    const { card, radios, answer, input } = setup();
    expect(card.handleKey(press("2"))).toBe(true);
    expect(radios()[1].checked).toBe(true);
    expect(answer).not.toHaveBeenCalled();
    expect(card.handleKey(press("4"))).toBe(false);
    expect(card.handleKey(press("Enter", input()!))).toBe(false); // the form's own submit
    expect(card.handleKey(press("Enter", button(card.el, "Submit")))).toBe(false);
    expect(card.handleKey(press("Enter", radios()[1]))).toBe(true);
    await flush();
    expect(answer).toHaveBeenCalledWith("opt-2", "");
    expect(card.handleKey(press("1"))).toBe(false); // answered
  });

  it("is only a box and Submit for a free-text question", async () => {
    const { card, radios, input, submit, answer } = setup({
      id: "clar-abc-4",
      questionType: "freeform",
      question: "What should I type into Name?",
      allowFreeform: true,
      command: 0,
      binds: "value",
    });
    expect(radios()).toEqual([]);
    expect(input()?.getAttribute("aria-label")).toBe("Your answer");
    submit();
    expect(card.el.querySelector(".card-error")?.textContent).toBe("Type your answer first.");
    input()!.value = "Jas";
    submit();
    await flush();
    expect(answer).toHaveBeenCalledWith("", "Jas");
  });

  it("draws an untimed risky confirm as a warning: no Other, yes never preselected, Esc declines", async () => {
    const { card, radios, labels, input, answer } = setup({
      id: "clar-abc-5",
      questionType: "confirm",
      question: "This will click Delete, which may not be undone. Continue?",
      risky: true,
      allowFreeform: false,
      command: 0,
      binds: "approval",
      default: "opt-yes",
      options: [
        { id: "opt-yes", text: "Yes, do it", value: "yes" },
        { id: "opt-no", text: "No, stop here", value: "no" },
      ],
    });
    expect(card.el.classList.contains("risky")).toBe(true);
    expect(card.el.querySelector(".eyebrow")?.textContent).toBe("Please confirm");
    expect(labels()).toEqual(["1Yes, do it", "2No, stop here"]);
    expect(radios().some((r) => r.checked)).toBe(false);
    expect(input()).toBeNull();
    expect(card.handleKey(press("Escape"))).toBe(true);
    await flush();
    expect(answer).toHaveBeenCalledWith("opt-no", "");
  });

  it("preselects the suggested option", () => {
    const { radios } = setup({ ...q, default: "opt-2" });
    expect(radios().map((r) => r.checked)).toEqual([false, true, false]);
  });
});
