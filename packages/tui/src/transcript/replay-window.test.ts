import { describe, expect, it } from "vitest";
import { clipHugeItem, REPLAY_LIMITS, replayWindow } from "./replay-window.js";
import type { NewItem } from "./transcript.js";

const LOG = "/home/u/.picasso/sessions/w/s1.jsonl";
const user = (text: string): NewItem => ({ kind: "user", text });

describe("clipHugeItem", () => {
  it("leaves a message of normal size as it is", () => {
    const item = user("a".repeat(REPLAY_LIMITS.hugeChars));
    expect(clipHugeItem(item, LOG)).toEqual([item]);
  });

  it("shows the head of a huge prompt and says how much is hidden and where the whole is", () => {
    const text = "QUJD".repeat(250_000);
    const [head, note] = clipHugeItem(user(text), LOG);
    expect(head).toEqual(user(text.slice(0, REPLAY_LIMITS.headChars)));
    expect(note).toEqual({
      kind: "notice",
      tone: "info",
      text: `… 998,000 more characters of this message not shown; the whole of it is in the session log: ${LOG}`,
    });
  });

  it("clips a tool's output and a reply the same way, never inside a surrogate pair", () => {
    const tool: NewItem = {
      kind: "tool",
      toolUseId: "t1",
      lane: "main",
      name: "bash",
      input: { command: "cat big" },
      status: "ok",
      content: "x".repeat(40_000),
    };
    const [clippedTool] = clipHugeItem(tool, LOG);
    expect(clippedTool).toMatchObject({ kind: "tool", content: "x".repeat(REPLAY_LIMITS.headChars) });
    const reply = `${"y".repeat(REPLAY_LIMITS.headChars - 1)}😀${"z".repeat(30_000)}`;
    const [clippedReply] = clipHugeItem({ kind: "assistant", lane: "main", text: reply }, LOG);
    expect(clippedReply).toMatchObject({ text: "y".repeat(REPLAY_LIMITS.headChars - 1) });
  });
});

describe("replayWindow", () => {
  it("replays a short history whole", () => {
    const items = [user("one"), { kind: "assistant", lane: "main", text: "two" } as NewItem];
    expect(replayWindow(items, LOG)).toEqual(items);
  });

  it("replays only the newest entries and says how many earlier ones are hidden", () => {
    const items = Array.from({ length: 1_000 }, (_, i) => user(`prompt ${i}`));
    const shown = replayWindow(items, LOG);
    expect(shown).toHaveLength(REPLAY_LIMITS.maxEntries + 1);
    expect(shown[0]).toEqual({
      kind: "notice",
      tone: "info",
      text: `… 800 earlier entries not shown; the whole session is in its log: ${LOG}`,
    });
    expect(shown.at(-1)).toEqual(user("prompt 999"));
  });

  it("stops at its character budget, and shows a 1 MB prompt as its head and a note", () => {
    const big = Array.from({ length: 50 }, (_, i) => user(`${i}`.padEnd(15_000, ".")));
    const shown = replayWindow(big, LOG);
    const chars = shown.reduce((n, item) => n + ("text" in item ? item.text.length : 0), 0);
    expect(chars).toBeLessThan(REPLAY_LIMITS.budgetChars + 1_000);
    expect(shown[0]).toMatchObject({ kind: "notice", text: expect.stringMatching(/^… \d+ earlier entries/) });

    const oneMb = replayWindow([user("a".repeat(1024 * 1024)), user("short")], LOG);
    expect(oneMb.map((item) => item.kind)).toEqual(["user", "notice", "user"]);
  });
});
