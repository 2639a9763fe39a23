import { beforeEach, describe, expect, it, vi } from "vitest";
import { h } from "./dom";
import { mountShell, TABS, type Tab } from "./shell";
import { button, fakeTransport, flush } from "./testing";
import { NOT_CONNECTED, type ModelStatus, type TaskRow, type Transport } from "./transport";

const offModel: ModelStatus = {
  running: false,
  host: "http://127.0.0.1:11434",
  offline: false,
  planner: "qwen2.5:7b",
  fast: "qwen2.5:1.5b",
  advice: "",
};

const interrupted: TaskRow = {
  id: "t9",
  goal: "Book the meeting room",
  status: "interrupted",
  steps: 1,
  modelCalls: 0,
  tokens: 0,
  durationMs: 1000,
  createdAt: "2025-03-10T11:00:00Z",
  resumable: true,
};

// A stand-in task screen: it counts its mounts and keeps a field whose text must survive
// switching tabs, as a running errand's feed would.
function taskStandIn() {
  const mounted = vi.fn();
  const unmounted = vi.fn();
  const mountTask = (root: HTMLElement, _t: Transport) => {
    mounted();
    root.append(h("div", { class: "task-screen" }, h("input", { id: "goal", "aria-label": "Goal" })));
    return unmounted;
  };
  return { mountTask, mounted, unmounted };
}

function setup(overrides: Partial<Transport> = {}) {
  const f = fakeTransport(overrides);
  const task = taskStandIn();
  const root = document.getElementById("app")!;
  const unmount = mountShell(root, f.t, { mountTask: task.mountTask, now: () => new Date("2025-03-10T12:00:00Z") });
  return { ...f, task, root, unmount };
}

const tab = (name: string) => [...document.querySelectorAll<HTMLButtonElement>("[role=tab]")].find((b) => b.textContent === name)!;
const panel = (t: Tab) => document.getElementById(`screen-${t}`)!;
const shown = () => TABS.filter((t) => !panel(t).hidden);
const alt = (digit: number, init: KeyboardEventInit = {}) =>
  document.dispatchEvent(
    new KeyboardEvent("keydown", { key: String(digit), code: `Digit${digit}`, altKey: true, bubbles: true, cancelable: true, ...init }),
  );

