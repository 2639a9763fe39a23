import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Question } from "./events";
import { isTyping } from "./card";
import { byConfidence, declineOf, questionHead, suggestedId, TYPING_EVERY_MS, typingNotifier } from "./question";

const q: Question = {
  id: "clar-abc-1",
  questionType: "option_select",
  question: "Which Save button?",
  reason: "two buttons are called Save",
  allowFreeform: true,
  command: 0,
  binds: "element",
  default: "o1",
  options: [
    { id: "o3", text: "Neither", value: "o3" },
    { id: "o2", text: "Save (in the toolbar)", value: "o2", confidence: 0.28 },
    { id: "o1", text: "Save (in the form)", value: "o1", confidence: 0.72 },
    { id: "o4", text: "Save (in the footer)", value: "o4", confidence: 0.28 },
  ],
};

// As engine/agent/ask.go's confirm builds it: the default declines.
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
  options: [
    { id: "opt-yes", text: "Yes, do it", value: "yes" },
    { id: "opt-no", text: "No, stop here", value: "no" },
  ],
};

describe("question helpers", () => {
  it("orders options most likely first, keeping the engine's order on ties", () => {
    expect(byConfidence(q.options).map((o) => o.id)).toEqual(["o1", "o2", "o4", "o3"]);
    expect(byConfidence(undefined)).toEqual([]);
  });

  it("suggests the default, but never yes on a risky confirm", () => {
    expect(suggestedId(q)).toBe("o1");
    expect(suggestedId(confirm)).toBe("opt-no");
    expect(suggestedId({ ...confirm, default: "opt-yes" })).toBe("");
    expect(suggestedId({ ...q, default: "missing" })).toBe("");
  });

  it("finds a confirm's way out for Esc, and none for other questions", () => {
    expect(declineOf(confirm)?.id).toBe("opt-no");
    expect(declineOf({ ...confirm, default: "" })?.id).toBe("opt-no");
    expect(declineOf(q)).toBeUndefined();
  });

  it("heads a question with its place in the round and its reason as a sentence", () => {
    const text = (x: Question) => questionHead(x).nodes.map((n) => n.textContent);
    expect(text({ ...q, index: 2, of: 3 })).toEqual([
      "Errand needs your choice",
      "Question 2 of 3",
      "Which Save button?",
      "Two buttons are called Save",
    ]);
    expect(text({ ...q, index: 1, of: 1, reason: "" })).toEqual(["Errand needs your choice", "Which Save button?"]);
    expect(text(confirm)[0]).toBe("Please confirm");
  });

  it("tells keys typed into a text box from keys meant for the card", () => {
    const text = document.createElement("input");
    const radio = document.createElement("input");
    radio.type = "radio";
    expect(isTyping(text)).toBe(true);
    expect(isTyping(radio)).toBe(false);
    expect(isTyping(document.createElement("textarea"))).toBe(true);
    expect(isTyping(document.body)).toBe(false);
  });
});

describe("typing notifier", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("tells the engine at most once per 500 ms and ignores a refusal", () => {
    expect(TYPING_EVERY_MS).toBe(500);
    const typing = vi.fn().mockRejectedValue(new Error("no question is open"));
    const key = typingNotifier(typing);
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
    typingNotifier(undefined)(); // no transport: nothing to tell
  });
});
