import { assistantMessage, type Message, text, userMessage } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { chooseCut } from "./compaction.js";

const u = (t: string): Message => userMessage(text(t));
const a = (t: string): Message => assistantMessage(text(t));
const call = (id: string): Message => assistantMessage({ type: "tool_use", id, name: "read", input: {} });
const result = (id: string, t: string): Message =>
  userMessage({ type: "tool_result", toolUseId: id, content: t });

describe("chooseCut", () => {
  it("keeps the newest messages from an assistant message, never splitting a tool pair", () => {
    const history = [
      u("x".repeat(500)),
      call("1"),
      result("1", "y".repeat(500)),
      call("2"),
      result("2", "z"),
      a("done"),
    ];
    const cut = chooseCut(history, 0.3)!;
    expect(history[cut]!.role).toBe("assistant");
    expect(cut).toBeGreaterThanOrEqual(2);
    // Every tool_use in the kept part has its result in the kept part.
    const kept = history.slice(cut);
    const uses = kept.flatMap((m) => m.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : [])));
    const results = kept.flatMap((m) =>
      m.content.flatMap((b) => (b.type === "tool_result" ? [b.toolUseId] : [])),
    );
    expect(results.every((id) => uses.includes(id))).toBe(true);
  });
  it("falls back to the newest assistant message when nothing fits the share", () => {
    const history = [u("a"), a("b"), u("c"), a("x".repeat(1000))];
    expect(chooseCut(history, 0.1)).toBe(3);
  });
  it("has nothing to cut in a short history", () => {
    expect(chooseCut([u("a"), a("b")], 0.3)).toBeUndefined();
  });
});
