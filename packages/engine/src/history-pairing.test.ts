import { assistantMessage, type Message, text, UNKNOWN_OUTCOME_RESULT, userMessage } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { breaksPairing, repairPairing } from "./history-pairing.js";

const call = (id: string) => ({ type: "tool_use" as const, id, name: "read", input: { path: "a" } });
const result = (id: string, content = "ok") => ({ type: "tool_result" as const, toolUseId: id, content });
const good: Message[] = [
  userMessage(text("hi")),
  assistantMessage(text("reading"), call("t1"), call("t2")),
  userMessage(result("t1"), result("t2")),
  assistantMessage(text("done")),
  userMessage(text("next")),
];

describe("the pairing rules", () => {
  it("accept a well-formed history and leave it as it is", () => {
    expect(breaksPairing(good)).toBe(false);
    expect(repairPairing(good)).toEqual({ messages: good, problems: [] });
  });

  it("close a call whose result was lost as outcome unknown, first in the next user message", () => {
    const lost = [good[0]!, good[1]!, userMessage(result("t1")), ...good.slice(3)];
    expect(breaksPairing(lost)).toBe(true);
    const { messages, problems } = repairPairing(lost);
    expect(messages[2]!.content).toEqual([
      { type: "tool_result", toolUseId: "t2", content: UNKNOWN_OUTCOME_RESULT, isError: true },
      result("t1"),
    ]);
    expect(problems).toEqual(["message 2: the call t2 had no result; closed as outcome unknown"]);
    expect(breaksPairing(messages)).toBe(false);
  });

  it("drop a result whose call is not right before it, and a message left empty", () => {
    const orphan = [good[0]!, userMessage(result("t9")), ...good.slice(1)];
    const { messages, problems } = repairPairing(orphan);
    expect(messages).toEqual(good);
    expect(problems).toEqual([
      "message 1: a result for t9, a call not right before it, was dropped",
      "message 1: left empty, dropped",
    ]);
  });

  it("answer calls followed by another assistant message, or by nothing, in a message of their own", () => {
    const { messages } = repairPairing([good[0]!, assistantMessage(call("t1")), assistantMessage(text("x"))]);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(breaksPairing(messages)).toBe(false);
    const open = repairPairing([good[0]!, assistantMessage(call("t1"))]).messages;
    expect(open.at(-1)).toEqual(userMessage({ ...result("t1", UNKNOWN_OUTCOME_RESULT), isError: true }));
  });

  it("drop a tool call repeated later (a line written twice) with its results", () => {
    const twice = [...good.slice(0, 3), good[1]!, good[2]!, ...good.slice(3)];
    expect(breaksPairing(twice)).toBe(true);
    const { messages } = repairPairing(twice);
    expect(breaksPairing(messages)).toBe(false);
    expect(messages.flatMap((m) => m.content).filter((b) => b.type === "tool_use")).toHaveLength(2);
  });

  it("check only from a given message on (each request checks what is new)", () => {
    const lost = [...good, assistantMessage(call("t3")), userMessage(text("no result"))];
    expect(breaksPairing(lost, 5)).toBe(true);
    expect(breaksPairing(good, 4)).toBe(false);
  });
});
