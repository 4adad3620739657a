/**
 * The fold's rules on small event lists: usage figures and cost weights, what counts as not
 * recorded, streaming with `keepTurns: false`, snapshots for the live session, and tolerance of
 * logs without the engine's optional extras.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { LogEvent } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { foldTimelineEvents, renderTimeline, TimelineFolder, type TimelineTurn } from "../src/index.js";
import { ev } from "./log-event.js";

const request = (turn: number, step: number, ttl?: "1h", lane = "main") =>
  ev(
    turn,
    {
      type: "model_request",
      step,
      headerHash: "H",
      messageCount: 1,
      bytes: { tools: 1, system: 1, messages: 1 },
      hashes: { tools: "T", system: "S", messages: "M" },
      breakpoints: [{ segment: "message", index: 0, ...(ttl ? { ttl } : {}) }],
    },
    lane,
  );
const response = (turn: number, step: number, usage: Record<string, number>, lane = "main") =>
  ev(turn, { type: "model_response", step, stopReason: "end_turn", usage, latencyMs: 5 }, lane);

describe("usage figures", () => {
  it("weighs uncached 1×, read 0.1×, 5-minute write 1.25×, 1-hour write 2×", () => {
    const t = foldTimelineEvents([
      request(1, 0),
      response(1, 0, {
        inputTokens: 100,
        cacheReadTokens: 1000,
        cacheWriteTokens: 300,
        cacheWrite5mTokens: 200,
        cacheWrite1hTokens: 100,
        outputTokens: 7,
      }),
    ]);
    const step = t.turns[0]!.lanes[0]!.steps[0]!;
    expect(step.costInputEquivalent).toBe(100 + 100 + 250 + 200);
    expect(step.promptTokens).toBe(1400);
    expect(step.cacheReadShare).toBe(Math.round((1000 / 1400) * 10_000) / 10_000);
    expect(step.notRecorded).toEqual([]);
    expect(t.totals).toMatchObject({
      inputTokens: 100,
      cacheReadTokens: 1000,
      outputTokens: 7,
      costInputEquivalent: 650,
    });
  });

  it("reads unsplit writes as 5-minute writes only when no breakpoint asked for 1 hour", () => {
    const fiveMinutes = foldTimelineEvents([
      request(1, 0),
      response(1, 0, { inputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 400 }),
    ]);
    expect(fiveMinutes.turns[0]!.lanes[0]!.steps[0]!.costInputEquivalent).toBe(500);
    const oneHour = foldTimelineEvents([
      request(1, 0, "1h"),
      response(1, 0, { inputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 400 }),
    ]);
    const step = oneHour.turns[0]!.lanes[0]!.steps[0]!;
    expect(step.costInputEquivalent).toBeNull();
    expect(step.notRecorded).toContain("costInputEquivalent");
    expect(oneHour.totals.costInputEquivalent).toBeNull();
    expect(oneHour.totals.notRecorded).toContain("costInputEquivalent");
  });

  it("never turns an unreported field into 0, in steps or in totals", () => {
    const t = foldTimelineEvents([
      request(1, 0),
      response(1, 0, { outputTokens: 3 }),
      request(1, 1),
      response(1, 1, { inputTokens: 10, outputTokens: 4 }),
    ]);
    const [a, b] = t.turns[0]!.lanes[0]!.steps;
    expect(a!.usage).toMatchObject({ inputTokens: null, cacheReadTokens: null, outputTokens: 3 });
    expect(a!.promptTokens).toBeNull();
    expect(b!.prefixCheck).toBe("not_recorded");
    expect(t.totals.inputTokens).toBe(10);
    expect(t.totals.stepsMissing).toMatchObject({ inputTokens: 1, cacheReadTokens: 2 });
    expect(t.totals.cacheReadTokens).toBeNull();
    expect(t.totals.notRecorded).toEqual(expect.arrayContaining(["cacheReadTokens", "cacheReadShare"]));
  });

  it("an OpenAI-style usage (cache read, no writes) still gets a share and a cost", () => {
    const t = foldTimelineEvents([
      request(1, 0),
      response(1, 0, { inputTokens: 200, cacheReadTokens: 1800, outputTokens: 9 }),
    ]);
    const step = t.turns[0]!.lanes[0]!.steps[0]!;
    expect(step.cacheReadShare).toBe(0.9);
    expect(step.costInputEquivalent).toBe(380);
    expect(step.notRecorded).toEqual([
      "usage.cacheWriteTokens",
      "usage.cacheWrite5mTokens",
      "usage.cacheWrite1hTokens",
    ]);
  });
});

describe("steps", () => {
  it("counts the provider's retries the engine logged for a step, and shows them", () => {
    const retried = {
      ...response(1, 0, { inputTokens: 1, cacheReadTokens: 0 }),
      retries: 2,
    } as unknown as LogEvent;
    const t = foldTimelineEvents([request(1, 0), retried, request(1, 1), response(1, 1, { inputTokens: 1 })]);
    expect(t.turns[0]!.lanes[0]!.steps.map((s) => s.retries)).toEqual([2, 0]);
    expect(renderTimeline(t)).toMatch(/end_turn \(2 retries\)/);
  });
});

describe("streaming and live use", () => {
  const log = readFileSync(fileURLToPath(new URL("./fixtures/broken-prefix.jsonl", import.meta.url)), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as LogEvent);

  it("hands each finished turn to onTurn and keeps none with keepTurns: false", () => {
    const handed: TimelineTurn[] = [];
    const streaming = foldTimelineEvents(log, { keepTurns: false, onTurn: (t) => handed.push(t) });
    const whole = foldTimelineEvents(log);
    expect(streaming.turns).toEqual([]);
    expect(handed).toEqual(whole.turns);
    expect(streaming.totals).toEqual(whole.totals);
  });

  it("hands a turn over as soon as the next one starts", () => {
    const handed: number[] = [];
    const folder = new TimelineFolder({ onTurn: (t) => handed.push(t.turn) });
    for (const event of log.filter((e) => e.turn <= 2)) folder.add(event);
    expect(handed).toEqual([1]);
    folder.finish();
    expect(handed).toEqual([1, 2]);
  });

  it("gives snapshots that later events do not change (the live session's view)", () => {
    const folder = new TimelineFolder();
    const firstTurn = log.filter((e) => e.turn <= 1);
    for (const event of firstTurn) folder.add(event);
    const early = folder.snapshot();
    const frozen = JSON.stringify(early);
    for (const event of log.slice(firstTurn.length)) folder.add(event);
    expect(JSON.stringify(early)).toBe(frozen);
    expect(folder.snapshot().turns.length).toBe(5);
    expect(early.turns.length).toBe(1);
  });

  it("shows a step awaiting its response as such, then fills it in", () => {
    const folder = new TimelineFolder();
    folder.add(ev(1, { type: "turn_start", input: "go" }));
    folder.add(request(1, 0));
    const waiting = folder.snapshot().turns[0]!.lanes[0]!.steps[0]!;
    expect(waiting).toMatchObject({ stopReason: null, notRecorded: ["response"] });
    folder.add(response(1, 0, { inputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 }));
    expect(folder.snapshot().turns[0]!.lanes[0]!.steps[0]!.stopReason).toBe("end_turn");
  });
});

describe("inconsistent logs", () => {
  it("reports a message index gap and a response without its request as problems", () => {
    const t = foldTimelineEvents([
      ev(1, { type: "message", index: 3, source: "user", message: { role: "user", content: [] } }),
      response(1, 9, { inputTokens: 1 }),
    ]);
    expect(t.problems).toEqual([
      expect.stringMatching(/message index 3 where 0 was expected/),
      expect.stringMatching(/response to step 9 without its request/),
    ]);
    expect(t.session.notRecorded).toEqual(expect.arrayContaining(["id", "model", "tier1"]));
  });
});

describe("turn inputs", () => {
  it("show the user's words, not the reminders Picasso adds to a goal's rounds", () => {
    const t = foldTimelineEvents([
      ev(1, {
        type: "turn_start",
        input:
          'ship the parser\n\n<system-reminder source="goal">Goal mode: re-entered each round.</system-reminder>',
      }),
      ev(2, {
        type: "turn_start",
        input:
          '<system-reminder source="goal-round">Goal round 2 of 5. Objective: ship the parser Done when: tests pass.</system-reminder>',
      }),
    ]);
    expect(t.turns.map((turn) => turn.input?.preview)).toEqual([
      "/goal ship the parser",
      "goal round 2 of 5: ship the parser",
    ]);
    expect(renderTimeline(t)).not.toContain("system-reminder");
  });
});
