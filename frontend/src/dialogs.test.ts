import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { announceCard, approvalCard, midExecCard } from "./dialogs";
import type { Announcement, Approval, MidExec } from "./events";
import { button, flush, press } from "./testing";

// The payloads as engine/agent marshals them (announce.go, midexec.go).
const announcement: Announcement = {
  requestId: "req-abc-1",
  assumptions: [
    { field: "target", assumedValue: "First search result", confidence: 0.75, command: 1 },
    { field: "value", assumedValue: "AI tools", confidence: 0.9, command: 0 },
  ],
  plan: { summary: "search for AI tools and open the first result", steps: ["type AI tools into Search", "click the first result"] },
  autoExecuteDelay: 3000,
};

const approval: Approval = {
  requestId: "req-abc-2",
  plan: { summary: "delete patient Jas", steps: ["click Delete", "click Confirm"] },
  confidence: 0.55,
  reason: "deleting cannot be undone",
};

const midExec: MidExec = {
  requestId: "req-abc-3",
  failedStep: { stepIndex: 2, command: 1, action: 'click("10")', targetDescription: "the Sign In button", error: "element not found" },
  analysis: {
    cause: "Page navigated, element IDs changed",
    suggestion: "click “Sign In” instead",
    canRetry: true,
    canSkip: true,
    canReplan: true,
    suggestedTargetId: "12",
    recommendedAction: "retry",
  },
  options: ["retry", "skip", "replan", "abort"],
  suggestedAction: "retry",
};

function replies() {
  return {
    decide: vi.fn().mockResolvedValue(undefined),
    correct: vi.fn().mockResolvedValue(undefined),
    typing: vi.fn().mockResolvedValue(undefined),
  };
}

