import { describe, expect, it, vi } from "vitest";
import type { ErrandEvent } from "./events";
import { defaultSettings } from "./testing";
import {
  connect,
  EVENT_NAME,
  httpTransport,
  NOT_CONNECTED,
  offlineTransport,
  wailsTransport,
  type Settings,
  type Trace,
  type WailsWindow,
} from "./transport";

const settings: Settings = { ...defaultSettings, dataDir: "/home/jas/.local/share/errand" };

const task = {
  id: "t/1",
  goal: "click Save",
  status: "completed",
  steps: 1,
  modelCalls: 0,
  tokens: 0,
  durationMs: 900,
  createdAt: "2025-01-01T10:00:00Z",
  resumable: false,
};

// Go's nil slices, as they arrive over either transport.
const nullTrace = {
  task,
  steps: [{ step: 1, thought: "Save", startedAt: "", durationMs: 5, actions: null, calls: null }],
  calls: null,
} as unknown as Trace;

function wailsBridge() {
  return {
    RunTask: vi.fn().mockResolvedValue("run-1"),
    Resume: vi.fn().mockResolvedValue("run-2"),
    Answer: vi.fn().mockRejectedValue('no question "x" is waiting for an answer'),
    Decide: vi.fn().mockResolvedValue(undefined),
    Correct: vi.fn().mockResolvedValue(undefined),
    Typing: vi.fn().mockRejectedValue('no question "q" is open'),
    Cancel: vi.fn().mockResolvedValue(undefined),
    Tasks: vi.fn().mockResolvedValue(null),
    Trace: vi.fn().mockResolvedValue(nullTrace),
    Settings: vi.fn().mockResolvedValue({ ...settings, allowedDomains: null }),
    SaveSettings: vi.fn().mockImplementation(async (s: Settings) => ({ ...s, allowedDomains: null })),
    ModelStatus: vi.fn().mockResolvedValue({ running: false, host: "h", offline: false, planner: "p", fast: "f", advice: "" }),
    PullModel: vi.fn().mockResolvedValue(undefined),
    Knowledge: vi.fn().mockResolvedValue({ sites: [{ site: "local", chunks: 0, sources: null }] }),
    AddSources: vi.fn().mockResolvedValue("ingest-3"),
    CancelIngest: vi.fn().mockResolvedValue(undefined),
    Search: vi.fn().mockResolvedValue(null),
    ForgetKnowledge: vi.fn().mockResolvedValue(12),
    Skills: vi.fn().mockResolvedValue({ sites: [{ site: "a.test", skills: null, replays: [{ id: 1, steps: null }] }] }),
    ForgetSkill: vi.fn().mockResolvedValue(undefined),
    ForgetSkills: vi.fn().mockResolvedValue(2),
    ForgetReplay: vi.fn().mockResolvedValue(undefined),
    ForgetReplays: vi.fn().mockResolvedValue(1),
    Version: vi.fn().mockResolvedValue("0.1.0"),
    Ingests: vi.fn().mockResolvedValue(null),
  };
}

