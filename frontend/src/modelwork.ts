// The "model working" panel: while a model call runs it says which call (its purpose and
// model), how many tokens have come and how fast, and how long it has taken, so a slow
// local model is seen working rather than stuck. Stop stays available beside it. It hides
// when the call ends; a failed call leaves its reason until the next call starts.

import { h } from "./dom";
import { duration, type ErrandEvent } from "./events";

export type ModelProgress = Extract<ErrandEvent, { type: "modelProgress" }>;

/** The call's purpose as words: CONTEXT_ANALYSIS → "context analysis". */
export function purposeText(purpose: string): string {
  return purpose.toLowerCase().replaceAll("_", " ") || "model call";
}

/** One line of what the call is doing now. */
export function progressText(p: ModelProgress): string {
  if (p.phase === "waiting") return `Reading about ${p.promptTokens} prompt tokens · ${duration(p.elapsedMs)}`;
  const speed = p.tokensPerSec > 0 ? ` · ${p.tokensPerSec.toFixed(1)} tokens/s` : "";
  return `${p.tokens} of at most ${p.maxTokens} tokens${speed} · ${duration(p.elapsedMs)}`;
}

export function modelWorkPanel() {
  const title = h("p", { class: "model-work-title" });
  const line = h("p", { class: "model-work-line" });
  const bar = h("progress", { class: "model-work-bar", max: 1, "aria-label": "Tokens written of the most allowed" });
  const el = h(
    "section",
    { class: "panel model-work", "aria-label": "Model working", "aria-live": "polite", hidden: true },
    h("h2", {}, "Model working"),
    title,
    line,
    bar,
  );

  return {
    el,
    update(p: ModelProgress) {
      el.hidden = p.phase === "done";
      el.dataset.phase = p.phase;
      title.textContent = `${purposeText(p.purpose)} · ${p.model}`;
      if (p.phase === "failed") {
        line.textContent = p.error || "The call failed.";
        bar.hidden = true;
        return;
      }
      line.textContent = progressText(p);
      bar.hidden = p.phase === "waiting";
      (bar as HTMLProgressElement).value = p.maxTokens > 0 ? Math.min(p.tokens / p.maxTokens, 1) : 0;
    },
    reset() {
      el.hidden = true;
      delete el.dataset.phase;
      title.textContent = line.textContent = "";
    },
  };
}
