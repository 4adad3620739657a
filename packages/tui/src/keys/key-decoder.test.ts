import { describe, expect, it } from "vitest";
import { decodeKey } from "./key-decoder.js";

describe("decodeKey", () => {
  it("names the keys the TUI uses", () => {
    expect(decodeKey("\r")).toEqual({ kind: "key", name: "submit" });
    expect(decodeKey("\x1b\r")).toEqual({ kind: "key", name: "newline" });
    expect(decodeKey("\n")).toEqual({ kind: "key", name: "newline" });
    expect(decodeKey("\x1b[Z")).toEqual({ kind: "key", name: "shift-tab" });
    expect(decodeKey("\x1b")).toEqual({ kind: "key", name: "escape" });
    expect(decodeKey("\x03")).toEqual({ kind: "key", name: "ctrl-c" });
    expect(decodeKey("\x04")).toEqual({ kind: "key", name: "ctrl-d" });
    expect(decodeKey("\x1b[A")).toEqual({ kind: "key", name: "up" });
    expect(decodeKey("\x7f")).toEqual({ kind: "key", name: "backspace" });
  });

  it("treats typed text followed by one Enter as text then submit", () => {
    expect(decodeKey("hello\r")).toEqual({ kind: "text", text: "hello", submit: true });
  });

  it("keeps line breaks of a pasted block as newlines without submitting", () => {
    expect(decodeKey("a\rb\r")).toEqual({ kind: "text", text: "a\nb\n" });
    expect(decodeKey("one\r\ntwo")).toEqual({ kind: "text", text: "one\ntwo" });
  });

  it("ignores unknown escape sequences and bare control characters", () => {
    expect(decodeKey("\x1b[99~").kind).toBe("ignored");
    expect(decodeKey("\x07").kind).toBe("ignored");
  });
});
