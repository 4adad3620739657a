/**
 * What each step's request sent first (step-attribution.ts), on a hand-written log that reads like
 * the conversation: a user message, a tool call whose results carry a Tier-2 load, a subagent run
 * in its own lane, a mode reminder with the plan section, a manual compaction after a turn, and
 * the next turn's request that sends the previous answer and the summary. And the relation every
 * timeline keeps: a lane's turn entries are its steps' entries plus what no request of the turn
 * sent — checked on this log, the hand-written fixtures and every engine golden.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type LogEvent, type SessionEventBody, type Tier2Kind, text } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import {
  foldTimelineEvents,
  foldTimelineFile,
  type Timeline,
  type TimelineEntry,
  type TimelineLane,
  type TimelineTurn,
  timelineChart,
} from "../src/index.js";
import { ev } from "./log-event.js";

/** A scripted lane: its message indices and step numbers follow the engine's. */
function lane(id: string) {
  let index = 0;
  let step = 0;
  const message = (turn: number, source: string, body: string, extra: object = {}) =>
    ev(
      turn,
      {
        type: "message",
        index: index++,
        source,
        message: { role: source === "assistant" ? "assistant" : "user", content: [text(body)] },
        ...extra,
      } as SessionEventBody,
      id,
    );
  return {
    message,
    /** A request holding the first `messageCount` messages (all of them by default). */
    request(turn: number, options: { messageCount?: number; purpose?: "compaction" } = {}): LogEvent[] {
      const n = step++;
      return [
        ev(
          turn,
          {
            type: "model_request",
            step: n,
            ...(options.purpose ? { purpose: options.purpose } : {}),
            headerHash: "H",
            messageCount: options.messageCount ?? index,
            bytes: { tools: 1, system: 1, messages: 1 },
            hashes: { tools: "T", system: "S", messages: "M" },
            breakpoints: [],
          } as SessionEventBody,
          id,
        ),
        ev(
          turn,
          {
            type: "model_response",
            step: n,
            stopReason: "tool_use",
            usage: { inputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 },
            latencyMs: 1,
          },
          id,
        ),
      ];
    },
    toolResult: (turn: number, name: string, bytes: number, status: "ok" | "error" = "ok") =>
      ev(
        turn,
        {
          type: "tool_result",
          toolUseId: `${id}-${name}-${index}`,
          name,
          status,
          bytes,
          durationMs: 1,
        } as SessionEventBody,
        id,
      ),
    tier2: (turn: number, kind: Tier2Kind, name: string, bytes: number) =>
      ev(turn, { type: "tier2_load", kind, name, bytes } as SessionEventBody, id),
    /** Messages before `keptFrom` summarised: the summary is message 0, the kept ones follow it. */
    compaction(turn: number, keptFrom: number): LogEvent {
      index = 1 + index - keptFrom;
      return ev(
        turn,
        {
          type: "compaction",
          trigger: "manual",
          removedMessages: keptFrom,
          summarisedMessages: keptFrom,
          keptFrom,
          bytesBefore: 900,
          bytesAfter: 300,
          summary: { role: "user", content: [text("SUMMARY")] },
        } as SessionEventBody,
        id,
      );
    },
  };
}

/**
 * Turn 1: user → step 0 → a tool call: load_skill (a Tier-2 skill body) and delegate (a subagent
 * that reads a file and answers) → step 1 → the answer. Turn 2: user, a mode reminder with the
 * plan section → step 2 → the answer; then a manual compaction (request step 3 over the first
 * four messages). Turn 3: user → step 4.
 */
