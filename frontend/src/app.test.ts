import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mountTask } from "./app";
import type { ErrandEvent, Question } from "./events";
import { button, fakeTransport, flush } from "./testing";

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const $$ = <T extends Element = HTMLElement>(sel: string) => [...document.querySelectorAll<T>(sel)];
const key = (k: string, target: EventTarget = document.body) =>
  target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
const feedText = () => $(".feed-list").textContent ?? "";

function setup() {
  document.body.innerHTML = `<div id="app"></div>`;
  const f = fakeTransport();
  const unmount = mountTask($("#app"), f.t);
  return { ...f, unmount };
}

async function start(goal = "Click the Details link", url = "127.0.0.1:7480/links") {
  $<HTMLInputElement>("#goal").value = goal;
  $<HTMLInputElement>("#url").value = url;
  $("form.task-form").dispatchEvent(new Event("submit", { cancelable: true }));
  await flush();
}

const stepStarted = (planStep = 0, planSteps = 1): ErrandEvent => ({
  type: "stepStarted",
  step: planStep + 1,
  actions: ['click("10")'],
  descriptions: null,
  chained: false,
  planStep,
  planSteps,
});

const ask = (id: string, extra: Partial<Question> = {}): ErrandEvent => ({
  type: "clarifyWithOptions",
  id,
  questionType: "option_select",
  question: `Question ${id}?`,
  allowFreeform: true,
  command: 0,
  binds: "element",
  default: "a",
  timeoutMs: 8000,
  options: [
    { id: "b", text: "No", value: "b", confidence: 0.3 },
    { id: "a", text: "Yes", value: "a", confidence: 0.7 },
  ],
  ...extra,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("task screen", () => {
  it("draws only the task screen: no top bar, no history", () => {
    setup();
    expect($(".task-screen")).not.toBeNull();
    expect(document.querySelector(".topbar")).toBeNull();
    expect(document.querySelector(".history-list")).toBeNull();
    expect($(".empty").textContent).toContain("Nothing is running.");
    expect($(".status-pill").textContent).toBe("Ready");
    expect($(".page-title").textContent).toBe("No page yet");
  });

  it("runs a task, shows Stop, and ends with runEnded", async () => {
    const { t, send } = setup();
    await start();
    expect(t.runTask).toHaveBeenCalledWith("Click the Details link", "127.0.0.1:7480/links");
    expect($<HTMLButtonElement>("button.run").disabled).toBe(true);
    expect($("button.stop").hidden).toBe(false);
    expect($(".page-url").textContent).toBe("127.0.0.1:7480/links");
    expect(feedText()).toContain("You asked: Click the Details link");

    send({ type: "stateChanged", from: "idle", to: "executing" });
    expect($(".status-pill").textContent).toBe("Working in the browser");
    send({ type: "taskFinished", status: "completed", summary: "Opened it.", steps: 1, modelCalls: 2, tokens: 1500, durationMs: 900 });
    send({ type: "runEnded", runId: "run-1", status: "completed" });
    expect($<HTMLButtonElement>("button.run").disabled).toBe(false);
    expect($("button.stop").hidden).toBe(true);
    expect($(".status-pill").textContent).toBe("Completed");
    expect($(".usage-meter").textContent).toBe("2 model calls · 1,500 tokens");
  });

  it("asks for a goal before running, and shows why a run could not start", async () => {
    const { t } = setup();
    await start("  ");
    expect(t.runTask).not.toHaveBeenCalled();
    expect($(".form-error").textContent).toBe("Say what Errand should do first.");
    t.runTask.mockRejectedValue(new Error("a task is already running"));
    await start("click Save");
    expect($(".form-error").textContent).toBe("a task is already running");
    expect($<HTMLButtonElement>("button.run").disabled).toBe(false);
  });

  it("stops on the Stop button and on Esc when no dialog is open", async () => {
    const { t, send } = setup();
    await start();
    button(document, "Stop").click();
    await flush();
    expect(t.cancel).toHaveBeenCalledTimes(1);
    expect($(".status-pill").textContent).toBe("Stopping…");
    send({ type: "runEnded", runId: "run-1", cancelled: true });
    expect($(".status-pill").textContent).toBe("Stopped");
    key("Escape"); // not running: nothing to stop
    expect(t.cancel).toHaveBeenCalledTimes(1);

    await start();
    key("Escape");
    await flush();
    expect(t.cancel).toHaveBeenCalledTimes(2);
  });

  it("leaves Esc to an open dialog instead of stopping", async () => {
    const { t, send } = setup();
    await start();
    send({ type: "approvalRequest", requestId: "req-1", plan: { summary: "x", steps: ["a"] }, confidence: 0.5, reason: "" });
    key("Escape");
    await flush();
    expect(t.decide).toHaveBeenCalledWith("req-1", "cancel");
    expect(t.cancel).not.toHaveBeenCalled();
  });

  it("ignores keys while the screen is hidden or gone", async () => {
    const { t, send, unmount } = setup();
    await start();
    send({ type: "approvalRequest", requestId: "req-1", plan: { summary: "x", steps: [] }, confidence: 0.5, reason: "" });
    const holder = document.createElement("section");
    holder.hidden = true;
    document.body.append(holder);
    holder.append($("#app"));
    key("Escape");
    $("#app").remove();
    key("Escape");
    await flush();
    expect(t.decide).not.toHaveBeenCalled();
    expect(t.cancel).not.toHaveBeenCalled();
    unmount();
  });

  it("follows a run it did not start, and ends it on runEnded", () => {
    const { send } = setup();
    send({ type: "stateChanged", from: "idle", to: "executing", taskId: "task-9" });
    expect($("button.stop").hidden).toBe(false);
    expect($<HTMLButtonElement>("button.run").disabled).toBe(true);
    expect(feedText()).toContain("Following an errand started elsewhere");
    expect(feedText()).toContain("Working in the browser");
    send({ type: "runEnded", runId: "run-9", status: "completed" });
    expect($("button.stop").hidden).toBe(true);
    // A stray download's progress is Settings' business, not a run.
    send({ type: "pullProgress", model: "m", status: "pulling", completed: 1, total: 2, fraction: 0.5 });
    expect($("button.stop").hidden).toBe(true);
    // And sources being read are the Knowledge screen's.
    send({ type: "ingestProgress", ingestId: "ingest-1", stage: "stored", source: "https://a.test/help", chunks: 3 });
    expect($("button.stop").hidden).toBe(true);
  });

  it("draws the plan's statuses and the page from the step events", async () => {
    const { send } = setup();
    await start("type Jas into Name and click Save", "127.0.0.1:7480/patients/new");
    send({
      type: "planReady",
      route: "fast_path",
      complexity: "SIMPLE",
      steps: ["type Jas into Name", "click Save"],
      url: "http://127.0.0.1:7480/patients/new",
      title: "New patient",
    });
    expect($(".page-title").textContent).toBe("New patient");
    expect($(".plan-route").textContent).toBe("read as direct commands, no model needed");
    send(stepStarted(0));
    expect($$(".plan-step").map((li) => li.dataset.status)).toEqual(["running", "pending"]);
    send({ type: "stepVerified", step: 1, index: 0, action: 'setValue("5", "Jas")', verified: true, verificationTier: 1, evidence: "Name shows Jas", planStep: 0 });
    send(stepStarted(1));
    send({
      type: "stepVerified",
      step: 2,
      index: 0,
      action: 'click("10")',
      verified: false,
      verificationTier: 1,
      evidence: "nothing changed",
      error: "not_found",
      planStep: 1,
      url: "http://127.0.0.1:7480/patients",
      title: "Patients",
    });
    expect($$(".plan-step").map((li) => li.dataset.status)).toEqual(["verified", "failed"]);
    expect($$(".plan-verdict").map((p) => p.textContent)).toEqual(["✓ Name shows Jas · tier 1", "✗ nothing changed · tier 1"]);
    expect($(".page-title").textContent).toBe("Patients");
    expect($(".page-url").textContent).toBe("http://127.0.0.1:7480/patients");
  });

  it("shows the confidence report, self-refine progress and the model usage beside the feed", async () => {
    const { send } = setup();
    await start();
    send({
      type: "confidenceReport",
      overall: 0.42,
      breakdown: { intentClarity: 0.5, targetMatch: 0.3, valueConfidence: 1, actionDeterminism: 1 },
      recommendation: "ask",
    });
    expect($(".confidence-overall").textContent).toBe("42%");
    expect($$(".factor-name").length).toBe(4);
    send({ type: "selfRefineUpdate", iteration: 1, maxIterations: 3, previousScore: 0.5, newScore: 0.7, improvements: ["x"] });
    expect($(".refine-title").textContent).toBe("Refining the plan: iteration 1 of 3");
    send({ type: "usage", purpose: "PLANNING", role: "planner", model: "m", promptTokens: 900, completionTokens: 100, durationMs: 1, cost: 0, taskCalls: 1, taskTokens: 1000 });
    send({ type: "usage", purpose: "REFINEMENT", role: "planner", model: "m", promptTokens: 900, completionTokens: 100, durationMs: 1, cost: 0, taskCalls: 2, taskTokens: 2000 });
    expect($(".usage-meter").textContent).toBe("2 model calls · 2,000 tokens");
    expect(feedText()).not.toContain("Usage");
    send({ type: "planReady", route: "model", complexity: "COMPLEX", steps: ["a"], score: 0.7 });
    expect($(".refine-panel").classList.contains("settled")).toBe(true);

    // A new run starts clean.
    send({ type: "runEnded", runId: "run-1", status: "completed" });
    await start();
    expect($(".confidence-panel").hidden).toBe(true);
    expect($(".refine-panel").hidden).toBe(true);
    expect($$(".plan-step").length).toBe(0);
    expect($(".usage-meter").textContent).toBe("");
  });
});

describe("questions on the task screen", () => {
  it("puts a timed question over the screen and answers it by click", async () => {
    const { t, send } = setup();
    await start();
    send(ask("q1"));
    const overlay = $(".overlay-host .overlay");
    expect(overlay.querySelector(".question-text")?.textContent).toBe("Question q1?");
    expect($$(".overlay button.option").map((b) => b.dataset.optionId)).toEqual(["a", "b"]);
    button(overlay, "No").click();
    await flush();
    expect(t.answer).toHaveBeenCalledWith("q1", "b", "");
    expect(document.querySelector(".overlay")).toBeNull();
    expect(feedText()).toContain("You answered: No");
  });

  it("asks a round's questions one at a time, with the timer, typing and the default taken", async () => {
    const { t, send } = setup();
    await start();
    send(ask("q1", { index: 1, of: 2 }));
    send(ask("q2", { index: 2, of: 2 }));
    expect($$(".overlay").length).toBe(1);
    expect($(".question-progress").textContent).toBe("Question 1 of 2");

    send({ type: "questionTimer", questionId: "q1", kind: "paused", remainingMs: 6000 });
    expect($(".overlay").classList.contains("dimmed")).toBe(true);
    send({ type: "questionTimer", questionId: "other", kind: "resumed", remainingMs: 6000 });
    expect($(".overlay").classList.contains("dimmed")).toBe(true); // not this question's
    send({ type: "questionTimer", questionId: "q1", kind: "resumed", remainingMs: 6000 });
    expect($(".overlay").classList.contains("dimmed")).toBe(false);

    const input = $<HTMLInputElement>(".overlay .freeform-input");
    for (let i = 0; i < 5; i++) {
      input.dispatchEvent(new Event("input", { bubbles: true }));
      vi.advanceTimersByTime(200);
    }
    expect(t.typing.mock.calls).toEqual([["q1"], ["q1"]]);

    key("1");
    await flush();
    expect(t.answer).toHaveBeenCalledWith("q1", "a", "");
    expect($(".question-progress").textContent).toBe("Question 2 of 2");
    expect($(".question-text").textContent).toBe("Question q2?");

    send({ type: "questionTimer", questionId: "q2", kind: "flash", remainingMs: 0, optionId: "a" });
    expect($('.overlay button[data-option-id="a"]').classList.contains("flash")).toBe(true);
    send({ type: "questionTimer", questionId: "q2", kind: "expired", remainingMs: 0 });
    expect(document.querySelector(".overlay")).toBeNull();
    expect(feedText()).toContain("No answer in time: Errand took “Yes”");
    expect(t.answer).toHaveBeenCalledTimes(1); // the engine took the default, not the window
  });

  it("draws an untimed question as an inline option card", async () => {
    const { t, send } = setup();
    await start();
    send(ask("q3", { timeoutMs: 0, default: undefined }));
    expect(document.querySelector(".overlay")).toBeNull();
    const card = $(".question-slot .option-card");
    expect([...card.querySelectorAll("label.choice")].map((l) => l.textContent)).toEqual(["1Yes(70%)", "2No(30%)", "3Other (specify below)"]);
    key("3");
    expect(document.activeElement).toBe(card.querySelector(".freeform-input"));
    $<HTMLInputElement>(".option-card .freeform-input").value = "Maybe";
    button(card, "Submit").click();
    await flush();
    expect(t.answer).toHaveBeenCalledWith("q3", "", "Maybe");
    expect(document.querySelector(".option-card")).toBeNull();
    expect(feedText()).toContain("You answered: Maybe");
  });

  it("styles a risky confirm as a warning and declines it on Esc, never stopping the run", async () => {
    const { t, send } = setup();
    await start();
    send(
      ask("q4", {
        questionType: "confirm",
        risky: true,
        allowFreeform: false,
        command: 0,
        binds: "approval",
        default: "opt-no",
        question: "This will click Delete, which may not be undone. Continue?",
        options: [
          { id: "opt-yes", text: "Yes, do it", value: "yes" },
          { id: "opt-no", text: "No, stop here", value: "no" },
        ],
      }),
    );
    expect($(".overlay-panel").classList.contains("risky")).toBe(true);
    expect($(".overlay .eyebrow").textContent).toBe("Please confirm");
    expect($('.overlay [data-option-id="opt-yes"]').classList.contains("suggested")).toBe(false);
    key("Escape");
    await flush();
    expect(t.answer).toHaveBeenCalledWith("q4", "opt-no", "");
    expect(t.cancel).not.toHaveBeenCalled();
  });

  it("takes the overlay away with a note when the run ends", async () => {
    const { send } = setup();
    await start();
    send(ask("q5"));
    send({ type: "runEnded", runId: "run-1", cancelled: true });
    expect(document.querySelector(".overlay")).toBeNull();
    expect(feedText()).toContain("Stopped before this was answered.");
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("dialogs on the task screen", () => {
  it("announces, counts down, goes ahead on Enter, and the next step clears the slot", async () => {
    const { t, send } = setup();
    await start();
    send({
      type: "assumeAnnounce",
      requestId: "req-1",
      assumptions: [{ field: "target", assumedValue: "Save", confidence: 0.72, command: 0 }],
      plan: { summary: "click Save", steps: ["click Save"] },
      autoExecuteDelay: 3000,
    });
    expect($(".question-slot .announce .assumptions").textContent).toBe('Target: "Save" (72%)');
    expect($(".countdown").textContent).toBe("Executing in 3s…");
    vi.advanceTimersByTime(2000);
    expect($(".countdown").textContent).toBe("Executing in 1s…");
    key("Enter");
    await flush();
    expect(t.decide).toHaveBeenCalledWith("req-1", "proceed");
    expect(document.querySelector(".dialog")).toBeNull();
    expect(feedText()).toContain("You chose: Go ahead now");

    // Unanswered, the engine goes ahead on its own clock: the step closes the card.
    send({ type: "assumeAnnounce", requestId: "req-2", assumptions: null, plan: { summary: "", steps: null }, autoExecuteDelay: 3000 });
    expect(document.querySelector(".announce")).not.toBeNull();
    vi.advanceTimersByTime(3000);
    send(stepStarted());
    expect($(".question-slot").children.length).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("corrects an announced assumption with a typed value", async () => {
    const { t, send } = setup();
    await start();
    send({
      type: "assumeAnnounce",
      requestId: "req-3",
      assumptions: [{ field: "target", assumedValue: "First search result", confidence: 0.75, command: 1 }],
      plan: { summary: "", steps: ["click the first result"] },
      autoExecuteDelay: 3000,
    });
    button($(".announce"), "Correct").click();
    const input = $<HTMLInputElement>('.announce input[aria-label="New target"]');
    input.value = "Second result";
    key("Enter", input); // the box's own Enter, not "go ahead"
    input.form!.dispatchEvent(new Event("submit", { cancelable: true }));
    await flush();
    expect(t.decide).not.toHaveBeenCalled();
    expect(t.correct).toHaveBeenCalledWith("req-3", "target", 1, "Second result");
    expect(feedText()).toContain('You chose: Target: "Second result"');
  });

  it("approves a plan by click and decides a failed step by number", async () => {
    const { t, send } = setup();
    await start();
    send({ type: "approvalRequest", requestId: "req-4", plan: { summary: "delete Jas", steps: ["click Delete"] }, confidence: 0.5, reason: "risky" });
    key("Enter"); // no key approves
    await flush();
    expect(t.decide).not.toHaveBeenCalled();
    button($(".approval"), "Execute").click();
    await flush();
    expect(t.decide).toHaveBeenCalledWith("req-4", "approve");
    expect(feedText()).toContain("You chose: Execute");

    const failed: ErrandEvent = {
      type: "midExecDialog",
      requestId: "req-5",
      failedStep: { stepIndex: 1, command: 0, action: 'click("10")', targetDescription: "Save", error: "nothing changed" },
      analysis: {
        cause: "Unknown error",
        suggestion: "click “Save (toolbar)” instead",
        canRetry: true,
        canSkip: true,
        canReplan: true,
        recommendedAction: "retry",
      },
      options: ["retry", "skip", "replan", "abort"],
      suggestedAction: "retry",
    };
    send(failed);
    expect(document.activeElement?.getAttribute("data-decision")).toBe("retry");
    expect(document.activeElement?.textContent).toContain("Retry — click “Save (toolbar)” instead");
    key("3");
    await flush();
    expect(t.decide).toHaveBeenLastCalledWith("req-5", "replan");
    expect(feedText()).toContain("You chose: Replan");

    send({ ...failed, requestId: "req-6" });
    send({ type: "taskFinished", status: "failed", summary: "", steps: 1, modelCalls: 0, tokens: 0, durationMs: 5 });
    expect(document.querySelector(".mid-exec")).toBeNull();
  });

  it("leaves a dialog in view with a note when the run ends", async () => {
    const { send } = setup();
    await start();
    send({ type: "approvalRequest", requestId: "req-7", plan: { summary: "x", steps: [] }, confidence: 0.5, reason: "" });
    send({ type: "runEnded", runId: "run-1", cancelled: true });
    expect($(".approval").classList.contains("answered")).toBe(true);
    expect($(".approval .answered-note").textContent).toBe("Stopped before this was answered.");
  });

  it("stops listening and counting when unmounted", async () => {
    const { t, send, unmount } = setup();
    await start();
    send({ type: "assumeAnnounce", requestId: "req-8", assumptions: null, plan: { summary: "", steps: null }, autoExecuteDelay: 3000 });
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    send({ type: "stateChanged", from: "executing", to: "failed" });
    key("Enter");
    await flush();
    expect(t.decide).not.toHaveBeenCalled();
  });
});
