// The events the engine sends (engine/agent/events.go: flat JSON with a "type"; their
// types are in events.gen.ts) and how the feed says them in plain words. Pure functions,
// no DOM: the feed renders what describe returns, and the tests check the words.

import type { Assumption, ErrandEvent, Phase } from "./events.gen";

// The event types are generated from the Go payload structs (frontend/eventsgen): change
// them in Go and run `go generate ./...`.
export type * from "./events.gen";

/** The four ways on from a failed step (MidExec.options; Go sends them as plain strings). */
export type MidExecDecision = "retry" | "skip" | "replan" | "abort";

export type Tone = "info" | "ok" | "fail" | "ask" | "done" | "muted";

/** One line of the feed: a title, an optional detail under it, and small print. */
export interface FeedItem {
  tone: Tone;
  title: string;
  detail?: string;
  meta?: string;
  list?: string[];
}

const phaseWords: Record<Phase, string> = {
  idle: "Idle",
  planning: "Planning",
  clarifying: "Waiting for your answer",
  refining: "Refining the plan",
  assume_announce: "Announcing an assumption",
  awaiting_approval: "Waiting for your approval",
  executing: "Working in the browser",
  mid_exec_dialog: "A step went wrong: deciding what to do",
  replanning: "Re-planning",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Cancelled",
  interrupted: "Interrupted",
};

/** phaseLabel names a task phase in words; unknown phases are shown as they come. */
export function phaseLabel(p: string): string {
  return phaseWords[p as Phase] ?? p.replaceAll("_", " ");
}

/** percent formats a 0–1 score as a whole percentage. */
export function percent(x: number | undefined): string {
  if (x === undefined || !Number.isFinite(x)) return "–";
  return `${Math.round(Math.min(1, Math.max(0, x)) * 100)}%`;
}

/** duration formats milliseconds the way a person reads them: 850 ms, 4.2 s, 3 min 5 s. */
export function duration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "–";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const min = Math.floor(ms / 60_000);
  const s = Math.round((ms % 60_000) / 1000);
  return s ? `${min} min ${s} s` : `${min} min`;
}

/** plural counts a thing in words: "1 step", "3 steps". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** count formats a large number with thousands separators: 12,480. */
export function count(n: number): string {
  return Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "–";
}

/** usageText is the running "N model calls · M tokens" of a task. */
export function usageText(calls: number, tokens: number): string {
  const t = tokens ?? 0;
  return `${plural(calls ?? 0, "model call")} · ${count(t)} ${t === 1 ? "token" : "tokens"}`;
}

const routeWords: Record<string, string> = {
  fast_path: "read as direct commands, no model needed",
  model: "planned by the model",
  replan: "re-planned from the page as it is now",
  subtask: "split into smaller errands",
};

/** routeLabel says how a plan was made (planReady.route). */
export function routeLabel(route: string): string {
  return routeWords[route] ?? route.replaceAll("_", " ");
}

const recommendationWords: Record<string, string> = {
  proceed: "going ahead",
  assume_announce: "going ahead unless you correct it",
  approval: "asking you to approve the plan",
  ask: "asking you first",
  confirm: "asking you to confirm",
  rejected: "not going ahead",
};

/** recommendationLabel says a confidence report's route in a few words. */
export function recommendationLabel(rec: string): string {
  return recommendationWords[rec] ?? rec.replaceAll("_", " ");
}

/** assumptionText says one assumption the way the announcement lists it: Target: "Save" (72%). */
export function assumptionText(a: Assumption): string {
  const field = a.field.charAt(0).toUpperCase() + a.field.slice(1);
  return `${field}: ${quoted(a.assumedValue)} (${percent(a.confidence)})`;
}

