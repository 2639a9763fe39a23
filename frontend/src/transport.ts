// The one place the screen meets the Go side. The desktop window talks to the Bridge
// that Wails binds into the page; a browser tab opened from `errand serve` talks to the
// same Bridge over HTTP and server-sent events. Nothing else in the UI knows which.

import type { ErrandEvent, IngestProgress, Phase } from "./events";

/** One past task, as app/ui's TaskRow marshals it. */
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
  /** The task stopped before it ended (crash, Stop, closed window): resume() continues it. */
  resumable: boolean;
}

/** One model call of a task's trace (the store's model_usage row). */
export interface TraceCall {
  purpose: string; // e.g. PLANNING, REFINEMENT, VERIFICATION
  model: string;
  promptTokens: number;
  completionTokens: number;
  durationMs: number;
  cost: number;
  at: string; // RFC 3339
}

/** One executed action of a step, with its verification. */
export interface TraceAction {
  index: number; // place in the step's chain
  action: string; // engine notation, e.g. setValue("14", "Jas")
  description: string; // in words
  verified: boolean;
  tier: number; // verification tier, 0 when unknown
  evidence: string;
  error?: string;
  durationMs: number;
  beforeUrl: string;
  afterUrl: string;
}

/** One step of a task's trace: what Errand meant to do, what it did, what it cost. */
export interface TraceStep {
  step: number;
  thought: string; // the step's intent in words (the plan step / the model's refinement)
  startedAt: string; // RFC 3339
  durationMs: number;
  actions: TraceAction[];
  calls: TraceCall[]; // model calls made for this step
}

/** A past task opened from History. */
export interface Trace {
  task: TaskRow;
  steps: TraceStep[];
  /** Model calls outside any step (context analysis, planning, the final check). */
  calls: TraceCall[];
}

/** The Settings screen's fields (app/ui.Settings). Defaults come back filled in. */
export interface Settings {
  dataDir: string; // read-only here: ERRAND_DATA_DIR or --data-dir moves it
  ollamaHost: string; // e.g. http://127.0.0.1:11434
  plannerModel: string; // e.g. qwen2.5:7b
  fastModel: string; // e.g. qwen2.5:1.5b
  embedModel: string; // the knowledge base's embedding model, e.g. nomic-embed-text
  offline: boolean; // the rules model only, never Ollama
  profile: "desktop" | "api"; // routing profile
  askBelow: number; // 0–1: below this Errand asks (desktop 0.5)
  proceedAt: number; // 0–1: from here it proceeds without announcing (desktop 0.9)
  reviewPlans: boolean; // every plan waits for Execute / Cancel
  announceMs: number; // the assume-and-announce countdown (3000)
  allowedDomains: string[]; // added to each task's start site
  chromePath: string; // "" = search the usual places
  attach: string; // DevTools address of a running Chrome; "" = Errand's own
  /** Shown, never saved: the machine as Errand knows it (engine/llm.Machine). */
  machine?: { ramBytes: number; cpus: number; gpu: boolean; gpuKnown: boolean };
  /** The models recommended for this machine and why (engine/llm.Choice). */
  recommended?: { planner: string; fast: string; reason: string };
  /** Why the models in force are the ones used. */
  modelReason?: string;
}

/** Whether Ollama answers and has the models (engine/llm.Status plus advice). */
export interface ModelStatus {
  running: boolean;
  host: string;
  version?: string;
  models?: string[] | null; // what the server has
  missing?: string[] | null; // configured role models it lacks
  error?: string;
  offline: boolean; // Errand is set to the rules model only
  planner: string;
  fast: string;
  /** One sentence on what to do, "" when both roles are ready. */
  advice: string;
}

/** One ingested URL or file (app/ui.KnowledgeSource). */
export interface KnowledgeSource {
  source: string; // the URL or absolute path; forgetKnowledge takes it
  title: string;
  kind: string; // html, pdf, docx, markdown, text, json, csv
  chunks: number; // passages kept
  ingestedAt: string; // RFC 3339
}

/** One site's sources, newest first. */
export interface KnowledgeSite {
  site: string; // a host, or "local" for files
  chunks: number;
  sources: KnowledgeSource[];
}

/** The Knowledge screen's list (app/ui.KnowledgeView): sites by name. */
export interface KnowledgeView {
  sites: KnowledgeSite[];
}

