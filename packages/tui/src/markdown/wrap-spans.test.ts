import { describe, expect, it } from "vitest";
import { parseInline } from "./markdown-blocks.js";
import { wrapSpans } from "./wrap-spans.js";

const text = (lines: ReturnType<typeof wrapSpans>) => lines.map((l) => l.map((s) => s.text).join(""));

describe("wrapSpans", () => {
  it("breaks at spaces and never starts or ends a line with one", () => {
    const lines = wrapSpans(parseInline("This reply is long enough to wrap more than once"), 20);
    expect(text(lines)).toEqual(["This reply is long", "enough to wrap more", "than once"]);
  });

  it("keeps the styles of the spans it splits", () => {
    const lines = wrapSpans(parseInline("run `npm test` then **read the output** carefully"), 16);
    expect(text(lines)).toEqual(["run npm test", "then read the", "output carefully"]);
    expect(lines[0]).toEqual([
      { kind: "text", text: "run " },
      { kind: "code", text: "npm test" },
    ]);
    expect(lines[1]).toEqual([
      { kind: "text", text: "then " },
      { kind: "bold", text: "read the" },
    ]);
  });

  it("keeps a word that crosses spans together and cuts one longer than the width", () => {
    expect(text(wrapSpans(parseInline("see **this**, then"), 10))).toEqual(["see this,", "then"]);
    expect(text(wrapSpans(parseInline(`x ${"a".repeat(12)}`), 5))).toEqual(["x", "aaaaa", "aaaaa", "aa"]);
  });

  it("keeps runs of spaces inside a line (table columns)", () => {
    expect(text(wrapSpans(parseInline("step  stop      msgs"), 40))).toEqual(["step  stop      msgs"]);
  });

  it("gives one empty line for empty text", () => {
    expect(wrapSpans([], 10)).toEqual([[]]);
  });
});