describe("announcement card", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.replaceChildren();
  });
  afterEach(() => vi.useRealTimers());

  it("lists the assumptions as the announcement shows them, and the plan", () => {
    const card = announceCard(announcement, replies());
    expect(card.el.querySelector(".question-text")?.textContent).toBe("I'll proceed with these assumptions:");
    expect([...card.el.querySelectorAll(".assumptions li")].map((li) => li.textContent)).toEqual([
      'Target: "First search result" (75%)',
      'Value: "AI tools" (90%)',
    ]);
    expect(card.el.querySelector(".plan-label")?.textContent).toBe("Plan: search for AI tools and open the first result");
    expect([...card.el.querySelectorAll(".plan-steps li")].map((li) => li.textContent)).toEqual([
      "type AI tools into Search",
      "click the first result",
    ]);
    expect([...card.el.querySelectorAll(".dialog-buttons button")].map((b) => b.textContent)).toEqual(["Correct", "Cancel"]);
  });

  it("counts down from the delay, in words and on a bar", () => {
    const card = announceCard(announcement, replies());
    const countdown = card.el.querySelector(".countdown")!;
    const fill = card.el.querySelector<HTMLElement>(".countdown-fill")!;
    expect(countdown.textContent).toBe("Executing in 3s…");
    expect(fill.style.width).toBe("100.0%");
    vi.advanceTimersByTime(1000);
    expect(countdown.textContent).toBe("Executing in 2s…");
    expect(fill.style.width).toBe("66.7%");
    vi.advanceTimersByTime(1500);
    expect(countdown.textContent).toBe("Executing in 1s…");
    vi.advanceTimersByTime(500);
    expect(countdown.textContent).toBe("Executing…");
    expect(fill.style.width).toBe("0.0%");
    expect(vi.getTimerCount()).toBe(0); // nothing left ticking, and nothing was sent
  });

  it("corrects an assumption with a typed value", async () => {
    const r = replies();
    const decided = vi.fn();
    const card = announceCard(announcement, r, decided);
    document.body.append(card.el);
    const correct = button(card.el, "Correct");
    const box = card.el.querySelector<HTMLElement>(".corrections")!;
    expect(box.hidden).toBe(true);
    const before = card.el.querySelector(".countdown")!.textContent;
    correct.click();
    expect(box.hidden).toBe(false);
    expect(correct.getAttribute("aria-expanded")).toBe("true");
    // Opening Correct holds the engine's countdown, once, and the card stops counting.
    expect(r.typing).toHaveBeenCalledExactlyOnceWith("req-abc-1");
    expect(before).toContain("Executing in");
    vi.advanceTimersByTime(5000);
    expect(card.el.querySelector(".countdown")!.textContent).toBe("Waiting for your correction");
    correct.click();
    correct.click();
    expect(r.typing).toHaveBeenCalledTimes(1);
    const inputs = [...box.querySelectorAll<HTMLInputElement>("input")];
    expect(inputs.map((i) => i.getAttribute("aria-label"))).toEqual(["New target", "New value"]);
    expect(inputs.map((i) => i.placeholder)).toEqual(["First search result", "AI tools"]);
    expect(document.activeElement).toBe(inputs[0]);
    inputs[1].value = " ML tools ";
    inputs[1].form!.dispatchEvent(new Event("submit", { cancelable: true }));
    await flush();
    expect(r.correct).toHaveBeenCalledWith("req-abc-1", "value", 0, "ML tools");
    expect(decided).toHaveBeenCalledWith('Value: "ML tools"');
    expect(card.el.classList.contains("answered")).toBe(true);
    expect(r.decide).not.toHaveBeenCalled();
  });

  it("asks about an assumption corrected with nothing typed", async () => {
    const r = replies();
    const decided = vi.fn();
    const card = announceCard(announcement, r, decided);
    button(card.el, "Correct").click();
    const form = card.el.querySelector<HTMLFormElement>(".correction")!;
    form.dispatchEvent(new Event("submit", { cancelable: true }));
    await flush();
    expect(r.correct).toHaveBeenCalledWith("req-abc-1", "target", 1, "");
    expect(decided).toHaveBeenCalledWith("Ask me about the target");
  });

  it("cancels on Cancel", async () => {
    const r = replies();
    const decided = vi.fn();
    button(announceCard(announcement, r, decided).el, "Cancel").click();
    await flush();
    expect(r.decide).toHaveBeenCalledWith("req-abc-1", "cancel");
    expect(decided).toHaveBeenCalledWith("Cancel");
  });

  it("goes ahead on Enter and cancels on Esc, leaving Enter on a button or in a box alone", async () => {
    const r = replies();
    const card = announceCard(announcement, r);
    document.body.append(card.el);
    expect(card.handleKey(press("Enter", button(card.el, "Cancel")))).toBe(false);
    expect(card.handleKey(press("Enter", card.el.querySelector(".corrections input")!))).toBe(false);
    const enter = press("Enter", card.el);
    expect(card.handleKey(enter)).toBe(true);
    expect(enter.defaultPrevented).toBe(true);
    await flush();
    expect(r.decide).toHaveBeenCalledWith("req-abc-1", "proceed");

    const esc = announceCard(announcement, r);
    expect(esc.handleKey(press("Escape"))).toBe(true);
    await flush();
    expect(r.decide).toHaveBeenLastCalledWith("req-abc-1", "cancel");
    expect(esc.handleKey(press("Escape"))).toBe(false); // one reply per card
    expect(r.decide).toHaveBeenCalledTimes(2);
  });

  it("says why a reply was refused and stays open", async () => {
    const r = replies();
    r.decide.mockRejectedValueOnce(new Error('nothing "req-abc-1" is waiting for a reply'));
    const card = announceCard(announcement, r);
    card.handleKey(press("Escape"));
    await flush();
    const err = card.el.querySelector<HTMLElement>(".card-error")!;
    expect(err.hidden).toBe(false);
    expect(err.textContent).toContain("is waiting for a reply");
    expect(card.el.classList.contains("answered")).toBe(false);
  });

  it("has nothing to correct without assumptions, and stops counting when closed", () => {
    const card = announceCard({ ...announcement, assumptions: null, plan: { summary: "", steps: null } }, replies());
    expect([...card.el.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Cancel"]);
    card.close("");
    expect(vi.getTimerCount()).toBe(0);
    expect(card.handleKey(press("Enter"))).toBe(false);
  });
});

