// The task screen: the task form, the cards a run stops at (questions, announcements,
// plans, failed steps), the live feed, and beside it the page being worked on, the plan,
// the confidence report and self-refine progress. The shell mounts it under its
// Task tab; tests mount it with a fake transport.

import "./panels.css";
import { announceCard, approvalCard, midExecCard, type DialogCard } from "./dialogs";
import { confidencePanel } from "./confidence";
import { h } from "./dom";
import { describe, phaseLabel, usageText, type ErrandEvent, type FeedItem, type Question } from "./events";
import { optionCard } from "./optioncard";
import { overlayCard } from "./overlay";
import { pagePanel, planPanel } from "./plan";
import type { QuestionCard, QuestionReplies } from "./question";
import { refinePanel } from "./refine";
import { modelWorkPanel } from "./modelwork";
import type { Transport } from "./transport";
import type { Card } from "./card";

/** askCard picks a question's card: timed ones over the screen, others inline (docs/decisions.md D-18). */
export function askCard(q: Question, r: QuestionReplies): QuestionCard {
  return (q.timeoutMs ?? 0) > 0 ? overlayCard(q, r) : optionCard(q, r);
}

/** mountTask draws the task screen into root and returns what takes it down again. */
export function mountTask(root: HTMLElement, t: Transport): () => void {
  const goal = h("input", {
    id: "goal",
    type: "text",
    autocomplete: "off",
    spellcheck: "false",
    placeholder: "e.g. type 'Jas' into Name and click Save",
  });
  const url = h("input", {
    id: "url",
    type: "text",
    inputmode: "url",
    autocomplete: "off",
    spellcheck: "false",
    placeholder: "http://localhost:7480/patients/new",
  });
  const run = h("button", { type: "submit", class: "primary run" }, "Run");
  const stop = h("button", { type: "button", class: "danger stop", hidden: true }, "Stop");
  const formError = h("p", { class: "form-error", role: "alert", hidden: true });
  const status = h("span", { class: "status-pill", role: "status" }, "Ready");
  const usage = h("span", { class: "usage-meter", title: "Model calls and tokens this errand has used" });
  const form = h(
    "form",
    { class: "task-form", autocomplete: "off" },
    h("div", { class: "task-form-head" }, h("label", { for: "goal" }, "What should Errand do?"), status, usage),
    goal,
    h(
      "div",
      { class: "form-row" },
      h("label", { for: "url", class: "url-label" }, "Start page", url),
      h("div", { class: "form-buttons" }, run, stop),
    ),
    formError,
  );

  const slot = h("div", { class: "question-slot" });
  const overlayHost = h("div", { class: "overlay-host" });
  const feed = h("ol", { class: "feed-list", "aria-live": "polite" });
  const empty = h(
    "div",
    { class: "empty" },
    h("p", { class: "empty-title" }, "Nothing is running."),
    h(
      "p",
      {},
      "Give Errand a start page and say what to do there. It opens its own browser window, works step by step, " +
        "checks every step against what the page really shows, and asks you here when it is unsure.",
    ),
    h(
      "p",
      {},
      "Direct commands need no model, such as ",
      h("q", {}, "click Save"),
      ", ",
      h("q", {}, "type 'Jas' into Name and click Save"),
      " or ",
      h("q", {}, "select Female from Gender"),
      ".",
    ),
  );
  const page = pagePanel();
  const confidence = confidencePanel();
  const refine = refinePanel();
  const work = modelWorkPanel();
  const plan = planPanel();

  root.replaceChildren(
    h(
      "div",
      { class: "task-screen" },
      form,
      h(
        "div",
        { class: "task-body" },
        h(
          "div",
          { class: "task-main" },
          slot,
          h("section", { class: "feed", "aria-label": "Activity" }, h("h2", {}, "Activity"), empty, feed),
        ),
        h("aside", { class: "task-side", "aria-label": "This errand" }, work.el, page.el, plan.el, confidence.el, refine.el),
        overlayHost,
      ),
    ),
  );

  let running = false;
  // card is the open card, null once it has been replied to or closed.
  let card: Card | null = null;
  let question: QuestionCard | null = null; // card, when it is a question
  let asked: Question | null = null; // the question it shows
  // A round's questions arrive together, but the engine waits on them one by one, in
  // order: the later ones wait here until the one before is answered or times out.
  const queued: Question[] = [];

  function setRunning(on: boolean) {
    running = on;
    run.disabled = on;
    stop.hidden = !on;
    stop.disabled = false;
    root.classList.toggle("is-running", on);
  }

  function setStatus(text: string, tone = "") {
    status.textContent = text;
    status.dataset.tone = tone;
  }

  function showError(msg: string) {
    formError.textContent = msg;
    formError.hidden = !msg;
  }

  // visible says whether the task screen is the one on show: the shell hides the others.
  const visible = () => root.isConnected && !root.closest("[hidden]");

  // follow keeps the newest event in view until the person scrolls up to read.
  let follow = true;
  feed.addEventListener("scroll", () => {
    follow = feed.scrollHeight - feed.scrollTop - feed.clientHeight < 40;
  });
  function scrollFeed() {
    if (follow) feed.scrollTop = feed.scrollHeight;
  }

  function addItem(item: FeedItem) {
    empty.hidden = true;
    feed.append(
      h(
        "li",
        { class: `feed-item tone-${item.tone}` },
        h("p", { class: "feed-title" }, item.title),
        item.detail ? h("p", { class: "feed-detail" }, item.detail) : null,
        item.list?.length ? h("ol", { class: "feed-steps" }, ...item.list.map((s) => h("li", {}, s))) : null,
        item.meta ? h("p", { class: "feed-meta" }, item.meta) : null,
      ),
    );
    scrollFeed();
  }

  // closeCard ends the open card and leaves it in view with a note (the run ended); an
  // overlay goes, since it would hide the screen, and its note goes to the feed.
  function closeCard(note: string) {
    const c = card;
    card = question = null;
    if (!c) return;
    c.close(note);
    if (overlayHost.contains(c.el)) {
      c.el.remove();
      if (note) addItem({ tone: "muted", title: note });
    }
  }

  // clearCard ends the open card and takes it away: the engine has moved on past it.
  function clearCard() {
    closeCard("");
    queued.length = 0;
    slot.replaceChildren();
    overlayHost.replaceChildren();
  }

  // settled is what every card does once its reply is accepted: the card has done its
  // job, the feed keeps the record and gets the room back.
  function settled(c: Card, line: string) {
    if (card === c) card = question = null;
    c.el.remove();
    addItem({ tone: "ask", title: line });
  }

  function showQuestion(q: Question) {
    const c = askCard(q, {
      answer: (optionId, text) => t.answer(q.id, optionId, text),
      answered: (label) => {
        settled(c, `You answered: ${label}`);
        nextQuestion();
      },
      typing: () => t.typing(q.id),
    });
    card = question = c;
    asked = q;
    if (c.overlay) overlayHost.replaceChildren(c.el);
    else slot.replaceChildren(c.el);
    c.focus();
    scrollFeed();
  }

  function nextQuestion() {
    const q = queued.shift();
    if (q) showQuestion(q);
  }

  function showDialog(make: (decided: (label: string) => void) => DialogCard) {
    clearCard();
    const c = make((label) => settled(c, `You chose: ${label}`));
    card = c;
    slot.replaceChildren(c.el);
    c.focus();
    scrollFeed();
  }

  // resetRun clears what the last run left: a new one starts with an empty screen.
  function resetRun(startUrl: string) {
    feed.replaceChildren();
    empty.hidden = true;
    follow = true;
    clearCard();
    page.reset(startUrl);
    confidence.reset();
    refine.reset();
    work.reset();
    plan.reset();
    usage.textContent = "";
    showError("");
  }

  // A run this screen did not start (a resume from History, another window on `errand
  // serve`) shows itself by its events: the screen follows it as if it had.
  function followRun() {
    resetRun("");
    addItem({ tone: "muted", title: "Following an errand started elsewhere", detail: "From History or another window." });
    setRunning(true);
    setStatus("Working…", "executing");
  }

  // feedLine is describe's line, except where the screen knows better: the end of the
  // open question's timer names the option Errand took.
  function feedLine(e: ErrandEvent): FeedItem | null {
    if (e.type === "questionTimer" && question?.questionId === e.questionId) {
      if (e.kind !== "expired") return null;
      const taken = question.optionText(e.optionId || asked?.default || "");
      if (taken) return { tone: "muted", title: `No answer in time: Errand took “${taken}”` };
    }
    return describe(e);
  }

  function onEvent(e: ErrandEvent) {
    if (e.type === "pullProgress" || e.type === "ingestProgress") return; // Settings' and Knowledge's business
    if (!running && e.type !== "runEnded" && e.type !== "taskFinished") followRun();
    const item = feedLine(e);
    if (item) addItem(item);
    plan.apply(e);
    switch (e.type) {
      case "stateChanged":
        setStatus(phaseLabel(e.to), e.to);
        break;
      case "planReady":
        page.update(e.url, e.title);
        refine.settle();
        break;
      case "stepVerified":
        page.update(e.url, e.title);
        break;
      case "confidenceReport":
        confidence.show(e);
        break;
      case "selfRefineUpdate":
        refine.update(e);
        break;
      case "usage":
        usage.textContent = usageText(e.taskCalls, e.taskTokens);
        break;
      case "modelProgress":
        work.update(e);
        break;
      case "clarifyWithOptions":
        if ((e.index ?? 1) > 1 && question) queued.push(e);
        else {
          clearCard();
          showQuestion(e);
        }
        break;
      case "questionTimer":
        if (!question || question.questionId !== e.questionId) break;
        if (e.kind === "expired") {
          // The engine has taken the default and gone on to the next question, if any;
          // the feed has said which.
          const c = question;
          card = question = null;
          c.close("");
          c.el.remove();
          nextQuestion();
        } else question.timer(e);
        break;
      case "assumeAnnounce":
        showDialog((decided) => announceCard(e, t, decided));
        break;
      case "approvalRequest":
        showDialog((decided) => approvalCard(e, t, decided));
        break;
      case "midExecDialog":
        showDialog((decided) => midExecCard(e, t, decided));
        break;
      case "stepStarted":
        // The engine waits while a card is open, so a new step means it is past them all
        // (an announcement's countdown ran out, a question timed out).
        clearCard();
        break;
      case "taskFinished":
        clearCard();
        setStatus(phaseLabel(e.status), e.status);
        usage.textContent = usageText(e.modelCalls, e.tokens);
        break;
      case "runEnded":
        queued.length = 0;
        closeCard(e.cancelled ? "Stopped before this was answered." : "The errand ended before this was answered.");
        setRunning(false);
        if (e.error) setStatus("Stopped with an error", "failed");
        else if (e.cancelled) setStatus("Stopped", "cancelled");
        if (visible()) goal.focus();
        break;
    }
  }

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (running) return;
    const g = goal.value.trim();
    if (!g) {
      showError("Say what Errand should do first.");
      goal.focus();
      return;
    }
    const u = url.value.trim();
    resetRun(u);
    addItem({ tone: "muted", title: `You asked: ${g}`, meta: u ? `on ${u}` : undefined });
    setRunning(true);
    setStatus("Starting…", "planning");
    try {
      await t.runTask(g, url.value);
    } catch (err) {
      setRunning(false);
      setStatus("Ready");
      showError(message(err));
    }
  });

  url.addEventListener("input", () => {
    if (!running) page.start(url.value);
  });

  async function stopRun() {
    stop.disabled = true;
    setStatus("Stopping…", "cancelled");
    try {
      await t.cancel();
    } catch (err) {
      stop.disabled = false;
      showError(message(err));
    }
  }
  stop.addEventListener("click", () => void stopRun());

  const onKey = (e: KeyboardEvent) => {
    if (!visible()) return;
    if (card) {
      // An open card owns the keys, Esc included: it is that card's cancel, never Stop.
      card.handleKey(e);
      return;
    }
    if (e.key === "Escape" && running && !stop.disabled && !e.defaultPrevented) {
      e.preventDefault();
      void stopRun();
    }
  };
  document.addEventListener("keydown", onKey);
  const unsubscribe = t.onEvent(onEvent);
  if (visible()) goal.focus();

  return () => {
    unsubscribe();
    document.removeEventListener("keydown", onKey);
    card?.close(""); // stops a countdown
    card = question = null;
  };
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
