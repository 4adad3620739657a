/** Lines out of chunks cut anywhere, each capped; the unfinished one waits, or comes out at the end. */
import { describe, expect, it } from "vitest";
import { LineSplitter, MAX_LINE_CHARS } from "./line-splitter.js";

describe("LineSplitter", () => {
  it("joins a line cut across chunks and drops CR before LF", () => {
    const lines = new LineSplitter();
    expect(lines.push("REA")).toEqual([]);
    expect(lines.push("DY\r\nnext")).toEqual(["READY"]);
    expect(lines.flush()).toEqual(["next"]);
  });

  it("cuts an endless line at the cap: its head is a line, the rest starts the next", () => {
    const lines = new LineSplitter();
    const out = lines.push("x".repeat(2 * MAX_LINE_CHARS + 10));
    expect(out).toEqual(["x".repeat(MAX_LINE_CHARS), "x".repeat(MAX_LINE_CHARS)]);
    expect(lines.push("y\n")).toEqual([`${"x".repeat(10)}y`]);
  });
});
