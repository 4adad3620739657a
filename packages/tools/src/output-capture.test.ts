import { describe, expect, it } from "vitest";
import { HeadTailCapture, RollingCapture } from "./output-capture.js";

describe("HeadTailCapture", () => {
  it("keeps everything while under the limits", () => {
    const capture = new HeadTailCapture(4, 4);
    capture.push(Buffer.from("abc"));
    capture.push(Buffer.from("def"));
    expect(capture.text()).toBe("abcdef");
  });

  it("keeps the head and the tail and marks the gap", () => {
    const capture = new HeadTailCapture(3, 3);
    for (const chunk of ["abcd", "efgh", "ijkl"]) capture.push(Buffer.from(chunk));
    expect(capture.text()).toBe("abc\n[… 6 bytes omitted …]\njkl");
    expect(capture.total).toBe(12);
  });
});

describe("RollingCapture", () => {
  it("reads incrementally from an offset and reports dropped bytes", () => {
    const capture = new RollingCapture(5);
    capture.push(Buffer.from("hello"));
    const first = capture.readFrom(0, 100);
    expect(first).toEqual({ text: "hello", next: 5, dropped: 0 });
    capture.push(Buffer.from(" world!"));
    const second = capture.readFrom(first.next, 100);
    expect(second).toEqual({ text: "orld!", next: 12, dropped: 2 });
    expect(capture.readFrom(second.next, 100).text).toBe("");
  });

  it("pages through with a read limit", () => {
    const capture = new RollingCapture(100);
    capture.push(Buffer.from("0123456789"));
    const page = capture.readFrom(0, 4);
    expect(page).toEqual({ text: "0123", next: 4, dropped: 0 });
    expect(capture.readFrom(page.next, 4).text).toBe("4567");
  });
});
