// What the two question cards share (overlay.ts draws a timed question over the task
// screen; optioncard.ts an untimed one inline: docs/decisions.md D-18): option order, the
// suggested option, the heading, and telling the engine the person is typing.

import { h } from "./dom";
import { percent, type Option, type Question, type QuestionTimer } from "./events";
import type { Card } from "./card";

export interface QuestionCard extends Card {
  readonly questionId: string;
  /** Drawn over the task screen (a timed question) rather than in the card slot. */
  readonly overlay: boolean;
  /** Draws one of the engine's timer events: paused, resumed, flash. */
  timer(t: QuestionTimer): void;
  /** An option's words, "" for an unknown id: the feed says what was taken. */
  optionText(id: string): string;
}

export type AnswerFn = (optionId: string, text: string) => Promise<void>;

export interface QuestionReplies {
  /** Sends the choice; it may reject, and the card then shows why and stays open. */
  answer: AnswerFn;
  /** Runs once the answer is accepted, with the chosen option's words. */
  answered?: (label: string) => void;
  /** Told about keystrokes in the answer box, at most once per TYPING_EVERY_MS. */
  typing?: () => Promise<void>;
}

// The engine pauses a question's timer on a keystroke and resumes it 5 s after the last,
// so one call per half second keeps it paused without a Bridge call per key.
export const TYPING_EVERY_MS = 500;

/** typingNotifier returns what a keystroke calls: typing, at most once per TYPING_EVERY_MS. */
export function typingNotifier(typing?: () => Promise<void>): () => void {
  let last = -Infinity;
  return () => {
    const now = Date.now();
    if (!typing || now - last < TYPING_EVERY_MS) return;
    last = now;
    // A refused keystroke (the question just closed) matters to nobody.
    typing().catch(() => {});
  };
}

/** byConfidence orders options most likely first (docs/decisions.md D-18); ties keep the engine's order. */
export function byConfidence(options: Option[] | undefined): Option[] {
  return (options ?? [])
    .map((o, i) => ({ o, i }))
    .sort((a, b) => (b.o.confidence ?? 0) - (a.o.confidence ?? 0) || a.i - b.i)
    .map((x) => x.o);
}

/** isConfirm says whether q asks before a risky action: drawn as a warning, never nudged to yes. */
export function isConfirm(q: Question): boolean {
  return q.questionType === "confirm" || q.risky === true;
}

/** isAffirmative says whether an option means "yes, do it". */
export function isAffirmative(o: Option): boolean {
  return (o.value ?? "").toLowerCase() === "yes" || /^(yes|ok|continue|proceed|do it)\b/i.test(o.text);
}

/**
 * suggestedId is the option drawn as Errand's suggestion: the default, except that a risky
 * confirm never suggests going ahead.
 */
export function suggestedId(q: Question): string {
  const o = (q.options ?? []).find((x) => x.id === q.default);
  if (!o || (isConfirm(q) && isAffirmative(o))) return "";
  return o.id;
}

/** declineOf is a confirm's way out, which Esc chooses; undefined for other questions. */
export function declineOf(q: Question): Option | undefined {
  if (!isConfirm(q)) return undefined;
  const opts = q.options ?? [];
  return opts.find((o) => (o.value ?? "").toLowerCase() === "no") ?? opts.find((o) => o.id === suggestedId(q));
}

/**
 * escDeclines answers a confirm with its way out when Esc is pressed; true when it did.
 * Both question cards share it, so Esc never means yes on either.
 */
export function escDeclines(e: KeyboardEvent, q: Question, answer: (optionId: string, text: string, label: string) => unknown): boolean {
  const decline = declineOf(q);
  if (e.key !== "Escape" || !decline) return false;
  e.preventDefault();
  void answer(decline.id, "", decline.text);
  return true;
}

/** hint is an option's confidence as a percentage, "" when the guesser gave none. */
export function hint(o: Option): string {
  return o.confidence ? percent(o.confidence) : "";
}

let headings = 0;

/** questionHead draws a question's top: why it is asked, where it stands in its round, the words. */
export function questionHead(q: Question): { id: string; nodes: HTMLElement[] } {
  const id = `question-${++headings}`;
  const nodes: HTMLElement[] = [h("p", { class: "eyebrow" }, isConfirm(q) ? "Please confirm" : "Errand needs your choice")];
  if (q.of && q.of > 1) nodes.push(h("p", { class: "question-progress" }, `Question ${q.index ?? 1} of ${q.of}`));
  nodes.push(h("h2", { class: "question-text", id }, q.question));
  if (q.reason) nodes.push(h("p", { class: "question-reason" }, reasonText(q)));
  return { id, nodes };
}

// The engine's reasons are lower-case fragments ("high-risk action"); a sentence reads better.
function reasonText(q: Question): string {
  const r = q.reason ?? "";
  return r.charAt(0).toUpperCase() + r.slice(1);
}
