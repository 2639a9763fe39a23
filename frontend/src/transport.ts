// The one place the screen meets the Go side. The desktop window talks to the Bridge
// that app/desktop binds into the page; `errand serve` will add an HTTP + SSE
// implementation of the same interface, and nothing else in the UI changes.

import type { ErrandEvent, Phase } from "./events";

/** One past task, as app/desktop's TaskRow marshals it. */
export interface TaskRow {
  id: string;
  goal: string;
  status: Phase | string;
  startUrl?: string;
  summary?: string;
  steps: number;
  modelCalls: number;
  tokens: number;
  durationMs: number;
  createdAt: string; // RFC 3339
}

export interface Transport {
  /** Starts an errand; resolves with a run id once it has started, not when it ends. */
  runTask(goal: string, url: string): Promise<string>;
  /** Answers the question with this id: an option id, free text, or both. */
  answer(questionId: string, optionId: string, text: string): Promise<void>;
  /**
   * Decides a dialog: an announcement (proceed, cancel), a plan (approve, cancel) or a
   * failed step (retry, skip, replan, abort).
   */
  decide(requestId: string, decision: string): Promise<void>;
  /** An announcement's Correct: newValue sets the assumption, "" asks about it. */
  correct(requestId: string, field: string, command: number, newValue: string): Promise<void>;
  /** Tells an open question's timer the person is typing, so it pauses. */
  typing(questionId: string): Promise<void>;
  /** Stops the running errand; harmless when none runs. */
  cancel(): Promise<void>;
  /** Past tasks, newest first. */
  tasks(): Promise<TaskRow[]>;
  version(): Promise<string>;
  /** Calls cb for every event; returns a function that stops listening. */
  onEvent(cb: (e: ErrandEvent) => void): () => void;
}

// The names Wails puts on window: one object per bound Go struct under
// window.go.<package>.<Struct>, and its runtime under window.runtime. Written by hand
// rather than by `wails generate`, which needs the Wails CLI.
interface WailsBridge {
  RunTask(goal: string, url: string): Promise<string>;
  Answer(questionId: string, optionId: string, text: string): Promise<void>;
  Decide(requestId: string, decision: string): Promise<void>;
  Correct(requestId: string, field: string, command: number, newValue: string): Promise<void>;
  Typing(questionId: string): Promise<void>;
  Cancel(): Promise<void>;
  Tasks(): Promise<TaskRow[] | null>;
  Version(): Promise<string>;
}

interface WailsRuntime {
  EventsOn(name: string, cb: (...data: unknown[]) => void): () => void;
}

export interface WailsWindow {
  go?: { desktop?: { Bridge?: WailsBridge } };
  runtime?: WailsRuntime;
}

/** The event name app/desktop emits on (desktop.EventName). */
export const EVENT_NAME = "errand:event";

/** wailsTransport returns the desktop Bridge's transport, or null outside the desktop app. */
export function wailsTransport(w: WailsWindow = window as unknown as WailsWindow): Transport | null {
  const bridge = w.go?.desktop?.Bridge;
  const runtime = w.runtime;
  if (!bridge || !runtime) return null;
  return {
    runTask: (goal, url) => call(() => bridge.RunTask(goal, url)),
    answer: (questionId, optionId, text) => call(() => bridge.Answer(questionId, optionId, text)),
    decide: (requestId, decision) => call(() => bridge.Decide(requestId, decision)),
    correct: (requestId, field, command, newValue) => call(() => bridge.Correct(requestId, field, command, newValue)),
    typing: (questionId) => call(() => bridge.Typing(questionId)),
    cancel: () => call(() => bridge.Cancel()),
    tasks: async () => (await call(() => bridge.Tasks())) ?? [],
    version: () => call(() => bridge.Version()),
    onEvent: (cb) =>
      runtime.EventsOn(EVENT_NAME, (data: unknown) => {
        if (data && typeof data === "object" && "type" in data) cb(data as ErrandEvent);
      }),
  };
}

/** offlineTransport is what a page opened outside Errand gets: every call says so. */
export function offlineTransport(): Transport {
  const fail = () =>
    Promise.reject(new Error("This page is not connected to Errand. Open it from the desktop app."));
  return {
    runTask: fail,
    answer: fail,
    decide: fail,
    correct: fail,
    typing: () => Promise.resolve(),
    cancel: () => Promise.resolve(),
    tasks: fail,
    version: () => Promise.resolve(""),
    onEvent: () => () => {},
  };
}

/** connect picks the transport for wherever this page is running. */
export function connect(): Transport {
  return wailsTransport() ?? offlineTransport();
}

// Wails rejects a bound call with the Go error's text (a string), not an Error; callers
// get an Error either way.
async function call<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    throw err instanceof Error ? err : new Error(String(err));
  }
}
