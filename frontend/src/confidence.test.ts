import { describe, expect, it } from "vitest";
import { confidencePanel, routeText, signedPercent, type ConfidenceReport } from "./confidence";

const report: ConfidenceReport = {
  type: "confidenceReport",
  overall: 0.78,
  breakdown: { intentClarity: 0.9, targetMatch: 0.65, valueConfidence: 0.85, actionDeterminism: 1 },
  preValidationDelta: -0.1,
  highRisk: true,
  recommendation: "assume_announce",
  reasons: ["two Save buttons", ""],
};

describe("confidence panel", () => {
  it("stays out of sight until a report arrives", () => {
    expect(confidencePanel().el.hidden).toBe(true);
  });

  it("shows the overall confidence, the four factors as labelled bars and the route", () => {
    const p = confidencePanel();
    p.show(report);
    expect(p.el.hidden).toBe(false);
    expect(p.el.querySelector(".confidence-overall")?.textContent).toBe("78%");
    const rows = [...p.el.querySelectorAll(".factor")];
    expect(rows.map((r) => [r.querySelector(".factor-name")?.textContent, r.querySelector(".factor-value")?.textContent])).toEqual([
      ["Intent clarity", "90%"],
      ["Target match", "65%"],
      ["Value confidence", "85%"],
      ["Action determinism", "100%"],
    ]);
    const bars = [...p.el.querySelectorAll<HTMLElement>(".factor-bar")];
    expect(bars.map((b) => b.getAttribute("aria-label"))).toEqual(["Intent clarity", "Target match", "Value confidence", "Action determinism"]);
    expect(bars.map((b) => b.getAttribute("aria-valuenow"))).toEqual(["90", "65", "85", "100"]);
    expect(bars.map((b) => (b.firstElementChild as HTMLElement).style.width)).toEqual(["90%", "65%", "85%", "100%"]);
    expect(p.el.querySelector(".confidence-route")?.textContent).toBe(
      "Assume and announce: going ahead in a moment unless you correct it",
    );
    expect(p.el.querySelector(".confidence-delta")?.textContent).toBe("Pre-validation: −10%");
    expect(p.el.querySelector(".confidence-risk")?.textContent).toContain("High-risk action");
    expect([...p.el.querySelectorAll(".confidence-reasons li")].map((li) => li.textContent)).toEqual(["two Save buttons"]);
  });

  it("shows only the latest report, without the notes it does not have", () => {
    const p = confidencePanel();
    p.show(report);
    p.show({ ...report, overall: 0.95, preValidationDelta: undefined, highRisk: false, recommendation: "proceed", reasons: undefined });
    expect(p.el.querySelector(".confidence-overall")?.textContent).toBe("95%");
    expect(p.el.querySelectorAll(".factor").length).toBe(4);
    expect(p.el.querySelector(".confidence-route")?.textContent).toBe("Proceed: sure enough to go ahead");
    expect(p.el.querySelector(".confidence-delta")).toBeNull();
    expect(p.el.querySelector(".confidence-risk")).toBeNull();
    p.reset();
    expect(p.el.hidden).toBe(true);
  });

  it("names every route", () => {
    expect(["proceed", "assume_announce", "approval", "ask", "confirm"].map((r) => routeText(r).split(":")[0])).toEqual([
      "Proceed",
      "Assume and announce",
      "Approval",
      "Ask",
      "Confirm",
    ]);
    expect(routeText("best_effort")).toBe("best effort");
    expect(signedPercent(0.05)).toBe("+5%");
  });
});
