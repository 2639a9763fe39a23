// The Settings screen: where Ollama is and which models Errand uses (with a Pull button
// each and its progress), how readily Errand asks, the browser, and where data lives.
// The Go side validates and applies; this screen checks the thresholds' order first
// so the person hears about it before a round trip.

import { h } from "../dom";
import type { ErrandEvent } from "../events";
import type { ModelStatus, Settings, Transport } from "../transport";

export interface SettingsOptions {
  /** Told each time the model status is read (null when it could not be), so the top bar follows. */
  onModelStatus?: (ms: ModelStatus | null) => void;
}

/** The fields a person edits: the shown-only ones (machine, recommendation) are not. */
type Editable = Exclude<keyof Settings, "machine" | "recommended" | "modelReason">;
type Problem = { field: Editable; message: string };

/** validateSettings finds the first field the Go side would refuse, in words. */
export function validateSettings(s: Settings): Problem | null {
  const unit = (x: number) => Number.isFinite(x) && x >= 0 && x <= 1;
  if (!unit(s.askBelow)) return { field: "askBelow", message: "“Ask below” must be a number from 0 to 1." };
  if (!unit(s.proceedAt)) return { field: "proceedAt", message: "“Proceed from” must be a number from 0 to 1." };
  if (s.askBelow >= s.proceedAt) {
    return { field: "proceedAt", message: "“Ask below” must be lower than “Proceed from”." };
  }
  if (!Number.isInteger(s.announceMs) || s.announceMs < 0) {
    return { field: "announceMs", message: "The announce countdown must be a whole number of milliseconds, 0 or more." };
  }
  return null;
}

let uid = 0;

