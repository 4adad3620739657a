import { type Message, text, userMessage } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { diffPrefix, firstDifferingByte, prefixOffset } from "./prefix-diff.js";

const tools = [
  { name: "read", description: "Read a file", inputSchema: { type: "object" } },
  { name: "bash", description: "Run a command", inputSchema: { type: "object" } },
];
const system = [{ id: "identity", text: "You are Picasso." }];
const messages: Message[] = [userMessage(text("hello")), { role: "assistant", content: [text("hi")] }];
const base = { tools, system, messages };

describe("diffPrefix", () => {
  it("finds nothing when b repeats a's prefix and only appends", () => {
    expect(diffPrefix(base, { ...base, messages: [...messages, userMessage(text("more"))] })).toBeUndefined();
  });

  it("names the tool that moved and the first differing byte", () => {
    const d = diffPrefix(base, { ...base, tools: [tools[1]!, tools[0]!] });
    expect(d).toMatchObject({ segment: "tools", index: 0, name: "read" });
    expect(d!.byte).toBeGreaterThan(0);
    expect(d!.after).toContain("Run a command");
  });

  it("shows a timestamp added to a system block", () => {
    const d = diffPrefix(base, {
      ...base,
      system: [{ id: "identity", text: "You are Picasso. Time: 12:00" }],
    });
    expect(d).toMatchObject({ segment: "system", index: 0 });
    expect(d!.after).toContain("Time: 12:00");
    expect(prefixOffset(base, d!)).toBe(Buffer.byteLength(JSON.stringify(tools.map(sorted))) + d!.byte);
  });

  it("reports a rewritten message by index, and a missing one at byte 0", () => {
    const rewritten = diffPrefix(base, {
      ...base,
      messages: [messages[0]!, { role: "assistant", content: [text("ho")] }],
    });
    expect(rewritten).toMatchObject({ segment: "message", index: 1 });
    expect(diffPrefix(base, { ...base, messages: [messages[0]!] })).toMatchObject({
      segment: "message",
      index: 1,
      byte: 0,
    });
  });

  it("stops at the segment it is given", () => {
    const changed = { ...base, messages: [userMessage(text("other"))] };
    expect(diffPrefix(base, changed, { segment: "system", index: 0 })).toBeUndefined();
    expect(diffPrefix(base, changed, { segment: "message", index: 0 })).toMatchObject({
      segment: "message",
      index: 0,
    });
  });
});

describe("firstDifferingByte", () => {
  it("counts UTF-8 bytes", () => {
    expect(firstDifferingByte("é-a", "é-b")).toBe(3);
    expect(firstDifferingByte("same", "same")).toBe(-1);
    expect(firstDifferingByte("ab", "abc")).toBe(2);
  });
});

function sorted<T extends Record<string, unknown>>(tool: T): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(tool)
      .sort()
      .map((k) => [k, tool[k]]),
  );
}