function conversation(): LogEvent[] {
  const main = lane("main");
  const agent = lane("agent-1");
  return [
    ev(1, { type: "turn_start", input: "release it" }),
    main.message(1, "user", "release it", { factsBytes: 12 }),
    ...main.request(1),
    main.message(1, "assistant", "loading the skill and asking a helper"),
    main.tier2(1, "skill_body", "release", 400),
    main.toolResult(1, "load_skill", 420),
    ev(
      1,
      { type: "subagent_start", parentLane: "main", task: "find the version" } as SessionEventBody,
      "agent-1",
    ),
    agent.message(1, "subagent_task", "find the version"),
    ...agent.request(1),
    agent.message(1, "assistant", "reading package.json"),
    agent.toolResult(1, "read", 900),
    agent.message(1, "tool_results", "{…}"),
    ...agent.request(1),
    agent.message(1, "assistant", "the version is 1.2.3"),
    ev(1, { type: "subagent_stop", status: "done", reportBytes: 20 } as SessionEventBody, "agent-1"),
    main.toolResult(1, "delegate", 20),
    main.toolResult(1, "read", 50, "error"),
    main.message(1, "tool_results", "{…}"),
    ...main.request(1),
    main.message(1, "assistant", "released"),
    ev(1, { type: "turn_end", stopReason: "end_turn", steps: 2, usage: {} } as SessionEventBody),
    ev(2, { type: "turn_start", input: "plan the next one" }),
    main.message(2, "user", "plan the next one"),
    main.message(2, "reminder", "plan mode", { reminder: "plan-mode" }),
    main.tier2(2, "plan_mode", "plan-mode.section", 300),
    ...main.request(2),
    main.message(2, "assistant", "here is the plan"),
    ev(2, { type: "turn_end", stopReason: "end_turn", steps: 1, usage: {} } as SessionEventBody),
    // /compact after the turn: the summarisation request holds messages 0–3, 4–6 are kept.
    ...main.request(2, { messageCount: 4, purpose: "compaction" }),
    main.compaction(2, 4),
    ev(3, { type: "turn_start", input: "go" }),
    main.message(3, "user", "go"),
    ...main.request(3),
  ];
}

const kinds = (entries: TimelineEntry[]) =>
  entries.map(
    (e) =>
      `${e.kind}${e.name ? ` ${e.name}` : ""}${e.count > 1 ? ` ×${e.count}` : ""}${e.failed ? ` (${e.failed} failed)` : ""}`,
  );
const laneOf = (t: Timeline, turn: number, id: string): TimelineLane =>
  t.turns.find((x) => x.turn === turn)!.lanes.find((l) => l.lane === id)!;

/** Entries merged by kind, Tier-2 kind and name: count, bytes and failed summed. */
function merged(...lists: TimelineEntry[][]): Record<string, [number, number, number]> {
  const out: Record<string, [number, number, number]> = {};
  for (const e of lists.flat()) {
    const key = `${e.kind}/${e.tier2Kind ?? ""}/${e.name ?? ""}`;
    const [count, bytes, failed] = out[key] ?? [0, 0, 0];
    out[key] = [count + e.count, bytes + e.bytes, failed + e.failed];
  }
  return out;
}

/** Each lane's turn entries equal its steps' entries plus what no request of the turn sent. */
function expectEntriesAddUp(turns: TimelineTurn[]): number {
  let lanes = 0;
  for (const turn of turns)
    for (const l of turn.lanes) {
      expect(merged(l.entries), `turn ${turn.turn} ${l.lane}`).toEqual(
        merged(...l.steps.map((s) => s.entries), l.notSentInTurn),
      );
      lanes += 1;
    }
  return lanes;
}