export function settingsScreen(t: Transport, opts: SettingsOptions = {}) {
  const id = (name: string) => `set-${name}-${++uid}`;
  const text = (name: string, attrs: Record<string, string | boolean> = {}) =>
    h("input", { id: id(name), type: "text", autocomplete: "off", spellcheck: "false", ...attrs });
  const unitInput = (name: string) => h("input", { id: id(name), type: "number", min: 0, max: 1, step: 0.05 });
  const check = (name: string) => h("input", { id: id(name), type: "checkbox" });

  const f = {
    ollamaHost: text("ollama", { placeholder: "http://127.0.0.1:11434" }),
    plannerModel: text("planner", { placeholder: "chosen for this machine" }),
    fastModel: text("fast", { placeholder: "qwen2.5:1.5b" }),
    embedModel: text("embed", { placeholder: "nomic-embed-text" }),
    offline: check("offline"),
    profile: h(
      "select",
      { id: id("profile") },
      h("option", { value: "desktop" }, "Desktop: ask, announce and go ahead"),
      h("option", { value: "api" }, "API: run, ask for approval, or ask a question"),
    ),
    askBelow: unitInput("ask"),
    proceedAt: unitInput("proceed"),
    reviewPlans: check("review"),
    announceMs: h("input", { id: id("announce"), type: "number", min: 0, step: 500 }),
    allowedDomains: h("textarea", { id: id("domains"), rows: 3, spellcheck: "false", placeholder: "one domain a line, e.g. intranet.example.com" }),
    chromePath: text("chrome", { placeholder: "found automatically" }),
    attach: text("attach", { placeholder: "e.g. http://127.0.0.1:9222 (empty: Errand's own browser)" }),
    dataDir: text("data", { readonly: true }),
  };

  // Why these models: the machine's recommendation, and a way back to it.
  const reasonText = h("span", { class: "model-reason-text" });
  const useRecommended = h("button", { type: "button", class: "use-recommended", hidden: true }, "Use the recommended models");
  const modelReason = h("p", { class: "field-hint model-reason", role: "note" }, reasonText, " ", useRecommended);
  useRecommended.addEventListener("click", () => {
    const rec = current?.recommended;
    if (!rec) return;
    f.plannerModel.value = rec.planner;
    f.fastModel.value = rec.fast;
    f.plannerModel.dispatchEvent(new Event("input", { bubbles: true }));
  });

  let current: Settings | null = null; // what the reason and the button describe

  const field = (label: string, input: HTMLElement, hint?: string, extra?: Node) =>
    h(
      "div",
      { class: "field" },
      h("label", { for: input.id }, label),
      extra ? h("div", { class: "field-inline" }, input, extra) : input,
      hint ? h("p", { class: "field-hint" }, hint) : null,
    );
  const checkField = (label: string, input: HTMLInputElement, hint?: string) =>
    h(
      "div",
      { class: "field field-check" },
      input,
      h("label", { for: input.id }, label),
      hint ? h("p", { class: "field-hint" }, hint) : null,
    );

  const plannerPull = pullControl(t, f.plannerModel, "planner", () => void checkModels());
  const fastPull = pullControl(t, f.fastModel, "fast", () => void checkModels());
  const embedPull = pullControl(t, f.embedModel, "embedding", () => void checkModels());

  const modelBody = h("div", { class: "model-body", "aria-live": "polite" });
  const checkAgain = h("button", { type: "button" }, "Check again");
  const modelBox = h(
    "section",
    { class: "model-status", "aria-label": "Model status" },
    h("div", { class: "screen-head" }, h("h3", {}, "Models"), checkAgain),
    modelBody,
  );

  const loadError = h("p", { class: "form-error", role: "alert", hidden: true });
  const save = h("button", { type: "submit", class: "primary", disabled: true }, "Save");
  const saveStatus = h("span", { class: "save-status", role: "status" });
  const form = h(
    "form",
    { class: "settings-form", autocomplete: "off", novalidate: true },
    loadError,
    h(
      "fieldset",
      {},
      h("legend", {}, "Models"),
      field("Ollama address", f.ollamaHost, "Where Errand reaches Ollama."),
      field("Planner model", f.plannerModel, "Plans and re-plans: a 7–8B instruct model works well.", plannerPull.el),
      plannerPull.progress,
      field("Fast model", f.fastModel, "Checks steps and sorts answers: a small 1–3B model.", fastPull.el),
      fastPull.progress,
      field(
        "Embedding model",
        f.embedModel,
        "Finds the saved documents' passages by meaning; without it, search is by words only. Changing it re-embeds them in the background.",
        embedPull.el,
      ),
      embedPull.progress,
      modelReason,
      checkField("Offline: use only the rules model, never Ollama", f.offline),
    ),
    h(
      "fieldset",
      {},
      h("legend", {}, "Asking and announcing"),
      field("Routing profile", f.profile),
      h(
        "div",
        { class: "field-row" },
        field("Ask below", f.askBelow, "Less sure than this, Errand asks you."),
        field("Proceed from", f.proceedAt, "At least this sure, it goes ahead without announcing."),
      ),
      checkField("Review plans: every plan waits for Execute or Cancel", f.reviewPlans),
      field("Announce countdown (ms)", f.announceMs, "How long an announcement waits for Correct or Cancel before it goes ahead."),
    ),
    h(
      "fieldset",
      {},
      h("legend", {}, "Browser"),
      field("Allowed domains", f.allowedDomains, "One a line. Each task may also use its start page's site."),
      field("Chrome path", f.chromePath, "Empty: Errand looks in the usual places."),
      field("Attach to a running Chrome", f.attach, "Its DevTools address; empty: Errand starts its own browser."),
    ),
    h(
      "fieldset",
      {},
      h("legend", {}, "Data"),
      field("Data directory", f.dataDir, "Set ERRAND_DATA_DIR or start Errand with --data-dir to move it."),
    ),
    h("div", { class: "form-actions" }, save, saveStatus),
  );

  const el = h(
    "div",
    { class: "screen-inner settings-screen" },
    h("div", { class: "screen-head" }, h("h1", { class: "screen-title" }, "Settings")),
    modelBox,
    form,
  );

  // loaded is the last settings the Go side gave; fields not on the form (none today
  // but dataDir, which is read-only) travel back unchanged. dirty: the person has edited
  // since, so showing the screen again must not overwrite their edits.
  let loaded: Settings | null = null;
  let dirty = false;
  let saving = false;

  function fill(s: Settings) {
    loaded = s;
    f.ollamaHost.value = s.ollamaHost;
    f.plannerModel.value = s.plannerModel;
    f.fastModel.value = s.fastModel;
    f.embedModel.value = s.embedModel;
    f.offline.checked = s.offline;
    f.profile.value = s.profile;
    f.askBelow.value = String(s.askBelow);
    f.proceedAt.value = String(s.proceedAt);
    f.reviewPlans.checked = s.reviewPlans;
    f.announceMs.value = String(s.announceMs);
    f.allowedDomains.value = s.allowedDomains.join("\n");
    f.chromePath.value = s.chromePath;
    f.attach.value = s.attach;
    f.dataDir.value = s.dataDir;
    current = s;
    reasonText.textContent = s.modelReason ?? "";
    useRecommended.hidden = !s.recommended || (s.recommended.planner === s.plannerModel && s.recommended.fast === s.fastModel);
    dirty = false;
  }

  function read(base: Settings): Settings {
    const num = (i: HTMLInputElement) => (i.value.trim() === "" ? NaN : Number(i.value));
    return {
      ...base,
      ollamaHost: f.ollamaHost.value.trim(),
      plannerModel: f.plannerModel.value.trim(),
      fastModel: f.fastModel.value.trim(),
      embedModel: f.embedModel.value.trim(),
      offline: f.offline.checked,
      profile: f.profile.value === "api" ? "api" : "desktop",
      askBelow: num(f.askBelow),
      proceedAt: num(f.proceedAt),
      reviewPlans: f.reviewPlans.checked,
      announceMs: num(f.announceMs),
      allowedDomains: f.allowedDomains.value.split(/[\s,]+/).map((d) => d.trim()).filter(Boolean),
      chromePath: f.chromePath.value.trim(),
      attach: f.attach.value.trim(),
    };
  }

  function setSaveStatus(msg: string, tone: "" | "ok" | "error" = "") {
    saveStatus.textContent = msg;
    saveStatus.dataset.tone = tone;
  }

  function markInvalid(name: Editable | null) {
    for (const [k, input] of Object.entries(f)) {
      if (k === name) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    }
  }

  let settingsTicket = 0;
  async function loadSettings() {
    const mine = ++settingsTicket;
    setSaveStatus("Loading…");
    try {
      const s = await t.settings();
      if (mine !== settingsTicket || dirty) return;
      fill(s);
      loadError.hidden = true;
      save.disabled = saving;
      setSaveStatus("");
    } catch (err) {
      if (mine !== settingsTicket) return;
      loadError.textContent = `Could not load the settings: ${message(err)}`;
      loadError.hidden = false;
      save.disabled = !loaded;
      setSaveStatus("");
    }
  }

  let modelTicket = 0;
  async function checkModels() {
    const mine = ++modelTicket;
    checkAgain.disabled = true;
    modelBody.replaceChildren(h("p", { class: "screen-note" }, "Checking Ollama…"));
    try {
      const ms = await t.modelStatus();
      if (mine !== modelTicket) return;
      modelBody.replaceChildren(...modelStatusView(ms));
      opts.onModelStatus?.(ms);
    } catch (err) {
      if (mine !== modelTicket) return;
      modelBody.replaceChildren(h("p", { class: "screen-note error" }, `Could not check the models: ${message(err)}`));
      opts.onModelStatus?.(null);
    } finally {
      if (mine === modelTicket) checkAgain.disabled = false;
    }
  }

  form.addEventListener("input", () => {
    dirty = true;
    if (saveStatus.dataset.tone === "ok") setSaveStatus("");
  });
  form.addEventListener("change", () => (dirty = true));

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (!loaded || saving) return;
    const s = read(loaded);
    const problem = validateSettings(s);
    markInvalid(problem?.field ?? null);
    if (problem) {
      setSaveStatus(problem.message, "error");
      f[problem.field].focus();
      return;
    }
    saving = true;
    save.disabled = true;
    setSaveStatus("Saving…");
    try {
      fill(await t.saveSettings(s));
      setSaveStatus("Saved", "ok");
      void checkModels(); // the address or the models may have changed
    } catch (err) {
      setSaveStatus(message(err), "error");
    } finally {
      saving = false;
      save.disabled = false;
    }
  });

  checkAgain.addEventListener("click", () => void checkModels());

  const off = t.onEvent((e) => {
    plannerPull.onEvent(e);
    fastPull.onEvent(e);
    embedPull.onEvent(e);
  });

  return {
    el,
    /** Reads the model status again, and the settings unless the form has unsaved edits. */
    show() {
      if (!dirty) void loadSettings();
      void checkModels();
    },
    dispose: off,
  };
}

