import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeTransport, flush } from "../testing";
import type { KnowledgeStatus } from "../transport";
import { knowledgeScreen, skillsScreen } from "./knowledge";

const now = new Date("2025-03-10T12:00:00Z");
const reason = "The knowledge package has not landed yet: nothing is ingested or learned.";
const unavailable: KnowledgeStatus = { available: false, reason, documents: [], skills: [] };

const available: KnowledgeStatus = {
  available: true,
  reason: "",
  documents: [
    { id: "d1", title: "Clinic help: new patients", url: "https://clinic.test/help/new", chunks: 12, ingestedAt: "2025-03-10T11:30:00Z" },
  ],
  skills: [
    {
      id: "s1",
      domain: "clinic.test",
      goal: "Add a new patient",
      failedAction: 'click("Save")',
      successfulAction: 'click("Save patient")',
      successes: 3,
      uses: 4,
      lastUsed: "2025-03-10T11:55:00Z",
    },
  ],
};

function setup(make: typeof knowledgeScreen, k: KnowledgeStatus) {
  const { t } = fakeTransport({ knowledge: vi.fn().mockResolvedValue(k) });
  const s = make(t, () => now);
  document.body.replaceChildren(s.el);
  return { t, s };
}

// live lists what a person could use: enabled buttons and fields.
const live = (root: Element) =>
  [...root.querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement>("button, input, select")].filter(
    (c) => !c.disabled && !c.closest("fieldset[disabled]"),
  );

describe("knowledge screen", () => {
  beforeEach(() => document.body.replaceChildren());

  it("says honestly what it will do while the knowledge package is missing", async () => {
    const { s, t } = setup(knowledgeScreen, unavailable);
    s.show();
    expect(s.el.textContent).toContain("Loading…");
    await flush();
    expect(t.knowledge).toHaveBeenCalledTimes(1);
    const text = s.el.textContent!;
    expect(text).toContain("Not available yet");
    expect(text).toContain(reason);
    for (const plan of ["web address or a file", "sitemap", "spider", "pages", "depth", "progress", "Delete"]) {
      expect(text).toContain(plan);
    }
    // No sample data, and the preview of the form cannot be used.
    expect(s.el.querySelector("table")).toBeNull();
    expect(s.el.querySelector("legend")?.textContent).toContain("not available yet");
    expect(live(s.el)).toEqual([]);
  });

  it("lists the documents when knowledge is available", async () => {
    const { s } = setup(knowledgeScreen, available);
    s.show();
    await flush();
    expect(s.el.textContent).not.toContain("Not available yet");
    const cells = [...s.el.querySelectorAll("tbody td")].map((td) => td.textContent);
    expect(cells).toEqual(["Clinic help: new patients", "https://clinic.test/help/new", "12", "30 min ago"]);
    expect(s.el.textContent).toContain("read-only for now");
  });

  it("says when a list is empty and when it cannot be loaded", async () => {
    const { s, t } = setup(knowledgeScreen, { ...available, documents: [] });
    s.show();
    await flush();
    expect(s.el.textContent).toContain("No documents yet.");
    t.knowledge.mockRejectedValueOnce(new Error("Not connected: open the address"));
    s.show();
    await flush();
    expect(s.el.querySelector("[role=alert]")?.textContent).toBe("Could not load this screen: Not connected: open the address");
  });
});

describe("skills screen", () => {
  beforeEach(() => document.body.replaceChildren());

  it("says honestly what it will do while skills are not learned yet", async () => {
    const { s } = setup(skillsScreen, unavailable);
    s.show();
    await flush();
    const text = s.el.textContent!;
    expect(text).toContain("Not available yet");
    expect(text).toContain(reason);
    for (const plan of ["corrections", "the action that failed and the one that worked", "how often", "Delete"]) {
      expect(text).toContain(plan);
    }
    expect(s.el.querySelector("table")).toBeNull();
    expect(live(s.el)).toEqual([]);
  });

  it("lists learned fixes with their success count", async () => {
    const { s } = setup(skillsScreen, available);
    s.show();
    await flush();
    const cells = [...s.el.querySelectorAll("tbody td")].map((td) => td.textContent);
    expect(cells).toEqual([
      "clinic.test",
      "Add a new patient",
      'click("Save") → click("Save patient")',
      "3 of 4",
      "5 min ago",
    ]);
  });

  it("says there are none yet", async () => {
    const { s } = setup(skillsScreen, { ...available, skills: [] });
    s.show();
    await flush();
    expect(s.el.textContent).toContain("No skills yet");
  });
});
