import { describe, expect, it } from "vitest";
import {
  backspace,
  down,
  EMPTY_INPUT,
  insertText,
  moveCursor,
  replaceWord,
  submit,
  up,
  withHistory,
  wordAtCursor,
} from "./input-state.js";

describe("input state", () => {
  it("inserts at the cursor and deletes before it", () => {
    let s = insertText(EMPTY_INPUT, "helo");
    s = moveCursor(s, "left");
    s = insertText(s, "l");
    expect(s.text).toBe("hello");
    expect(s.cursor).toBe(4);
    s = backspace(s);
    expect(s.text).toBe("helo");
  });

  it("walks history with up/down and restores the draft", () => {
    let s = insertText(withHistory(["first", "second"]), "draft");
    s = up(s);
    expect(s.text).toBe("second");
    s = up(s);
    expect(s.text).toBe("first");
    s = down(s);
    expect(s.text).toBe("second");
    s = down(s);
    expect(s.text).toBe("draft");
  });

  it("moves between lines of a multi-line prompt before touching history", () => {
    let s = insertText(withHistory(["old"]), "ab\ncd");
    s = up(s);
    expect(s.text).toBe("ab\ncd");
    expect(s.cursor).toBe(2);
    s = down(s);
    expect(s.cursor).toBe(5);
  });

  it("submits non-blank text into history and clears", () => {
    const { state, value } = submit(insertText(EMPTY_INPUT, "run tests"));
    expect(value).toBe("run tests");
    expect(state.text).toBe("");
    expect(state.history).toEqual(["run tests"]);
    expect(submit(insertText(EMPTY_INPUT, "   ")).value).toBeUndefined();
  });

  it("inserts a 100 KB paste in one edit", () => {
    const big = "x".repeat(100_000);
    const s = insertText(EMPTY_INPUT, big);
    expect(s.text.length).toBe(100_000);
    expect(s.cursor).toBe(100_000);
  });

  it("finds and replaces the word at the cursor", () => {
    const s = insertText(EMPTY_INPUT, "look at @src/ma");
    expect(wordAtCursor(s)).toEqual({ word: "@src/ma", start: 8 });
    expect(replaceWord(s, "@src/main.ts").text).toBe("look at @src/main.ts");
  });
});