// modelStatusView says whether the models are ready, and how to get them when not.
function modelStatusView(ms: ModelStatus): Node[] {
  const advice = ms.advice ? h("p", { class: "model-advice" }, ms.advice) : null;
  const rules = h(
    "p",
    {},
    "Without a model Errand still runs explicit commands with its rules model, such as ",
    h("q", {}, "type 'Jas' into Name and click Save"),
    ".",
  );
  if (ms.offline) {
    return [
      h("p", { class: "model-line" }, "Offline: Errand uses only its rules model and never calls Ollama."),
      rules,
      advice,
    ].filter(isNode);
  }
  if (ms.running) {
    const models = ms.models ?? [];
    const missing = ms.missing ?? [];
    return [
      h(
        "p",
        { class: "model-line ok" },
        `Ollama${ms.version ? ` ${ms.version}` : ""} is running at ${ms.host}.`,
      ),
      h("p", { class: "model-list" }, models.length ? `Models it has: ${models.join(", ")}` : "It has no models yet."),
      missing.length
        ? h("p", { class: "model-missing" }, `Missing: ${missing.join(", ")}. Use Pull below to get ${missing.length === 1 ? "it" : "them"}.`)
        : null,
      advice,
    ].filter(isNode);
  }
  return [
    h("p", { class: "model-line fail" }, `Ollama is not running at ${ms.host || "its address"}.`),
    ms.error ? h("p", { class: "field-hint" }, ms.error) : null,
    h(
      "ol",
      { class: "install-guide" },
      h(
        "li",
        {},
        "Install Ollama from ",
        h("a", { href: "https://ollama.com", target: "_blank", rel: "noopener noreferrer" }, "https://ollama.com"),
        ".",
      ),
      h("li", {}, "Start it: ", h("code", {}, "ollama serve"), " (the installer usually starts it for you)."),
      ms.planner === ms.fast
        ? h(
            "li",
            {},
            "Get the model: ",
            h("code", {}, `ollama pull ${ms.planner}`),
            ", or use the Pull button below once Ollama runs.",
          )
        : h(
            "li",
            {},
            "Get the models: ",
            h("code", {}, `ollama pull ${ms.planner}`),
            " and ",
            h("code", {}, `ollama pull ${ms.fast}`),
            ", or use the Pull buttons below once Ollama runs.",
          ),
    ),
    rules,
    advice,
  ].filter(isNode);
}

