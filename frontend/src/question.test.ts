import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Question } from "./events";
import { questionCard } from "./question";

const q: Question = {
  id: "clar-abc-1",
  questionType: "option_select",
  question: "Which Save button?",
  reason: "Two buttons are called Save.",
  allowFreeform: true,
  default: "o1",
  options: [
    { id: "o1", text: "Save (in the form)", confidence: 0.72 },
    { id: "o2", text: "Save (in the toolbar)", confidence: 0.28 },
    { id: "o3", text: "Neither" },
  ],
};

function press(key: string, target: EventTarget = document.body): KeyboardEvent {
  const e = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
  Object.defineProperty(e, "target", { value: target });
  return e;
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("question card", () => {
  beforeEach(() => document.body.replaceChildren());

  it("shows the options in order with a number and a percentage hint", () => {
    const card = questionCard(q, vi.fn());
    const buttons = [...card.el.querySelectorAll("button.option")];
    expect(buttons.map((b) => b.textContent)).toEqual(["1Save (in the form)72%", "2Save (in the toolbar)28%", "3Neither"]);
    expect(buttons[0].classList.contains("suggested")).toBe(true);
    expect(card.el.querySelector(".question-text")?.textContent).toBe("Which Save button?");
    expect(card.el.querySelector(".freeform-input")).not.toBeNull();
    expect(card.el.querySelector(".keys-hint")?.textContent).toBe("Press 1–3 to choose.");
  });

  it("chooses an option with its number key, once", async () => {
    const answer = vi.fn().mockResolvedValue(undefined);
    const card = questionCard(q, answer);
    document.body.append(card.el);
    const e = press("2");
    expect(card.handleKey(e)).toBe(true);
    expect(e.defaultPrevented).toBe(true);
    await tick();
    expect(answer).toHaveBeenCalledWith("o2", "");
    expect(card.el.classList.contains("answered")).toBe(true);
    expect(card.el.textContent).toContain("You answered: Save (in the toolbar)");
    expect(card.handleKey(press("1"))).toBe(false);
    expect(answer).toHaveBeenCalledTimes(1);
  });

  it("ignores keys without an option, with modifiers, or typed into the answer box", () => {
    const answer = vi.fn().mockResolvedValue(undefined);
    const card = questionCard(q, answer);
    document.body.append(card.el);
    const input = card.el.querySelector<HTMLInputElement>(".freeform-input")!;
    expect(card.handleKey(press("4"))).toBe(false);
    expect(card.handleKey(press("0"))).toBe(false);
    expect(card.handleKey(press("a"))).toBe(false);
    expect(card.handleKey(press("1", input))).toBe(false);
    const ctrl = new KeyboardEvent("keydown", { key: "1", ctrlKey: true });
    expect(card.handleKey(ctrl)).toBe(false);
    expect(answer).not.toHaveBeenCalled();
  });

  it("sends free text from the answer box", async () => {
    const answer = vi.fn().mockResolvedValue(undefined);
    const card = questionCard(q, answer);
    document.body.append(card.el);
    const input = card.el.querySelector<HTMLInputElement>(".freeform-input")!;
    input.value = "  the blue one ";
    card.el.querySelector("form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    await tick();
    expect(answer).toHaveBeenCalledWith("", "the blue one");
  });

  it("keeps the card open and says why when the answer is refused", async () => {
    const answer = vi.fn().mockRejectedValueOnce("no question is waiting").mockResolvedValue(undefined);
    const card = questionCard(q, answer);
    document.body.append(card.el);
    card.handleKey(press("1"));
    await tick();
    const err = card.el.querySelector<HTMLElement>(".card-error")!;
    expect(err.hidden).toBe(false);
    expect(err.textContent).toBe("no question is waiting");
    expect(card.el.classList.contains("answered")).toBe(false);
    expect(card.handleKey(press("1"))).toBe(true);
    await tick();
    expect(card.el.classList.contains("answered")).toBe(true);
  });

  it("has no answer box when free text is not allowed", () => {
    const card = questionCard({ ...q, questionType: "confirm", risky: true, allowFreeform: false }, vi.fn());
    expect(card.el.querySelector(".freeform-input")).toBeNull();
    expect(card.el.classList.contains("risky")).toBe(true);
    expect(card.el.querySelector(".eyebrow")?.textContent).toBe("Please confirm");
  });

  it("says where a question stands in its round only when the round has several", () => {
    expect(questionCard({ ...q, index: 2, of: 3 }, vi.fn()).el.querySelector(".question-progress")?.textContent).toBe("Question 2 of 3");
    expect(questionCard({ ...q, index: 1, of: 1 }, vi.fn()).el.querySelector(".question-progress")).toBeNull();
    expect(questionCard(q, vi.fn()).el.querySelector(".question-progress")).toBeNull();
  });

  it("draws the engine's timer: dimmed while paused, the default flashing", () => {
    const card = questionCard(q, vi.fn());
    card.timer("paused");
    expect(card.el.classList.contains("dimmed")).toBe(true);
    card.timer("resumed");
    expect(card.el.classList.contains("dimmed")).toBe(false);
    card.timer("flash", "o2");
    const flashing = [...card.el.querySelectorAll("button.option.flash")];
    expect(flashing.map((b) => b.getAttribute("data-option-id"))).toEqual(["o2"]);
  });
});

describe("typing in the answer box", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("tells the engine at most once per 500 ms", () => {
    const typing = vi.fn().mockRejectedValue(new Error("no question is open")); // ignored
    const card = questionCard(q, vi.fn(), undefined, typing);
    const input = card.el.querySelector<HTMLInputElement>(".freeform-input")!;
    const key = () => input.dispatchEvent(new Event("input", { bubbles: true }));
    key();
    key();
    vi.advanceTimersByTime(300);
    key();
    expect(typing).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(200);
    key();
    key();
    expect(typing).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(499);
    key();
    expect(typing).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    key();
    expect(typing).toHaveBeenCalledTimes(3);
  });
});
