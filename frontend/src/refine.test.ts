import { describe, expect, it } from "vitest";
import { refinePanel, type RefineUpdate } from "./refine";

const update = (iteration: number, previousScore: number, newScore: number, improvements: string[] | null): RefineUpdate => ({
  type: "selfRefineUpdate",
  iteration,
  maxIterations: 3,
  previousScore,
  newScore,
  improvements,
});

describe("self-refine panel", () => {
  it("is hidden until the model refines a plan", () => {
    expect(refinePanel().el.hidden).toBe(true);
  });

  it("shows the iteration, the scores and the improvements, updated in place", () => {
    const p = refinePanel();
    p.update(update(1, 0.5, 0.6, ["Added specific targetId"]));
    expect(p.el.hidden).toBe(false);
    expect(p.el.querySelector(".refine-title")?.textContent).toBe("Refining the plan: iteration 1 of 3");
    expect(p.el.querySelector(".refine-score")?.textContent).toBe("Score 50% → 60%");
    p.update(update(2, 0.6, 0.8, ["Added specific targetId", "Clarified expected result"]));
    expect(p.el.querySelectorAll(".refine-title").length).toBe(1);
    expect(p.el.querySelector(".refine-title")?.textContent).toBe("Refining the plan: iteration 2 of 3");
    expect(p.el.querySelector(".refine-score")?.textContent).toBe("Score 60% → 80%");
    expect([...p.el.querySelectorAll(".refine-improvements li")].map((li) => li.textContent)).toEqual([
      "Added specific targetId",
      "Clarified expected result",
    ]);
  });

  it("settles when the plan is ready, and starts again on the next update", () => {
    const p = refinePanel();
    p.settle(); // nothing refined: nothing to settle
    expect(p.el.hidden).toBe(true);
    p.update(update(2, 0.6, 0.8, null));
    p.settle();
    expect(p.el.classList.contains("settled")).toBe(true);
    expect(p.el.querySelector(".refine-title")?.textContent).toBe("Plan refined in 2 iterations");
    expect(p.el.querySelector(".refine-score")?.textContent).toBe("Score 60% → 80%");
    p.update(update(1, 0.4, 0.7, null));
    expect(p.el.classList.contains("settled")).toBe(false);
    p.reset();
    expect(p.el.hidden).toBe(true);
  });
});
