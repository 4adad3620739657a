import { describe, expect, it } from "vitest";
import { loadHighlighter, tokensFromHtml } from "./highlight-code.js";

describe("highlight-code", () => {
  it("reads highlight.js HTML back into lines of role tokens", () => {
    const html =
      '<span class="hljs-keyword">const</span> a = <span class="hljs-string">&quot;x&lt;y&quot;</span>;\n<span class="hljs-comment">/* two\nlines */</span>';
    expect(tokensFromHtml(html)).toEqual([
      [
        { text: "const", role: "keyword" },
        { text: " a = " },
        { text: '"x<y"', role: "string" },
        { text: ";" },
      ],
      [{ text: "/* two", role: "comment" }],
      [{ text: "lines */", role: "comment" }],
    ]);
  });

  it("highlights a known language, keeps the text, and leaves unknown ones plain", async () => {
    const highlight = await loadHighlighter();
    const lines = highlight("function f() {\n  return 1; // one\n}", "ts")!;
    expect(lines.map((l) => l.map((t) => t.text).join(""))).toEqual([
      "function f() {",
      "  return 1; // one",
      "}",
    ]);
    expect(lines[0]).toContainEqual({ text: "function", role: "keyword" });
    expect(lines[1]).toContainEqual({ text: "// one", role: "comment" });
    expect(highlight("x", "no-such-language")).toBeUndefined();
    expect(highlight("x", "")).toBeUndefined();
  });
});
