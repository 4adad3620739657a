import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { truncateToolOutput } from "./output-spill.js";

describe("truncateToolOutput", () => {
  const dir = mkdtempSync(join(tmpdir(), "spill-"));
  it("passes output under the limit through", () => {
    expect(
      truncateToolOutput({ content: "short", limitBytes: 100, outputsDir: dir, toolUseId: "t1" }),
    ).toEqual({
      content: "short",
      truncated: false,
    });
  });
  it("keeps the head, saves the whole and says how to read the rest", () => {
    const lines = Array.from({ length: 500 }, (_, i) => `line ${i} ${"é".repeat(5)}`).join("\n");
    const out = truncateToolOutput({
      content: lines,
      limitBytes: 1000,
      outputsDir: dir,
      toolUseId: "toolu/2",
    });
    expect(out.truncated).toBe(true);
    expect(out.fullOutputPath).toBe(join(dir, "toolu_2.txt"));
    expect(readFileSync(out.fullOutputPath!, "utf8")).toBe(lines);
    const [head] = out.content.split("\n[output truncated");
    expect(Buffer.byteLength(head!)).toBeLessThanOrEqual(1000);
    expect(lines.startsWith(head!)).toBe(true);
    expect(out.content).toContain("read the rest with the read tool");
    expect(out.content).not.toContain("\uFFFD");
  });
});