export type Strategy = "single" | "sitemap" | "spider";

/** What the add form sends (app/ui.AddSources). 0 limits take the defaults (2 hops, 100 pages). */
export interface AddSourcesRequest {
  sources: string[]; // web addresses, full paths of files or folders
  strategy: Strategy;
  maxDepth: number;
  maxPages: number;
  /** Read each web address in the browser: the page as rendered, then what its tabs and accordions reveal. */
  live?: boolean;
}

/** An ingestion under way (app/ui.IngestRun): a screen opened during it replays its events so far. */
export interface IngestRun {
  ingestId: string;
  sources: string[];
  live?: boolean;
  startedAt: string; // RFC 3339
  events: IngestProgress[];
}

/** One search result (app/ui.Passage), best first. */
export interface Passage {
  text: string; // the chunk as stored (Markdown)
  source: string;
  title?: string;
  heading: string; // "A > B"
  page?: number; // of a PDF
  trigger?: string; // the interaction that revealed it
  score: number;
}

/** A fix learned from a correction (app/ui.SkillRow). */
export interface SkillRow {
  id: number;
  goal: string;
  worked: string; // the step that worked, in words
  failed: string; // the step it replaced
  page: string; // page signature
  successes: number;
  failures: number;
  createdAt: string;
  lastUsed: string;
}

/** An errand kept to replay without a model (app/ui.ReplayRow). */
export interface ReplayRow {
  id: number;
  startPage: string; // URL pattern
  instruction: string;
  template: string; // "add patient {value1}"
  steps: string[];
  uses: number;
  updatedAt: string;
  lastUsed: string;
}

/** What one site taught. */
export interface MemorySite {
  site: string;
  skills: SkillRow[];
  replays: ReplayRow[];
}

/** The Skills screen (app/ui.MemoryView): sites by name. */
export interface MemoryView {
  sites: MemorySite[];
}

export interface Transport {
  /** Starts an errand; resolves with a run id once it has started, not when it ends. */
  runTask(goal: string, url: string): Promise<string>;
  /** Continues an interrupted task; resolves with a run id like runTask. */
  resume(taskId: string): Promise<string>;
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
  /** One past task's trace. */
  trace(taskId: string): Promise<Trace>;
  settings(): Promise<Settings>;
  /** Saves and applies settings; rejects with a message naming the bad field. */
  saveSettings(s: Settings): Promise<Settings>;
  modelStatus(): Promise<ModelStatus>;
  /** Starts pulling a model; progress arrives as pullProgress events. */
  pullModel(name: string): Promise<void>;
  /** The ingested sources, per site. */
  knowledge(): Promise<KnowledgeView>;
  /** Starts adding sources; resolves with the ingestion's id, progress arrives as ingestProgress events. */
  addSources(req: AddSourcesRequest): Promise<string>;
  /** Stops an ingestion; what it read so far is kept. */
  cancelIngest(ingestId: string): Promise<void>;
  /** The ingestions under way, oldest first, each with its events so far. */
  ingests(): Promise<IngestRun[]>;
  /** The passages that answer a question, best first; site "" searches every site. */
  search(question: string, site: string): Promise<Passage[]>;
  /** Forgets a source (its URL or path) or a whole site; resolves with the passages removed. */
  forgetKnowledge(target: string): Promise<number>;
  /** The learned skills and replay scripts, per site. */
  skills(): Promise<MemoryView>;
  forgetSkill(id: number): Promise<void>;
  /** Forgets a site's skills; resolves with how many there were. */
  forgetSkills(site: string): Promise<number>;
  forgetReplay(id: number): Promise<void>;
  /** Forgets a site's replay scripts; resolves with how many there were. */
  forgetReplays(site: string): Promise<number>;
  version(): Promise<string>;
  /** Calls cb for every event; returns a function that stops listening. */
  onEvent(cb: (e: ErrandEvent) => void): () => void;
}


