import { type ModelRequest, text, userMessage } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import type { ProbeStep } from "./probe-step.js";
import { fingerprintRequest } from "./request-fingerprint.js";
import { checkWire, wirePrefix } from "./wire-check.js";

const tool = { name: "edit", description: "Edit", input_schema: { type: "object" } };
const system = [{ type: "text", text: "You are Picasso." }];
const call = (input: Record<string, unknown>) => ({
  role: "assistant",
  content: [{ type: "tool_use", id: "t1", name: "edit", input }],
});
const result = { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "ok" }] };
const mark = { type: "ephemeral" };

function step(n: number, wire: unknown, messages: number): ProbeStep {
  const request: ModelRequest = {
    model: "m",
    maxTokens: 1,
    tools: [],
    system: [],
    messages: Array.from({ length: messages }, () => userMessage(text("x"))),
    cacheBreakpoints: [{ segment: "message", index: messages - 1 }],
  };
  return {
    n,
    lane: "main",
    turn: n,
    step: n - 1,
    purpose: "step",
    mode: "default",
    request,
    fingerprint: fingerprintRequest(request),
    usage: { read: 0, write: 0, uncached: 0, output: 0 },
    after: { compaction: false, resume: false, newSession: false },
    pid: 1,
    wire,
  };
}

const first = {
  tools: [tool],
  system,
  messages: [{ role: "user", content: "go" }, call({ path: "a", old: "x" }), result],
};

describe("checkWire", () => {
  it("ignores where the cache_control markers sit", () => {
    const marked = {
      ...first,
      tools: [{ ...tool, cache_control: mark }],
      messages: [
        ...first.messages,
        { role: "user", content: [{ type: "text", text: "more", cache_control: mark }] },
      ],
    };
    expect(checkWire([step(1, first, 3), step(2, marked, 4)], "anthropic")).toEqual([]);
  });

  it("catches a tool_use input re-serialised in another key order", () => {
    const reordered = { ...first, messages: [first.messages[0], call({ old: "x", path: "a" }), result] };
    const [finding] = checkWire([step(1, first, 3), step(2, reordered, 3)], "anthropic");
    expect(finding).toMatchObject({ kind: "wire-changed", segment: "message", index: 1, n: 2 });
    expect(finding!.after).toContain('"old"');
  });

  it("catches a system block changed on the wire", () => {
    const changed = { ...first, system: [{ type: "text", text: "You are Picasso. 12:00" }] };
    expect(checkWire([step(1, first, 3), step(2, changed, 3)], "anthropic")[0]).toMatchObject({
      segment: "system",
      index: 0,
    });
  });

  it("holds the next day's new session to Tier 1 only, then checks its messages as usual", () => {
    const opened = (n: number, wire: unknown, messages: number): ProbeStep => ({
      ...step(n, wire, messages),
      after: { compaction: false, resume: false, newSession: true },
    });
    const day2 = { ...first, messages: [{ role: "user", content: "good morning" }] };
    expect(checkWire([step(1, first, 3), opened(2, day2, 1)], "anthropic")).toEqual([]);
    const dated = { ...day2, system: [{ type: "text", text: "You are Picasso. 2026-01-16" }] };
    expect(checkWire([step(1, first, 3), opened(2, dated, 1)], "anthropic")[0]).toMatchObject({
      segment: "system",
      n: 2,
    });
    const rewritten = { ...first, messages: [{ role: "user", content: "GOOD MORNING" }, result] };
    expect(
      checkWire([step(1, first, 3), opened(2, day2, 1), step(3, rewritten, 2)], "anthropic")[0],
    ).toMatchObject({ segment: "message", index: 0, n: 3 });
  });

  it("reads OpenAI bodies: the system message is Tier 1, the whole previous prompt must be repeated", () => {
    const o1 = {
      tools: [{ type: "function" }],
      messages: [
        { role: "system", content: "S" },
        { role: "user", content: "go" },
      ],
    };
    expect(wirePrefix(o1, "openai")).toEqual({
      tools: ['{"type":"function"}'],
      system: ['{"role":"system","content":"S"}'],
      messages: ['{"role":"user","content":"go"}'],
    });
    const o2 = { ...o1, messages: [...o1.messages, { role: "assistant", content: "ok" }] };
    expect(checkWire([step(1, o1, 1), step(2, o2, 2)], "openai")).toEqual([]);
    const o3 = { ...o1, messages: [o1.messages[0], { content: "go", role: "user" }] };
    expect(checkWire([step(1, o1, 1), step(2, o3, 1)], "openai")[0]).toMatchObject({
      segment: "message",
      index: 0,
    });
  });
});