describe("shell", () => {
  beforeEach(() => {
    document.body.innerHTML = `<div id="app"></div>`;
  });

  it("has the brand, five real tabs and the version", async () => {
    setup();
    await flush();
    expect(document.querySelector("header.topbar .brand .logo")?.textContent).toBe("E");
    expect(document.querySelector(".brand")?.textContent).toBe("EErrand");
    const tabs = [...document.querySelectorAll<HTMLButtonElement>("[role=tablist] button[role=tab]")];
    expect(tabs.map((b) => b.textContent)).toEqual(["Task", "History", "Knowledge", "Skills", "Settings"]);
    expect(tabs.map((b) => b.getAttribute("aria-selected"))).toEqual(["true", "false", "false", "false", "false"]);
    expect(shown()).toEqual(["task"]);
    expect(document.querySelector(".version")?.textContent).toBe("v0.1.0");
  });

  it("switches screens by hiding the others, and keeps the task screen mounted", async () => {
    const { t, task } = setup();
    const goal = document.querySelector<HTMLInputElement>("#goal")!;
    goal.value = "click Save";

    tab("History").click();
    await flush();
    expect(shown()).toEqual(["history"]);
    expect(tab("History").getAttribute("aria-selected")).toBe("true");
    expect(tab("Task").getAttribute("aria-selected")).toBe("false");
    expect(t.tasks).toHaveBeenCalledTimes(1);
    expect(panel("task").hidden).toBe(true);
    expect(panel("task").contains(goal)).toBe(true); // hidden, not torn down

    tab("Settings").click();
    await flush();
    expect(shown()).toEqual(["settings"]);
    expect(t.settings).toHaveBeenCalledTimes(1);

    tab("Task").click();
    expect(shown()).toEqual(["task"]);
    expect(document.querySelector<HTMLInputElement>("#goal")).toBe(goal);
    expect(goal.value).toBe("click Save");
    expect(task.mounted).toHaveBeenCalledTimes(1);
  });

  it("reloads a screen's data each time it is shown", async () => {
    const { t } = setup();
    tab("Knowledge").click();
    await flush();
    tab("Skills").click();
    await flush();
    tab("History").click();
    await flush();
    tab("Task").click();
    tab("History").click();
    await flush();
    expect(t.knowledge).toHaveBeenCalledTimes(1);
    expect(t.skills).toHaveBeenCalledTimes(1);
    expect(t.tasks).toHaveBeenCalledTimes(2);
    // Clicking the tab already shown does not load again.
    tab("History").click();
    await flush();
    expect(t.tasks).toHaveBeenCalledTimes(2);
  });

  it("switches with Alt+1..5 and leaves plain digits to the dialogs", async () => {
    setup();
    alt(3);
    expect(shown()).toEqual(["knowledge"]);
    expect(document.activeElement).toBe(tab("Knowledge"));
    alt(5);
    expect(shown()).toEqual(["settings"]);
    alt(9);
    alt(2, { ctrlKey: true });
    expect(shown()).toEqual(["settings"]);
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "1", code: "Digit1", bubbles: true }));
    expect(shown()).toEqual(["settings"]);
    alt(1);
    expect(shown()).toEqual(["task"]);
    // Alt+1 on the screen already shown leaves the caret where it is.
    const goal = document.querySelector<HTMLInputElement>("#goal")!;
    goal.focus();
    alt(1);
    expect(document.activeElement).toBe(goal);
  });

  it("moves along the tabs with the arrow keys", () => {
    setup();
    const key = (k: string) =>
      tab("Task").parentElement!.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
    key("ArrowRight");
    expect(shown()).toEqual(["history"]);
    key("ArrowLeft");
    key("ArrowLeft");
    expect(shown()).toEqual(["settings"]);
    key("Home");
    expect(shown()).toEqual(["task"]);
  });

  it("notes a missing model in the top bar and opens Settings from it", async () => {
    setup({ modelStatus: vi.fn().mockResolvedValue(offModel) });
    await flush();
    const note = button(document.body, "No model: explicit commands only — Settings");
    expect(note.hidden).toBe(false);
    note.click();
    expect(shown()).toEqual(["settings"]);
  });

  it("has no model note when Ollama runs or Errand is offline on purpose", async () => {
    setup({ modelStatus: vi.fn().mockResolvedValue({ ...offModel, offline: true }) });
    await flush();
    expect(document.querySelector<HTMLElement>(".model-note")!.hidden).toBe(true);

    document.body.innerHTML = `<div id="app"></div>`;
    const { t } = setup({ modelStatus: vi.fn().mockResolvedValue({ ...offModel, running: true }) });
    await flush();
    const note = document.querySelector<HTMLElement>(".model-note")!;
    expect(note.hidden).toBe(true);

    // Settings' "Check again" keeps the note in step.
    t.modelStatus.mockResolvedValue(offModel);
    tab("Settings").click();
    await flush();
    expect(note.hidden).toBe(false);
  });

  it("shows a banner when the page is not connected", async () => {
    setup({
      version: vi.fn().mockRejectedValue(new Error(NOT_CONNECTED)),
      modelStatus: vi.fn().mockRejectedValue(new Error(NOT_CONNECTED)),
    });
    await flush();
    const banner = document.querySelector<HTMLElement>(".conn-banner")!;
    expect(banner.hidden).toBe(false);
    expect(banner.textContent).toBe(NOT_CONNECTED);
    expect(document.querySelector<HTMLElement>(".model-note")!.hidden).toBe(true);
  });

  it("has no banner for other failures", async () => {
    setup({ version: vi.fn().mockRejectedValue(new Error("boom")) });
    await flush();
    expect(document.querySelector<HTMLElement>(".conn-banner")!.hidden).toBe(true);
  });

  it("resumes from History and shows the Task screen", async () => {
    const { t } = setup({
      tasks: vi.fn().mockResolvedValue([interrupted]),
      trace: vi.fn().mockResolvedValue({ task: interrupted, steps: [], calls: [] }),
    });
    tab("History").click();
    await flush();
    button(panel("history"), "Book the meeting room").click();
    await flush();
    button(panel("history"), "Resume").click();
    await flush();
    expect(t.resume).toHaveBeenCalledWith("t9");
    expect(shown()).toEqual(["task"]);
    expect(tab("Task").getAttribute("aria-selected")).toBe("true");
  });

  it("takes everything down on unmount", async () => {
    const { unmount, task, send } = setup();
    tab("Settings").click();
    await flush();
    document.querySelector<HTMLButtonElement>("button.pull")!.click();
    await flush();
    unmount();
    expect(task.unmounted).toHaveBeenCalledTimes(1);
    alt(2);
    expect(shown()).toEqual(["settings"]);
    send({ type: "pullProgress", model: "qwen2.5:7b", status: "pulling", completed: 1e6, total: 2e6, fraction: 0.5 });
    expect(document.querySelector(".pull-planner .pull-text")!.textContent).not.toContain("50%");
  });
});