// The names Wails puts on window: one object per bound Go struct under
// window.go.<package>.<Struct>, and its runtime under window.runtime. Written by hand
// rather than by `wails generate`, which needs the Wails CLI.
interface WailsBridge {
  RunTask(goal: string, url: string): Promise<string>;
  Resume(taskId: string): Promise<string>;
  Answer(questionId: string, optionId: string, text: string): Promise<void>;
  Decide(requestId: string, decision: string): Promise<void>;
  Correct(requestId: string, field: string, command: number, newValue: string): Promise<void>;
  Typing(questionId: string): Promise<void>;
  Cancel(): Promise<void>;
  Tasks(): Promise<TaskRow[] | null>;
  Trace(taskId: string): Promise<Trace>;
  Settings(): Promise<Settings>;
  SaveSettings(s: Settings): Promise<Settings>;
  ModelStatus(): Promise<ModelStatus>;
  PullModel(name: string): Promise<void>;
  Knowledge(): Promise<KnowledgeView>;
  AddSources(req: AddSourcesRequest): Promise<string>;
  CancelIngest(ingestId: string): Promise<void>;
  Ingests(): Promise<IngestRun[] | null>;
  Search(question: string, site: string): Promise<Passage[] | null>;
  ForgetKnowledge(target: string): Promise<number>;
  Skills(): Promise<MemoryView>;
  ForgetSkill(id: number): Promise<void>;
  ForgetSkills(site: string): Promise<number>;
  ForgetReplay(id: number): Promise<void>;
  ForgetReplays(site: string): Promise<number>;
  Version(): Promise<string>;
}

interface WailsRuntime {
  EventsOn(name: string, cb: (...data: unknown[]) => void): () => void;
}

export interface WailsWindow {
  go?: { ui?: { Bridge?: WailsBridge } };
  runtime?: WailsRuntime;
}

/** The event name the Bridge emits on (ui.EventName). */
export const EVENT_NAME = "errand:event";

/** What every call says when `errand serve` refuses the page for want of its token. */
export const NOT_CONNECTED = "Not connected: open the address `errand serve` printed, with its token.";

const OFFLINE = "This page is not connected to Errand. Open it from the desktop app or from the address `errand serve` printed.";

/** wailsTransport returns the desktop Bridge's transport, or null outside the desktop app. */
export function wailsTransport(w: WailsWindow = window as unknown as WailsWindow): Transport | null {
  const bridge = w.go?.ui?.Bridge;
  const runtime = w.runtime;
  if (!bridge || !runtime) return null;
  return {
    runTask: (goal, url) => call(() => bridge.RunTask(goal, url)),
    resume: (taskId) => call(() => bridge.Resume(taskId)),
    answer: (questionId, optionId, text) => call(() => bridge.Answer(questionId, optionId, text)),
    decide: (requestId, decision) => call(() => bridge.Decide(requestId, decision)),
    correct: (requestId, field, command, newValue) => call(() => bridge.Correct(requestId, field, command, newValue)),
    typing: (questionId) => call(() => bridge.Typing(questionId)),
    cancel: () => call(() => bridge.Cancel()),
    tasks: async () => list(await call(() => bridge.Tasks())),
    trace: async (taskId) => normaliseTrace(await call(() => bridge.Trace(taskId))),
    settings: async () => normaliseSettings(await call(() => bridge.Settings())),
    saveSettings: async (s) => normaliseSettings(await call(() => bridge.SaveSettings(s))),
    modelStatus: () => call(() => bridge.ModelStatus()),
    pullModel: (name) => call(() => bridge.PullModel(name)),
    knowledge: async () => normaliseKnowledge(await call(() => bridge.Knowledge())),
    addSources: (req) => call(() => bridge.AddSources(req)),
    cancelIngest: (id) => call(() => bridge.CancelIngest(id)),
    ingests: async () => normaliseIngests(await call(() => bridge.Ingests())),
    search: async (question, site) => list(await call(() => bridge.Search(question, site))),
    forgetKnowledge: (target) => call(() => bridge.ForgetKnowledge(target)),
    skills: async () => normaliseMemory(await call(() => bridge.Skills())),
    forgetSkill: (id) => call(() => bridge.ForgetSkill(id)),
    forgetSkills: (site) => call(() => bridge.ForgetSkills(site)),
    forgetReplay: (id) => call(() => bridge.ForgetReplay(id)),
    forgetReplays: (site) => call(() => bridge.ForgetReplays(site)),
    version: () => call(() => bridge.Version()),
    onEvent: (cb) =>
      runtime.EventsOn(EVENT_NAME, (data: unknown) => {
        if (isEvent(data)) cb(data);
      }),
  };
}

