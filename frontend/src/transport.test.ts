import { describe, expect, it, vi } from "vitest";
import type { ErrandEvent } from "./events";
import { EVENT_NAME, offlineTransport, wailsTransport, type WailsWindow } from "./transport";

describe("wails transport", () => {
  it("is absent outside the desktop app", () => {
    expect(wailsTransport({})).toBeNull();
  });

  it("calls the bound Bridge and turns Go errors into Errors", async () => {
    const bridge = {
      RunTask: vi.fn().mockResolvedValue("run-1"),
      Answer: vi.fn().mockRejectedValue("no question \"x\" is waiting for an answer"),
      Decide: vi.fn().mockResolvedValue(undefined),
      Correct: vi.fn().mockResolvedValue(undefined),
      Typing: vi.fn().mockRejectedValue("no question \"q\" is open"),
      Cancel: vi.fn().mockResolvedValue(undefined),
      Tasks: vi.fn().mockResolvedValue(null),
      Version: vi.fn().mockResolvedValue("0.1.0"),
    };
    let listener: ((...d: unknown[]) => void) | undefined;
    const w: WailsWindow = {
      go: { desktop: { Bridge: bridge } },
      runtime: {
        EventsOn: (name, cb) => {
          expect(name).toBe(EVENT_NAME);
          listener = cb;
          return () => (listener = undefined);
        },
      },
    };
    const t = wailsTransport(w)!;
    expect(await t.runTask("click Save", "")).toBe("run-1");
    expect(bridge.RunTask).toHaveBeenCalledWith("click Save", "");
    await expect(t.answer("x", "o1", "")).rejects.toThrow('no question "x" is waiting');
    expect(await t.tasks()).toEqual([]); // Go's nil slice
    await t.decide("req-1", "retry");
    expect(bridge.Decide).toHaveBeenCalledWith("req-1", "retry");
    await t.correct("req-2", "target", 1, "");
    expect(bridge.Correct).toHaveBeenCalledWith("req-2", "target", 1, "");
    await expect(t.typing("q")).rejects.toThrow('no question "q" is open');
    expect(bridge.Typing).toHaveBeenCalledWith("q");
    const got: ErrandEvent[] = [];
    const off = t.onEvent((e) => got.push(e));
    listener?.({ type: "stateChanged", from: "idle", to: "planning" });
    listener?.("not an event");
    expect(got).toEqual([{ type: "stateChanged", from: "idle", to: "planning" }]);
    off();
    expect(listener).toBeUndefined();
  });

  it("says plainly when the page is not connected", async () => {
    await expect(offlineTransport().runTask("x", "")).rejects.toThrow(/not connected/);
    await expect(offlineTransport().decide("req-1", "proceed")).rejects.toThrow(/not connected/);
    await expect(offlineTransport().typing("q")).resolves.toBeUndefined();
  });
});