describe("approval card", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the plan, the reason and the confidence; Execute approves, Cancel and Esc cancel", async () => {
    const r = replies();
    const card = approvalCard(approval, r);
    expect(card.el.querySelector(".question-text")?.textContent).toBe("delete patient Jas");
    expect([...card.el.querySelectorAll("ol.plan-steps li")].map((li) => li.textContent)).toEqual(["click Delete", "click Confirm"]);
    expect(card.el.querySelector(".question-reason")?.textContent).toBe("Deleting cannot be undone");
    expect(card.el.querySelector(".approval-confidence")?.textContent).toBe("Confidence 55%");
    button(card.el, "Execute").click();
    await flush();
    expect(r.decide).toHaveBeenCalledWith("req-abc-2", "approve");

    button(approvalCard(approval, r).el, "Cancel").click();
    await flush();
    expect(r.decide).toHaveBeenLastCalledWith("req-abc-2", "cancel");

    const keys = approvalCard(approval, r);
    expect(keys.handleKey(press("Enter"))).toBe(false); // no key approves a plan
    expect(keys.handleKey(press("1"))).toBe(false);
    expect(keys.handleKey(press("Escape"))).toBe(true);
    await flush();
    expect(r.decide).toHaveBeenLastCalledWith("req-abc-2", "cancel");
    expect(r.decide).toHaveBeenCalledTimes(3);
  });
});

describe("failed step card", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.replaceChildren();
  });
  afterEach(() => vi.useRealTimers());

  it("says what failed and why; one button per option in order, Retry naming the suggestion", () => {
    const card = midExecCard(midExec, replies());
    document.body.append(card.el);
    card.focus();
    expect(card.el.querySelector(".question-text")?.textContent).toBe("Step 2 failed: element not found");
    expect(card.el.querySelector(".failed-action")?.textContent).toBe('Action: click("10") · Target: the Sign In button');
    expect(card.el.querySelector(".question-reason")?.textContent).toBe("Cause: Page navigated, element IDs changed");
    const buttons = [...card.el.querySelectorAll<HTMLButtonElement>("button.option")];
    expect(buttons.map((b) => b.querySelector(".option-text")?.textContent)).toEqual([
      "Retry — click “Sign In” instead",
      "Skip",
      "Replan",
      "Stop",
    ]);
    expect(buttons.filter((b) => b.classList.contains("suggested")).map((b) => b.dataset.decision)).toEqual(["retry"]);
    expect(buttons[0].textContent).toContain("recommended");
    expect(document.activeElement).toBe(buttons[0]);
  });

  it("keeps the engine's order and marks its suggestion", () => {
    const card = midExecCard({ ...midExec, options: ["replan", "abort", "skip"], suggestedAction: "skip" }, replies());
    document.body.append(card.el);
    card.focus();
    const buttons = [...card.el.querySelectorAll<HTMLButtonElement>("button.option")];
    expect(buttons.map((b) => b.dataset.decision)).toEqual(["replan", "abort", "skip"]);
    expect(document.activeElement).toBe(buttons[2]);
  });

  it("sends each decision on click", async () => {
    for (const d of ["retry", "skip", "replan", "abort"]) {
      const r = replies();
      const decided = vi.fn();
      const card = midExecCard(midExec, r, decided);
      card.el.querySelector<HTMLButtonElement>(`[data-decision="${d}"]`)!.click();
      await flush();
      expect(r.decide).toHaveBeenCalledWith("req-abc-3", d);
      expect(decided).toHaveBeenCalledTimes(1);
    }
  });

  it("chooses with number keys, and Esc stops", async () => {
    const r = replies();
    const card = midExecCard(midExec, r);
    expect(card.handleKey(press("5"))).toBe(false);
    const input = document.createElement("input");
    expect(card.handleKey(press("4", input))).toBe(false); // typed, not chosen
    expect(card.handleKey(press("2"))).toBe(true);
    await flush();
    expect(r.decide).toHaveBeenLastCalledWith("req-abc-3", "skip");
    expect(card.handleKey(press("1"))).toBe(false); // decided already
    expect(r.decide).toHaveBeenCalledTimes(1);

    const esc = midExecCard(midExec, r);
    expect(esc.handleKey(press("Escape"))).toBe(true);
    await flush();
    expect(r.decide).toHaveBeenLastCalledWith("req-abc-3", "abort");
    const noStop = midExecCard({ ...midExec, options: ["retry", "skip"] }, r);
    expect(noStop.handleKey(press("Escape"))).toBe(false);
  });

  it("falls back to the analysis's recommendation and a plain Retry", () => {
    const card = midExecCard({ ...midExec, suggestedAction: "", analysis: { ...midExec.analysis, suggestion: "" } }, replies());
    const suggested = card.el.querySelector<HTMLButtonElement>("button.suggested")!;
    expect(suggested.dataset.decision).toBe("retry");
    expect(suggested.querySelector(".option-text")?.textContent).toBe("Retry");
  });
});