type Started = { runId?: string } | undefined;

export interface HttpOptions {
  /** Where `errand serve` answers; "" (the default) is the page's own origin. */
  base?: string;
  fetch?: typeof fetch;
  EventSource?: typeof EventSource;
}

/**
 * httpTransport talks to `errand serve`. The server sets its auth cookie when the page is
 * opened with the token, so the page never sees or stores the token itself.
 */
export function httpTransport(opts: HttpOptions = {}): Transport {
  const base = (opts.base ?? "").replace(/\/+$/, "");
  const doFetch: typeof fetch = opts.fetch ?? ((input, init) => fetch(input, init));
  const ES = opts.EventSource ?? globalThis.EventSource;
  const task = (id: string) => `/api/ui/tasks/${encodeURIComponent(id)}`;

  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let res: Response;
    try {
      res = await doFetch(base + path, {
        method,
        headers,
        credentials: "same-origin",
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new Error(`Errand is not answering (${message(err)}). Is \`errand serve\` still running?`);
    }
    if (res.status === 401) throw new Error(NOT_CONNECTED);
    const text = await res.text();
    if (!res.ok) throw new Error(errorText(res, text));
    if (!text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new Error(`Errand sent a reply this page cannot read (${method} ${path}).`);
    }
  }

  // One stream for the whole page, however many screens listen: a browser allows only a
  // few open connections per host, and every event goes to everyone anyway.
  const listeners = new Set<(e: ErrandEvent) => void>();
  let source: EventSource | null = null;

  function onEvent(cb: (e: ErrandEvent) => void): () => void {
    if (!ES) return () => {};
    const entry = (e: ErrandEvent) => cb(e); // the same cb twice is two listeners
    listeners.add(entry);
    if (!source) {
      const s = new ES(base + "/api/ui/events");
      s.onmessage = (m: MessageEvent) => {
        const e = parseEvent(m.data);
        if (e) for (const l of [...listeners]) l(e);
      };
      source = s;
    }
    let listening = true;
    return () => {
      if (!listening) return;
      listening = false;
      listeners.delete(entry);
      if (listeners.size === 0 && source) {
        source.close();
        source = null;
      }
    };
  }

  return {
    runTask: async (goal, url) => (await request<Started>("POST", "/api/ui/run", { goal, url }))?.runId ?? "",
    resume: async (taskId) => (await request<Started>("POST", `${task(taskId)}/resume`))?.runId ?? "",
    answer: (questionId, optionId, text) => request("POST", "/api/ui/answer", { questionId, optionId, text }),
    decide: (requestId, decision) => request("POST", "/api/ui/decide", { requestId, decision }),
    correct: (requestId, field, command, newValue) =>
      request("POST", "/api/ui/correct", { requestId, field, command, newValue }),
    typing: (questionId) => request("POST", "/api/ui/typing", { questionId }),
    cancel: () => request("POST", "/api/ui/cancel"),
    tasks: async () => list(await request<TaskRow[] | null>("GET", "/api/ui/tasks")),
    trace: async (taskId) => normaliseTrace(await request<Trace>("GET", task(taskId))),
    settings: async () => normaliseSettings(await request<Settings>("GET", "/api/ui/settings")),
    saveSettings: async (s) => normaliseSettings(await request<Settings>("PUT", "/api/ui/settings", s)),
    modelStatus: () => request<ModelStatus>("GET", "/api/ui/models"),
    pullModel: (name) => request("POST", "/api/ui/models/pull", { name }),
    knowledge: async () => normaliseKnowledge(await request<KnowledgeView>("GET", "/api/ui/knowledge")),
    addSources: async (req) =>
      (await request<{ ingestId?: string } | undefined>("POST", "/api/ui/knowledge/sources", req))?.ingestId ?? "",
    cancelIngest: (id) => request("POST", `/api/ui/knowledge/ingests/${encodeURIComponent(id)}/cancel`),
    ingests: async () => normaliseIngests(await request<IngestRun[] | null>("GET", "/api/ui/knowledge/ingests")),
    search: async (question, site) =>
      list(await request<Passage[] | null>("POST", "/api/ui/knowledge/search", { question, site })),
    forgetKnowledge: async (target) =>
      (await request<{ chunks?: number } | undefined>("POST", "/api/ui/knowledge/forget", { target }))?.chunks ?? 0,
    skills: async () => normaliseMemory(await request<MemoryView>("GET", "/api/ui/skills")),
    forgetSkill: (id) => request("DELETE", `/api/ui/skills/${id}`),
    forgetSkills: async (site) =>
      (await request<{ forgotten?: number } | undefined>("POST", "/api/ui/skills/forget", { site }))?.forgotten ?? 0,
    forgetReplay: (id) => request("DELETE", `/api/ui/replays/${id}`),
    forgetReplays: async (site) =>
      (await request<{ forgotten?: number } | undefined>("POST", "/api/ui/replays/forget", { site }))?.forgotten ?? 0,
    version: async () => (await request<{ version?: string } | undefined>("GET", "/api/ui/version"))?.version ?? "",
    onEvent,
  };
}

/** offlineTransport is what a page opened outside Errand gets: every call says so. */
export function offlineTransport(): Transport {
  const fail = () => Promise.reject(new Error(OFFLINE));
  return {
    runTask: fail,
    resume: fail,
    answer: fail,
    decide: fail,
    correct: fail,
    typing: () => Promise.resolve(),
    cancel: () => Promise.resolve(),
    tasks: fail,
    trace: fail,
    settings: fail,
    saveSettings: fail,
    modelStatus: fail,
    pullModel: fail,
    knowledge: fail,
    addSources: fail,
    cancelIngest: () => Promise.resolve(),
    ingests: () => Promise.resolve([]),
    search: fail,
    forgetKnowledge: fail,
    skills: fail,
    forgetSkill: fail,
    forgetSkills: fail,
    forgetReplay: fail,
    forgetReplays: fail,
    version: fail,
    onEvent: () => () => {},
  };
}

/**
 * connect picks the transport for wherever this page is running: the desktop window,
 * a tab served by `errand serve`, or a file opened on its own.
 */
export function connect(w: Window = window): Transport {
  const wails = wailsTransport(w as unknown as WailsWindow);
  if (wails) return wails;
  const protocol = w.location?.protocol;
  return protocol === "http:" || protocol === "https:" ? httpTransport() : offlineTransport();
}

// Go marshals a nil slice as null; the screens get [] and never check.
function list<T>(xs: T[] | null | undefined): T[] {
  return xs ?? [];
}

function normaliseTrace(tr: Trace): Trace {
  return {
    ...tr,
    steps: list(tr.steps).map((s) => ({ ...s, actions: list(s.actions), calls: list(s.calls) })),
    calls: list(tr.calls),
  };
}

function normaliseSettings(s: Settings): Settings {
  return { ...s, allowedDomains: list(s.allowedDomains) };
}

function normaliseKnowledge(k: KnowledgeView): KnowledgeView {
  return { sites: list(k.sites).map((s) => ({ ...s, sources: list(s.sources) })) };
}

function normaliseIngests(runs: IngestRun[] | null): IngestRun[] {
  return list(runs).map((r) => ({ ...r, sources: list(r.sources), events: list(r.events) }));
}

function normaliseMemory(m: MemoryView): MemoryView {
  return {
    sites: list(m.sites).map((s) => ({
      ...s,
      skills: list(s.skills),
      replays: list(s.replays).map((r) => ({ ...r, steps: list(r.steps) })),
    })),
  };
}

function isEvent(data: unknown): data is ErrandEvent {
  return !!data && typeof data === "object" && typeof (data as { type?: unknown }).type === "string";
}

// parseEvent reads one server-sent message; anything that is not an event is dropped.
function parseEvent(data: unknown): ErrandEvent | null {
  if (typeof data !== "string") return null;
  try {
    const e: unknown = JSON.parse(data);
    return isEvent(e) ? e : null;
  } catch {
    return null;
  }
}

// errorText reads the server's {"error": "..."}; a proxy's HTML page or an empty body
// becomes the status line instead.
function errorText(res: Response, body: string): string {
  try {
    const e: unknown = JSON.parse(body);
    if (e && typeof e === "object" && typeof (e as { error?: unknown }).error === "string") {
      return (e as { error: string }).error;
    }
  } catch {
    // not JSON
  }
  return `Errand answered ${res.status}${res.statusText ? ` ${res.statusText}` : ""}.`;
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

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
