import { type CacheBreakpoint, type Message, type ModelRequest, text, userMessage } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { cachedFloor, checkSteps } from "./drop-check.js";
import type { ProbeStep, StepUsage } from "./probe-step.js";
import { fingerprintRequest } from "./request-fingerprint.js";

const tools = [{ name: "read", description: "Read a file", inputSchema: { type: "object" } }];
const system = [{ id: "identity", text: "You are Picasso." }];
const u = (t: string): Message => userMessage(text(t));
const a = (t: string): Message => ({ role: "assistant", content: [text(t)] });

function step(
  n: number,
  messages: Message[],
  usage: Partial<StepUsage>,
  extra: Partial<ProbeStep> & { breakpoints?: CacheBreakpoint[]; tools?: ModelRequest["tools"] } = {},
): ProbeStep {
  const last = messages.length - 1;
  const request: ModelRequest = {
    model: "m",
    maxTokens: 100,
    tools: extra.tools ?? tools,
    system,
    messages,
    cacheBreakpoints: extra.breakpoints ?? [
      { segment: "system", index: 0 },
      ...(last > 0 ? [{ segment: "message" as const, index: last - 1 }] : []),
      { segment: "message", index: last },
    ],
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
    usage: { read: 0, write: 0, uncached: 0, output: 0, ...usage },
    after: { compaction: false, resume: false, newSession: false },
    pid: 1,
    ...extra,
  };
}

const options = { rules: "anthropic" as const, minCacheable: 100, tier1Tokens: 150 };
const h1 = [u("hello")];
const h2 = [...h1, a("hi"), u("read it")];
const h3 = [...h2, a("done"), u("thanks")];

