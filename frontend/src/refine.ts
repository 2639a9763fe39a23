// Self-refine progress (docs/decisions.md D-21): while the model improves its plan the panel
// says which iteration this is, the score before and after, and what changed; it settles when
// the refined plan arrives.

import { h } from "./dom";
import { percent, plural, type ErrandEvent } from "./events";

export type RefineUpdate = Extract<ErrandEvent, { type: "selfRefineUpdate" }>;

export function refinePanel() {
  const title = h("p", { class: "refine-title" });
  const score = h("p", { class: "refine-score" });
  const list = h("ul", { class: "refine-improvements" });
  const el = h(
    "section",
    { class: "panel refine-panel", "aria-label": "Refining the plan", "aria-live": "polite", hidden: true },
    h("h2", {}, "Self-refine"),
    title,
    score,
    list,
  );
  let last: RefineUpdate | null = null;

  return {
    el,
    /** Draws one iteration in place of the one before. */
    update(u: RefineUpdate) {
      last = u;
      el.hidden = false;
      el.classList.remove("settled");
      title.textContent = `Refining the plan: iteration ${u.iteration} of ${u.maxIterations}`;
      score.textContent = `Score ${percent(u.previousScore)} → ${percent(u.newScore)}`;
      list.replaceChildren(...(u.improvements ?? []).filter(Boolean).map((x) => h("li", {}, x)));
    },
    /** The refined plan is ready: the panel keeps the outcome and stops saying "refining". */
    settle() {
      if (!last || el.classList.contains("settled")) return;
      el.classList.add("settled");
      title.textContent = `Plan refined in ${plural(last.iteration, "iteration")}`;
    },
    reset() {
      last = null;
      el.hidden = true;
      el.classList.remove("settled");
      title.textContent = score.textContent = "";
      list.replaceChildren();
    },
  };
}
