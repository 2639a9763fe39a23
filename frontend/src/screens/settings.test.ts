import { beforeEach, describe, expect, it, vi } from "vitest";
import { button, defaultSettings, fakeTransport, flush } from "../testing";
import type { ModelStatus, Settings } from "../transport";
import { settingsScreen, validateSettings } from "./settings";

const notRunning: ModelStatus = {
  running: false,
  host: "http://127.0.0.1:11434",
  error: "connection refused",
  offline: false,
  planner: "qwen2.5:7b",
  fast: "qwen2.5:1.5b",
  advice: "Start Ollama, then pull the two models.",
};

const running: ModelStatus = {
  running: true,
  host: "http://127.0.0.1:11434",
  version: "0.5.1",
  models: ["qwen2.5:1.5b"],
  missing: ["qwen2.5:7b"],
  offline: false,
  planner: "qwen2.5:7b",
  fast: "qwen2.5:1.5b",
  advice: "Pull qwen2.5:7b for planning.",
};

function setup(ms: ModelStatus = running, s: Settings = { ...defaultSettings }) {
  const f = fakeTransport({ modelStatus: vi.fn().mockResolvedValue(ms), settings: vi.fn().mockResolvedValue(s) });
  const onModelStatus = vi.fn();
  const screen = settingsScreen(f.t, { onModelStatus });
  document.body.replaceChildren(screen.el);
  return { ...f, screen, onModelStatus };
}

// input finds a form control by its label's text, as a person (or the e2e test) would.
function input<T extends HTMLElement = HTMLInputElement>(text: string): T {
  const label = [...document.querySelectorAll("label")].find((l) => l.textContent?.startsWith(text));
  if (!label) throw new Error(`no label "${text}"`);
  return document.getElementById(label.htmlFor) as T;
}

function type(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  el.value = value;
  el.dispatchEvent(new Event("input", { bubbles: true }));
}

const submit = () => document.querySelector("form.settings-form")!.dispatchEvent(new Event("submit", { cancelable: true }));
const saveStatus = () => document.querySelector(".save-status")!.textContent;