describe("what each step sent first", () => {
  const timeline = foldTimelineEvents(conversation());

  it("puts the user message on the first step, the tool results and Tier-2 load on the next", () => {
    const [s0, s1] = laneOf(timeline, 1, "main").steps;
    expect(kinds(s0!.entries)).toEqual(["session_facts", "user"]);
    expect(s0!.carriedOver).toEqual([]);
    expect(kinds(s1!.entries)).toEqual([
      "assistant",
      "tier2 release",
      "tool_result load_skill",
      "tool_result delegate",
      "tool_result read (1 failed)",
    ]);
    expect(s1!.entries.find((e) => e.kind === "tier2")).toMatchObject({
      tier2Kind: "skill_body",
      bytes: 400,
      includedIn: "tool_result",
    });
    // The answer came after the turn's last request: no request of turn 1 sent it.
    expect(kinds(laneOf(timeline, 1, "main").notSentInTurn)).toEqual(["assistant"]);
  });

  it("gives a subagent lane its own steps: the task, then its reply and tool result", () => {
    const agent = laneOf(timeline, 1, "agent-1");
    expect(agent.steps.map((s) => kinds(s.entries))).toEqual([
      ["subagent_task"],
      ["assistant", "tool_result read"],
    ]);
    // Its report is never sent in its own lane; the parent's `delegate` result carries it.
    expect(kinds(agent.notSentInTurn)).toEqual(["assistant"]);
  });

  it("sends the previous turn's answer with the next turn's first request, and a reminder's Tier-2 load with it", () => {
    const [s2, compaction] = laneOf(timeline, 2, "main").steps;
    expect(kinds(s2!.carriedOver)).toEqual(["assistant"]);
    expect(kinds(s2!.entries)).toEqual(["user", "reminder plan-mode", "tier2 plan-mode.section"]);
    expect(s2!.entries.at(-1)).toMatchObject({ includedIn: "reminder" });
    // The summarisation request held messages 0–3, all sent before: nothing new.
    expect(compaction).toMatchObject({ purpose: "compaction", entries: [], carriedOver: [] });
  });

  it("sends a compaction's summary, and the answer it kept, with the next request", () => {
    expect(kinds(laneOf(timeline, 2, "main").notSentInTurn)).toEqual(["assistant", "compaction_summary"]);
    const [s4] = laneOf(timeline, 3, "main").steps;
    expect(kinds(s4!.carriedOver)).toEqual(["assistant", "compaction_summary"]);
    expect(kinds(s4!.entries)).toEqual(["user"]);
    expect(s4!.compactions).toEqual([laneOf(timeline, 2, "main").compactions[0]]);
  });

  it("draws each bar with what its step sent, its own markers, and the turn's unsent answer on its last bar", () => {
    const [s0, s1, s2, compaction, s4] = timelineChart(timeline).tracks[0]!.bars;
    expect(s0!.entered).toEqual(["session facts 12 B", expect.stringMatching(/^user \d+ B$/)]);
    expect(s0!.markers).toEqual([]);
    expect(s1!.markers).toEqual([{ kind: "tier2", label: "skill_body release 400 B" }]);
    expect(s1!.enteredAfter).toEqual([expect.stringMatching(/^assistant \d+ B$/)]);
    expect(s2!.markers.map((m) => m.label)).toEqual(["plan_mode plan-mode.section 300 B"]);
    expect(s2!.entered[0]).toMatch(/^assistant /);
    expect(s2!.enteredAfter).toEqual([]);
    expect(compaction!.entered).toEqual([]);
    expect(compaction!.enteredAfter).toEqual([
      expect.stringMatching(/^assistant /),
      expect.stringMatching(/^compaction summary /),
    ]);
    expect(s4!.markers).toEqual([
      { kind: "compaction", label: expect.stringMatching(/^compaction \(manual\): 4 messages → \d+ B$/) },
    ]);
  });

  it("hands each turn over with the same steps as the whole fold", () => {
    const handed: TimelineTurn[] = [];
    foldTimelineEvents(conversation(), { keepTurns: false, onTurn: (t) => handed.push(t) });
    expect(handed).toEqual(timeline.turns);
  });

  it("keeps the turn's entries equal to its steps' entries plus what the turn did not send", () => {
    expect(expectEntriesAddUp(timeline.turns)).toBe(4);
  });
});

describe("the entries relation on every fixture and golden", () => {
  const dir = fileURLToPath(new URL("./fixtures/", import.meta.url));

  it("holds on the hand-written logs, whose history is rewritten in place", async () => {
    const broken = await foldTimelineFile(`${dir}broken-prefix.jsonl`);
    expect(expectEntriesAddUp(broken.turns)).toBe(5);
    // Turn 3 rewrote messages 1–3: turn 2's answer (message 3) was replaced before any request sent it.
    expect(broken.turns[2]!.lanes[0]!.steps[0]!.carriedOver).toEqual([]);
    expect(kinds(broken.turns[1]!.lanes[0]!.notSentInTurn)).toEqual(["assistant"]);
    expect(expectEntriesAddUp((await foldTimelineFile(`${dir}v1-session.jsonl`)).turns)).toBe(2);
  });

  it("holds on every engine golden", () => {
    const goldens = readdirSync(`${dir}goldens`).filter((f) => f.endsWith(".json"));
    expect(goldens.length).toBeGreaterThanOrEqual(7);
    for (const name of goldens) {
      const golden: Timeline = JSON.parse(readFileSync(`${dir}goldens/${name}`, "utf8"));
      expect(expectEntriesAddUp(golden.turns), name).toBeGreaterThan(0);
    }
  });
});
