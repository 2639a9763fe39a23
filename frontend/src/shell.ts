// The window around the screens: the top bar with the tabs, the version and the model
// note, a banner when the page is not connected, and one container per screen. Screens
// stay in the DOM and are only hidden, so a running task keeps its cards and feed while
// the person looks at History or Settings.

import { mountTask } from "./app";
import { h } from "./dom";
import type { ModelStatus, Transport } from "./transport";
import { historyScreen } from "./screens/history";
import { knowledgeScreen } from "./screens/knowledge";
import { skillsScreen } from "./screens/skills";
import { settingsScreen } from "./screens/settings";

export const TABS = ["task", "history", "knowledge", "skills", "settings"] as const;
export type Tab = (typeof TABS)[number];

const tabNames: Record<Tab, string> = {
  task: "Task",
  history: "History",
  knowledge: "Knowledge",
  skills: "Skills",
  settings: "Settings",
};

/** A screen other than Task: its element, and what it does each time it is shown. */
interface Screen {
  el: HTMLElement;
  show(): void;
  dispose?(): void;
}

export interface ShellOptions {
  /** The task screen; tests pass a stand-in. */
  mountTask?: (root: HTMLElement, t: Transport) => () => void;
  now?: () => Date;
}

export function mountShell(root: HTMLElement, t: Transport, opts: ShellOptions = {}): () => void {
  const tabs = {} as Record<Tab, HTMLButtonElement>;
  const panels = {} as Record<Tab, HTMLElement>;
  for (const [i, tab] of TABS.entries()) {
    tabs[tab] = h(
      "button",
      {
        type: "button",
        role: "tab",
        id: `tab-${tab}`,
        class: "nav-tab",
        "aria-controls": `screen-${tab}`,
        "aria-selected": "false",
        tabindex: -1,
        title: `${tabNames[tab]} (Alt+${i + 1})`,
      },
      tabNames[tab],
    );
    panels[tab] = h("section", {
      id: `screen-${tab}`,
      class: `screen screen-${tab}`,
      role: "tabpanel",
      "aria-labelledby": `tab-${tab}`,
      hidden: true,
    });
  }

  const modelNote = h("button", { type: "button", class: "link model-note", hidden: true }, "No model: explicit commands only — Settings");
  modelNote.title = "Ollama is not running or lacks the models: Errand can only run explicit commands. Open Settings to fix it.";
  const version = h("span", { class: "version" });
  const banner = h("div", { class: "conn-banner", role: "alert", hidden: true });

  root.replaceChildren(
    h(
      "header",
      { class: "topbar" },
      h("div", { class: "brand" }, h("span", { class: "logo", "aria-hidden": "true" }, "E"), "Errand"),
      h("nav", { class: "nav-tabs", role: "tablist", "aria-label": "Screens" }, ...TABS.map((tab) => tabs[tab])),
      h("div", { class: "topbar-right" }, modelNote, version),
    ),
    h("div", { class: "shell-body" }, banner, h("div", { class: "screens" }, ...TABS.map((tab) => panels[tab]))),
  );

  // The banner says it once, for whichever call found out first.
  function failed(err: unknown) {
    const msg = err instanceof Error ? err.message : String(err);
    if (/not connected/i.test(msg) && banner.hidden) {
      banner.textContent = msg;
      banner.hidden = false;
    }
  }

  // The note shows only when a model is really wanted and missing: offline is a choice.
  function modelStatus(ms: ModelStatus | null) {
    modelNote.hidden = !ms || ms.offline || ms.running;
  }

  const unmountTask = (opts.mountTask ?? mountTask)(panels.task, t);
  const screens: Partial<Record<Tab, Screen>> = {
    history: historyScreen(t, { onResumed: () => select("task"), now: opts.now }),
    knowledge: knowledgeScreen(t, { now: opts.now }),
    skills: skillsScreen(t, opts.now),
    settings: settingsScreen(t, { onModelStatus: modelStatus }),
  };
  for (const [tab, s] of Object.entries(screens) as [Tab, Screen][]) panels[tab].append(s.el);

  let current: Tab | null = null;
  // select shows tab's screen; focus moves to its tab when the keyboard switched, but
  // not when the screen was already shown (Alt+1 while typing the goal keeps the caret).
  function select(tab: Tab, focus = false) {
    if (tab === current) return;
    for (const other of TABS) {
      const on = other === tab;
      tabs[other].setAttribute("aria-selected", String(on));
      tabs[other].tabIndex = on ? 0 : -1;
      panels[other].hidden = !on;
    }
    current = tab;
    screens[tab]?.show();
    if (focus) tabs[tab].focus();
  }

  for (const tab of TABS) tabs[tab].addEventListener("click", () => select(tab));
  modelNote.addEventListener("click", () => select("settings", true));

  // Arrow keys move along the tabs, as in any tab list.
  const nav = tabs.task.parentElement!;
  nav.addEventListener("keydown", (e) => {
    const i = current ? TABS.indexOf(current) : 0;
    let next: number | null = null;
    if (e.key === "ArrowRight") next = (i + 1) % TABS.length;
    else if (e.key === "ArrowLeft") next = (i + TABS.length - 1) % TABS.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = TABS.length - 1;
    if (next === null) return;
    e.preventDefault();
    select(TABS[next], true);
  });

  // Alt+1..5 switch screens from anywhere; plain digits belong to a question's options.
  const onKey = (e: KeyboardEvent) => {
    if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const m = /^Digit([1-9])$/.exec(e.code) ?? /^([1-9])$/.exec(e.key);
    const tab = m ? TABS[Number(m[1]) - 1] : undefined;
    if (!tab) return;
    e.preventDefault();
    select(tab, true);
  };
  document.addEventListener("keydown", onKey);

  select("task");
  void t.version().then((v) => (version.textContent = v ? `v${v}` : ""), failed);
  void t.modelStatus().then(modelStatus, (err) => {
    failed(err);
    modelStatus(null);
  });

  return () => {
    document.removeEventListener("keydown", onKey);
    unmountTask();
    for (const s of Object.values(screens)) s.dispose?.();
  };
}
