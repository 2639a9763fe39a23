// What every card on the task screen shares: the shape the screen drives (keys, close,
// focus) and the one-reply-at-a-time bookkeeping — a reply in flight disables the card,
// a refused reply says why and leaves the card open, an accepted one ends it.

import { h } from "./dom";

/** What the task screen needs of any card it shows: a question, an announcement, a plan… */
export interface Card {
  readonly el: HTMLElement;
  /** The question or request id the card replies to. */
  readonly id: string;
  /** Handles a key pressed anywhere in the window; true when the card used it. */
  handleKey(e: KeyboardEvent): boolean;
  /** Ends the card without a reply from it (the run moved on or ended), leaving a note. */
  close(note: string): void;
  /** Puts the focus where the card's keys make sense. */
  focus(): void;
}

/** Disabled while a reply is on its way, and for good once one is accepted. */
type Control = HTMLButtonElement | HTMLInputElement;

/**
 * replier keeps one card's reply state. send runs a Bridge call; once it resolves the card
 * is finished with "You chose: label" (or the note given) and settled(label) runs.
 */
export function replier(el: HTMLElement, settled?: (label: string) => void) {
  let done = false;
  let busy = false;
  const controls: Control[] = [];
  const stops: (() => void)[] = [];
  const error = h("p", { class: "card-error", role: "alert", hidden: true });

  function setBusy(on: boolean) {
    busy = on;
    for (const c of controls) c.disabled = on;
  }

  function finish(note: string) {
    if (done) return;
    done = true;
    setBusy(true);
    for (const stop of stops.splice(0)) stop();
    el.classList.add("answered");
    if (note) el.append(h("p", { class: "answered-note" }, note));
  }

  function fail(msg: string) {
    error.textContent = msg;
    error.hidden = !msg;
  }

  return {
    error,
    /** Runs when the card ends, however it ends: its timers stop here. */
    stops,
    fail,
    control<T extends Control>(c: T): T {
      controls.push(c);
      return c;
    },
    get done() {
      return done;
    },
    /** usable says whether a key is the card's: open, no modifiers, not typed into a field. */
    usable(e: KeyboardEvent): boolean {
      return !done && !busy && !e.altKey && !e.ctrlKey && !e.metaKey && !isTyping(e.target);
    },
    finish,
    async send(label: string, call: () => Promise<void>, note = `You chose: ${label}`): Promise<void> {
      if (done || busy) return;
      setBusy(true);
      fail("");
      try {
        await call();
      } catch (err) {
        setBusy(false);
        fail(err instanceof Error ? err.message : String(err));
        return;
      }
      finish(note);
      settled?.(label);
    },
  };
}

export type Replier = ReturnType<typeof replier>;

// isTyping reports whether a key belongs to a text field: "2" typed into the answer box
// is part of the answer, not a choice.
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !["button", "checkbox", "radio", "submit", "reset"].includes(target.type);
  }
  return false;
}

/** kbd is an option's number key hint; past 9 there is no key, only the room for one. */
export function kbd(i: number): HTMLElement {
  return i < 9 ? h("kbd", {}, String(i + 1)) : h("span", { class: "kbd-spacer" });
}

/** numberKey returns the 0-based option a digit key picks, or -1. */
export function numberKey(e: KeyboardEvent): number {
  return /^[1-9]$/.test(e.key) ? Number(e.key) - 1 : -1;
}

/**
 * countdownBar draws a countdown: a bar that empties and the seconds left. It only draws —
 * the Go side owns every timer that decides anything — and starts stopped.
 */
export function countdownBar(totalMs: number, label: string) {
  const fill = h("div", { class: "countdown-fill" });
  const bar = h(
    "div",
    {
      class: "countdown-bar",
      role: "progressbar",
      "aria-label": label,
      "aria-valuemin": 0,
      "aria-valuemax": Math.round(totalMs / 1000),
    },
    fill,
  );
  let remaining = totalMs;
  let endAt = 0;
  let interval: ReturnType<typeof setInterval> | undefined;
  const listeners: ((ms: number) => void)[] = [];

  function draw() {
    if (interval !== undefined) remaining = Math.max(0, endAt - Date.now());
    const frac = totalMs > 0 ? remaining / totalMs : 0;
    fill.style.width = `${(Math.min(1, frac) * 100).toFixed(1)}%`;
    bar.setAttribute("aria-valuenow", String(Math.ceil(remaining / 1000)));
    for (const l of listeners) l(remaining);
    if (remaining <= 0) stop();
  }

  function stop() {
    if (interval !== undefined) clearInterval(interval);
    interval = undefined;
  }

  draw();
  return {
    el: bar,
    /** Runs on every redraw with the milliseconds left. */
    onDraw(l: (ms: number) => void) {
      listeners.push(l);
      l(remaining);
    },
    /** Counts down from ms (the engine's remainingMs, or the whole time at first). */
    run(ms = remaining) {
      stop();
      remaining = Math.max(0, ms);
      endAt = Date.now() + remaining;
      interval = setInterval(draw, 100);
      draw();
    },
    /** Freezes the bar, at ms when the engine says how much is left. */
    freeze(ms?: number) {
      if (interval !== undefined) remaining = Math.max(0, endAt - Date.now());
      stop();
      if (ms !== undefined) remaining = Math.max(0, ms);
      draw();
    },
    stop,
    get remaining() {
      return remaining;
    },
  };
}
