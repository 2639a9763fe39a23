import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Question } from "./events";
import { FLASH_MS, overlayCard } from "./overlay";
import { flush, press } from "./testing";

// A timed question as engine/agent ranks it: options in the engine's order, the guesser's
// confidence and reasoning on each, 8 s to answer.
const q: Question = {
  id: "clar-abc-1",
  questionType: "option_select",
  question: "Which Details link?",
  reason: "three links are called Details",
  allowFreeform: true,
  command: 0,
  binds: "element",
  default: "opt-2",
  timeoutMs: 8000,
  options: [
    { id: "opt-1", text: "Prescriptions", value: "opt-1", confidence: 0.2, reasoning: "mentioned once" },
    { id: "opt-2", text: "Lab results", value: "opt-2", confidence: 0.7, reasoning: "the goal says results" },
    { id: "opt-3", text: "Billing", value: "opt-3" },
  ],
};

const confirm: Question = {
  id: "clar-abc-2",
  questionType: "confirm",
  question: "This will click Delete, which may not be undone. Continue?",
  reason: "high-risk action",
  risky: true,
  allowFreeform: false,
  command: 0,
  binds: "approval",
  default: "opt-no",
  timeoutMs: 8000,
  options: [
    { id: "opt-yes", text: "Yes, do it", value: "yes", confidence: 0.9 },
    { id: "opt-no", text: "No, stop here", value: "no" },
  ],
};

function setup(question: Question = q) {
  const answer = vi.fn().mockResolvedValue(undefined);
  const answered = vi.fn();
  const typing = vi.fn().mockResolvedValue(undefined);
  const card = overlayCard(question, { answer, answered, typing });
  document.body.append(card.el);
  const options = () => [...card.el.querySelectorAll<HTMLButtonElement>("button.option")];
  const fill = () => card.el.querySelector<HTMLElement>(".countdown-fill")!.style.width;
  const countdown = () => card.el.querySelector(".countdown")!.textContent;
  return { card, answer, answered, typing, options, fill, countdown };
}

