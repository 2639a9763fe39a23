import { describe as suite, expect, it } from "vitest";
import { assumptionText, count, describe, duration, humanize, percent, routeLabel, usageText, type ErrandEvent } from "./events";

// Events as engine/agent marshals them (flat JSON with a "type").
const ev = (json: string) => JSON.parse(json) as ErrandEvent;

suite("describe", () => {
  it("says a state change in words", () => {
    expect(describe(ev(`{"type":"stateChanged","taskId":"task-1","seq":1,"from":"idle","to":"executing"}`))).toEqual({
      tone: "muted",
      title: "Working in the browser",
    });
  });

  it("lists a plan's steps", () => {
    const item = describe(
      ev(`{"type":"planReady","seq":2,"route":"fast_path","complexity":"SIMPLE","steps":["type Jas into Name","click Save"]}`),
    );
    expect(item?.title).toBe("Plan ready: 2 steps");
    expect(item?.list).toEqual(["type Jas into Name", "click Save"]);
    expect(item?.meta).toContain("direct commands");
  });

  it("leaves the end of a task to taskFinished", () => {
    expect(describe(ev(`{"type":"stateChanged","from":"executing","to":"completed"}`))).toBeNull();
  });

  it("counts a started step's actions and says whether they are chained", () => {
    const item = describe(ev(`{"type":"stepStarted","step":1,"actions":["setValue(\\"5\\", \\"Jas\\")","click(\\"10\\")"],"chained":true}`));
    expect(item?.title).toBe("Step 1: 2 actions, run together");
    expect(item?.meta).toBe('setValue("5", "Jas") · click("10")');
    expect(describe(ev(`{"type":"stepStarted","step":2,"actions":["press(\\"Enter\\")"],"chained":false}`))?.title).toBe("Step 2: 1 action");
  });

  it("marks verified and failed steps with their evidence", () => {
    const ok = describe(
      ev(`{"type":"stepVerified","step":1,"index":0,"action":"click(\\"10\\")","verified":true,"verificationTier":1,"evidence":"the page sent a request and changed"}`),
    );
    expect(ok).toEqual({
      tone: "ok",
      title: "✓ the page sent a request and changed",
      detail: undefined,
      meta: 'click("10") · checked by tier 1',
    });
    const bad = describe(
      ev(`{"type":"stepVerified","step":2,"index":1,"action":"click(\\"10\\")","verified":false,"verificationTier":1,"evidence":"nothing changed","error":"not_found"}`),
    );
    expect(bad?.tone).toBe("fail");
    expect(bad?.title).toBe("✗ Not confirmed: nothing changed");
    expect(bad?.detail).toBe("Problem: not_found");
    expect(describe(ev(`{"type":"stepVerified","step":1,"index":0,"action":"click(\\"3\\")","verified":true,"verificationTier":1,"evidence":""}`))?.title).toBe('✓ click("3")');
  });

  it("gives the overall confidence and the four factors", () => {
    const item = describe(
      ev(`{"type":"confidenceReport","overall":0.815,"breakdown":{"intentClarity":0.9,"targetMatch":1,"valueConfidence":0.7,"actionDeterminism":0.5},"recommendation":"ask","reasons":["two Save buttons"]}`),
    );
    expect(item?.title).toBe("Confidence 82%, asking you first");
    expect(item?.meta).toBe("intent 90% · target 100% · values 70% · determinism 50%");
    expect(item?.detail).toBe("two Save buttons");
  });

  it("sums up a finished task", () => {
    const item = describe(
      ev(`{"type":"taskFinished","status":"completed","summary":"Added patient Jas.","steps":3,"modelCalls":0,"tokens":0,"durationMs":4210}`),
    );
    expect(item).toEqual({
      tone: "done",
      title: "Completed: Added patient Jas.",
      meta: "3 steps · 4.2 s · 0 model calls · 0 tokens",
    });
    expect(describe(ev(`{"type":"taskFinished","status":"failed","summary":"","steps":1,"modelCalls":1,"tokens":1,"durationMs":10}`))).toMatchObject({
      tone: "fail",
      title: "Failed",
      meta: "1 step · 10 ms · 1 model call · 1 token",
    });
  });

  it("reports how a run ended only when taskFinished has not", () => {
    expect(describe(ev(`{"type":"runEnded","runId":"run-1","status":"completed"}`))).toBeNull();
    expect(describe(ev(`{"type":"runEnded","runId":"run-1","cancelled":true}`))?.title).toMatch(/^Stopped/);
    expect(describe(ev(`{"type":"runEnded","runId":"run-1","error":"start browser: no chrome"}`))).toMatchObject({
      tone: "fail",
      detail: "start browser: no chrome",
    });
  });

  it("says what pre-validation found, and nothing when it found nothing", () => {
    expect(describe(ev(`{"type":"validation","status":"passed","failures":[],"total_confidence_delta":0,"suggested_questions":[]}`))).toBeNull();
    expect(describe(ev(`{"type":"validation","status":"passed","failures":null}`))).toBeNull();
    expect(
      describe(
        ev(`{"type":"validation","status":"failed","failures":[{"check":"non_empty","severity":"error","message":"The goal is empty."},{"check":"length","severity":"warning","message":"Very short.","delta":-0.1}]}`),
      ),
    ).toEqual({ tone: "fail", title: "Checked the goal: The goal is empty.; Very short." });
  });

  it("lists an announcement's assumptions and its countdown", () => {
    const item = describe(
      ev(`{"type":"assumeAnnounce","requestId":"req-t-1","assumptions":[{"field":"target","assumedValue":"the Save button","confidence":0.72,"command":1}],"plan":{"summary":"click Save","steps":["click Save"]},"autoExecuteDelay":3000}`),
    );
    expect(item).toEqual({
      tone: "ask",
      title: "I'll proceed with these assumptions",
      list: ['Target: "the Save button" (72%)'],
      meta: "runs in 3.0 s unless you correct or cancel",
    });
  });

  it("shows a plan waiting for approval with its reason", () => {
    const item = describe(
      ev(`{"type":"approvalRequest","requestId":"req-t-2","plan":{"summary":"delete the patient","steps":["click Delete","click Confirm"]},"confidence":0.55,"reason":"Deleting cannot be undone."}`),
    );
    expect(item).toEqual({
      tone: "ask",
      title: "Waiting for your approval: delete the patient",
      detail: "Deleting cannot be undone.",
      list: ["click Delete", "click Confirm"],
      meta: "confidence 55%",
    });
  });

  it("says which step failed and why", () => {
    const item = describe(
      ev(`{"type":"midExecDialog","requestId":"req-t-3","failedStep":{"stepIndex":2,"command":1,"action":"click(\\"10\\")","targetDescription":"Save","error":"nothing changed"},"analysis":{"cause":"The element is no longer on the page","suggestion":"click Save (toolbar)","recommendedAction":"retry"},"options":["retry","skip","replan","abort"],"suggestedAction":"retry"}`),
    );
    expect(item).toEqual({
      tone: "fail",
      title: "Step 2 failed: nothing changed",
      detail: "Cause: The element is no longer on the page",
      meta: "suggested: retry",
    });
  });

  it("reports a question's timer only when it runs out", () => {
    const timer = (kind: string) => describe(ev(`{"type":"questionTimer","questionId":"clar-1","kind":"${kind}","remainingMs":0,"optionId":"o1"}`));
    expect(timer("paused")).toBeNull();
    expect(timer("resumed")).toBeNull();
    expect(timer("flash")?.title).toMatch(/^Time is nearly up/);
    expect(timer("expired")?.title).toMatch(/^No answer in time/);
  });

  it("says the plan's route and score", () => {
    const item = describe(ev(`{"type":"planReady","route":"model","complexity":"COMPLEX","steps":["open Patients"],"score":0.82}`));
    expect(item?.meta).toBe("planned by the model · plan score 82%");
    expect(routeLabel("replan")).toBe("re-planned from the page as it is now");
    expect(routeLabel("some_new_route")).toBe("some new route");
  });

  it("says a started step in words when the engine gives them", () => {
    const item = describe(
      ev(`{"type":"stepStarted","step":3,"actions":["setValue(\\"5\\", \\"Jas\\")"],"descriptions":["type Jas into Name"],"chained":false,"planStep":0,"planSteps":1}`),
    );
    expect(item?.title).toBe("Step 3: type Jas into Name");
  });

  it("gives a self-refine iteration one calm line", () => {
    const item = describe(
      ev(`{"type":"selfRefineUpdate","iteration":2,"maxIterations":3,"previousScore":0.6,"newScore":0.8,"improvements":["Added a target"]}`),
    );
    expect(item).toEqual({ tone: "muted", title: "Refined the plan (2 of 3): score 60% → 80%" });
  });

  it("keeps model calls out of the feed unless one failed", () => {
    const usage = (failed: boolean) =>
      describe(
        ev(`{"type":"usage","purpose":"SELF_CORRECTION","role":"planner","model":"qwen2.5:7b","promptTokens":900,"completionTokens":80,"durationMs":1200,"cost":0,"failed":${failed},"taskCalls":2,"taskTokens":1980}`),
      );
    expect(usage(false)).toBeNull();
    expect(usage(true)).toEqual({ tone: "fail", title: "A model call failed (self correction)", meta: "qwen2.5:7b" });
    expect(usageText(2, 12480)).toBe("2 model calls · 12,480 tokens");
    expect(usageText(1, 1)).toBe("1 model call · 1 token");
    expect(count(1234567)).toBe("1,234,567");
  });

  it("says what the memory did and when the model takes over", () => {
    expect(describe(ev(`{"type":"memory","what":"replay","text":"I did this errand before"}`))).toEqual({
      tone: "muted",
      title: "Replaying an errand done before, without a model",
      detail: "I did this errand before",
    });
    expect(describe(ev(`{"type":"memory","what":"healed","text":"“Save” button is gone"}`))).toMatchObject({ tone: "info" });
    expect(
      describe(ev(`{"type":"selfCorrection","goal":"g","url":"u","failedAction":"click(8)","cause":"Something covers the element","actions":null,"source":"handover","verified":false}`)),
    ).toEqual({ tone: "info", title: "A step failed: the model plans from here", detail: "click(8) failed: Something covers the element" });
  });

  it("says whether the goal was reached", () => {
    const item = describe(
      ev(`{"type":"goalVerified","verificationTier":2,"taskCompleted":true,"confidence":0.9,"goalAchieved":true,"reason":"The patient list shows Jas."}`),
    );
    expect(item).toEqual({
      tone: "ok",
      title: "✓ The goal is reached",
      detail: "The patient list shows Jas.",
      meta: "checked by tier 2 · confidence 90%",
    });
    expect(describe(ev(`{"type":"goalVerified","verificationTier":3,"taskCompleted":false,"confidence":0.4,"goalAchieved":false,"reason":""}`))).toMatchObject({
      tone: "fail",
      title: "✗ The goal is not confirmed",
      detail: undefined,
    });
  });

  it("says what a re-plan decided and why", () => {
    const item = describe(
      ev(`{"type":"replanned","trigger":"the page changed (similarity 0.42)","similarity":0.42,"decision":"modify","reason":"A dialog opened.","steps":["close the dialog","click Save"]}`),
    );
    expect(item).toEqual({
      tone: "info",
      title: "Looked at the page again: changed the rest of the plan",
      detail: "A dialog opened.",
      list: ["close the dialog", "click Save"],
      meta: "the page changed (similarity 0.42)",
    });
    const kept = describe(ev(`{"type":"replanned","trigger":"expected to see \\"Saved\\" next","decision":"continue"}`));
    expect(kept?.title).toBe("Looked at the page again: the plan still fits");
    expect(kept?.detail).toBe('expected to see "Saved" next');
    expect(kept?.list).toBeUndefined();
  });

  it("says how a failed action was corrected", () => {
    const item = describe(
      ev(`{"type":"selfCorrection","goal":"save","url":"http://x/","failedAction":"click(\\"10\\")","cause":"not_found","actions":["click(\\"12\\")"],"source":"contingency","verified":true}`),
    );
    expect(item).toEqual({
      tone: "ok",
      title: "Recovered from a failed step",
      detail: 'click("10") failed: not_found',
      meta: 'a fix learned before · click("12")',
    });
  });

  it("leaves a model download to Settings", () => {
    expect(describe(ev(`{"type":"pullProgress","model":"qwen2.5:7b","status":"pulling","completed":1,"total":2,"fraction":0.5}`))).toBeNull();
  });

  it("leaves sources being read to the Knowledge screen", () => {
    expect(describe(ev(`{"type":"ingestProgress","ingestId":"ingest-1","stage":"done","stored":2}`))).toBeNull();
  });

  it("shows event types it does not know by name", () => {
    expect(describe(ev(`{"type":"somethingNew","x":1}`))?.title).toBe("Something new");
    expect(humanize("selfRefineUpdate")).toBe("Self refine update");
  });

  it("lists an assumption with its field capitalised and its value quoted", () => {
    // The engine's words may carry their own quotes: no second pair around them.
    expect(assumptionText({ field: "target", assumedValue: "“Name” field in “New patient”", confidence: 0.6, command: 0 })).toBe(
      "Target: “Name” field in “New patient” (60%)",
    );
    expect(assumptionText({ field: "target", assumedValue: "First search result", confidence: 0.75, command: 0 })).toBe(
      'Target: "First search result" (75%)',
    );
  });
});

suite("formatting", () => {
  it("formats percentages and durations", () => {
    expect(percent(0.666)).toBe("67%");
    expect(percent(1.2)).toBe("100%");
    expect(percent(undefined)).toBe("–");
    expect(duration(850)).toBe("850 ms");
    expect(duration(61_000)).toBe("1 min 1 s");
    expect(duration(120_000)).toBe("2 min");
  });
});
