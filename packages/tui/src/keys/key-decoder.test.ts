import { describe, expect, it } from "vitest";
import { decodeKey, KeyDecoder } from "./key-decoder.js";

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

describe("KeyDecoder with bracketed paste", () => {
  it("submits at every Enter outside a paste, even when typed text and Enters arrive in one read", () => {
    const d = new KeyDecoder(true);
    expect(d.decode("hello\rworld\r")).toEqual([
      { kind: "text", text: "hello", submit: true },
      { kind: "text", text: "world", submit: true },
    ]);
    expect(d.decode("\rafter the goal")).toEqual([
      { kind: "key", name: "submit" },
      { kind: "text", text: "after the goal" },
    ]);
    expect(d.decode("\x1b[A")).toEqual([{ kind: "key", name: "up" }]);
  });

  it("keeps a marked paste's line breaks as newlines, then submits again after it", () => {
    const d = new KeyDecoder(true);
    expect(d.decode("\x1b[200~")).toEqual([]);
    expect(d.decode("line one\rline two\r\n")).toEqual([{ kind: "text", text: "line one\nline two\n" }]);
    expect(d.decode("\r")).toEqual([{ kind: "text", text: "\n" }]);
    expect(d.decode("\x1b[201~")).toEqual([]);
    expect(d.decode("\r")).toEqual([{ kind: "key", name: "submit" }]);
  });

  it("without bracketed paste keeps the one-chunk rule", () => {
    const d = new KeyDecoder(false);
    expect(d.decode("a\rb\r")).toEqual([{ kind: "text", text: "a\nb\n" }]);
    expect(d.decode("hello\r")).toEqual([{ kind: "text", text: "hello", submit: true }]);
  });
});
