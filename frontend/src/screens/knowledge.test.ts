import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ErrandEvent } from "../events";
import { button, fakeTransport, flush } from "../testing";
import type { KnowledgeView, Transport } from "../transport";
import { knowledgeScreen } from "./knowledge";

const now = new Date("2025-03-10T12:00:00Z");

const view: KnowledgeView = {
  sites: [
    {
      site: "help.clinic.test",
      chunks: 12,
      sources: [
        { source: "https://help.clinic.test/refunds", title: "Refunds", kind: "html", chunks: 12, ingestedAt: "2025-03-10T11:30:00Z" },
      ],
    },
    {
      site: "local",
      chunks: 3,
      sources: [{ source: "/home/me/shifts.md", title: "", kind: "markdown", chunks: 3, ingestedAt: "2025-03-10T11:58:00Z" }],
    },
  ],
};

function setup(overrides: Partial<Transport> = {}) {
  const { t, send } = fakeTransport({ knowledge: vi.fn().mockResolvedValue(view), ...overrides });
  const s = knowledgeScreen(t, { now: () => now });
  document.body.replaceChildren(s.el);
  return { t, s, send };
}

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const cells = () => [...document.querySelectorAll("tbody tr")].map((tr) => [...tr.querySelectorAll("td")].slice(0, 5).map((td) => td.textContent));
const ing = (e: Record<string, unknown>): ErrandEvent => ({ type: "ingestProgress", ingestId: "ingest-1", ...e }) as ErrandEvent;

