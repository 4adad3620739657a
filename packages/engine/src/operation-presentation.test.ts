import { describe, expect, it } from "vitest";
import { presentationOf } from "./operation-presentation.js";

describe("presentationOf", () => {
  it("reads the presentation tag of an operation's data, and nothing else", () => {
    expect(presentationOf({ presentation: "by-events", mode: "plan" })).toEqual({
      presentation: "by-events",
      mode: "plan",
    });
    const pick = { presentation: "pick", title: "Which?", choices: [{ label: "a", value: "a" }] };
    expect(presentationOf(pick)).toBe(pick);
    expect(presentationOf({ presentation: "confetti" })).toBeUndefined();
    expect(presentationOf({ view: {} })).toBeUndefined();
    expect(presentationOf("context-panel")).toBeUndefined();
    expect(presentationOf(null)).toBeUndefined();
    expect(presentationOf(undefined)).toBeUndefined();
  });
});
