import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mount } from "./app";
import type { ErrandEvent } from "./events";
import type { TaskRow, Transport } from "./transport";

// fakeTransport records calls and lets a test play the Go side's events.
function fakeTransport(rows: TaskRow[] = []) {
  let listener: (e: ErrandEvent) => void = () => {};
  const t = {
    runTask: vi.fn().mockResolvedValue("run-1"),
    answer: vi.fn().mockResolvedValue(undefined),
    decide: vi.fn().mockResolvedValue(undefined),
    correct: vi.fn().mockResolvedValue(undefined),
    typing: vi.fn().mockResolvedValue(undefined),
    cancel: vi.fn().mockResolvedValue(undefined),
    tasks: vi.fn().mockResolvedValue(rows),
    version: vi.fn().mockResolvedValue("0.1.0"),
    onEvent: (cb: (e: ErrandEvent) => void) => {
      listener = cb;
      return () => {};
    },
  } satisfies Transport;
  return { t, send: (e: ErrandEvent) => listener(e) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;

describe("screen", () => {
  beforeEach(() => {
    document.body.innerHTML = `<div id="app"></div>`;
  });

  it("says honestly that nothing has run yet", async () => {
    const { t } = fakeTransport();
    mount($("#app"), t);
    await tick();
    expect($(".empty").textContent).toContain("Nothing is running.");
    expect($(".history-list").textContent).toContain("No errands yet.");
  });

  it("runs a task, answers its question by number and ends", async () => {
    const { t, send } = fakeTransport();
    mount($("#app"), t);
    $<HTMLInputElement>("#goal").value = "Click the Details link";
    $<HTMLInputElement>("#url").value = "127.0.0.1:7480/links";
    $("form.task-form").dispatchEvent(new Event("submit", { cancelable: true }));
    await tick();
    expect(t.runTask).toHaveBeenCalledWith("Click the Details link", "127.0.0.1:7480/links");
    expect($<HTMLButtonElement>("button.primary").disabled).toBe(true);
    expect($("button.danger").hidden).toBe(false);

    send({ type: "stateChanged", from: "idle", to: "clarifying" });
    send({
      type: "clarifyWithOptions",
      id: "clar-1",
      questionType: "option_select",
      question: "Which Details link?",
      allowFreeform: true,
      options: [
        { id: "a", text: "Lab results" },
        { id: "b", text: "Prescriptions" },
      ],
    });
    expect($(".status-pill").textContent).toBe("Waiting for your answer");
    expect($(".question-text").textContent).toBe("Which Details link?");
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "2", bubbles: true, cancelable: true }));
    await tick();
    expect(t.answer).toHaveBeenCalledWith("clar-1", "b", "");
    expect(document.querySelector(".question")).toBeNull();
    expect($(".feed-list").textContent).toContain("You answered: Prescriptions");

    send({ type: "taskFinished", status: "completed", summary: "Opened it.", steps: 1, modelCalls: 0, tokens: 0, durationMs: 900 });
    send({ type: "runEnded", runId: "run-1", status: "completed" });
    await tick();
    expect($<HTMLButtonElement>("button.primary").disabled).toBe(false);
    expect($("button.danger").hidden).toBe(true);
    expect($(".status-pill").textContent).toBe("Completed");
    expect(t.tasks).toHaveBeenCalledTimes(2); // on load and after the run
  });

  it("shows why a run could not start", async () => {
    const { t } = fakeTransport();
    t.runTask.mockRejectedValue(new Error("a task is already running"));
    mount($("#app"), t);
    $<HTMLInputElement>("#goal").value = "click Save";
    $("form.task-form").dispatchEvent(new Event("submit", { cancelable: true }));
    await tick();
    expect($(".form-error").textContent).toBe("a task is already running");
    expect($<HTMLButtonElement>("button.primary").disabled).toBe(false);
  });

  it("lists past tasks", async () => {
    const { t } = fakeTransport([
      { id: "task-1", goal: "Click Save", status: "failed", steps: 2, modelCalls: 0, tokens: 0, durationMs: 1500, createdAt: new Date().toISOString() },
    ]);
    mount($("#app"), t);
    await tick();
    const row = $(".history-row");
    expect(row.querySelector(".badge")?.textContent).toBe("Failed");
    expect(row.querySelector(".history-goal")?.textContent).toBe("Click Save");
    expect(row.querySelector(".history-meta")?.textContent).toBe("2 steps · 1.5 s");
  });

  it("calls a task stopped mid-way unfinished, not waiting", async () => {
    const { t } = fakeTransport([
      { id: "task-2", goal: "Click Details", status: "clarifying", steps: 0, modelCalls: 0, tokens: 0, durationMs: 0, createdAt: new Date().toISOString() },
    ]);
    mount($("#app"), t);
    await tick();
    const badge = $(".history-row .badge");
    expect(badge.textContent).toBe("Unfinished");
    expect(badge.title).toBe("Last state: Waiting for your answer");
  });
});

// flush lets resolved promises run; the tests below fake the clock, so tick would not.
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};
const key = (k: string) => document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
const stepStarted: ErrandEvent = { type: "stepStarted", step: 1, actions: ['click("10")'], chained: false };
const ask = (id: string, index: number, of: number): ErrandEvent => ({
  type: "clarifyWithOptions",
  id,
  questionType: "option_select",
  question: `Question ${id}?`,
  allowFreeform: true,
  default: "a",
  options: [
    { id: "a", text: "Yes" },
    { id: "b", text: "No" },
  ],
  index,
  of,
});

