import { beforeEach, describe, expect, it, vi } from "vitest";
import { mount } from "./app";
import type { ErrandEvent } from "./events";
import type { TaskRow, Transport } from "./transport";

// fakeTransport records calls and lets a test play the Go side's events.
function fakeTransport(rows: TaskRow[] = []) {
  let listener: (e: ErrandEvent) => void = () => {};
  const t = {
    runTask: vi.fn().mockResolvedValue("run-1"),
    answer: vi.fn().mockResolvedValue(undefined),
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
