import type { ReplayEntry } from "@picasso/engine";
import { text, userMessage } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { historyItems } from "./history-items.js";

const user = (t: string): ReplayEntry => ({ kind: "message", message: userMessage(text(t)) });
const assistant = (t: string): ReplayEntry => ({
  kind: "message",
  message: { role: "assistant", content: [text(t)] },
});

describe("historyItems (a resumed session's replay)", () => {
  it("shows the prompts before a compaction and the compaction as one line, never its summary", () => {
    const items = historyItems([
      user("first prompt"),
      assistant("first answer"),
      { kind: "compaction", trigger: "manual", summarisedMessages: 2 },
      user("second prompt"),
    ]);
    expect(items).toEqual([
      { kind: "user", text: "first prompt" },
      { kind: "assistant", text: "first answer", lane: "main" },
      { kind: "notice", tone: "info", text: "— conversation compacted (manual): 2 messages summarised —" },
      { kind: "user", text: "second prompt" },
    ]);
  });

  it("shows a goal's rounds as the live screen did, not their reminders", () => {
    const items = historyItems([
      user('ship it\n\n<system-reminder source="goal">Goal mode: re-entered each round.</system-reminder>'),
      user(
        '<system-reminder source="goal-round">Goal round 2 of 5. Objective: ship it Done when: tests pass.</system-reminder>',
      ),
    ]);
    expect(items).toEqual([
      { kind: "user", text: "/goal ship it" },
      { kind: "notice", tone: "info", text: "goal round 2 of 5: ship it" },
    ]);
  });
});