/** quoted puts text in quotes unless the engine's words already hold some (“Save” button). */
export function quoted(text: string): string {
  return /["“”]/.test(text) ? text : `"${text}"`;
}

const replanWords: Record<string, string> = {
  continue: "the plan still fits",
  modify: "changed the rest of the plan",
  regenerate: "made a new plan",
};

/** describe turns one event into a feed line, or null when it adds nothing to read. */
export function describe(e: ErrandEvent): FeedItem | null {
  switch (e.type) {
    case "stateChanged":
      // The end of a task is said by taskFinished, with its summary.
      if (e.to === "completed" || e.to === "failed" || e.to === "cancelled") return null;
      return { tone: "muted", title: phaseLabel(e.to) };
    case "planReady": {
      const steps = e.steps ?? [];
      const how = [routeLabel(e.route), e.score ? `plan score ${percent(e.score)}` : ""].filter(Boolean).join(" · ");
      return { tone: "info", title: `Plan ready: ${plural(steps.length, "step")}`, meta: how, list: steps };
    }
    case "stepStarted": {
      // Actions arrive in the engine's notation (click("10")): small print, not the title.
      const acts = e.actions ?? [];
      const words = (e.descriptions ?? []).filter(Boolean);
      return {
        tone: "info",
        title: `Step ${e.step}: ${words.length ? words.join(", then ") : plural(acts.length, "action")}${e.chained ? ", run together" : ""}`,
        meta: acts.join(" · ") || undefined,
      };
    }
    case "stepVerified":
      // The evidence is what the page showed, in words; it makes the better title.
      return {
        tone: e.verified ? "ok" : "fail",
        title: e.verified ? `✓ ${e.evidence || e.action}` : `✗ Not confirmed: ${e.evidence || e.action}`,
        detail: e.error ? `Problem: ${e.error}` : undefined,
        meta: `${e.action} · checked by tier ${e.verificationTier}`,
      };
    case "confidenceReport": {
      const b = e.breakdown;
      return {
        tone: "info",
        title: `Confidence ${percent(e.overall)}, ${recommendationLabel(e.recommendation)}${e.highRisk ? " (risky action)" : ""}`,
        detail: (e.reasons ?? []).filter(Boolean).join("; ") || undefined,
        meta: b
          ? `intent ${percent(b.intentClarity)} · target ${percent(b.targetMatch)} · values ${percent(b.valueConfidence)} · determinism ${percent(b.actionDeterminism)}`
          : undefined,
      };
    }
    case "clarifyWithOptions":
      return { tone: "ask", title: `Question: ${e.question}`, detail: e.reason || undefined };
    case "validation": {
      // A clean goal is the usual case and adds nothing to read.
      const msgs = (e.failures ?? []).map((f) => f.message).filter(Boolean);
      if (!msgs.length) return null;
      return { tone: e.status === "failed" ? "fail" : "info", title: `Checked the goal: ${msgs.join("; ")}` };
    }
    case "assumeAnnounce":
      return {
        tone: "ask",
        title: "I'll proceed with these assumptions",
        list: (e.assumptions ?? []).map(assumptionText),
        meta: `runs in ${duration(e.autoExecuteDelay)} unless you correct or cancel`,
      };
    case "approvalRequest":
      return {
        tone: "ask",
        title: `Waiting for your approval${e.plan.summary ? `: ${e.plan.summary}` : ""}`,
        detail: e.reason || undefined,
        list: e.plan.steps ?? [],
        meta: `confidence ${percent(e.confidence)}`,
      };
    case "midExecDialog":
      return {
        tone: "fail",
        title: `Step ${e.failedStep.stepIndex} failed: ${e.failedStep.error}`,
        detail: e.analysis.cause ? `Cause: ${e.analysis.cause}` : undefined,
        meta: e.suggestedAction ? `suggested: ${e.suggestedAction}` : undefined,
      };
    case "questionTimer":
      // Pauses and resumes are drawn on the card; only the timer's end is news.
      if (e.kind === "flash") return { tone: "muted", title: "Time is nearly up: taking the suggested answer" };
      if (e.kind === "expired") return { tone: "muted", title: "No answer in time: Errand took the suggested answer" };
      return null;
    case "taskFinished": {
      const tone: Tone = e.status === "completed" ? "done" : e.status === "cancelled" ? "muted" : "fail";
      return {
        tone,
        title: `${phaseLabel(e.status)}${e.summary ? `: ${e.summary}` : ""}`,
        meta: [plural(e.steps, "step"), duration(e.durationMs), usageText(e.modelCalls, e.tokens)].join(" · "),
      };
    }
    case "runEnded":
      if (e.error) return { tone: "fail", title: "The errand stopped with an error", detail: e.error };
      if (e.cancelled) return { tone: "muted", title: "Stopped. The task is saved and can be resumed later." };
      return null; // taskFinished has said it already
    case "selfRefineUpdate":
      return {
        tone: "muted",
        title: `Refined the plan (${e.iteration} of ${e.maxIterations}): score ${percent(e.previousScore)} → ${percent(e.newScore)}`,
      };
    case "modelProgress":
      return null; // the "model working" panel shows it
    case "usage":
      // One line per model call would drown the feed: the screen keeps a running count
      // instead, and only a failed call is news.
      if (!e.failed) return null;
      return { tone: "fail", title: `A model call failed (${e.purpose.toLowerCase().replaceAll("_", " ") || e.role})`, meta: e.model || undefined };
    case "goalVerified":
      return {
        tone: e.goalAchieved ? "ok" : "fail",
        title: e.goalAchieved ? "✓ The goal is reached" : "✗ The goal is not confirmed",
        detail: e.reason || undefined,
        meta: `checked by tier ${e.verificationTier} · confidence ${percent(e.confidence)}`,
      };
    case "replanned": {
      const steps = e.steps ?? [];
      return {
        tone: "info",
        title: `Looked at the page again: ${replanWords[e.decision] ?? e.decision}`,
        // The trigger is the engine's sentence on what looked wrong; the model's reason,
        // when there is one, says why it chose what it did.
        detail: e.reason || e.trigger || undefined,
        list: e.decision === "continue" || !steps.length ? undefined : steps,
        meta: (e.reason ? e.trigger : "") || undefined,
      };
    }
    case "selfCorrection":
      if (e.source === "handover")
        return {
          tone: "info",
          title: "A step failed: the model plans from here",
          detail: `${e.failedAction} failed${e.cause ? `: ${e.cause}` : ""}`,
        };
      return {
        tone: e.verified ? "ok" : "fail",
        title: e.verified ? "Recovered from a failed step" : "Tried another way, not confirmed",
        detail: `${e.failedAction} failed${e.cause ? `: ${e.cause}` : ""}`,
        meta: [e.source === "contingency" ? "a fix learned before" : "a fix from the model", (e.actions ?? []).join(" · ")]
          .filter(Boolean)
          .join(" · "),
      };
    case "memory":
      return { tone: e.what === "healed" ? "info" : "muted", title: memoryWords[e.what] ?? humanize(e.what), detail: e.text };
    case "pullProgress":
      return null; // Settings draws a download; it is not part of a task
    case "ingestProgress":
      return null; // the Knowledge screen draws it; it is not part of a task
    default: {
      // A type this screen does not know yet is shown by name, so nothing is hidden.
      const type = (e as { type: string }).type;
      return { tone: "muted", title: humanize(type) };
    }
  }
}

// memoryWords title what the memory did (engine/agent/memory.go).
const memoryWords: Record<string, string> = {
  replay: "Replaying an errand done before, without a model",
  healed: "A remembered step's element is gone: found it again",
  recorded: "Remembered this errand to replay it next time",
  learned: "Learned a fix for next time",
};

/** humanize turns a camelCase event type into words: "midExecDialog" → "Mid exec dialog". */
export function humanize(type: string): string {
  const words = type.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
