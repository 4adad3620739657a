import { describe, expect, it } from "vitest";
import { breakLongRuns } from "./break-long-runs.js";

const MB = 1024 * 1024;

describe("breakLongRuns", () => {
  it("returns text whose runs fit the width as it is, so normal prompts wrap as before", () => {
    const text = "explain the build\n  and why `npm test` is slow — see https://example.com/a";
    expect(breakLongRuns(text, 40)).toBe(text);
  });

  it("cuts a run wider than the width every `width` characters, keeping the rest of the line", () => {
    expect(breakLongRuns(`see ${"a".repeat(12)} then`, 5)).toBe("see aaaaa\naaaaa\naa then");
    expect(breakLongRuns("b".repeat(10), 5)).toBe("bbbbb\nbbbbb");
  });

  it("counts a surrogate pair as one character and never splits it", () => {
    expect(breakLongRuns("😀😀😀", 2)).toBe("😀😀\n😀");
  });

  it("breaks 1 MB of unbroken base64 in one pass: rows of exactly the width", () => {
    const run = "QUJD".repeat(MB / 4);
    const started = performance.now();
    const rows = breakLongRuns(run, 98).split("\n");
    // Generous: one pass takes milliseconds; the per-character wrapping it replaces took minutes.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(rows).toHaveLength(Math.ceil(MB / 98));
    expect(rows.slice(0, -1).every((row) => row.length === 98)).toBe(true);
    expect(rows.join("")).toBe(run);
  });
});
