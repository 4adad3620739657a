import { describe, expect, it } from "vitest";
import { lineDiff } from "./line-diff.js";

describe("lineDiff", () => {
  it("marks only the changed line, with the unchanged ones as context", () => {
    expect(lineDiff("a\nb\nc", "a\nB\nc")).toEqual([
      { kind: "context", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "B" },
      { kind: "context", text: "c" },
    ]);
  });

  it("folds unchanged lines far from any change into one gap", () => {
    const before = ["x", "1", "2", "3", "4", "5", "6", "y"].join("\n");
    const after = ["X", "1", "2", "3", "4", "5", "6", "Y"].join("\n");
    expect(lineDiff(before, after, 1)).toEqual([
      { kind: "removed", text: "x" },
      { kind: "added", text: "X" },
      { kind: "context", text: "1" },
      { kind: "gap", lines: 4 },
      { kind: "context", text: "6" },
      { kind: "removed", text: "y" },
      { kind: "added", text: "Y" },
    ]);
  });

  it("shows inserted lines as added only", () => {
    expect(lineDiff("a\nc", "a\nb\nc")).toEqual([
      { kind: "context", text: "a" },
      { kind: "added", text: "b" },
      { kind: "context", text: "c" },
    ]);
  });
});