describe("wails transport", () => {
  it("is absent outside the desktop app", () => {
    expect(wailsTransport({})).toBeNull();
    // The Bridge moved to package ui; the old name is not looked at.
    expect(wailsTransport({ go: { desktop: {} } } as unknown as WailsWindow)).toBeNull();
  });

  it("calls the bound Bridge and turns Go errors into Errors", async () => {
    const bridge = wailsBridge();
    let listener: ((...d: unknown[]) => void) | undefined;
    const w: WailsWindow = {
      go: { ui: { Bridge: bridge } },
      runtime: {
        EventsOn: (name, cb) => {
          expect(name).toBe(EVENT_NAME);
          listener = cb;
          return () => (listener = undefined);
        },
      },
    };
    const t = wailsTransport(w)!;
    expect(await t.runTask("click Save", "")).toBe("run-1");
    expect(bridge.RunTask).toHaveBeenCalledWith("click Save", "");
    expect(await t.resume("t1")).toBe("run-2");
    expect(bridge.Resume).toHaveBeenCalledWith("t1");
    await expect(t.answer("x", "o1", "")).rejects.toThrow('no question "x" is waiting');
    await t.decide("req-1", "retry");
    expect(bridge.Decide).toHaveBeenCalledWith("req-1", "retry");
    await t.correct("req-2", "target", 1, "");
    expect(bridge.Correct).toHaveBeenCalledWith("req-2", "target", 1, "");
    await expect(t.typing("q")).rejects.toThrow('no question "q" is open');
    await t.cancel();
    expect(bridge.Cancel).toHaveBeenCalled();
    await t.pullModel("qwen2.5:7b");
    expect(bridge.PullModel).toHaveBeenCalledWith("qwen2.5:7b");
    expect((await t.modelStatus()).running).toBe(false);
    expect(await t.version()).toBe("0.1.0");

    const got: ErrandEvent[] = [];
    const off = t.onEvent((e) => got.push(e));
    listener?.({ type: "stateChanged", from: "idle", to: "planning" });
    listener?.("not an event");
    listener?.({ type: 7 });
    expect(got).toEqual([{ type: "stateChanged", from: "idle", to: "planning" }]);
    off();
    expect(listener).toBeUndefined();
  });

  it("turns Go's nil slices into empty lists", async () => {
    const bridge = wailsBridge();
    const t = wailsTransport({ go: { ui: { Bridge: bridge } }, runtime: { EventsOn: () => () => {} } })!;
    expect(await t.tasks()).toEqual([]);
    const tr = await t.trace("t1");
    expect(bridge.Trace).toHaveBeenCalledWith("t1");
    expect(tr.calls).toEqual([]);
    expect(tr.steps[0].actions).toEqual([]);
    expect(tr.steps[0].calls).toEqual([]);
    expect((await t.settings()).allowedDomains).toEqual([]);
    const saved = await t.saveSettings({ ...settings, allowedDomains: ["a.test"] });
    expect(bridge.SaveSettings).toHaveBeenCalledWith({ ...settings, allowedDomains: ["a.test"] });
    expect(saved.allowedDomains).toEqual([]);
    expect(await t.knowledge()).toEqual({ sites: [{ site: "local", chunks: 0, sources: [] }] });
    const req = { sources: ["https://a.test"], strategy: "spider" as const, maxDepth: 1, maxPages: 10 };
    expect(await t.addSources(req)).toBe("ingest-3");
    expect(bridge.AddSources).toHaveBeenCalledWith(req);
    await t.cancelIngest("ingest-3");
    expect(bridge.CancelIngest).toHaveBeenCalledWith("ingest-3");
    expect(await t.ingests()).toEqual([]);
    expect(await t.search("refunds?", "a.test")).toEqual([]);
    expect(bridge.Search).toHaveBeenCalledWith("refunds?", "a.test");
    expect(await t.forgetKnowledge("a.test")).toBe(12);
    const m = await t.skills();
    expect(m.sites[0].skills).toEqual([]);
    expect(m.sites[0].replays[0].steps).toEqual([]);
    expect(await t.forgetSkills("a.test")).toBe(2);
    expect(await t.forgetReplays("a.test")).toBe(1);
    await t.forgetSkill(4);
    await t.forgetReplay(5);
    expect(bridge.ForgetSkill).toHaveBeenCalledWith(4);
    expect(bridge.ForgetReplay).toHaveBeenCalledWith(5);
  });
});

// fakeServer answers fetch like `errand serve` would and records every request.
function fakeServer(reply: (method: string, path: string) => Response) {
  const calls: { method: string; url: string; path: string; body: unknown; credentials?: string }[] = [];
  const f = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const url = String(input);
    const path = url.replace(/^https?:\/\/[^/]+/, "");
    calls.push({
      method,
      url,
      path,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      credentials: init?.credentials,
    });
    return reply(method, path);
  });
  return { fetch: f as unknown as typeof fetch, calls };
}

const json = (v: unknown, status = 200) =>
  new Response(JSON.stringify(v), { status, headers: { "Content-Type": "application/json" } });
const noContent = (status = 204) => new Response(null, { status });

