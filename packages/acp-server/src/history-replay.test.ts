import { text, userMessage } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { historyUpdates } from "./history-replay.js";

describe("historyUpdates (session/load)", () => {
  it("replays the prompts a compaction summarised, the compaction as one line, and goal rounds without markup", () => {
    const updates = historyUpdates([
      { kind: "message", message: userMessage(text("first prompt")) },
      { kind: "compaction", trigger: "auto", summarisedMessages: 1 },
      {
        kind: "message",
        message: userMessage(text('ship it\n\n<system-reminder source="goal">Goal mode.</system-reminder>')),
      },
      {
        kind: "message",
        message: userMessage(text('<system-reminder source="mode">plan</system-reminder>')),
      },
    ]);
    expect(
      updates.map((u) => [
        u.sessionUpdate,
        "content" in u && u.content && "text" in u.content ? u.content.text : "",
      ]),
    ).toEqual([
      ["user_message_chunk", "first prompt"],
      ["agent_message_chunk", "— conversation compacted (auto): 1 message summarised —"],
      ["user_message_chunk", "/goal ship it"],
    ]);
  });
});
