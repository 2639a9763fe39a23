import { describe, expect, it } from "vitest";
import { modelWorkPanel, progressText, purposeText, type ModelProgress } from "./modelwork";

const at = (phase: ModelProgress["phase"], tokens: number, tokensPerSec: number, elapsedMs: number, error?: string): ModelProgress => ({
  type: "modelProgress",
  purpose: "PLANNING",
  role: "planner",
  model: "qwen2.5:3b",
  phase,
  promptTokens: 530,
  tokens,
  maxTokens: 800,
  tokensPerSec,
  elapsedMs,
  limitMs: 90000,
  error,
});

describe("model working panel", () => {
  it("words the purpose and what the call does", () => {
    expect(purposeText("CONTEXT_ANALYSIS")).toBe("context analysis");
    expect(progressText(at("waiting", 0, 0, 4000))).toMatch(/^Reading about 530 prompt tokens · /);
    expect(progressText(at("writing", 42, 8.14, 31000))).toMatch(/^42 of at most 800 tokens · 8\.1 tokens\/s · /);
  });

  it("shows a running call in place and hides when it is done", () => {
    const p = modelWorkPanel();
    expect(p.el.hidden).toBe(true);
    p.update(at("waiting", 0, 0, 1000));
    expect(p.el.hidden).toBe(false);
    expect(p.el.querySelector(".model-work-title")?.textContent).toBe("planning · qwen2.5:3b");
    expect((p.el.querySelector(".model-work-bar") as HTMLElement).hidden).toBe(true);
    p.update(at("writing", 400, 8, 50000));
    expect(p.el.querySelectorAll(".model-work-line").length).toBe(1);
    expect(p.el.querySelector(".model-work-line")?.textContent).toContain("400 of at most 800 tokens");
    expect((p.el.querySelector(".model-work-bar") as HTMLProgressElement).value).toBe(0.5);
    p.update(at("done", 420, 8, 52000));
    expect(p.el.hidden).toBe(true);
  });

  it("keeps a failed call's reason in view", () => {
    const p = modelWorkPanel();
    p.update(at("failed", 3, 1, 40000, "ollama qwen2.5:3b: no token for 30s while writing the PLANNING reply"));
    expect(p.el.hidden).toBe(false);
    expect(p.el.dataset.phase).toBe("failed");
    expect(p.el.querySelector(".model-work-line")?.textContent).toContain("no token for 30s");
    p.reset();
    expect(p.el.hidden).toBe(true);
  });
});
