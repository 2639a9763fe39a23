// The screen: the task form, the question and dialog cards, the live feed and the History panel,
// wired to a Transport. main.ts mounts it; tests can mount it with a fake transport.

import { announceCard, approvalCard, midExecCard, type DialogCard } from "./dialogs";
import { describe, phaseLabel, type ErrandEvent, type FeedItem, type Question } from "./events";
import { h } from "./dom";
import { renderHistory } from "./history";
import { questionCard, type Card, type QuestionCard } from "./question";
import type { Transport } from "./transport";

export function mount(root: HTMLElement, t: Transport): () => void {
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
  const run = h("button", { type: "submit", class: "primary" }, "Run");
  const stop = h("button", { type: "button", class: "danger", hidden: true }, "Stop");
  const formError = h("p", { class: "form-error", role: "alert", hidden: true });
  const form = h(
    "form",
    { class: "task-form", autocomplete: "off" },
    h("label", { for: "goal" }, "What should Errand do?"),
    goal,
    h(
      "div",
      { class: "form-row" },
      h("label", { for: "url", class: "url-label" }, "Start page", url),
      h("div", { class: "form-buttons" }, run, stop),
    ),
    formError,
  );

  const status = h("span", { class: "status-pill", role: "status" }, "Ready");
  const version = h("span", { class: "version" });
  const slot = h("div", { class: "question-slot" });
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
      "For now it understands direct commands, such as ",
      h("q", {}, "click Save"),
      ", ",
      h("q", {}, "type 'Jas' into Name and click Save"),
      " or ",
      h("q", {}, "select Female from Gender"),
      ".",
    ),
  );
  const historyList = h("ul", { class: "history-list" });
  const refresh = h("button", { type: "button", class: "link", title: "Reload the history" }, "Refresh");

  root.replaceChildren(
    h(
      "header",
      { class: "topbar" },
      h("div", { class: "brand" }, h("span", { class: "logo", "aria-hidden": "true" }, "E"), "Errand"),
      status,
      version,
    ),
    h(
      "div",
      { class: "layout" },
      h(
        "main",
        { class: "work" },
        form,
        slot,
        h("section", { class: "feed", "aria-label": "Activity" }, h("h2", {}, "Activity"), empty, feed),
      ),
      h(
        "aside",
        { class: "history", "aria-label": "History" },
        h("div", { class: "history-head" }, h("h2", {}, "History"), refresh),
        historyList,
      ),
    ),
  );

  let running = false;
  // card is the open card in the slot, null once it has been replied to or closed.
  let card: Card | null = null;
  let question: QuestionCard | null = null; // card, when it is a question
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

  async function loadHistory() {
    renderHistory(historyList, { kind: "loading" });
    try {
      renderHistory(historyList, { kind: "rows", rows: await t.tasks() });
    } catch (err) {
      renderHistory(historyList, { kind: "error", message: message(err) });
    }
  }

  // closeCard ends the open card and leaves it in view with a note (the run ended).
  function closeCard(note: string) {
    card?.close(note);
    card = question = null;
  }

  // clearCard ends the open card and takes it away: the engine has moved on past it.
  function clearCard() {
    closeCard("");
    queued.length = 0;
    slot.replaceChildren();
  }

  // settled is what every card does once its reply is accepted: the card has done its
  // job, the feed keeps the record and gets the room back.
  function settled(c: Card, line: string) {
    if (card === c) card = question = null;
    c.el.remove();
    addItem({ tone: "ask", title: line });
  }

  function showQuestion(q: Question) {
    const c = questionCard(
      q,
      (optionId, text) => t.answer(q.id, optionId, text),
      (label) => {
        settled(c, `You answered: ${label}`);
        nextQuestion();
      },
      () => t.typing(q.id),
    );
    card = question = c;
    slot.replaceChildren(c.el);
    (c.el.querySelector<HTMLElement>("button.option") ?? c.el.querySelector<HTMLElement>("input"))?.focus();
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

  function onEvent(e: ErrandEvent) {
    const item = describe(e);
    if (item) addItem(item);
    switch (e.type) {
      case "stateChanged":
        setStatus(phaseLabel(e.to), e.to);
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
          // The engine has taken the default and gone on to the next question, if any.
          closeCard("No answer in time: Errand took the suggested answer.");
          nextQuestion();
        } else question.timer(e.kind, e.optionId);
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
        break;
      case "runEnded":
        queued.length = 0;
        closeCard(e.cancelled ? "Stopped before this was answered." : "The errand ended before this was answered.");
        setRunning(false);
        if (e.error) setStatus("Stopped with an error", "failed");
        else if (e.cancelled) setStatus("Stopped", "cancelled");
        void loadHistory();
        goal.focus();
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
    showError("");
    feed.replaceChildren();
    follow = true;
    clearCard();
    addItem({ tone: "muted", title: `You asked: ${g}`, meta: url.value.trim() ? `on ${url.value.trim()}` : undefined });
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

  stop.addEventListener("click", async () => {
    stop.disabled = true;
    setStatus("Stopping…", "cancelled");
    try {
      await t.cancel();
    } catch (err) {
      stop.disabled = false;
      showError(message(err));
    }
  });

  refresh.addEventListener("click", () => void loadHistory());

  const onKey = (e: KeyboardEvent) => void card?.handleKey(e);
  document.addEventListener("keydown", onKey);
  const unsubscribe = t.onEvent(onEvent);

  void loadHistory();
  void t.version().then((v) => (version.textContent = v ? `v${v}` : ""), () => {});
  goal.focus();

  return () => {
    unsubscribe();
    document.removeEventListener("keydown", onKey);
    card?.close(""); // stops an announcement's countdown
  };
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