describe("http transport", () => {
  it("sends every call to its endpoint with its body", async () => {
    const s = fakeServer((method, path) => {
      if (path === "/api/ui/run" || path.endsWith("/resume")) return json({ runId: "run-9" });
      if (path === "/api/ui/tasks") return json([task]);
      if (path.startsWith("/api/ui/tasks/")) return json(nullTrace);
      if (path === "/api/ui/settings") return json(method === "PUT" ? settings : { ...settings, allowedDomains: null });
      if (path === "/api/ui/models") return json({ running: true, host: "h", offline: false, planner: "p", fast: "f", advice: "" });
      if (path === "/api/ui/models/pull") return noContent(202);
      if (path === "/api/ui/knowledge") return json({ sites: null });
      if (path === "/api/ui/knowledge/sources") return json({ ingestId: "ingest-2" }, 202);
      if (path === "/api/ui/knowledge/search") return json([{ text: "t", source: "s", heading: "h", score: 0.5 }]);
      if (path === "/api/ui/knowledge/forget") return json({ chunks: 7 });
      if (path === "/api/ui/skills") return json({ sites: [] });
      if (path.endsWith("/forget")) return json({ forgotten: 3 });
      if (path === "/api/ui/version") return json({ version: "0.2.0" });
      return noContent();
    });
    const t = httpTransport({ base: "http://127.0.0.1:7480/", fetch: s.fetch });

    expect(await t.runTask("click Save", "http://x.test")).toBe("run-9");
    expect(await t.resume("a b/c")).toBe("run-9");
    await t.answer("q1", "o2", "Jas");
    await t.decide("r1", "approve");
    await t.correct("r2", "value", 2, "Sam");
    await t.typing("q1");
    await t.cancel();
    expect(await t.tasks()).toEqual([task]);
    const tr = await t.trace("a b/c");
    await t.settings();
    await t.saveSettings(settings);
    await t.modelStatus();
    await t.pullModel("qwen2.5:7b");
    expect(await t.knowledge()).toEqual({ sites: [] });
    const req = { sources: ["/docs"], strategy: "single" as const, maxDepth: 0, maxPages: 0 };
    expect(await t.addSources(req)).toBe("ingest-2");
    await t.cancelIngest("ingest 2");
    expect(await t.search("how?", "")).toEqual([{ text: "t", source: "s", heading: "h", score: 0.5 }]);
    expect(await t.forgetKnowledge("a.test")).toBe(7);
    await t.skills();
    await t.forgetSkill(4);
    expect(await t.forgetSkills("a.test")).toBe(3);
    await t.forgetReplay(5);
    expect(await t.forgetReplays("a.test")).toBe(3);
    expect(await t.version()).toBe("0.2.0");

    expect(s.calls.every((c) => c.url.startsWith("http://127.0.0.1:7480/api/ui/"))).toBe(true);
    expect(s.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ["POST", "/api/ui/run", { goal: "click Save", url: "http://x.test" }],
      ["POST", "/api/ui/tasks/a%20b%2Fc/resume", undefined],
      ["POST", "/api/ui/answer", { questionId: "q1", optionId: "o2", text: "Jas" }],
      ["POST", "/api/ui/decide", { requestId: "r1", decision: "approve" }],
      ["POST", "/api/ui/correct", { requestId: "r2", field: "value", command: 2, newValue: "Sam" }],
      ["POST", "/api/ui/typing", { questionId: "q1" }],
      ["POST", "/api/ui/cancel", undefined],
      ["GET", "/api/ui/tasks", undefined],
      ["GET", "/api/ui/tasks/a%20b%2Fc", undefined],
      ["GET", "/api/ui/settings", undefined],
      ["PUT", "/api/ui/settings", settings],
      ["GET", "/api/ui/models", undefined],
      ["POST", "/api/ui/models/pull", { name: "qwen2.5:7b" }],
      ["GET", "/api/ui/knowledge", undefined],
      ["POST", "/api/ui/knowledge/sources", req],
      ["POST", "/api/ui/knowledge/ingests/ingest%202/cancel", undefined],
      ["POST", "/api/ui/knowledge/search", { question: "how?", site: "" }],
      ["POST", "/api/ui/knowledge/forget", { target: "a.test" }],
      ["GET", "/api/ui/skills", undefined],
      ["DELETE", "/api/ui/skills/4", undefined],
      ["POST", "/api/ui/skills/forget", { site: "a.test" }],
      ["DELETE", "/api/ui/replays/5", undefined],
      ["POST", "/api/ui/replays/forget", { site: "a.test" }],
      ["GET", "/api/ui/version", undefined],
    ]);
    // The server's cookie carries the auth; the page never handles the token.
    expect(s.calls.every((c) => c.credentials === "same-origin")).toBe(true);
    // Nil slices come over HTTP as null too.
    expect(tr.calls).toEqual([]);
    expect(tr.steps[0].actions).toEqual([]);
  });

  it("null lists from the server become empty lists", async () => {
    const s = fakeServer((_m, path) => {
      if (path === "/api/ui/tasks") return json(null);
      if (path === "/api/ui/settings") return json({ ...settings, allowedDomains: null });
      if (path === "/api/ui/skills") return json({ sites: [{ site: "a.test", skills: null, replays: null }] });
      return json({ sites: [{ site: "a.test", chunks: 1, sources: null }] });
    });
    const t = httpTransport({ fetch: s.fetch });
    expect(await t.tasks()).toEqual([]);
    expect((await t.settings()).allowedDomains).toEqual([]);
    expect((await t.knowledge()).sites[0].sources).toEqual([]);
    const m = await t.skills();
    expect([m.sites[0].skills, m.sites[0].replays]).toEqual([[], []]);
    expect(s.calls[0].url).toBe("/api/ui/tasks"); // same origin by default
  });

  it("rejects with the server's error message", async () => {
    const s = fakeServer((_m, path) => {
      if (path === "/api/ui/settings") return json({ error: "askBelow must be below proceedAt" }, 400);
      if (path === "/api/ui/run") return json({ error: "a task is already running" }, 409);
      if (path === "/api/ui/tasks") return new Response("<html>bad gateway</html>", { status: 502, statusText: "Bad Gateway" });
      return json({ error: "ignored" }, 401);
    });
    const t = httpTransport({ fetch: s.fetch });
    await expect(t.saveSettings(settings)).rejects.toThrow("askBelow must be below proceedAt");
    await expect(t.runTask("x", "")).rejects.toThrow("a task is already running");
    await expect(t.tasks()).rejects.toThrow("Errand answered 502 Bad Gateway.");
    await expect(t.version()).rejects.toThrow(NOT_CONNECTED);
    expect(NOT_CONNECTED).toBe("Not connected: open the address `errand serve` printed, with its token.");
  });

  it("says so when the server does not answer at all", async () => {
    const t = httpTransport({ fetch: (() => Promise.reject(new TypeError("Failed to fetch"))) as typeof fetch });
    await expect(t.tasks()).rejects.toThrow(/not answering \(Failed to fetch\).*errand serve/);
  });

  it("shares one event stream among listeners and closes it when the last leaves", () => {
    const made: FakeEventSource[] = [];
    class FakeEventSource {
      onmessage: ((m: MessageEvent) => void) | null = null;
      closed = false;
      constructor(public url: string) {
        made.push(this);
      }
      close() {
        this.closed = true;
      }
      emit(data: string) {
        this.onmessage?.(new MessageEvent("message", { data }));
      }
    }
    const t = httpTransport({ base: "http://h:1", fetch: vi.fn(), EventSource: FakeEventSource as unknown as typeof EventSource });
    const a: ErrandEvent[] = [];
    const b: ErrandEvent[] = [];
    const offA = t.onEvent((e) => a.push(e));
    const offB = t.onEvent((e) => b.push(e));
    expect(made.length).toBe(1);
    expect(made[0].url).toBe("http://h:1/api/ui/events");

    made[0].emit(JSON.stringify({ type: "stateChanged", from: "idle", to: "planning", taskId: "t1" }));
    made[0].emit("not json");
    made[0].emit("42");
    made[0].emit(JSON.stringify({ kind: "no type" }));
    made[0].emit("null");
    expect(a).toEqual([{ type: "stateChanged", from: "idle", to: "planning", taskId: "t1" }]);
    expect(b).toEqual(a);

    offA();
    offA(); // twice is harmless and does not take B's place
    expect(made[0].closed).toBe(false);
    made[0].emit(JSON.stringify({ type: "usage" }));
    expect(a.length).toBe(1);
    expect(b.length).toBe(2);
    offB();
    expect(made[0].closed).toBe(true);

    // A new listener opens a new stream.
    const offC = t.onEvent(() => {});
    expect(made.length).toBe(2);
    offC();
  });
});

