import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown } from "./parse-markdown.js";

describe("parseMarkdown", () => {
  it("reads headings, lists, paragraphs and fenced code with a language", () => {
    const blocks = parseMarkdown("# Title\n\n- one\n2. two\n\n```ts\nconst a = 1;\n```\ntext");
    expect(blocks.map((b) => b.kind)).toEqual([
      "heading",
      "blank",
      "list-item",
      "list-item",
      "blank",
      "code",
      "paragraph",
    ]);
    expect(blocks[5]).toEqual({ kind: "code", language: "ts", lines: ["const a = 1;"] });
    expect(blocks[3]).toMatchObject({ marker: "2." });
  });

  it("treats an unclosed fence (still streaming) as code to the end", () => {
    const blocks = parseMarkdown("```py\nprint(1)\nprint(2");
    expect(blocks).toEqual([{ kind: "code", language: "py", lines: ["print(1)", "print(2"] }]);
  });

  it("splits inline bold, italic and code", () => {
    expect(parseInline("a **b** `c` *d* e")).toEqual([
      { kind: "text", text: "a " },
      { kind: "bold", text: "b" },
      { kind: "text", text: " " },
      { kind: "code", text: "c" },
      { kind: "text", text: " " },
      { kind: "italic", text: "d" },
      { kind: "text", text: " e" },
    ]);
  });
});