describe("settings screen", () => {
  beforeEach(() => document.body.replaceChildren());

  it("fills the form from the saved settings", async () => {
    const { screen, t } = setup(running, { ...defaultSettings, allowedDomains: ["a.test", "b.test"], profile: "api", reviewPlans: true });
    screen.show();
    await flush();
    expect(t.settings).toHaveBeenCalledTimes(1);
    expect(input("Ollama address").value).toBe("http://127.0.0.1:11434");
    expect(input("Planner model").value).toBe("qwen2.5:7b");
    expect(input("Fast model").value).toBe("qwen2.5:1.5b");
    expect(input<HTMLSelectElement>("Routing profile").value).toBe("api");
    expect(input("Ask below").value).toBe("0.5");
    expect(input("Proceed from").value).toBe("0.9");
    expect(input("Review plans").checked).toBe(true);
    expect(input("Offline").checked).toBe(false);
    expect(input("Announce countdown").value).toBe("3000");
    expect(input<HTMLTextAreaElement>("Allowed domains").value).toBe("a.test\nb.test");
    const data = input("Data directory");
    expect(data.value).toBe(defaultSettings.dataDir);
    expect(data.readOnly).toBe(true);
    expect(document.body.textContent).toContain("ERRAND_DATA_DIR");
    expect(document.body.textContent).toContain("--data-dir");
  });

  it("saves the edited settings, says Saved, and keeps Save off while saving", async () => {
    const { screen, t } = setup();
    let finish: (s: Settings) => void = () => {};
    t.saveSettings.mockImplementationOnce((s: Settings) => new Promise<Settings>((r) => (finish = () => r(s))));
    screen.show();
    await flush();
    type(input("Planner model"), " llama3.1:8b ");
    type(input("Embedding model"), "mxbai-embed-large ");
    type(input("Ask below"), "0.4");
    type(input("Proceed from"), "0.85");
    type(input("Announce countdown"), "5000");
    type(input<HTMLTextAreaElement>("Allowed domains"), "a.test\n\n  b.test \n");
    input("Offline").checked = true;
    input("Review plans").checked = true;
    type(input("Chrome path"), "/usr/bin/chromium");
    submit();
    await flush();
    expect(t.saveSettings).toHaveBeenCalledWith({
      ...defaultSettings,
      plannerModel: "llama3.1:8b",
      embedModel: "mxbai-embed-large",
      askBelow: 0.4,
      proceedAt: 0.85,
      announceMs: 5000,
      allowedDomains: ["a.test", "b.test"],
      offline: true,
      reviewPlans: true,
      chromePath: "/usr/bin/chromium",
    });
    const save = button(document.body, "Save");
    expect(save.disabled).toBe(true);
    expect(saveStatus()).toBe("Saving…");
    finish(defaultSettings);
    await flush();
    expect(save.disabled).toBe(false);
    expect(saveStatus()).toBe("Saved");
    expect(t.modelStatus).toHaveBeenCalledTimes(2); // checked again after saving
  });

  it("refuses thresholds in the wrong order before asking Go", async () => {
    const { screen, t } = setup();
    screen.show();
    await flush();
    type(input("Ask below"), "0.9");
    type(input("Proceed from"), "0.5");
    submit();
    await flush();
    expect(t.saveSettings).not.toHaveBeenCalled();
    expect(saveStatus()).toBe("“Ask below” must be lower than “Proceed from”.");
    expect(input("Proceed from").getAttribute("aria-invalid")).toBe("true");

    type(input("Proceed from"), "1.5");
    submit();
    expect(saveStatus()).toBe("“Proceed from” must be a number from 0 to 1.");
    type(input("Proceed from"), "0.95");
    type(input("Announce countdown"), "");
    submit();
    expect(saveStatus()).toContain("announce countdown");
    expect(input("Proceed from").hasAttribute("aria-invalid")).toBe(false);
    expect(t.saveSettings).not.toHaveBeenCalled();
  });

  it("shows the Go side's error next to Save", async () => {
    const { screen, t } = setup();
    t.saveSettings.mockRejectedValueOnce(new Error("ollamaHost: not a URL"));
    screen.show();
    await flush();
    type(input("Ollama address"), "nonsense");
    submit();
    await flush();
    expect(saveStatus()).toBe("ollamaHost: not a URL");
    expect(button(document.body, "Save").disabled).toBe(false);
  });

  it("says when the settings cannot be loaded and does not save blanks", async () => {
    const { screen, t } = setup();
    t.settings.mockRejectedValueOnce(new Error("database is locked"));
    screen.show();
    await flush();
    expect(document.querySelector(".settings-form [role=alert]")?.textContent).toBe("Could not load the settings: database is locked");
    expect(button(document.body, "Save").disabled).toBe(true);
    submit();
    await flush();
    expect(t.saveSettings).not.toHaveBeenCalled();
  });

  it("keeps unsaved edits when shown again", async () => {
    const { screen, t } = setup();
    screen.show();
    await flush();
    type(input("Fast model"), "phi3:mini");
    screen.show();
    await flush();
    expect(t.settings).toHaveBeenCalledTimes(1);
    expect(input("Fast model").value).toBe("phi3:mini");
    expect(t.modelStatus).toHaveBeenCalledTimes(2);
  });

  it("explains how to install Ollama when it is not running", async () => {
    const { screen, onModelStatus } = setup(notRunning);
    screen.show();
    await flush();
    const box = document.querySelector(".model-status")!;
    const text = box.textContent!;
    expect(text).toContain("Ollama is not running at http://127.0.0.1:11434.");
    expect(box.querySelector("a")?.getAttribute("href")).toBe("https://ollama.com");
    const code = [...box.querySelectorAll("code")].map((c) => c.textContent);
    expect(code).toEqual(["ollama serve", "ollama pull qwen2.5:7b", "ollama pull qwen2.5:1.5b"]);
    expect(text).toContain("type 'Jas' into Name and click Save");
    expect(text).toContain("Start Ollama, then pull the two models.");
    expect(onModelStatus).toHaveBeenCalledWith(notRunning);
  });

  it("says why the models were chosen and offers the recommended ones", async () => {
    const { screen } = setup(running, {
      ...defaultSettings,
      plannerModel: "llama3.1:8b",
      recommended: { planner: "qwen2.5:3b", fast: "qwen2.5:1.5b", reason: "No GPU is known on this machine." },
      modelReason: "Chosen in Settings. Recommended for this machine: qwen2.5:3b and qwen2.5:1.5b. No GPU is known on this machine.",
    });
    screen.show();
    await flush();
    expect(document.querySelector(".model-reason")?.textContent).toContain("No GPU is known on this machine.");
    button(document, "Use the recommended models").click();
    expect(input("Planner model").value).toBe("qwen2.5:3b");
    expect(input("Fast model").value).toBe("qwen2.5:1.5b");
  });

  it("names a model serving both roles once in the install guide", async () => {
    const { screen } = setup({ ...notRunning, planner: "qwen2.5:3b", fast: "qwen2.5:3b" });
    screen.show();
    await flush();
    const box = document.querySelector(".model-status")!;
    const code = [...box.querySelectorAll("code")].map((c) => c.textContent);
    expect(code).toEqual(["ollama serve", "ollama pull qwen2.5:3b"]);
    expect(box.textContent).toContain("Get the model: ");
  });

  it("shows what a running Ollama has, and checks again on request", async () => {
    const { screen, t } = setup(running);
    screen.show();
    await flush();
    const box = document.querySelector(".model-status")!;
    expect(box.textContent).toContain("Ollama 0.5.1 is running at http://127.0.0.1:11434.");
    expect(box.textContent).toContain("Models it has: qwen2.5:1.5b");
    expect(box.textContent).toContain("Missing: qwen2.5:7b");
    expect(box.textContent).toContain("Pull qwen2.5:7b for planning.");
    expect(box.querySelector(".install-guide")).toBeNull();

    t.modelStatus.mockResolvedValueOnce({ ...running, offline: true, running: false });
    button(document.body, "Check again").click();
    await flush();
    expect(t.modelStatus).toHaveBeenCalledTimes(2);
    expect(box.textContent).toContain("Offline: Errand uses only its rules model");
    expect(box.querySelector(".install-guide")).toBeNull();
  });

  it("pulls a model and draws its progress from pullProgress events", async () => {
    const { screen, t, send } = setup(running);
    screen.show();
    await flush();
    const pull = button(document.body, "Pull");
    expect(pull.getAttribute("aria-label")).toBe("Pull the planner model");
    pull.click();
    await flush();
    expect(t.pullModel).toHaveBeenCalledWith("qwen2.5:7b");
    expect(pull.disabled).toBe(true);
    const bar = document.querySelector<HTMLProgressElement>(".pull-planner progress")!;
    const note = document.querySelector(".pull-planner .pull-text")!;
    expect(bar.hidden).toBe(false);
    expect(note.textContent).toContain("Starting the download of qwen2.5:7b");

    send({ type: "pullProgress", model: "qwen2.5:7b", status: "pulling 2bada8a7", completed: 1_170_000_000, total: 4_680_000_000, fraction: 0.25 });
    expect(bar.value).toBeCloseTo(0.25);
    expect(note.textContent).toBe("pulling 2bada8a7 — 1,170 of 4,680 MB (25%)");
    // Another model's download is not this bar's business.
    send({ type: "pullProgress", model: "llama3", status: "pulling", completed: 1, total: 2, fraction: 0.5 });
    expect(bar.value).toBeCloseTo(0.25);
    expect(note.textContent).toContain("25%");
    expect(document.querySelector(".pull-fast .pull-text")!.textContent).toBe("");

    send({ type: "pullProgress", model: "qwen2.5:7b", status: "success", completed: 0, total: 0, fraction: 1, done: true });
    expect(note.textContent).toBe("Ready");
    expect(pull.disabled).toBe(false);
    await flush();
    expect(t.modelStatus).toHaveBeenCalledTimes(2); // the missing list changes
  });

  it("follows a download of a configured model started elsewhere", async () => {
    const { screen, t, send } = setup(running);
    screen.show();
    await flush();
    send({ type: "pullProgress", model: "qwen2.5:1.5b", status: "pulling", completed: 5e5, total: 1e6, fraction: 0.5 });
    expect(document.querySelector(".pull-fast .pull-text")!.textContent).toBe("pulling — 0.5 of 1 MB (50%)");
    const fastPull = document.querySelectorAll<HTMLButtonElement>("button.pull")[1];
    expect(fastPull.disabled).toBe(true);
    send({ type: "pullProgress", model: "qwen2.5:1.5b", status: "success", completed: 0, total: 0, fraction: 1, done: true });
    expect(document.querySelector(".pull-fast .pull-text")!.textContent).toBe("Ready");
    expect(fastPull.disabled).toBe(false);
    expect(t.pullModel).not.toHaveBeenCalled();
  });

  it("says why a pull failed", async () => {
    const { screen, t, send } = setup(running);
    screen.show();
    await flush();
    const pull = button(document.body, "Pull");
    pull.click();
    await flush();
    send({ type: "pullProgress", model: "qwen2.5:7b", status: "", completed: 0, total: 0, fraction: 0, error: "pull model manifest: file does not exist" });
    expect(document.querySelector(".pull-planner .pull-text")!.textContent).toBe(
      "Could not pull qwen2.5:7b: pull model manifest: file does not exist",
    );
    expect(document.querySelector<HTMLProgressElement>(".pull-planner progress")!.hidden).toBe(true);
    expect(pull.disabled).toBe(false);

    t.pullModel.mockRejectedValueOnce(new Error("Ollama is not running"));
    const fastPull = document.querySelectorAll<HTMLButtonElement>("button.pull")[1];
    fastPull.click();
    await flush();
    expect(document.querySelector(".pull-fast .pull-text")!.textContent).toBe("Could not pull qwen2.5:1.5b: Ollama is not running");
    expect(fastPull.disabled).toBe(false);

    type(input("Fast model"), "");
    fastPull.click();
    expect(document.querySelector(".pull-fast .pull-text")!.textContent).toBe("Name a model first.");
    expect(t.pullModel).toHaveBeenCalledTimes(2);
  });

  it("stops listening when disposed", async () => {
    const { screen, send } = setup(running);
    screen.show();
    await flush();
    button(document.body, "Pull").click();
    await flush();
    screen.dispose();
    send({ type: "pullProgress", model: "qwen2.5:7b", status: "pulling", completed: 1e6, total: 2e6, fraction: 0.5 });
    expect(document.querySelector(".pull-planner .pull-text")!.textContent).not.toContain("50%");
  });
});

describe("validateSettings", () => {
  it("names the first bad field", () => {
    expect(validateSettings(defaultSettings)).toBeNull();
    expect(validateSettings({ ...defaultSettings, askBelow: -0.1 })?.field).toBe("askBelow");
    expect(validateSettings({ ...defaultSettings, askBelow: 0.9, proceedAt: 0.9 })?.field).toBe("proceedAt");
    expect(validateSettings({ ...defaultSettings, announceMs: 1.5 })?.field).toBe("announceMs");
  });
});
