import { INTERRUPTED_RESULT, UNKNOWN_OUTCOME_RESULT } from "@picasso/protocol/basics";
import { describe, expect, it } from "vitest";
import type { ReplayEntry } from "./lane-replay.js";
import { shownReplay } from "./shown-replay.js";

const toolUse = (id: string) => ({ type: "tool_use" as const, id, name: "bash", input: { command: id } });
const result = (id: string, content: string, isError?: boolean) => ({
  type: "tool_result" as const,
  toolUseId: id,
  content,
  ...(isError === undefined ? {} : { isError }),
});

describe("shownReplay (a resumed session's conversation as the surfaces show it)", () => {
  it("leaves the session facts out of a user message and keeps its other text blocks in order", () => {
    const replay: ReplayEntry[] = [
      {
        kind: "message",
        message: {
          role: "user",
          content: [
            { type: "text", text: "<session-facts>\ndate: today\n</session-facts>" },
            { type: "text", text: "fix the bug" },
            { type: "text", text: "and test it" },
          ],
        },
      },
      { kind: "message", message: { role: "user", content: [{ type: "text", text: "<session-facts>…" }] } },
    ];
    expect(shownReplay(replay)).toEqual([{ kind: "user", texts: ["fix the bug", "and test it"] }]);
  });

  it("gives each tool use the outcome of its result: ok, error, or interrupted", () => {
    const replay: ReplayEntry[] = [
      {
        kind: "message",
        message: {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "let me look" },
            { type: "text", text: "Running." },
            toolUse("a"),
            toolUse("b"),
            toolUse("c"),
            toolUse("d"),
            toolUse("e"),
          ],
        },
      },
      {
        kind: "message",
        message: {
          role: "user",
          content: [
            result("a", "done"),
            result("b", "exit 1", true),
            result("c", INTERRUPTED_RESULT, true),
            result("d", UNKNOWN_OUTCOME_RESULT),
          ],
        },
      },
    ];
    const tools = shownReplay(replay).filter((item) => item.kind === "tool");
    expect(tools.map((t) => [t.id, t.outcome, t.output])).toEqual([
      ["a", "ok", "done"],
      ["b", "error", "exit 1"],
      ["c", "interrupted", INTERRUPTED_RESULT],
      ["d", "interrupted", UNKNOWN_OUTCOME_RESULT],
      ["e", "interrupted", ""],
    ]);
    expect(shownReplay(replay).slice(0, 2)).toEqual([
      { kind: "thinking", text: "let me look" },
      { kind: "text", text: "Running." },
    ]);
  });

  it("shows a compaction as its one line", () => {
    expect(
      shownReplay([
        { kind: "compaction", trigger: "auto", summarisedMessages: 1 },
        { kind: "compaction", trigger: "manual", summarisedMessages: 4 },
      ]),
    ).toEqual([
      { kind: "compaction", line: "— conversation compacted (auto): 1 message summarised —" },
      { kind: "compaction", line: "— conversation compacted (manual): 4 messages summarised —" },
    ]);
  });
});
