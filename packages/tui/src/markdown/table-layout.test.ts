import { beforeAll, describe, expect, it } from "vitest";
import { parseMarkdown } from "./markdown-blocks.js";
import { loadMarkdownReader } from "./markdown-reader.js";
import { layoutTable, tableBorder } from "./table-layout.js";

const table = (md: string) => {
  const block = parseMarkdown(md)[0]!.block;
  if (block.kind !== "table") throw new Error(`not a table: ${block.kind}`);
  return block;
};
const text = (line: { text: string }[][]) => line.map((cell) => cell.map((s) => s.text).join(""));

// marked loads on first need (markdown-reader.ts); these tests read Markdown from the start.
beforeAll(() => loadMarkdownReader());

describe("layoutTable", () => {
  it("sizes columns to their widest cell and pads by alignment", () => {
    const layout = layoutTable(table("| name | n | mid |\n|---|--:|:-:|\n| build | 12 | x |"), 80);
    expect(layout.widths).toEqual([5, 2, 3]);
    expect(text(layout.header[0]!)).toEqual(["name ", " n", "mid"]);
    expect(text(layout.rows[0]![0]!)).toEqual(["build", "12", " x "]);
    expect(tableBorder(layout.widths, "top")).toBe("┌───────┬────┬─────┐");
  });

  it("shrinks the widest column to fit and wraps its cells", () => {
    const layout = layoutTable(
      table("| step | note |\n|---|---|\n| one | a rather long note that wraps |"),
      30,
    );
    expect(layout.widths).toEqual([4, 19]);
    expect(layout.rows[0]!.map(text)).toEqual([
      ["one ", "a rather long note "],
      ["    ", "that wraps         "],
    ]);
  });
});