describe("offline transport and connect", () => {
  it("says plainly when the page is not connected", async () => {
    const t = offlineTransport();
    await expect(t.runTask("x", "")).rejects.toThrow(/not connected/);
    await expect(t.decide("req-1", "proceed")).rejects.toThrow(/not connected/);
    await expect(t.settings()).rejects.toThrow(/not connected/);
    await expect(t.version()).rejects.toThrow(/not connected/);
    await expect(t.typing("q")).resolves.toBeUndefined();
    await expect(t.cancel()).resolves.toBeUndefined();
  });

  it("picks Wails, then errand serve over http(s), then offline", async () => {
    const bridge = wailsBridge();
    const wails = { go: { ui: { Bridge: bridge } }, runtime: { EventsOn: () => () => {} }, location: { protocol: "wails:" } };
    expect(await connect(wails as unknown as Window).version()).toBe("0.1.0");

    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => json({ version: "0.3.0" }));
    try {
      expect(await connect({ location: { protocol: "http:" } } as unknown as Window).version()).toBe("0.3.0");
      expect(await connect({ location: { protocol: "https:" } } as unknown as Window).version()).toBe("0.3.0");
      expect(fetchSpy).toHaveBeenCalledTimes(2);
    } finally {
      fetchSpy.mockRestore();
    }
    await expect(connect({ location: { protocol: "file:" } } as unknown as Window).version()).rejects.toThrow(/not connected/);
  });
});
