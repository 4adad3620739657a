import { beforeAll, describe, expect, it } from "vitest";
import { parseInline } from "./markdown-blocks.js";
import { loadMarkdownReader } from "./markdown-reader.js";
import { wrapSpans } from "./wrap-spans.js";

const text = (lines: ReturnType<typeof wrapSpans>) => lines.map((l) => l.map((s) => s.text).join(""));

// marked loads on first need (markdown-reader.ts); these tests read Markdown from the start.
beforeAll(() => loadMarkdownReader());

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

describe("wrapSpans on long unbroken text", () => {
  it("cuts 1 MB of one word into rows of the width in linear time", () => {
    const MB = 1024 * 1024;
    const started = performance.now();
    const lines = wrapSpans([{ kind: "text", text: "x".repeat(MB) }], 100);
    // Generous: a linear cut takes well under a second; re-splitting the rest of the word for
    // every row (what it did) took minutes for a megabyte.
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(lines).toHaveLength(Math.ceil(MB / 100));
    expect(lines.slice(0, -1).every((l) => l.length === 1 && l[0]!.text.length === 100)).toBe(true);
    expect(lines.at(-1)![0]!.text).toHaveLength(MB % 100);
  });

  it("cuts a long word that crosses styled spans where the width falls", () => {
    const lines = wrapSpans(
      [
        { kind: "text", text: "aaaa" },
        { kind: "bold", text: "bbbbbb" },
      ],
      3,
    );
    expect(lines).toEqual([
      [{ kind: "text", text: "aaa" }],
      [
        { kind: "text", text: "a" },
        { kind: "bold", text: "bb" },
      ],
      [{ kind: "bold", text: "bbb" }],
      [{ kind: "bold", text: "b" }],
    ]);
  });
});
