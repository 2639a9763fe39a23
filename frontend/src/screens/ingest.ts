// The Knowledge screen's progress panel for one ingestion: a bar, a line of totals with
// the time it has taken, Stop, and a line per source; it draws a reading this screen
// started, or one under way when the screen (re)loaded.

import { h } from "../dom";
import type { IngestProgress } from "../events";
import { plural } from "../history";
import type { IngestRun, Transport } from "../transport";
import { message } from "./parts";

// ingestPanel draws one ingestion: a bar, a line of totals with the time it has taken
// (ticking every second, so a slow page never looks like a hang), Stop, and a line per
// source that was read, skipped or failed.
export function ingestPanel(t: Transport, every: (f: () => void, ms: number) => number, stopEvery: (id: number) => void) {
  const bar = h("progress", { "aria-label": "Reading progress" });
  const summary = h("span", { class: "ingest-summary" });
  const stop = h("button", { type: "button", class: "ingest-stop" }, "Stop");
  const lines = h("ul", { class: "ingest-lines", "aria-label": "Sources read" });
  const el = h(
    "div",
    { class: "ingest", role: "status", "aria-live": "polite", hidden: true },
    h("div", { class: "ingest-head" }, bar, summary, stop),
    lines,
  );
  let id: string | null = null;
  let early: IngestProgress[] = []; // events that came before addSources or ingests resolved
  let waiting = false; // addSources is under way
  let asked = false; // ingests is under way
  let lastSeq = 0; // the last event drawn: a reading's events so far and the ones sent may overlap
  const ended = new Set<string>(); // readings drawn to their end, never drawn again
  let started = 0;
  let timer: number | null = null;
  let counts = { stored: 0, skipped: 0, failed: 0, chunks: 0 };
  let phase = "Reading";

  function line() {
    const secs = Math.floor((Date.now() - started) / 1000);
    const parts = [`${counts.stored} read`];
    if (counts.skipped) parts.push(`${counts.skipped} unchanged`);
    if (counts.failed) parts.push(`${counts.failed} failed`);
    summary.textContent = `${phase}… ${parts.join(", ")} · ${secs} s`;
  }

  function add(cls: string, text: string, detail?: string) {
    lines.append(h("li", { class: `ingest-line ${cls}` }, text, detail ? h("span", { class: "ingest-detail" }, detail) : null));
  }

  function finish() {
    if (timer !== null) stopEvery(timer);
    timer = null;
    id = null;
    stop.hidden = true;
  }

// apply draws one event of this ingestion; it says whether the list should reload.
function apply(e: IngestProgress): "stored" | "ended" | null {
    if ((waiting || asked) && !id) {
      early.push(e);
      return null;
    }
    if (!id || e.ingestId !== id) return null;
    if (e.index && e.index <= lastSeq) return null;
    lastSeq = e.index || lastSeq;
    switch (e.stage) {
      case "start":
        break;
      case "stored":
        counts.chunks += e.chunks ?? 0;
        if (e.trigger) {
          // What a press revealed, read in the browser: more of the same page.
          add("ok", `Read what ${e.trigger.replace(/^after clicking /, "")} revealed`, `${e.source} · ${plural(e.chunks ?? 0, "passage")}`);
          break;
        }
        counts.stored++;
        add("ok", `Read ${e.title || e.source}`, `${e.source} · ${plural(e.chunks ?? 0, "passage")}`);
        break;
      case "press":
        phase = `Pressing ${(e.trigger ?? "").replace(/^after clicking /, "")}`;
        if (e.presses) {
          bar.max = e.presses;
          bar.value = e.pressed ?? 0;
        }
        break;
      case "skipped":
        counts.skipped++;
        add("muted", `Skipped ${e.source}`, e.reason);
        break;
      case "error":
        if (e.source === "embedding") add("warn", "Search by meaning is not ready", e.error);
        else {
          counts.failed++;
          add("error", `Could not read ${e.source}`, e.error);
        }
        break;
      case "done":
        phase = "Indexing";
        line();
        return "stored";
      case "embedding":
        phase = `Embedding with ${e.model}`;
        if (e.toEmbed) {
          bar.max = e.toEmbed;
          bar.value = e.embedded ?? 0;
        }
        break;
      case "ended": {
        ended.add(e.ingestId);
        finish();
        bar.hidden = true;
        const what = `${plural(e.stored ?? 0, "source")} read (${plural(e.chunks ?? 0, "passage")})` +
          (e.skipped ? `, ${e.skipped} unchanged` : "") + (e.failed ? `, ${e.failed} failed` : "");
        summary.textContent = e.cancelled
          ? `Stopped: ${what}. What was read is kept.`
          : e.error
            ? `Stopped with an error: ${e.error}`
            : `Done: ${what}.`;
        return "ended";
      }
    }
    line();
    return null;
  }

  stop.addEventListener("click", () => {
    if (!id) return;
    stop.disabled = true;
    phase = "Stopping";
    line();
    t.cancelIngest(id).catch((err) => add("error", `Could not stop: ${message(err)}`));
  });

  function reset(sources: string[], since: number) {
    el.hidden = false;
    lines.replaceChildren();
    counts = { stored: 0, skipped: 0, failed: 0, chunks: 0 };
    phase = "Reading";
    started = since;
    lastSeq = 0;
    bar.removeAttribute("value");
    bar.hidden = false;
    stop.hidden = false;
    summary.textContent = `Starting to read ${plural(sources.length, "source")}…`;
    if (timer !== null) stopEvery(timer);
    timer = every(line, 1000);
  }

  return {
    el,
    /** asking says whether to ask for the readings under way: not while drawing or starting one. */
    asking(): boolean {
      if (id || waiting || asked) return false;
      asked = true;
      early = [];
      return true;
    },
    /** attach draws run, a reading under way, from its first event: those so far, then those that came meanwhile. */
    attach(run: IngestRun | undefined): { attached: boolean; results: ("stored" | "ended" | null)[] } {
      asked = false;
      if (!run || id || waiting || ended.has(run.ingestId)) {
        if (!waiting) early = [];
        return { attached: false, results: [] };
      }
      reset(run.sources, Date.parse(run.startedAt) || Date.now());
      id = run.ingestId;
      stop.disabled = false;
      const mine = [...run.events, ...early.filter((e) => e.ingestId === run.ingestId)];
      early = [];
      return { attached: true, results: mine.map(apply) };
    },
    starting(sources: string[]) {
      reset(sources, Date.now());
      stop.disabled = true; // until the id is known
      waiting = true;
      early = [];
    },
    started(ingestId: string): ("stored" | "ended" | null)[] {
      id = ingestId;
      waiting = false;
      stop.disabled = false;
      const mine = early.filter((e) => e.ingestId === ingestId);
      early = [];
      return mine.map(apply);
    },
    failed() {
      waiting = false;
      el.hidden = true;
      finish();
    },
    apply,
    dispose() {
      if (timer !== null) stopEvery(timer);
      timer = null;
    },
  };
}
