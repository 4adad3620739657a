import { describe, expect, it } from "vitest";
import { firstSentence } from "./catalog-node.js";

describe("firstSentence", () => {
  it("ends at the first full stop followed by a space", () => {
    expect(firstSentence("Fetch a page. Then convert it.")).toBe("Fetch a page.");
  });

  it('does not stop at "e.g.", "i.e." or "etc."', () => {
    expect(firstSentence("Start a REPL or server (e.g. node, python) and keep it. More.")).toBe(
      "Start a REPL or server (e.g. node, python) and keep it.",
    );
    expect(firstSentence("Show it, i.e. a table, to the user. More.")).toBe(
      "Show it, i.e. a table, to the user.",
    );
    expect(firstSentence("E.g. this one. Next.")).toBe("E.g. this one.");
    expect(firstSentence("Globs, braces, etc. are supported. Next.")).toBe(
      "Globs, braces, etc. are supported.",
    );
  });
});