describe("checkSteps", () => {
  it("passes a growing conversation that reads what the previous request cached", () => {
    const steps = [
      step(1, h1, { write: 200 }),
      step(2, h2, { read: 200, write: 50 }),
      step(3, h3, { read: 250, write: 40 }),
    ];
    expect(checkSteps(steps, options)).toEqual([]);
  });

  it("reports a shortfall when the bytes were identical but the read was smaller", () => {
    const steps = [step(1, h1, { write: 200 }), step(2, h2, { read: 150, write: 100 })];
    const [finding] = checkSteps(steps, options);
    expect(finding).toMatchObject({
      kind: "cache-shortfall",
      expected: false,
      n: 2,
      expectedRead: 200,
      read: 150,
    });
  });

  it("reports Tier 1 changes with the segment and byte", () => {
    const other = [...tools, { name: "mcp__x", description: "added", inputSchema: {} }];
    const steps = [step(1, h1, { write: 200 }), step(2, h2, { write: 250 }, { tools: other })];
    const [finding] = checkSteps(steps, options);
    expect(finding).toMatchObject({ kind: "tier1-changed", segment: "tools", index: 1, name: "mcp__x" });
    expect(finding!.byte).toBeGreaterThan(0);
  });

  it("reports a rewritten message as a drop unless a compaction did it", () => {
    const rewritten = [u("HELLO"), a("hi"), u("read it")];
    const drop = checkSteps(
      [step(1, h1, { write: 200 }), step(2, rewritten, { read: 150, write: 100 })],
      options,
    );
    expect(drop[0]).toMatchObject({ kind: "prefix-changed", segment: "message", index: 0, expected: false });
    const compacted = step(
      2,
      rewritten,
      { read: 150, write: 100 },
      { after: { compaction: true, resume: false, newSession: false } },
    );
    const expected = checkSteps([step(1, h1, { write: 200 }), compacted], options);
    expect(expected).toEqual([expect.objectContaining({ kind: "compaction", expected: true, index: 0 })]);
  });

  it("still requires Tier 1 after a compaction", () => {
    const compacted = step(
      2,
      [u("summary")],
      { read: 0, write: 250 },
      { after: { compaction: true, resume: false, newSession: false } },
    );
    const findings = checkSteps([step(1, h1, { write: 200 }), compacted], options);
    expect(findings.map((f) => f.kind)).toEqual(["compaction", "tier1-miss"]);
  });

  it("requires a subagent's first request to read Tier 1, unless Tier 1 is below the minimum", () => {
    const child = step(2, [u("task")], { read: 0, write: 160 }, { lane: "agent-1" });
    expect(checkSteps([step(1, h1, { write: 200 }), child], options)[0]).toMatchObject({
      kind: "tier1-miss",
    });
    expect(checkSteps([step(1, h1, { write: 200 }), child], { ...options, tier1Tokens: 90 })).toEqual([]);
  });

  it("expects a lane on another model to write Tier 1 once, and the next lane on it to read it", () => {
    const other = (n: number, lane: string, usage: Partial<StepUsage>) => {
      const s = step(n, [u("task")], usage, { lane });
      s.request = { ...s.request, model: "other-model" };
      return s;
    };
    const findings = checkSteps(
      [step(1, h1, { write: 200 }), other(2, "agent-1", { write: 160 }), other(3, "agent-2", { write: 160 })],
      options,
    );
    expect(findings.map((f) => `${f.n}:${f.kind}:${f.expected}`)).toEqual([
      "2:other-model:true",
      "3:tier1-miss:false",
    ]);
    expect(findings[0]!.message).toContain("cache per model");
  });

  it("catches 20+ blocks past a lone trailing breakpoint", () => {
    const calls = Array.from({ length: 21 }, (_, i) => u(`result ${i}`));
    const grown = [...h2, ...calls];
    const lone: CacheBreakpoint[] = [{ segment: "message", index: grown.length - 1 }];
    const findings = checkSteps(
      [step(1, h2, { write: 200 }), step(2, grown, { read: 200, write: 100 }, { breakpoints: lone })],
      options,
    );
    expect(findings.map((f) => f.kind)).toContain("lookback");
  });

  it("expects the next day's new session to write Tier 1 again, then checks it as usual", () => {
    const day2 = [u("good morning")];
    const opened = { after: { compaction: false, resume: false, newSession: true } };
    const steps = [
      step(1, h1, { write: 200 }),
      step(2, h2, { read: 200, write: 50 }),
      // The provider's cache expired overnight: nothing is read, Tier 1 is written again.
      step(3, day2, { write: 180 }, opened),
      step(4, [...day2, a("morning"), u("read it")], { read: 180, write: 60 }),
    ];
    const findings = checkSteps(steps, options);
    expect(findings).toEqual([
      expect.objectContaining({ n: 3, kind: "new-session", expected: true, read: 0 }),
    ]);
    expect(findings[0]!.message).toContain("expired overnight");
    // The day-2 session's requests are checked against their predecessor in that session.
    const short = [
      ...steps.slice(0, 3),
      step(4, [...day2, a("morning"), u("read it")], { read: 0, write: 240 }),
    ];
    expect(checkSteps(short, options).map((f) => `${f.n}:${f.kind}`)).toEqual([
      "3:new-session",
      "4:cache-shortfall",
    ]);
  });

  it("keeps a Tier-1 change in the next day's session an unexpected drop", () => {
    const dated = [{ id: "identity", text: "You are Picasso. Today is 2026-01-16." }];
    const opened = { after: { compaction: false, resume: false, newSession: true } };
    const day2 = step(2, [u("good morning")], { write: 190 }, opened);
    day2.request = { ...day2.request, system: dated };
    day2.fingerprint = fingerprintRequest(day2.request);
    const [finding, ...rest] = checkSteps([step(1, h1, { write: 200 }), day2], options);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      n: 2,
      kind: "tier1-changed",
      expected: false,
      segment: "system",
      index: 0,
    });
    expect(finding!.message).toContain("next day");
  });

  it("applies OpenAI's 128-token steps", () => {
    expect(cachedFloor("openai", 1500, 1024)).toBe(1408);
    expect(cachedFloor("openai", 1000, 1024)).toBe(0);
    expect(cachedFloor("anthropic", 1500, 1024)).toBe(1500);
    const openai = { ...options, rules: "openai" as const, minCacheable: 1024, tier1Tokens: 0 };
    const ok = [step(1, h1, { uncached: 1500 }), step(2, h2, { read: 1408, uncached: 300 })];
    expect(checkSteps(ok, openai)).toEqual([]);
    const short = [step(1, h1, { uncached: 1500 }), step(2, h2, { read: 1280, uncached: 428 })];
    expect(checkSteps(short, openai)[0]).toMatchObject({ kind: "cache-shortfall", expectedRead: 1408 });
  });
});
