import { describe, expect, it } from "vitest";
import { applyPin, MAX_PIN_CHARS, MAX_PINS, pinChange, pinList, unpinChange } from "./user-pins.js";

describe("the user's pins", () => {
  it("pins one line of text once, and unpins by number", () => {
    const change = pinChange([], "  Use tabs,\n never   spaces ");
    expect(change).toEqual({ type: "context_pin", action: "pin", text: "Use tabs, never spaces" });
    const pins = applyPin(applyPin([], change), pinChange(["Use tabs, never spaces"], "Ship behind a flag"));
    expect(pinList(pins)).toBe("1. Use tabs, never spaces\n2. Ship behind a flag");
    expect(applyPin(pins, unpinChange(pins, "1"))).toEqual(["Ship behind a flag"]);
  });

  it("refuses mistakes in one line naming what to do", () => {
    expect(() => pinChange([], "  ")).toThrow(/give the text to pin/);
    expect(() => pinChange(["a"], "a")).toThrow("pin: already pinned as #1");
    expect(() => pinChange([], "x".repeat(MAX_PIN_CHARS + 1))).toThrow(`at most ${MAX_PIN_CHARS} characters`);
    const full = Array.from({ length: MAX_PINS }, (_, i) => `pin ${i}`);
    expect(() => pinChange(full, "one more")).toThrow(`at most ${MAX_PINS} pins`);
    expect(() => unpinChange([], "1")).toThrow("unpin: nothing is pinned");
    expect(() => unpinChange(["a"], "2")).toThrow('from 1 to 1 (as pin lists them), got "2"');
    expect(() => unpinChange(["a"], "x")).toThrow(/got "x"/);
  });
});
