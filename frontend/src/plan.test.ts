import { describe, expect, it } from "vitest";
import type { ErrandEvent } from "./events";
import { advance, pagePanel, planPanel, verdictText, type PlanModel } from "./plan";

const ready = (steps: string[], extra: Partial<Extract<ErrandEvent, { type: "planReady" }>> = {}): ErrandEvent => ({
  type: "planReady",
  route: "fast_path",
  complexity: "SIMPLE",
  steps,
  ...extra,
});
const started = (planStep: number, planSteps = 1): ErrandEvent => ({
  type: "stepStarted",
  step: planStep + 1,
  actions: ['click("10")'],
  descriptions: null,
  chained: planSteps > 1,
  planStep,
  planSteps,
});
const verified = (planStep: number, ok: boolean, evidence: string, extra: Partial<Extract<ErrandEvent, { type: "stepVerified" }>> = {}): ErrandEvent => ({
  type: "stepVerified",
  step: 1,
  index: 0,
  action: 'click("10")',
  verified: ok,
  verificationTier: 1,
  evidence,
  planStep,
  ...extra,
});

const fold = (events: ErrandEvent[]) => events.reduce<PlanModel | null>(advance, null);
const statuses = (p: PlanModel | null) => p?.steps.map((s) => s.status);

describe("plan state", () => {
  it("starts every step pending, and ignores steps before a plan", () => {
    expect(fold([started(0)])).toBeNull();
    expect(statuses(fold([ready(["a", "b", "c"])]))).toEqual(["pending", "pending", "pending"]);
  });

  it("runs the plan steps a step carries out, a chain several at once", () => {
    expect(statuses(fold([ready(["a", "b", "c"]), started(0, 2)]))).toEqual(["running", "running", "pending"]);
    expect(statuses(fold([ready(["a", "b", "c"]), started(2, 0)]))).toEqual(["pending", "pending", "running"]);
    expect(statuses(fold([ready(["a"]), started(5)]))).toEqual(["pending"]); // out of range
  });

  it("marks a verified step with its last evidence, a failed one with its error", () => {
    const p = fold([
      ready(["type Jas into Name", "click Save"]),
      started(0, 2),
      verified(0, true, "Name shows Jas"),
      verified(0, true, "Name still shows Jas", { verificationTier: 2 }),
      verified(1, false, "nothing changed", { error: "not_found" }),
    ]);
    expect(statuses(p)).toEqual(["verified", "failed"]);
    expect(p?.steps[0].verdict).toEqual({ verified: true, evidence: "Name still shows Jas", tier: 2, error: undefined });
    expect(p?.steps[1].verdict?.error).toBe("not_found");
    // A retry runs the failed step again, and its success replaces the failure.
    const retried = [started(1), verified(1, true, "saved")].reduce(advance, p);
    expect(statuses(retried)).toEqual(["verified", "verified"]);
  });

  it("leaves nothing running once a step without a verdict is passed or the run ends", () => {
    expect(statuses(fold([ready(["a", "b"]), started(0), started(1)]))).toEqual(["pending", "running"]);
    expect(statuses(fold([ready(["a", "b"]), started(1), { type: "runEnded", runId: "r", cancelled: true }]))).toEqual([
      "pending",
      "pending",
    ]);
  });

  it("replaces the plan on a replan", () => {
    const p = fold([ready(["a", "b"]), started(0), verified(0, true, "ok"), ready(["c"], { route: "replan" })]);
    expect(p?.route).toBe("replan");
    expect(p?.steps).toEqual([{ text: "c", status: "pending" }]);
  });

  it("says a verdict in one line", () => {
    expect(verdictText({ verified: true, evidence: "the page sent a request", tier: 1 })).toBe("✓ the page sent a request · tier 1");
    expect(verdictText({ verified: false, evidence: "", tier: 3 })).toBe("✗ not confirmed · tier 3");
  });
});

describe("plan panel", () => {
  it("says there is no plan yet, then lists it with its route and score", () => {
    const p = planPanel();
    expect(p.el.querySelector<HTMLElement>(".panel-note")?.hidden).toBe(false);
    p.apply(ready(["open Patients", "click Jas"], { route: "model", score: 0.82 }));
    expect(p.el.querySelector<HTMLElement>(".panel-note")?.hidden).toBe(true);
    expect(p.el.querySelector(".plan-route")?.textContent).toBe("planned by the model · score 82%");
    expect([...p.el.querySelectorAll(".plan-text")].map((x) => x.textContent)).toEqual(["open Patients", "click Jas"]);
    p.apply(ready(["click Save"]));
    expect(p.el.querySelector(".plan-route")?.textContent).toBe("read as direct commands, no model needed");
  });

  it("draws each step's status and verdict", () => {
    const p = planPanel();
    for (const e of [
      ready(["type Jas into Name", "click Save", "click Close"]),
      started(0),
      verified(0, true, "Name shows Jas"),
      started(1),
      verified(1, false, "nothing changed", { error: "not_found" }),
      started(2),
    ])
      p.apply(e);
    const items = [...p.el.querySelectorAll<HTMLElement>(".plan-step")];
    expect(items.map((li) => li.dataset.status)).toEqual(["verified", "failed", "running"]);
    expect(items.map((li) => li.querySelector(".plan-status")?.textContent)).toEqual(["Verified", "Failed", "Running"]);
    expect(items[0].querySelector(".plan-verdict")?.textContent).toBe("✓ Name shows Jas · tier 1");
    expect(items[1].querySelector(".plan-verdict")?.textContent).toBe("✗ nothing changed · tier 1");
    expect(items[1].querySelector(".plan-error")?.textContent).toBe("Problem: not_found");
    expect(items[2].querySelector(".plan-verdict")).toBeNull();
    p.reset();
    expect(p.el.querySelectorAll(".plan-step").length).toBe(0);
  });
});

describe("page panel", () => {
  const text = (p: ReturnType<typeof pagePanel>) => [
    p.el.querySelector(".page-title")?.textContent,
    p.el.querySelector<HTMLElement>(".page-url")?.hidden ? "" : p.el.querySelector(".page-url")?.textContent,
  ];

  it("shows the start page typed until the engine reports one, then follows it", () => {
    const p = pagePanel();
    expect(text(p)).toEqual(["No page yet", ""]);
    p.start("  127.0.0.1:7480/patients/new ");
    expect(text(p)).toEqual(["Start page", "127.0.0.1:7480/patients/new"]);
    p.update("http://127.0.0.1:7480/patients/new", "New patient");
    expect(text(p)).toEqual(["New patient", "http://127.0.0.1:7480/patients/new"]);
    p.start("somewhere else"); // the engine knows better now
    expect(text(p)).toEqual(["New patient", "http://127.0.0.1:7480/patients/new"]);
    p.update("http://127.0.0.1:7480/patients/new", undefined); // same page, title unsaid
    expect(text(p)).toEqual(["New patient", "http://127.0.0.1:7480/patients/new"]);
    p.update("http://127.0.0.1:7480/patients", undefined); // a new page without a title
    expect(text(p)).toEqual(["Untitled page", "http://127.0.0.1:7480/patients"]);
    p.update(undefined, undefined);
    expect(text(p)).toEqual(["Untitled page", "http://127.0.0.1:7480/patients"]);
    p.reset("x.test");
    expect(text(p)).toEqual(["Start page", "x.test"]);
  });
});