describe("dialogs on the screen", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = `<div id="app"></div>`;
  });
  afterEach(() => vi.useRealTimers());

  it("announces, counts down, goes ahead on Enter, and the next step clears the slot", async () => {
    const { t, send } = fakeTransport();
    mount($("#app"), t);
    send({
      type: "assumeAnnounce",
      requestId: "req-1",
      assumptions: [{ field: "target", assumedValue: "Save", confidence: 0.72, command: 0 }],
      plan: { summary: "click Save", steps: ["click Save"] },
      autoExecuteDelay: 3000,
    });
    expect($(".question-slot .announce .assumptions").textContent).toBe("target: Save (72%)");
    expect($(".countdown").textContent).toBe("Executing in 3s…");
    vi.advanceTimersByTime(2000);
    expect($(".countdown").textContent).toBe("Executing in 1s…");
    key("Enter");
    await flush();
    expect(t.decide).toHaveBeenCalledWith("req-1", "proceed");
    expect(document.querySelector(".dialog")).toBeNull();
    expect($(".feed-list").textContent).toContain("You chose: Go ahead now");

    // Unanswered, the engine goes ahead on its own clock: the step closes the card.
    send({ type: "assumeAnnounce", requestId: "req-2", assumptions: null, plan: { summary: "", steps: null }, autoExecuteDelay: 3000 });
    expect(document.querySelector(".announce")).not.toBeNull();
    expect(document.querySelector(".announce button.secondary")).toBeNull(); // nothing to correct
    vi.advanceTimersByTime(3000);
    send(stepStarted);
    expect($(".question-slot").children.length).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    key("Escape");
    expect(t.decide).toHaveBeenCalledTimes(1);
  });

  it("approves a plan by click and decides a failed step by number", async () => {
    const { t, send } = fakeTransport();
    mount($("#app"), t);
    send({ type: "approvalRequest", requestId: "req-3", plan: { summary: "delete Jas", steps: ["click Delete"] }, confidence: 0.5, reason: "risky" });
    [...document.querySelectorAll<HTMLButtonElement>(".approval button")].find((b) => b.textContent === "Execute")!.click();
    await flush();
    expect(t.decide).toHaveBeenCalledWith("req-3", "approve");
    expect($(".feed-list").textContent).toContain("You chose: Execute");

    const failed: ErrandEvent = {
      type: "midExecDialog",
      requestId: "req-4",
      failedStep: { stepIndex: 1, action: 'click("10")', targetDescription: "Save", error: "nothing changed" },
      analysis: { cause: "Unknown error", suggestion: "", recommendedAction: "abort" },
      options: ["retry", "skip", "replan", "abort"],
      suggestedAction: "abort",
    };
    send(failed);
    expect(document.activeElement?.getAttribute("data-decision")).toBe("abort");
    key("2");
    await flush();
    expect(t.decide).toHaveBeenLastCalledWith("req-4", "skip");

    send({ ...failed, requestId: "req-5" });
    send({ type: "taskFinished", status: "failed", summary: "", steps: 1, modelCalls: 0, tokens: 0, durationMs: 5 });
    expect(document.querySelector(".mid-exec")).toBeNull();
  });

  it("leaves a dialog in view with a note when the run ends", () => {
    const { t, send } = fakeTransport();
    mount($("#app"), t);
    send({ type: "approvalRequest", requestId: "req-6", plan: { summary: "x", steps: [] }, confidence: 0.5, reason: "" });
    send({ type: "runEnded", runId: "run-1", cancelled: true });
    expect($(".approval").classList.contains("answered")).toBe(true);
    expect($(".approval .answered-note").textContent).toBe("Stopped before this was answered.");
  });

  it("asks a round's questions one at a time, with its timer and typing", async () => {
    const { t, send } = fakeTransport();
    mount($("#app"), t);
    send(ask("q1", 1, 2));
    send(ask("q2", 2, 2));
    expect($(".question-text").textContent).toBe("Question q1?");
    expect($(".question-progress").textContent).toBe("Question 1 of 2");

    send({ type: "questionTimer", questionId: "q1", kind: "paused", remainingMs: 4000 });
    expect($(".question").classList.contains("dimmed")).toBe(true);
    send({ type: "questionTimer", questionId: "other", kind: "resumed", remainingMs: 4000 });
    expect($(".question").classList.contains("dimmed")).toBe(true); // not this question's
    send({ type: "questionTimer", questionId: "q1", kind: "resumed", remainingMs: 4000 });
    expect($(".question").classList.contains("dimmed")).toBe(false);

    const input = $<HTMLInputElement>(".freeform-input");
    for (let i = 0; i < 5; i++) {
      input.dispatchEvent(new Event("input", { bubbles: true }));
      vi.advanceTimersByTime(200); // 1 s of typing in all
    }
    expect(t.typing.mock.calls).toEqual([["q1"], ["q1"]]);

    key("2");
    await flush();
    expect(t.answer).toHaveBeenCalledWith("q1", "b", "");
    expect($(".question-progress").textContent).toBe("Question 2 of 2");

    send({ type: "questionTimer", questionId: "q2", kind: "flash", remainingMs: 0, optionId: "a" });
    expect($('.question button[data-option-id="a"]').classList.contains("flash")).toBe(true);
    send({ type: "questionTimer", questionId: "q2", kind: "expired", remainingMs: 0, optionId: "a" });
    expect($(".question").classList.contains("answered")).toBe(true);
    expect($(".question .answered-note").textContent).toContain("No answer in time");
    send(stepStarted);
    expect(document.querySelector(".question")).toBeNull();
  });
});
