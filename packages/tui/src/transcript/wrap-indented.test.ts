import { describe, expect, it } from "vitest";
import { wrapIndented } from "./wrap-indented.js";

describe("wrapIndented", () => {
  it("keeps short lines as they are", () => {
    expect(wrapIndented("Turn 1\n  main\n\nend", 40)).toEqual(["Turn 1", "  main", "", "end"]);
  });

  it("continues a wrapped line at its own indent", () => {
    const lines = wrapIndented(
      "  turn totals: uncached 0 · cache read 0 · cache write 2,833 · output 63",
      30,
    );
    expect(lines).toEqual([
      "  turn totals: uncached 0 ·",
      "  cache read 0 · cache write",
      "  2,833 · output 63",
    ]);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(30);
  });

  it("cuts a word longer than the room left", () => {
    expect(wrapIndented(`  hash: ${"a".repeat(25)}`, 20)).toEqual([
      "  hash:",
      `  ${"a".repeat(18)}`,
      `  ${"a".repeat(7)}`,
    ]);
  });
});
