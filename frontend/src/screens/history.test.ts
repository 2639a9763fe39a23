import { beforeEach, describe, expect, it, vi } from "vitest";
import { button, fakeTransport, flush } from "../testing";
import type { TaskRow, Trace } from "../transport";
import { historyScreen } from "./history";

const now = new Date("2025-03-10T12:00:00Z");

const row = (over: Partial<TaskRow> = {}): TaskRow => ({
  id: "t1",
  goal: "Add a new patient named Jas",
  status: "completed",
  startUrl: "http://localhost:7480/patients/new",
  summary: "Saved the patient Jas.",
  steps: 3,
  modelCalls: 2,
  tokens: 1234,
  durationMs: 4200,
  createdAt: "2025-03-10T11:48:00Z",
  resumable: false,
  ...over,
});

const trace = (over: Partial<TaskRow> = {}): Trace => ({
  task: row(over),
  steps: [
    {
      step: 1,
      thought: "Fill in the name",
      startedAt: "2025-03-10T11:48:01Z",
      durationMs: 850,
      actions: [
        {
          index: 0,
          action: 'setValue("14", "Jas")',
          description: "Type Jas into Name",
          verified: true,
          tier: 1,
          evidence: "Name now reads Jas",
          durationMs: 40,
          beforeUrl: "http://localhost:7480/patients/new",
          afterUrl: "http://localhost:7480/patients/new",
        },
        {
          index: 1,
          action: 'click("15")',
          description: "Click Save",
          verified: false,
          tier: 2,
          evidence: "No confirmation appeared",
          error: "the page did not change",
          durationMs: 1200,
          beforeUrl: "http://localhost:7480/patients/new",
          afterUrl: "http://localhost:7480/patients/7",
        },
      ],
      calls: [
        { purpose: "VERIFICATION", model: "qwen2.5:1.5b", promptTokens: 300, completionTokens: 20, durationMs: 600, cost: 0, at: "" },
      ],
    },
  ],
  calls: [
    { purpose: "PLANNING", model: "qwen2.5:7b", promptTokens: 812, completionTokens: 95, durationMs: 2400, cost: 0, at: "" },
  ],
});

const $ = <T extends Element = HTMLElement>(root: ParentNode, sel: string) => root.querySelector<T>(sel)!;

function setup(rows: TaskRow[] = [row()], tr: Trace = trace()) {
  const { t } = fakeTransport({ tasks: vi.fn().mockResolvedValue(rows), trace: vi.fn().mockResolvedValue(tr) });
  const onResumed = vi.fn();
  const s = historyScreen(t, { onResumed, now: () => now });
  document.body.replaceChildren(s.el);
  return { t, s, onResumed };
}

