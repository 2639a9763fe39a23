// The plan beside the feed: the latest planReady's steps, each with where it stands
// (pending, running, verified, failed) and the verifier's verdict. The state is a pure
// fold over events (advance), drawn by planPanel.

import { h } from "./dom";
import { percent, routeLabel, type ErrandEvent } from "./events";

export type StepStatus = "pending" | "running" | "verified" | "failed";

export interface Verdict {
  verified: boolean;
  evidence: string;
  tier: number;
  error?: string;
}

export interface PlanStepView {
  text: string;
  status: StepStatus;
  verdict?: Verdict;
}

export interface PlanModel {
  route: string;
  score?: number;
  subtasks?: number;
  steps: PlanStepView[];
}

const statusWords: Record<StepStatus, string> = {
  pending: "To do",
  running: "Running",
  verified: "Verified",
  failed: "Failed",
};

/**
 * advance folds one event into the plan: a planReady replaces it (a replan's steps are a
 * new list), stepStarted marks the plan steps it carries out as running, stepVerified
 * gives its plan step the verdict, and the end of a run leaves nothing running.
 */
export function advance(p: PlanModel | null, e: ErrandEvent): PlanModel | null {
  switch (e.type) {
    case "planReady":
      return {
        route: e.route,
        score: e.score,
        subtasks: e.subtasks,
        steps: (e.steps ?? []).map((text) => ({ text, status: "pending" })),
      };
    case "stepStarted": {
      if (!p || !inRange(p, e.planStep)) return p;
      const from = e.planStep;
      const to = from + Math.max(1, e.planSteps || 1);
      return {
        ...p,
        steps: p.steps.map((s, i) => {
          if (i >= from && i < to) return { ...s, status: "running" };
          // A step left running that never got a verdict did not finish.
          return s.status === "running" && !s.verdict ? { ...s, status: "pending" } : s;
        }),
      };
    }
    case "stepVerified": {
      if (!p || !inRange(p, e.planStep)) return p;
      const verdict: Verdict = { verified: e.verified, evidence: e.evidence, tier: e.verificationTier, error: e.error };
      return {
        ...p,
        steps: p.steps.map((s, i) => (i === e.planStep ? { ...s, status: e.verified ? "verified" : "failed", verdict } : s)),
      };
    }
    case "taskFinished":
    case "runEnded":
      if (!p) return p;
      return { ...p, steps: p.steps.map((s) => (s.status === "running" ? { ...s, status: "pending" } : s)) };
    default:
      return p;
  }
}

function inRange(p: PlanModel, i: number | undefined): i is number {
  return typeof i === "number" && i >= 0 && i < p.steps.length;
}

/** verdictText says a verdict in one line: ✓ evidence · tier N. */
export function verdictText(v: Verdict): string {
  return `${v.verified ? "✓" : "✗"} ${v.evidence || (v.verified ? "confirmed" : "not confirmed")} · tier ${v.tier}`;
}

export function planPanel() {
  const route = h("p", { class: "plan-route" });
  const list = h("ol", { class: "plan-list" });
  const none = h("p", { class: "panel-note" }, "The plan appears here once Errand has read the goal.");
  const el = h(
    "section",
    { class: "panel plan-panel", "aria-label": "Plan" },
    h("h2", {}, "Plan"),
    route,
    none,
    list,
  );
  let model: PlanModel | null = null;

  function draw() {
    none.hidden = !!model;
    route.hidden = !model;
    if (!model) {
      list.replaceChildren();
      return;
    }
    route.textContent = [
      routeLabel(model.route),
      model.subtasks ? `${model.subtasks} parts` : "",
      model.score ? `score ${percent(model.score)}` : "",
    ]
      .filter(Boolean)
      .join(" · ");
    list.replaceChildren(...model.steps.map(stepItem));
  }

  draw();
  return {
    el,
    /** Folds e into the plan and redraws when it changed. */
    apply(e: ErrandEvent) {
      const next = advance(model, e);
      if (next === model) return;
      model = next;
      draw();
    },
    reset() {
      model = null;
      draw();
    },
    get model() {
      return model;
    },
  };
}

function stepItem(s: PlanStepView): HTMLElement {
  const mark = { pending: "○", running: "◔", verified: "✓", failed: "✗" }[s.status];
  return h(
    "li",
    { class: `plan-step status-${s.status}`, "data-status": s.status },
    h("span", { class: "plan-mark", "aria-hidden": "true" }, mark),
    h(
      "div",
      { class: "plan-body" },
      h("p", { class: "plan-text" }, s.text),
      s.verdict ? h("p", { class: "plan-verdict" }, verdictText(s.verdict)) : null,
      s.verdict?.error && !s.verdict.verified ? h("p", { class: "plan-error" }, `Problem: ${s.verdict.error}`) : null,
    ),
    h("span", { class: "plan-status" }, statusWords[s.status]),
  );
}

/** pagePanel shows the page being worked on: its title and address. */
export function pagePanel() {
  const title = h("p", { class: "page-title" });
  const url = h("p", { class: "page-url" });
  const el = h(
    "section",
    { class: "panel page-panel", "aria-label": "The page being worked on" },
    h("h2", {}, "The page"),
    title,
    url,
  );
  // known is set once the engine has said where it is; until then the panel shows the
  // start page the person typed.
  let known = false;

  function show(t: string, u: string) {
    title.textContent = t;
    url.textContent = u;
    url.hidden = !u;
  }

  function start(u: string) {
    if (known) return;
    if (u.trim()) show("Start page", u.trim());
    else show("No page yet", "");
  }

  start("");
  return {
    el,
    /** The start page as typed, shown until the engine reports a page. */
    start,
    /** What planReady and stepVerified say about the page; a missing title keeps the page's last. */
    update(u?: string, t?: string) {
      if (!u && !t) return;
      const samePage = known && (!u || u === url.textContent);
      const newTitle = t || (samePage ? title.textContent : "") || "Untitled page";
      known = true;
      show(newTitle, u || url.textContent || "");
    },
    reset(u = "") {
      known = false;
      start(u);
    },
  };
}
