import { beforeEach, describe, expect, it, vi } from "vitest";
import { button, fakeTransport, flush } from "../testing";
import type { MemoryView, Transport } from "../transport";
import { skillsScreen } from "./skills";

const now = new Date("2025-03-10T12:00:00Z");

const view: MemoryView = {
  sites: [
    {
      site: "clinic.test:8080",
      skills: [
        {
          id: 4,
          goal: "Add patient Jas",
          worked: "click “Save patient” button",
          failed: "click “Save” button",
          page: "/patients/new#3f2a",
          successes: 3,
          failures: 1,
          createdAt: "2025-03-01T10:00:00Z",
          lastUsed: "2025-03-10T11:55:00Z",
        },
      ],
      replays: [
        {
          id: 9,
          startPage: "clinic.test:8080/patients/new",
          instruction: "Type 'Jas' into Name and click Save",
          template: "type {text1} into name and click save",
          steps: ['type "{text1}" into “Name” field', "click “Save” button"],
          uses: 0,
          updatedAt: "2025-03-10T11:00:00Z",
          lastUsed: "2025-03-10T11:00:00Z",
        },
      ],
    },
    { site: "mail.test", skills: [], replays: [{ id: 10, startPage: "mail.test/compose", instruction: "Send it", template: "send it", steps: ["click “Send” button"], uses: 2, updatedAt: "2025-03-09T11:00:00Z", lastUsed: "2025-03-10T11:40:00Z" }] },
  ],
};

function setup(overrides: Partial<Transport> = {}) {
  const { t } = fakeTransport({ skills: vi.fn().mockResolvedValue(view), ...overrides });
  const s = skillsScreen(t, () => now);
  document.body.replaceChildren(s.el);
  return { t, s };
}

const rows = (label: string) =>
  [...document.querySelectorAll(`table[aria-label="${label}"] tbody tr`)].map((tr) =>
    [...tr.querySelectorAll("td")].slice(0, 5).map((td) => td.textContent),
  );

describe("skills screen", () => {
  beforeEach(() => document.body.replaceChildren());

  it("lists each site's fixes with their counts and last use, and its replays", async () => {
    const { s } = setup();
    s.show();
    await flush();
    expect([...document.querySelectorAll(".memory-site > h2")].map((e) => e.textContent)).toEqual(["clinic.test:8080", "mail.test"]);
    expect(rows("Fixes learned on clinic.test:8080")).toEqual([
      ["Add patient Jas", "click “Save patient” button", "click “Save” button", "3 of 4", "5 min ago"],
    ]);
    expect(rows("Errands kept to replay on clinic.test:8080")).toEqual([
      ["Type 'Jas' into Name and click Save", "clinic.test:8080/patients/new", '2 stepstype "{text1}" into “Name” fieldclick “Save” button', "not yet", "never"],
    ]);
    expect(rows("Errands kept to replay on mail.test")[0].slice(3)).toEqual(["2 times", "20 min ago"]);
    // A site with no fixes shows no empty fixes table.
    expect(document.querySelector('table[aria-label="Fixes learned on mail.test"]')).toBeNull();
  });

  it("says when nothing is learned and when it cannot load", async () => {
    const { s, t } = setup({ skills: vi.fn().mockResolvedValue({ sites: [] }) });
    s.show();
    await flush();
    expect(s.el.textContent).toContain("Nothing learned yet");
    (t.skills as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new Error("memory.db is locked"));
    s.show();
    await flush();
    expect(s.el.querySelector("[role=alert]")!.textContent).toBe("Could not load the skills: memory.db is locked");
  });

  it("forgets a fix, a replay and a site's fixes after asking, then reloads", async () => {
    const { s, t } = setup();
    s.show();
    await flush();
    document.querySelector<HTMLButtonElement>('button[aria-label="Forget the fix for Add patient Jas"]')!.click();
    expect(t.forgetSkill).not.toHaveBeenCalled();
    button(document, "Yes, forget").click();
    await flush();
    expect(t.forgetSkill).toHaveBeenCalledWith(4);
    expect(t.skills).toHaveBeenCalledTimes(2);
    document.querySelector<HTMLButtonElement>('button[aria-label="Forget the replay of Send it"]')!.click();
    button(document, "Yes, forget").click();
    await flush();
    expect(t.forgetReplay).toHaveBeenCalledWith(10);
    document.querySelector<HTMLButtonElement>('button[aria-label="Forget every fix learned on clinic.test:8080"]')!.click();
    expect(document.body.textContent).toContain("Forget 1 fix learned on clinic.test:8080?");
    button(document, "Yes, forget").click();
    await flush();
    expect(t.forgetSkills).toHaveBeenCalledWith("clinic.test:8080");
  });

  it("shows why a forget failed and keeps the row", async () => {
    const { s } = setup({ forgetSkill: vi.fn().mockRejectedValue(new Error("nothing to forget: no skill 4")) });
    s.show();
    await flush();
    document.querySelector<HTMLButtonElement>('button[aria-label="Forget the fix for Add patient Jas"]')!.click();
    button(document, "Yes, forget").click();
    await flush();
    expect(document.querySelector(".forget-note")!.textContent).toBe("Could not forget: nothing to forget: no skill 4");
    expect(button(document, "Keep").disabled).toBe(false);
  });
});