describe("history screen", () => {
  beforeEach(() => document.body.replaceChildren());

  it("lists past tasks with their status, goal, age and cost", async () => {
    const { t, s } = setup([row(), row({ id: "t2", status: "clarifying", goal: "Book a room", resumable: true, tokens: 0 })]);
    s.show();
    expect($(s.el, ".history-list").textContent).toContain("Loading…");
    await flush();
    expect(t.tasks).toHaveBeenCalledTimes(1);
    const rows = s.el.querySelectorAll("button.history-open");
    expect(rows.length).toBe(2);
    expect($(rows[0], ".badge").textContent).toBe("Completed");
    expect($(rows[0], ".history-goal").textContent).toBe("Add a new patient named Jas");
    expect($(rows[0], "time").textContent).toBe("12 min ago");
    expect($(rows[0], ".history-meta").textContent).toBe("3 steps · 4.2 s · 2 model calls · 1,234 tokens");
    expect($(rows[1], ".badge").textContent).toBe("Unfinished");
    expect($(rows[1], ".history-meta").textContent).toContain("can be resumed");
  });

  it("says so when there is nothing yet, or the history cannot be read", async () => {
    const { s, t } = setup([]);
    s.show();
    await flush();
    expect(s.el.textContent).toContain("No errands yet.");
    t.tasks.mockRejectedValueOnce(new Error("database is locked"));
    button(s.el, "Refresh").click();
    await flush();
    expect(s.el.textContent).toContain("Could not load the history: database is locked");
    expect(t.tasks).toHaveBeenCalledTimes(2);
  });

  it("opens a task into its trace: steps, actions, checks, timings and model calls", async () => {
    const { s, t } = setup();
    s.show();
    await flush();
    button(s.el, "Add a new patient").click();
    expect(s.el.textContent).toContain("Loading the task…");
    await flush();
    expect(t.trace).toHaveBeenCalledWith("t1");
    const tr = $(s.el, ".trace");
    expect($(tr, ".trace-goal").textContent).toBe("Add a new patient named Jas");
    expect($(tr, ".trace-title .badge").textContent).toBe("Completed");
    expect($(tr, ".trace-facts").textContent).toContain("http://localhost:7480/patients/new");
    expect($(tr, ".trace-facts").textContent).toContain("Saved the patient Jas.");
    expect($(tr, ".trace-totals").textContent).toBe("3 steps · 4.2 s · 2 model calls · 1,234 tokens");
    expect(tr.querySelector(".trace-resume")).toBeNull(); // not resumable

    const step = $(tr, ".trace-step");
    expect($(step, ".trace-step-no").textContent).toBe("Step 1");
    expect($(step, ".trace-thought").textContent).toBe("Fill in the name");
    expect($(step, ".trace-time").textContent).toBe("850 ms");
    const [ok, bad] = [...step.querySelectorAll(".trace-action")];
    expect($(ok, ".trace-action-what").textContent).toBe("✓ Type Jas into Name");
    expect($(ok, ".trace-notation").textContent).toBe('setValue("14", "Jas")');
    expect($(ok, ".trace-check").textContent).toBe("Checked by tier 1: Name now reads Jas");
    expect($(ok, ".trace-timing").textContent).toBe("40 ms"); // same page: no URLs
    expect(ok.classList.contains("ok")).toBe(true);
    expect($(bad, ".trace-action-what").textContent).toBe("✗ Click Save");
    expect($(bad, ".trace-check").textContent).toBe("Not confirmed by tier 2: No confirmation appeared");
    expect($(bad, ".trace-error").textContent).toBe("Problem: the page did not change");
    expect($(bad, ".trace-timing").textContent).toBe(
      "1.2 s · http://localhost:7480/patients/new → http://localhost:7480/patients/7",
    );
    expect($(step, ".trace-call").textContent).toBe("Verification qwen2.5:1.5b · 300 tokens in / 20 out · 600 ms");

    const planning = $(tr, 'section[aria-label="Planning and checks"]');
    expect($(planning, "h3").textContent).toBe("Planning and checks");
    expect($(planning, ".trace-call").textContent).toBe("Planning qwen2.5:7b · 812 tokens in / 95 out · 2.4 s");
  });

  it("says when a task has no steps, and when its trace cannot be read", async () => {
    const { s, t } = setup([row()], { ...trace(), steps: [], calls: [] });
    s.show();
    await flush();
    button(s.el, "Add a new patient").click();
    await flush();
    expect(s.el.textContent).toContain("No steps were recorded");
    expect(s.el.querySelector('section[aria-label="Planning and checks"]')).toBeNull();

    button(s.el, "Back to the list").click();
    await flush();
    t.trace.mockRejectedValueOnce(new Error('no task "t1"'));
    button(s.el, "Add a new patient").click();
    await flush();
    expect($(s.el, ".trace-view").textContent).toContain('Could not load this task: no task "t1"');
    button(s.el, "Back to the list").click();
    await flush();
    expect($(s.el, ".trace-view").hidden).toBe(true);
    expect(s.el.querySelectorAll("button.history-open").length).toBe(1);
  });

  it("goes back to a fresh list, and reloads what is in view when shown again", async () => {
    const { s, t } = setup();
    s.show();
    await flush();
    button(s.el, "Add a new patient").click();
    await flush();
    s.show(); // the tab shown again while a trace is open
    await flush();
    expect(t.trace).toHaveBeenCalledTimes(2);
    expect(t.tasks).toHaveBeenCalledTimes(1);
    button(s.el, "Back to the list").click();
    await flush();
    expect(t.tasks).toHaveBeenCalledTimes(2);
    expect(s.el.querySelector(".trace")).toBeNull();
    expect(document.activeElement?.classList.contains("history-open")).toBe(true);
  });

  it("resumes an interrupted task and hands over to the Task screen", async () => {
    const { s, t, onResumed } = setup([row({ status: "interrupted", resumable: true })], trace({ status: "interrupted", resumable: true }));
    s.show();
    await flush();
    button(s.el, "Add a new patient").click();
    await flush();
    const resume = button(s.el, "Resume");
    resume.click();
    expect(resume.disabled).toBe(true);
    await flush();
    expect(t.resume).toHaveBeenCalledWith("t1");
    expect(onResumed).toHaveBeenCalledTimes(1);
    expect($(s.el, ".trace-view").hidden).toBe(true); // the list next time
  });

  it("says why a resume failed and stays on the trace", async () => {
    const { s, t, onResumed } = setup([row({ resumable: true })], trace({ resumable: true }));
    t.resume.mockRejectedValueOnce(new Error("a task is already running"));
    s.show();
    await flush();
    button(s.el, "Add a new patient").click();
    await flush();
    button(s.el, "Resume").click();
    await flush();
    expect(onResumed).not.toHaveBeenCalled();
    expect($(s.el, ".trace-resume [role=alert]").textContent).toBe("Could not resume: a task is already running");
    expect(button(s.el, "Resume").disabled).toBe(false);
  });
});
