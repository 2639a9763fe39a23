import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { announceCard, approvalCard, midExecCard } from "./dialogs";
import type { Announcement, Approval, MidExec } from "./events";

// The payloads as engine/agent marshals them (announce.go, midexec.go).
const announcement: Announcement = {
  requestId: "req-abc-1",
  assumptions: [
    { field: "target", assumedValue: "the Save button in the form", confidence: 0.72, command: 1 },
    { field: "value", assumedValue: "Jas", confidence: 0.8, command: 0 },
  ],
  plan: { summary: "type Jas into Name and click Save", steps: ["type Jas into Name", "click Save"] },
  autoExecuteDelay: 3000,
};

const approval: Approval = {
  requestId: "req-abc-2",
  plan: { summary: "delete patient Jas", steps: ["click Delete", "click Confirm"] },
  confidence: 0.55,
  reason: "Deleting cannot be undone.",
};

const midExec: MidExec = {
  requestId: "req-abc-3",
  failedStep: { stepIndex: 2, command: 1, action: 'click("10")', targetDescription: "Save", error: "nothing changed" },
  analysis: {
    cause: "Element moved or changed after the page updated",
    suggestion: "click Save (toolbar) instead",
    suggestedTargetId: "12",
    recommendedAction: "retry",
  },
  options: ["retry", "skip", "replan", "abort"],
  suggestedAction: "skip",
};

function replies() {
  return { decide: vi.fn().mockResolvedValue(undefined), correct: vi.fn().mockResolvedValue(undefined) };
}

function press(key: string, target: EventTarget = document.body): KeyboardEvent {
  const e = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
  Object.defineProperty(e, "target", { value: target });
  return e;
}

// flush lets a resolved Bridge call's continuation run; fake timers leave microtasks alone.
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};
const click = (el: Element | null | undefined) => (el as HTMLElement).click();
const button = (root: HTMLElement, text: string) =>
  [...root.querySelectorAll("button")].find((b) => b.textContent?.includes(text));

describe("announcement card", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.replaceChildren();
  });
  afterEach(() => vi.useRealTimers());

  it("lists the assumptions and counts down from the delay", () => {
    const card = announceCard(announcement, replies());
    expect(card.el.querySelector(".question-text")?.textContent).toBe("I'll proceed with these assumptions:");
    expect([...card.el.querySelectorAll(".assumptions li")].map((li) => li.textContent)).toEqual([
      "target: the Save button in the form (72%)",
      "value: Jas (80%)",
    ]);
    const countdown = card.el.querySelector(".countdown")!;
    expect(countdown.textContent).toBe("Executing in 3s…");
    vi.advanceTimersByTime(1000);
    expect(countdown.textContent).toBe("Executing in 2s…");
    vi.advanceTimersByTime(1500);
    expect(countdown.textContent).toBe("Executing in 1s…");
    vi.advanceTimersByTime(500);
    expect(countdown.textContent).toBe("Executing…");
    expect(vi.getTimerCount()).toBe(0); // nothing left ticking
  });

  it("corrects the first assumption by asking, and cancels", async () => {
    const r = replies();
    const decided = vi.fn();
    const card = announceCard(announcement, r, decided);
    click(button(card.el, "Correct"));
    await flush();
    expect(r.correct).toHaveBeenCalledWith("req-abc-1", "target", 1, "");
    expect(decided).toHaveBeenCalledWith("Correct the target");
    expect(card.el.classList.contains("answered")).toBe(true);

    const other = announceCard(announcement, r);
    click(button(other.el, "Cancel"));
    expect(r.decide).toHaveBeenCalledWith("req-abc-1", "cancel");
  });

  it("goes ahead on Enter and cancels on Esc, but leaves Enter on a button to the button", () => {
    const r = replies();
    const card = announceCard(announcement, r);
    document.body.append(card.el);
    expect(card.handleKey(press("Enter", button(card.el, "Cancel")!))).toBe(false);
    const enter = press("Enter", card.el);
    expect(card.handleKey(enter)).toBe(true);
    expect(enter.defaultPrevented).toBe(true);
    expect(r.decide).toHaveBeenCalledWith("req-abc-1", "proceed");

    const esc = announceCard(announcement, r);
    expect(esc.handleKey(press("Escape"))).toBe(true);
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

  it("stops counting when closed", () => {
    const card = announceCard(announcement, replies());
    card.close("");
    expect(vi.getTimerCount()).toBe(0);
    expect(card.handleKey(press("Enter"))).toBe(false);
  });
});

