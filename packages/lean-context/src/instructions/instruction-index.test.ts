import { byteLength } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { buildInstructionIndex } from "./instruction-index.js";

const limits = { maxBytes: 8192, targetBytes: 4096 };

function agents(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 1; size < bytes; i++) {
    const line = `- rule ${i}: run the build and the tests before you report; keep changes small.`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join("\n");
}

describe("buildInstructionIndex", () => {
  it("a 20 KB AGENTS.md is capped at 8192 bytes at a line boundary, with a marker and a flag", () => {
    const text = agents(20 * 1024);
    const index = buildInstructionIndex([{ path: "AGENTS.md", text }], limits);
    expect(index.capped).toBe(true);
    expect(index.bytesBefore).toBeGreaterThan(20 * 1024);
    expect(index.bytesAfter).toBe(byteLength(index.text));
    expect(index.bytesAfter).toBeLessThanOrEqual(8192);
    expect(index.bytesAfter).toBeGreaterThan(8192 - 200);
    const lines = index.text.split("\n");
    const marker = lines.at(-1)!;
    expect(marker).toMatch(
      /^\[instructions cut at the 8192-byte cap: read AGENTS\.md from line \d+ for the rest\]$/,
    );
    // every kept line is a whole line of the original
    const original = new Set(text.split("\n"));
    for (const line of lines.slice(2, -1)) expect(original.has(line)).toBe(true);
    const resume = Number(/from line (\d+)/.exec(marker)![1]);
    expect(lines.slice(2, -1)).toHaveLength(resume - 1);
    expect(index.cutFile).toBe("AGENTS.md");
    expect(index.warning).toBe(
      `AGENTS.md: instructions cut at the 8192-byte cap (${index.bytesBefore} bytes in all): the model sees up to line ${resume - 1} unless it reads the rest — shorten the instructions or raise agent-instructions.maxBytes`,
    );
  });

  it("a 2 KB AGENTS.md passes whole", () => {
    const text = agents(2 * 1024);
    const index = buildInstructionIndex([{ path: "AGENTS.md", text }], limits);
    expect(index.capped).toBe(false);
    expect(index.overTarget).toBe(false);
    expect(index.warning).toBeUndefined();
    expect(index.text).toBe(`# Project instructions\n<!-- file: AGENTS.md -->\n${text}`);
  });

  it("between target and cap: whole, but flagged over target", () => {
    const index = buildInstructionIndex([{ path: "AGENTS.md", text: agents(6000) }], limits);
    expect(index.capped).toBe(false);
    expect(index.overTarget).toBe(true);
  });

  it("root first, nearest last; the marker names files left out entirely", () => {
    const index = buildInstructionIndex(
      [
        { path: "AGENTS.md", text: agents(7000) },
        { path: "packages/a/AGENTS.md", text: agents(3000) },
        { path: "packages/a/b/AGENTS.md", text: "short" },
      ],
      limits,
    );
    expect(index.text.indexOf("<!-- file: AGENTS.md -->")).toBeLessThan(
      index.text.indexOf("<!-- file: packages/a/AGENTS.md -->"),
    );
    expect(index.text.split("\n").at(-1)).toMatch(
      /read packages\/a\/AGENTS\.md from line \d+, then packages\/a\/b\/AGENTS\.md for the rest/,
    );
    expect(index.cutFile).toBe("packages/a/AGENTS.md");
    expect(index.warning).toMatch(
      /^packages\/a\/AGENTS\.md: instructions cut at the 8192-byte cap \(\d+ bytes in all\): the model sees up to line \d+ and none of packages\/a\/b\/AGENTS\.md unless/,
    );
  });

  it("no files: empty index", () => {
    expect(buildInstructionIndex([], limits)).toMatchObject({ text: "", capped: false, bytesAfter: 0 });
  });

  it("is deterministic", () => {
    const files = [{ path: "AGENTS.md", text: agents(9000) }];
    expect(buildInstructionIndex(files, limits)).toEqual(buildInstructionIndex(files, limits));
  });
});