describe("clarification overlay", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.replaceChildren();
  });
  afterEach(() => vi.useRealTimers());

  it("puts the question on top and the options most likely first, with hints and reasoning", () => {
    const { card, options } = setup();
    expect(card.overlay).toBe(true);
    expect(card.el.classList.contains("overlay")).toBe(true);
    const panel = card.el.querySelector(".overlay-panel")!;
    expect(panel.getAttribute("role")).toBe("region");
    expect(panel.firstElementChild?.textContent).toBe("Errand needs your choice");
    expect(card.el.querySelector(".question-text")?.textContent).toBe("Which Details link?");
    expect(options().map((b) => b.textContent)).toEqual(["1Lab results70%", "2Prescriptions20%", "3Billing"]);
    expect(options().map((b) => b.title)).toEqual(["the goal says results", "mentioned once", ""]);
    expect(options()[0].classList.contains("suggested")).toBe(true);
    expect(card.el.querySelectorAll(".suggested").length).toBe(1);
  });

  it("counts down locally from timeoutMs", () => {
    const { fill, countdown, card } = setup();
    expect(fill()).toBe("100.0%");
    expect(countdown()).toBe('Errand takes "Lab results" in 8s unless you answer');
    vi.advanceTimersByTime(2000);
    expect(fill()).toBe("75.0%");
    expect(countdown()).toBe('Errand takes "Lab results" in 6s unless you answer');
    vi.advanceTimersByTime(6000);
    expect(fill()).toBe("0.0%");
    expect(card.el.querySelector(".countdown-bar")?.getAttribute("aria-valuenow")).toBe("0");
    // Reaching zero decides nothing here: the engine's flash and expired do.
    expect(vi.getTimerCount()).toBe(0);
  });

  it("freezes and dims while paused, and restarts from the engine's remainingMs", () => {
    const { fill, countdown, card, answer } = setup();
    vi.advanceTimersByTime(2000);
    card.timer({ questionId: q.id, kind: "paused", remainingMs: 6000 });
    expect(card.el.classList.contains("dimmed")).toBe(true);
    expect(countdown()).toBe("Paused while you type");
    vi.advanceTimersByTime(3000);
    expect(fill()).toBe("75.0%");
    card.timer({ questionId: q.id, kind: "resumed", remainingMs: 4000 });
    expect(card.el.classList.contains("dimmed")).toBe(false);
    expect(fill()).toBe("50.0%");
    vi.advanceTimersByTime(2000);
    expect(fill()).toBe("25.0%");
    expect(answer).not.toHaveBeenCalled();
  });

  it("flashes the option about to be taken for 500 ms", () => {
    const { card, options } = setup();
    card.timer({ questionId: q.id, kind: "flash", remainingMs: 0, optionId: "opt-2" });
    expect(options().filter((b) => b.classList.contains("flash")).map((b) => b.dataset.optionId)).toEqual(["opt-2"]);
    vi.advanceTimersByTime(FLASH_MS - 1);
    expect(options()[0].classList.contains("flash")).toBe(true);
    vi.advanceTimersByTime(1);
    expect(options()[0].classList.contains("flash")).toBe(false);
  });

  it("answers on click, once, and stops its timers", async () => {
    const { options, answer, answered, card } = setup();
    options()[1].click();
    options()[0].click();
    await flush();
    expect(answer).toHaveBeenCalledTimes(1);
    expect(answer).toHaveBeenCalledWith("opt-1", "");
    expect(answered).toHaveBeenCalledWith("Prescriptions");
    expect(card.el.classList.contains("answered")).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("chooses by number key in the order shown, not when typed into the box", async () => {
    const { card, answer } = setup();
    const input = card.el.querySelector<HTMLInputElement>(".freeform-input")!;
    expect(card.handleKey(press("2", input))).toBe(false);
    expect(card.handleKey(press("4"))).toBe(false);
    expect(card.handleKey(press("1", document.body, { ctrlKey: true }))).toBe(false);
    expect(card.handleKey(press("Escape"))).toBe(false); // an ordinary question has no way out
    const e = press("1");
    expect(card.handleKey(e)).toBe(true);
    expect(e.defaultPrevented).toBe(true);
    await flush();
    expect(answer).toHaveBeenCalledWith("opt-2", "");
  });

  it("keeps the answer box, tells the engine about typing at most every 500 ms, and sends free text", async () => {
    const { card, typing, answer } = setup();
    const input = card.el.querySelector<HTMLInputElement>(".freeform-input")!;
    for (let i = 0; i < 5; i++) {
      input.dispatchEvent(new Event("input", { bubbles: true }));
      vi.advanceTimersByTime(200);
    }
    expect(typing).toHaveBeenCalledTimes(2);
    input.value = "  the second one ";
    card.el.querySelector("form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    await flush();
    expect(answer).toHaveBeenCalledWith("", "the second one");
  });

  it("says why an answer was refused and stays open", async () => {
    const { card, answer } = setup();
    answer.mockRejectedValueOnce("question clar-abc-1 has no option x");
    card.handleKey(press("1"));
    await flush();
    const err = card.el.querySelector<HTMLElement>(".card-error")!;
    expect(err.hidden).toBe(false);
    expect(err.textContent).toBe("question clar-abc-1 has no option x");
    expect(card.el.classList.contains("answered")).toBe(false);
    expect(card.handleKey(press("1"))).toBe(true);
  });

  it("draws a risky confirm as a warning that never suggests yes; Esc declines", async () => {
    const { card, options, answer } = setup(confirm);
    const panel = card.el.querySelector(".overlay-panel")!;
    expect(panel.classList.contains("risky")).toBe(true);
    expect(card.el.querySelector(".eyebrow")?.textContent).toBe("Please confirm");
    expect(options().map((b) => b.dataset.optionId)).toEqual(["opt-yes", "opt-no"]);
    expect(options()[0].classList.contains("suggested")).toBe(false);
    expect(options()[1].classList.contains("suggested")).toBe(true);
    expect(card.el.querySelector(".countdown")?.textContent).toContain('"No, stop here"');
    // The box is there to hold the timer, but this answer must be an option.
    const input = card.el.querySelector<HTMLInputElement>(".freeform-input")!;
    input.value = "maybe";
    card.el.querySelector("form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(card.el.querySelector(".card-error")?.textContent).toBe("This one needs one of the options above.");
    expect(answer).not.toHaveBeenCalled();
    expect(card.handleKey(press("Escape"))).toBe(true);
    await flush();
    expect(answer).toHaveBeenCalledWith("opt-no", "");
  });

  it("ends without a reply when closed, leaving the note", () => {
    const { card, answer } = setup();
    card.close("Stopped before this was answered.");
    expect(card.el.querySelector(".answered-note")?.textContent).toBe("Stopped before this was answered.");
    expect(card.handleKey(press("1"))).toBe(false);
    expect(answer).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    expect(card.optionText("opt-3")).toBe("Billing");
  });
});