describe("approval card", () => {
  it("shows the steps in order and the reason; Execute approves, Cancel and Esc cancel", () => {
    const r = replies();
    const card = approvalCard(approval, r);
    expect([...card.el.querySelectorAll("ol.plan-steps li")].map((li) => li.textContent)).toEqual(["click Delete", "click Confirm"]);
    expect(card.el.querySelector(".question-reason")?.textContent).toBe("Deleting cannot be undone.");
    expect(card.el.textContent).toContain("Confidence 55%");
    click(button(card.el, "Execute"));
    expect(r.decide).toHaveBeenCalledWith("req-abc-2", "approve");

    click(button(approvalCard(approval, r).el, "Cancel"));
    expect(r.decide).toHaveBeenLastCalledWith("req-abc-2", "cancel");

    const keys = approvalCard(approval, r);
    expect(keys.handleKey(press("Enter"))).toBe(false); // no key approves a plan
    expect(keys.handleKey(press("Escape"))).toBe(true);
    expect(r.decide).toHaveBeenLastCalledWith("req-abc-2", "cancel");
    expect(r.decide).toHaveBeenCalledTimes(3);
  });
});

describe("failed step card", () => {
  beforeEach(() => document.body.replaceChildren());

  it("says what failed and why, one button per option, the suggested one marked and focused", () => {
    const card = midExecCard(midExec, replies());
    document.body.append(card.el);
    card.focus();
    expect(card.el.querySelector(".question-text")?.textContent).toBe("Step 2 failed: nothing changed");
    expect(card.el.querySelector(".question-reason")?.textContent).toBe("Cause: Element moved or changed after the page updated");
    const buttons = [...card.el.querySelectorAll<HTMLButtonElement>("button.option")];
    expect(buttons.map((b) => b.querySelector(".option-text")?.textContent)).toEqual([
      "Retry — click Save (toolbar) instead",
      "Skip",
      "Replan",
      "Stop",
    ]);
    expect(buttons.filter((b) => b.classList.contains("suggested")).map((b) => b.dataset.decision)).toEqual(["skip"]);
    expect(buttons[1].textContent).toContain("recommended");
    expect(document.activeElement).toBe(buttons[1]);
  });

  it("sends the decision on click and on its number key", () => {
    const r = replies();
    click(midExecCard(midExec, r).el.querySelector('[data-decision="replan"]'));
    expect(r.decide).toHaveBeenCalledWith("req-abc-3", "replan");

    const card = midExecCard(midExec, r);
    expect(card.handleKey(press("5"))).toBe(false);
    const input = document.createElement("input");
    expect(card.handleKey(press("4", input))).toBe(false); // typed, not chosen
    expect(card.handleKey(press("4"))).toBe(true);
    expect(r.decide).toHaveBeenLastCalledWith("req-abc-3", "abort");
    expect(card.handleKey(press("1"))).toBe(false);
    expect(r.decide).toHaveBeenCalledTimes(2);
  });

  it("falls back to the analysis's recommendation and a plain Retry", () => {
    const card = midExecCard(
      { ...midExec, suggestedAction: "", analysis: { ...midExec.analysis, suggestion: "" } },
      replies(),
    );
    const suggested = card.el.querySelector<HTMLButtonElement>("button.suggested")!;
    expect(suggested.dataset.decision).toBe("retry");
    expect(suggested.querySelector(".option-text")?.textContent).toBe("Retry");
  });
});
