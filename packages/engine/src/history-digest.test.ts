import { byteLength, canonicalJson, type Message, sha256 } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { digestMessages, messagesBytes } from "./history-digest.js";

const msg = (role: "user" | "assistant", text: string): Message => ({
  role,
  content: [{ type: "text", text }],
});
const expected = (messages: Message[]) => {
  const json = canonicalJson(messages);
  return { bytes: byteLength(json), hash: sha256(json) };
};

describe("digestMessages", () => {
  it("equals sha256 and byte length of the canonical JSON as a history grows", () => {
    const history: Message[] = [];
    expect(digestMessages(history)).toEqual(expected(history));
    for (let i = 0; i < 30; i++) {
      history.push(msg(i % 2 ? "assistant" : "user", `message ${i} — ünïcode ${"x".repeat(i)}`));
      expect(digestMessages(history)).toEqual(expected(history));
      expect(messagesBytes(history)).toBe(expected(history).bytes);
    }
  });

  it("starts over when the history is rewritten (compaction) or diverges (another variant)", () => {
    const history = [msg("user", "a"), msg("assistant", "b"), msg("user", "c")];
    digestMessages(history);
    const variant = [history[0]!, msg("assistant", "summary")];
    expect(digestMessages(variant)).toEqual(expected(variant));
    expect(digestMessages(history)).toEqual(expected(history));
    const shorter = history.slice(0, 2);
    expect(digestMessages(shorter)).toEqual(expected(shorter));
    const compacted = [msg("user", "summary of a, b"), history[2]!];
    expect(digestMessages(compacted)).toEqual(expected(compacted));
  });

  it("treats equal content in new objects as equal bytes", () => {
    const a = [msg("user", "same")];
    const b = [msg("user", "same")];
    expect(digestMessages(a)).toEqual(digestMessages(b));
  });
});

describe("chooseCut", () => {
  it("keeps the newest assistant-led tail that fits the share, as slicing would measure it", async () => {
    const { chooseCut } = await import("./compaction.js");
    const history: Message[] = [];
    for (let i = 0; i < 40; i++)
      history.push(msg(i % 2 ? "assistant" : "user", `turn ${i} ${"y".repeat(i * 3)}`));
    const total = messagesBytes(history);
    const cut = chooseCut(history, 0.3)!;
    expect(history[cut]!.role).toBe("assistant");
    expect(messagesBytes(history.slice(cut))).toBeLessThanOrEqual(total * 0.3);
    // the next older assistant message would not fit
    expect(messagesBytes(history.slice(cut - 2))).toBeGreaterThan(total * 0.3);
  });
});
