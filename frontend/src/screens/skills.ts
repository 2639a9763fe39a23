// The Skills screen: what Errand learned on its own, per site — fixes from corrections
// that then worked, with how often each worked since and when it was last used, and
// errands kept to run again without a model — each with Forget (docs/memory.md).

import { h } from "../dom";
import { plural } from "../history";
import type { MemorySite, MemoryView, ReplayRow, SkillRow, Transport } from "../transport";
import { dateCell, forgetButton, message, screenShell, table } from "./parts";

export function skillsScreen(t: Transport, now: () => Date = () => new Date()) {
  const { el, refresh } = screenShell("Skills", "skills-screen");
  const body = h("div", { class: "skills-sites", "aria-live": "polite" });
  el.append(
    h(
      "p",
      { class: "screen-lead" },
      "When a corrected step works, Errand keeps the fix for that site and offers it as a hint the next time. " +
        "A completed errand is kept too, so the same errand runs again with no model. " +
        "Fixes unused for 90 days are forgotten, and only those that work at least half the time are offered.",
    ),
    body,
  );

  let ticket = 0;
  async function load() {
    const mine = ++ticket;
    body.setAttribute("aria-busy", "true");
    if (!body.firstChild) body.append(h("p", { class: "screen-note" }, "Loading…"));
    try {
      const m = await t.skills();
      if (mine !== ticket) return;
      body.replaceChildren(...render(t, m, now(), () => void load()));
    } catch (err) {
      if (mine !== ticket) return;
      body.replaceChildren(h("p", { class: "screen-note error", role: "alert" }, `Could not load the skills: ${message(err)}`));
    } finally {
      if (mine === ticket) body.setAttribute("aria-busy", "false");
    }
  }
  refresh.addEventListener("click", () => void load());
  return { el, show: () => void load() };
}

function render(t: Transport, m: MemoryView, now: Date, reload: () => void): Node[] {
  if (!m.sites.length) {
    return [
      h(
        "p",
        { class: "screen-note" },
        "Nothing learned yet. Skills come from corrections that worked; replays from errands a model or your answers completed.",
      ),
    ];
  }
  return m.sites.map((s) => site(t, s, now, reload));
}

function site(t: Transport, s: MemorySite, now: Date, reload: () => void): HTMLElement {
  const after = (f: () => Promise<unknown>) => async () => {
    await f();
    reload();
  };
  return h(
    "section",
    { class: "memory-site", "aria-label": s.site },
    h("h2", { class: "site-head" }, s.site),
    s.skills.length
      ? h(
          "div",
          { class: "memory-part" },
          h(
            "div",
            { class: "site-head" },
            h("h3", {}, `Fixes learned (${s.skills.length})`),
            forgetButton({
              label: `Forget every fix learned on ${s.site}`,
              text: "Forget all",
              question: `Forget ${plural(s.skills.length, "fix", "fixes")} learned on ${s.site}?`,
              forget: after(() => t.forgetSkills(s.site)),
            }),
          ),
          skillTable(t, s, now, after),
        )
      : null,
    s.replays.length
      ? h(
          "div",
          { class: "memory-part" },
          h(
            "div",
            { class: "site-head" },
            h("h3", {}, `Errands kept to replay (${s.replays.length})`),
            forgetButton({
              label: `Forget every replay of ${s.site}`,
              text: "Forget all",
              question: `Forget ${plural(s.replays.length, "replay")} of ${s.site}?`,
              forget: after(() => t.forgetReplays(s.site)),
            }),
          ),
          replayTable(t, s, now, after),
        )
      : null,
  );
}

type After = (f: () => Promise<unknown>) => () => Promise<void>;

function skillTable(t: Transport, s: MemorySite, now: Date, after: After): HTMLElement {
  return table(
    `Fixes learned on ${s.site}`,
    ["Goal", "What worked", "Instead of", "Worked", "Last used", ""],
    s.skills.map((k: SkillRow) => [
      k.goal,
      h("code", { class: "skill-ok" }, k.worked),
      h("code", { class: "skill-failed" }, k.failed),
      h("span", { class: "skill-count", title: `${k.successes} worked, ${k.failures} did not` }, `${k.successes} of ${k.successes + k.failures}`),
      dateCell(k.lastUsed, now),
      forgetButton({ label: `Forget the fix for ${k.goal}`, question: "Forget this fix?", forget: after(() => t.forgetSkill(k.id)) }),
    ]),
  );
}

function replayTable(t: Transport, s: MemorySite, now: Date, after: After): HTMLElement {
  return table(
    `Errands kept to replay on ${s.site}`,
    ["Instruction", "Start page", "Steps", "Replayed", "Last used", ""],
    s.replays.map((r: ReplayRow) => [
      h("span", { title: `Matches: ${r.template}` }, r.instruction),
      h("span", { class: "cell-url" }, r.startPage),
      h(
        "details",
        { class: "replay-steps" },
        h("summary", {}, plural(r.steps.length, "step")),
        h("ol", {}, ...r.steps.map((st) => h("li", {}, h("code", {}, st)))),
      ),
      r.uses ? `${plural(r.uses, "time")}` : "not yet",
      r.uses ? dateCell(r.lastUsed, now) : h("span", { class: "muted" }, "never"),
      forgetButton({
        label: `Forget the replay of ${r.instruction}`,
        question: "Forget this replay?",
        forget: after(() => t.forgetReplay(r.id)),
      }),
    ]),
  );
}
