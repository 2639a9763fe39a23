// Test helpers shared by the screens' tests: a Transport that records every call and lets
// a test play the Go side's events. Imported by *.test.ts only, so it never ships.

import { vi, type Mock } from "vitest";
import type { ErrandEvent } from "./events";
import type { ModelStatus, Settings, Trace, Transport } from "./transport";

/** The settings a fresh data directory has (app/ui's defaults). */
export const defaultSettings: Settings = {
  dataDir: "/home/me/.local/share/errand",
  ollamaHost: "http://127.0.0.1:11434",
  plannerModel: "qwen2.5:7b",
  fastModel: "qwen2.5:1.5b",
  embedModel: "nomic-embed-text",
  offline: false,
  profile: "desktop",
  askBelow: 0.5,
  proceedAt: 0.9,
  reviewPlans: false,
  announceMs: 3000,
  allowedDomains: [],
  chromePath: "",
  attach: "",
};

const modelStatus: ModelStatus = {
  running: true,
  host: "http://127.0.0.1:11434",
  models: [],
  missing: [],
  offline: false,
  planner: "qwen2.5:7b",
  fast: "qwen2.5:1.5b",
  advice: "",
};


/** A Transport whose methods are all mocks; overrides replace any of them. */
export type FakeTransport = { [K in keyof Transport]: Mock<Transport[K]> };

/**
 * fakeTransport returns t, every method a vi.fn resolving a sensible empty value, and send,
 * which plays one event to every onEvent listener as the Go side would.
 */
export function fakeTransport(overrides: Partial<Transport> = {}) {
  const listeners = new Set<(e: ErrandEvent) => void>();
  const trace = (taskId: string): Trace => ({
    task: {
      id: taskId,
      goal: "",
      status: "completed",
      steps: 0,
      modelCalls: 0,
      tokens: 0,
      durationMs: 0,
      createdAt: new Date(0).toISOString(),
      resumable: false,
    },
    steps: [],
    calls: [],
  });
  const base = {
    runTask: vi.fn().mockResolvedValue("run-1"),
    resume: vi.fn().mockResolvedValue("run-2"),
    answer: vi.fn().mockResolvedValue(undefined),
    decide: vi.fn().mockResolvedValue(undefined),
    correct: vi.fn().mockResolvedValue(undefined),
    typing: vi.fn().mockResolvedValue(undefined),
    cancel: vi.fn().mockResolvedValue(undefined),
    tasks: vi.fn().mockResolvedValue([]),
    trace: vi.fn((id: string) => Promise.resolve(trace(id))),
    settings: vi.fn().mockResolvedValue({ ...defaultSettings }),
    saveSettings: vi.fn((s: Settings) => Promise.resolve(s)),
    modelStatus: vi.fn().mockResolvedValue({ ...modelStatus }),
    pullModel: vi.fn().mockResolvedValue(undefined),
    knowledge: vi.fn().mockResolvedValue({ sites: [] }),
    addSources: vi.fn().mockResolvedValue("ingest-1"),
    cancelIngest: vi.fn().mockResolvedValue(undefined),
    ingests: vi.fn().mockResolvedValue([]),
    search: vi.fn().mockResolvedValue([]),
    forgetKnowledge: vi.fn().mockResolvedValue(0),
    skills: vi.fn().mockResolvedValue({ sites: [] }),
    forgetSkill: vi.fn().mockResolvedValue(undefined),
    forgetSkills: vi.fn().mockResolvedValue(0),
    forgetReplay: vi.fn().mockResolvedValue(undefined),
    forgetReplays: vi.fn().mockResolvedValue(0),
    version: vi.fn().mockResolvedValue("0.1.0"),
    onEvent: vi.fn((cb: (e: ErrandEvent) => void) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    }),
  };
  for (const [k, f] of Object.entries(overrides)) {
    if (f) (base as Record<string, unknown>)[k] = vi.isMockFunction(f) ? f : vi.fn(f as (...a: never[]) => unknown);
  }
  const t = base as unknown as FakeTransport;
  t satisfies Transport;
  return {
    t,
    send: (e: ErrandEvent) => {
      for (const cb of [...listeners]) cb(e);
    },
  };
}

/** flush lets resolved promises run; under fake timers a setTimeout-based tick would not. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 8; i++) await Promise.resolve();
}

/** press builds a keydown as the window would get it, with target set for handleKey. */
export function press(key: string, target: EventTarget = document.body, init: KeyboardEventInit = {}): KeyboardEvent {
  const e = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init });
  Object.defineProperty(e, "target", { value: target });
  return e;
}

/** button finds the button in root whose text includes text. */
export function button(root: ParentNode, text: string): HTMLButtonElement {
  const b = [...root.querySelectorAll("button")].find((x) => x.textContent?.includes(text));
  if (!b) throw new Error(`no button "${text}" in ${(root as Element).outerHTML ?? "root"}`);
  return b;
}
