import { beforeAll, describe, expect, it } from "vitest";
import { parseInline, parseMarkdown } from "./markdown-blocks.js";
import { loadMarkdownReader } from "./markdown-reader.js";

const kinds = (text: string) => parseMarkdown(text).map((b) => b.block.kind);

// marked loads on first need (markdown-reader.ts); these tests read Markdown from the start.
beforeAll(() => loadMarkdownReader());

describe("parseMarkdown", () => {
  it("reads headings, lists, paragraphs and fenced code with a language", () => {
    const blocks = parseMarkdown("# Title\n\n- one\n- two\n\n```ts\nconst a = 1;\n```\ntext");
    expect(blocks.map((b) => b.block.kind)).toEqual([
      "heading",
      "blank",
      "list",
      "blank",
      "code",
      "paragraph",
    ]);
    expect(blocks[4]!.block).toEqual({ kind: "code", language: "ts", lines: ["const a = 1;"] });
  });

  it("nests lists, numbers ordered ones from their start and marks task items", () => {
    const [list] = parseMarkdown("3. three\n4. four\n   - inner [x](http://x)\n");
    expect(list!.block).toEqual({
      kind: "list",
      items: [
        { marker: "3.", blocks: [{ kind: "paragraph", spans: [{ kind: "text", text: "three" }] }] },
        {
          marker: "4.",
          blocks: [
            { kind: "paragraph", spans: [{ kind: "text", text: "four" }] },
            {
              kind: "list",
              items: [
                {
                  marker: "•",
                  blocks: [
                    {
                      kind: "paragraph",
                      spans: [
                        { kind: "text", text: "inner " },
                        { kind: "link", text: "x", url: "http://x" },
                        { kind: "url", text: " (http://x)" },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    const [tasks] = parseMarkdown("- [x] done\n- [ ] open");
    expect(tasks!.block.kind === "list" && tasks!.block.items.map((i) => i.marker)).toEqual([
      "• [x]",
      "• [ ]",
    ]);
  });

  it("reads tables with alignment, block quotes and rules", () => {
    const [table, , quote, , rule] = parseMarkdown("| a | b |\n|:--|--:|\n| 1 | **2** |\n\n> said\n\n---\n");
    expect(table!.block).toEqual({
      kind: "table",
      align: ["left", "right"],
      header: [[{ kind: "text", text: "a" }], [{ kind: "text", text: "b" }]],
      rows: [[[{ kind: "text", text: "1" }], [{ kind: "bold", text: "2" }]]],
    });
    expect(quote!.block).toEqual({
      kind: "quote",
      blocks: [{ kind: "paragraph", spans: [{ kind: "text", text: "said" }] }],
    });
    expect(rule!.block).toEqual({ kind: "rule" });
  });

  it("keeps a streaming reply stable: an unclosed fence is code, header-only table rows a table", () => {
    expect(parseMarkdown("```py\nprint(1)\nprint(2").map((b) => b.block)).toEqual([
      { kind: "code", language: "py", lines: ["print(1)", "print(2"] },
    ]);
    expect(kinds("Status:\n\n| step | state |")).toEqual(["paragraph", "blank", "table"]);
    expect(kinds("Status:\n\n| step | state |\n|---|---|\n| build | ok")).toEqual([
      "paragraph",
      "blank",
      "table",
    ]);
  });

  it("flattens inline styles to one per span, links with their URL", () => {
    expect(parseInline("a **b *c*** `d` ~~e~~ [f](http://g) <https://h>")).toEqual([
      { kind: "text", text: "a " },
      { kind: "bold", text: "b c" },
      { kind: "text", text: " " },
      { kind: "code", text: "d" },
      { kind: "text", text: " " },
      { kind: "strike", text: "e" },
      { kind: "text", text: " " },
      { kind: "link", text: "f", url: "http://g" },
      { kind: "url", text: " (http://g)" },
      { kind: "text", text: " " },
      { kind: "link", text: "https://h", url: "https://h" },
    ]);
  });
});