describe("knowledge screen", () => {
  beforeEach(() => {
    document.body.replaceChildren();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());

  it("lists the sources per site with their passages and when they were read", async () => {
    const { s } = setup();
    s.show();
    await flush();
    expect([...document.querySelectorAll(".knowledge-site h3")].map((e) => e.textContent)).toEqual([
      "help.clinic.test",
      "Files on this computer",
    ]);
    expect(cells()).toEqual([
      ["Refunds", "https://help.clinic.test/refunds", "html", "12", "30 min ago"],
      ["(untitled)", "/home/me/shifts.md", "markdown", "3", "2 min ago"],
    ]);
    // The search can be narrowed to a site.
    expect([...$<HTMLSelectElement>("#knowledge-site").options].map((o) => o.value)).toEqual(["", "help.clinic.test", "local"]);
  });

  it("says when nothing is stored and when the list cannot be loaded", async () => {
    const { s, t } = setup({ knowledge: vi.fn().mockResolvedValue({ sites: [] }) });
    s.show();
    await flush();
    expect($(".knowledge-sites").textContent).toContain("Nothing yet");
    (t.knowledge as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new Error("disk full"));
    s.show();
    await flush();
    expect($(".knowledge-sites [role=alert]").textContent).toBe("Could not load the knowledge: disk full");
  });

  it("adds sources and draws their progress, each failure on its own line", async () => {
    const { s, t, send } = setup();
    s.show();
    await flush();
    $<HTMLTextAreaElement>("#knowledge-sources").value = " https://help.clinic.test/refunds \n\n/home/me/gone.pdf";
    $<HTMLSelectElement>("#knowledge-strategy").value = "spider";
    $<HTMLSelectElement>("#knowledge-strategy").dispatchEvent(new Event("change"));
    expect($<HTMLInputElement>("#knowledge-max-depth").disabled).toBe(false);
    $<HTMLInputElement>("#knowledge-max-depth").value = "3";
    $<HTMLInputElement>("#knowledge-max-pages").value = "40";
    button(document, "Add").click();
    await flush();
    expect(t.addSources).toHaveBeenCalledWith({
      sources: ["https://help.clinic.test/refunds", "/home/me/gone.pdf"],
      strategy: "spider",
      maxDepth: 3,
      maxPages: 40,
      live: false,
    });
    expect(button(document, "Add").disabled).toBe(true);
    const panel = $(".ingest");
    expect(panel.hidden).toBe(false);

    send(ing({ stage: "error", source: "/home/me/gone.pdf", error: "no such file" }));
    send(ing({ stage: "start", source: "https://help.clinic.test/refunds" }));
    // A slow page: the time taken keeps moving, every second.
    vi.advanceTimersByTime(3000);
    expect($(".ingest-summary").textContent).toBe("Reading… 0 read, 1 failed · 3 s");
    send(ing({ stage: "stored", source: "https://help.clinic.test/refunds", title: "Refunds", chunks: 12 }));
    send({ ...ing({ stage: "stored", source: "x" }), ingestId: "ingest-9" } as ErrandEvent); // another ingestion's
    expect([...panel.querySelectorAll(".ingest-line")].map((l) => l.textContent)).toEqual([
      "Could not read /home/me/gone.pdfno such file",
      "Read Refundshttps://help.clinic.test/refunds · 12 passages",
    ]);
    expect(panel.querySelector(".ingest-line.error")).not.toBeNull();
    const loads = (t.knowledge as ReturnType<typeof vi.fn>).mock.calls.length;
    send(ing({ stage: "done", stored: 1, failed: 1, chunks: 12 }));
    await flush();
    expect((t.knowledge as ReturnType<typeof vi.fn>).mock.calls.length).toBe(loads + 1);
    send(ing({ stage: "embedding", model: "nomic-embed-text", embedded: 8, toEmbed: 12 }));
    expect($<HTMLProgressElement>(".ingest progress").value).toBe(8);
    expect($(".ingest-summary").textContent).toContain("Embedding with nomic-embed-text");
    send(ing({ stage: "ended", stored: 1, failed: 1, chunks: 12 }));
    await flush();
    expect($(".ingest-summary").textContent).toBe("Done: 1 source read (12 passages), 1 failed.");
    expect(button(document, "Add").disabled).toBe(false);
    expect($<HTMLTextAreaElement>("#knowledge-sources").value).toBe("");
  });

  it("draws a reading that was under way when the screen loaded, then follows it to its end", async () => {
    let answer!: (runs: unknown) => void;
    const { s, send } = setup({ ingests: vi.fn(() => new Promise((r) => (answer = r))) } as Partial<Transport>);
    s.show();
    await flush();
    // An event sent while the screen asks: it is drawn once, whether the answer holds it or not.
    send(ing({ index: 2, stage: "stored", source: "https://a.test/1", title: "One", chunks: 3 }));
    send(ing({ index: 3, stage: "start", source: "https://a.test/2" }));
    answer([
      {
        ingestId: "ingest-1",
        sources: ["https://a.test/"],
        startedAt: new Date(now.getTime() - 5000).toISOString(),
        events: [
          { type: "ingestProgress", ingestId: "ingest-1", index: 1, stage: "start", source: "https://a.test/1" },
          { type: "ingestProgress", ingestId: "ingest-1", index: 2, stage: "stored", source: "https://a.test/1", title: "One", chunks: 3 },
        ],
      },
    ]);
    await flush();
    vi.advanceTimersByTime(1000);
    expect($(".ingest").hidden).toBe(false);
    expect($(".ingest-summary").textContent).toBe("Reading… 1 read · 6 s");
    expect([...document.querySelectorAll(".ingest-line")].map((l) => l.textContent)).toEqual(["Read Onehttps://a.test/1 · 3 passages"]);
    expect(button(document, "Add").disabled).toBe(true);
    send(ing({ index: 3, stage: "start", source: "https://a.test/2" })); // a repeat
    send(ing({ index: 4, stage: "stored", source: "https://a.test/2", title: "Two", chunks: 2 }));
    send(ing({ index: 5, stage: "ended", stored: 2, chunks: 5 }));
    await flush();
    expect($(".ingest-summary").textContent).toBe("Done: 2 sources read (5 passages).");
    expect(document.querySelectorAll(".ingest-line").length).toBe(2);
    expect(button(document, "Add").disabled).toBe(false);
  });

  it("reads from the browser: web pages only, no crawl", async () => {
    const { t } = setup();
    $<HTMLTextAreaElement>("#knowledge-sources").value = "https://app.test/pricing";
    $<HTMLSelectElement>("#knowledge-strategy").value = "spider";
    $<HTMLSelectElement>("#knowledge-strategy").dispatchEvent(new Event("change"));
    const live = $<HTMLInputElement>("#knowledge-live");
    live.checked = true;
    live.dispatchEvent(new Event("change"));
    expect($<HTMLSelectElement>("#knowledge-strategy").disabled).toBe(true);
    expect($<HTMLInputElement>("#knowledge-max-depth").disabled).toBe(true);
    button(document, "Add").click();
    await flush();
    expect(t.addSources).toHaveBeenCalledWith(expect.objectContaining({ sources: ["https://app.test/pricing"], strategy: "single", live: true }));
  });

  it("follows events that arrive before the id, and stops an ingestion", async () => {
    let resolve!: (id: string) => void;
    const { t, send } = setup({ addSources: vi.fn(() => new Promise<string>((r) => (resolve = r))) });
    $<HTMLTextAreaElement>("#knowledge-sources").value = "https://slow.test";
    button(document, "Add").click();
    await flush();
    send(ing({ stage: "start", source: "https://slow.test" }));
    resolve("ingest-1");
    await flush();
    button(document, "Stop").click();
    expect(t.cancelIngest).toHaveBeenCalledWith("ingest-1");
    send(ing({ stage: "ended", cancelled: true }));
    expect($(".ingest-summary").textContent).toBe("Stopped: 0 sources read (0 passages). What was read is kept.");
  });

  it("keeps what was typed and says why when the sources are refused", async () => {
    setup({ addSources: vi.fn().mockRejectedValue(new Error('"docs/help.md" is neither a web address nor a full path')) });
    $<HTMLTextAreaElement>("#knowledge-sources").value = "docs/help.md";
    button(document, "Add").click();
    await flush();
    expect($(".knowledge-add [role=alert]").textContent).toContain("neither a web address nor a full path");
    expect($<HTMLTextAreaElement>("#knowledge-sources").value).toBe("docs/help.md");
    expect($(".ingest").hidden).toBe(true);
    expect(button(document, "Add").disabled).toBe(false);
  });

  it("searches and shows each passage's source, heading and score", async () => {
    const { t, s } = setup({
      search: vi.fn().mockResolvedValue([
        { text: "Type the amount into Amount.", source: "https://help.clinic.test/refunds", title: "Refunds", heading: "Refunds > Partial", score: 0.0325 },
      ]),
    });
    s.show();
    await flush();
    $<HTMLInputElement>("#knowledge-question").value = "partial refund?";
    $<HTMLSelectElement>("#knowledge-site").value = "help.clinic.test";
    button(document, "Search").click();
    await flush();
    expect(t.search).toHaveBeenCalledWith("partial refund?", "help.clinic.test");
    const p = $(".passage");
    expect(p.querySelector(".passage-title")!.textContent).toBe("Refunds");
    expect(p.querySelector(".passage-heading")!.textContent).toBe(" › Refunds > Partial");
    expect(p.querySelector(".passage-score")!.textContent).toBe("score 0.033");
    expect(p.querySelector(".passage-text")!.textContent).toBe("Type the amount into Amount.");
    (t.search as ReturnType<typeof vi.fn>).mockResolvedValueOnce([]);
    button(document, "Search").click();
    await flush();
    expect($(".knowledge-results").textContent).toContain("Nothing found");
  });

  it("forgets a source only after asking in place", async () => {
    const { t, s } = setup({ forgetKnowledge: vi.fn().mockResolvedValue(12) });
    s.show();
    await flush();
    $<HTMLButtonElement>('button[aria-label="Forget Refunds"]').click();
    expect(t.forgetKnowledge).not.toHaveBeenCalled();
    expect(document.body.textContent).toContain("Forget this source and its 12 passages?");
    button(document, "Keep").click();
    expect(document.body.textContent).not.toContain("Forget this source");
    $<HTMLButtonElement>('button[aria-label="Forget Refunds"]').click();
    button(document, "Yes, forget").click();
    await flush();
    expect(t.forgetKnowledge).toHaveBeenCalledWith("https://help.clinic.test/refunds");
    expect(t.knowledge).toHaveBeenCalledTimes(2);
    $<HTMLButtonElement>('button[aria-label="Forget everything from Files on this computer"]').click();
    button(document, "Yes, forget").click();
    await flush();
    expect(t.forgetKnowledge).toHaveBeenLastCalledWith("local");
  });

  it("stops listening when disposed", async () => {
    const { s, send } = setup();
    $<HTMLTextAreaElement>("#knowledge-sources").value = "https://a.test";
    button(document, "Add").click();
    await flush();
    s.dispose();
    send(ing({ stage: "stored", source: "https://a.test", chunks: 1 }));
    expect(document.querySelectorAll(".ingest-line")).toHaveLength(0);
  });
});
