// The confidence report (docs/decisions.md D-8): the latest decision's overall confidence,
// its four factors as labelled bars, what pre-validation and a risky action did to it,
// and the route it took. A panel beside the feed, never in the way.

import { h } from "./dom";
import { percent, type Breakdown, type ErrandEvent } from "./events";

export type ConfidenceReport = Extract<ErrandEvent, { type: "confidenceReport" }>;

/** The four factors in docs/decisions.md D-8's order, with the names the panel gives them. */
export const factors: { key: keyof Breakdown; name: string }[] = [
  { key: "intentClarity", name: "Intent clarity" },
  { key: "targetMatch", name: "Target match" },
  { key: "valueConfidence", name: "Value confidence" },
  { key: "actionDeterminism", name: "Action determinism" },
];

const routes: Record<string, string> = {
  proceed: "Proceed: sure enough to go ahead",
  assume_announce: "Assume and announce: going ahead in a moment unless you correct it",
  approval: "Approval: the plan waits for your Execute",
  ask: "Ask: a question for you first",
  confirm: "Confirm: a risky action waits for your yes",
  rejected: "Rejected: this cannot be carried out",
};

/** routeText says a report's recommendation as the route it took. */
export function routeText(rec: string): string {
  return routes[rec] ?? rec.replaceAll("_", " ");
}

/** signedPercent formats a confidence change: +5%, −10%. */
export function signedPercent(d: number): string {
  const p = Math.round(Math.abs(d) * 100);
  return `${d < 0 ? "−" : "+"}${p}%`;
}

export function confidencePanel() {
  const overall = h("span", { class: "confidence-overall" });
  const body = h("div", { class: "confidence-body" });
  const el = h(
    "section",
    { class: "panel confidence-panel", "aria-label": "Confidence", hidden: true },
    h("div", { class: "panel-head" }, h("h2", {}, "Confidence"), overall),
    body,
  );

  return {
    el,
    /** Shows r in place of the report before it. */
    show(r: ConfidenceReport) {
      el.hidden = false;
      overall.textContent = percent(r.overall);
      el.dataset.route = r.recommendation;
      const b = r.breakdown;
      const reasons = (r.reasons ?? []).filter(Boolean);
      body.replaceChildren(
        h("p", { class: "confidence-route" }, routeText(r.recommendation)),
        h("ul", { class: "factors" }, ...factors.map((f) => factor(f.name, b?.[f.key]))),
        r.preValidationDelta
          ? h("p", { class: "confidence-delta" }, `Pre-validation: ${signedPercent(r.preValidationDelta)}`)
          : "",
        r.highRisk ? h("p", { class: "confidence-risk" }, "High-risk action: confidence lowered (× 0.7)") : "",
        reasons.length ? h("ul", { class: "confidence-reasons" }, ...reasons.map((x) => h("li", {}, x))) : "",
      );
    },
    reset() {
      el.hidden = true;
      overall.textContent = "";
      body.replaceChildren();
    },
  };
}

function factor(name: string, value: number | undefined): HTMLElement {
  const v = value !== undefined && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
  const pct = percent(value);
  const fill = h("span", { class: "factor-fill" });
  fill.style.width = `${Math.round(v * 100)}%`;
  return h(
    "li",
    { class: "factor" },
    h("span", { class: "factor-name" }, name),
    h(
      "span",
      {
        class: "factor-bar",
        role: "meter",
        "aria-label": name,
        "aria-valuemin": 0,
        "aria-valuemax": 100,
        "aria-valuenow": Math.round(v * 100),
      },
      fill,
    ),
    h("span", { class: "factor-value" }, pct),
  );
}
