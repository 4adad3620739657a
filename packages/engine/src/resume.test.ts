import { assistantMessage, text, userMessage } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { pathsReadInHistory, pendingToolUses } from "./resume.js";

const read = (id: string, path: string) => ({ type: "tool_use" as const, id, name: "read", input: { path } });
const result = (id: string, isError = false) => ({
  type: "tool_result" as const,
  toolUseId: id,
  content: "x",
  ...(isError ? { isError: true } : {}),
});

describe("resume helpers", () => {
  it("finds successfully read paths, pairing results with the message before them", () => {
    const history = [
      userMessage(text("go")),
      assistantMessage(read("t1", "a.txt"), read("t2", "missing.txt")),
      userMessage(result("t1"), result("t2", true)),
      // The same id again later (a mock restarting its counter) must not hide the first read.
      assistantMessage({ type: "tool_use", id: "t1", name: "edit", input: {} }),
      userMessage(result("t1", true)),
      assistantMessage(read("t3", "b.txt")),
    ];
    expect(pathsReadInHistory(history)).toEqual(["a.txt"]);
    expect(pendingToolUses(history).map((b) => b.id)).toEqual(["t3"]);
    expect(pendingToolUses(history.slice(0, 3))).toEqual([]);
  });
});