// pullControl is a model field's Pull button and the progress of that download, fed by
// pullProgress events for that model.
function pullControl(t: Transport, input: HTMLInputElement, role: string, onDone: () => void) {
  const button = h("button", { type: "button", class: "pull" }, "Pull");
  button.setAttribute("aria-label", `Pull the ${role} model`);
  const bar = h("progress", { max: 1, "aria-label": `Download of the ${role} model`, hidden: true });
  const note = h("span", { class: "pull-text", role: "status" });
  const progress = h("div", { class: `pull-progress pull-${role}` }, bar, note);
  let model: string | null = null; // the download being followed

  function say(msg: string, tone: "" | "ok" | "error" = "") {
    note.textContent = msg;
    note.dataset.tone = tone;
  }

  function end() {
    model = null;
    button.disabled = false;
  }

  button.addEventListener("click", async () => {
    const name = input.value.trim();
    if (!name) {
      say("Name a model first.", "error");
      input.focus();
      return;
    }
    model = name;
    button.disabled = true;
    bar.hidden = false;
    bar.removeAttribute("value"); // indeterminate until the first progress
    say(`Starting the download of ${name}…`);
    try {
      await t.pullModel(name);
    } catch (err) {
      if (model !== name) return;
      bar.hidden = true;
      say(`Could not pull ${name}: ${message(err)}`, "error");
      end();
    }
  });

  function onEvent(e: ErrandEvent) {
    if (e.type !== "pullProgress") return;
    // A download started elsewhere (another window, before a reload) is followed too.
    if (model === null && sameModel(e.model, input.value.trim()) && !e.done && !e.error) {
      model = input.value.trim();
      button.disabled = true;
    }
    if (model === null || !sameModel(e.model, model)) return;
    bar.hidden = false;
    if (e.error) {
      bar.hidden = true;
      say(`Could not pull ${model}: ${e.error}`, "error");
      end();
      return;
    }
    if (e.done) {
      bar.value = 1;
      say("Ready", "ok");
      end();
      onDone();
      return;
    }
    let line = e.status || "downloading";
    if (e.total > 0) {
      bar.value = Math.min(1, Math.max(0, e.fraction));
      line += ` — ${mb(e.completed)} of ${mb(e.total)} MB (${Math.round(e.fraction * 100)}%)`;
    } else bar.removeAttribute("value");
    say(line);
  }

  return { el: button, progress, onEvent };
}

// sameModel treats "llama3" and "llama3:latest" as one model, as Ollama does.
function sameModel(a: string, b: string): boolean {
  const tag = (m: string) => (m.includes(":") ? m : `${m}:latest`);
  return !!a && !!b && tag(a) === tag(b);
}

function isNode<T extends Node>(n: T | null): n is T {
  return n !== null;
}

function mb(bytes: number): string {
  const n = bytes / 1e6;
  return n.toLocaleString("en", { maximumFractionDigits: n < 10 ? 1 : 0 });
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
