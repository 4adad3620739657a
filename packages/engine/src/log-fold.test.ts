import {
  type LogEvent,
  SESSION_LOG_VERSION,
  type SessionEventBody,
  text,
  userMessage,
} from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { laneReplay } from "./lane-replay.js";
import { foldEvents } from "./log-fold.js";

function events(bodies: Array<SessionEventBody & { lane?: string }>): LogEvent[] {
  return bodies.map(({ lane, ...body }, seq) => ({
    v: SESSION_LOG_VERSION,
    seq,
    ts: "2026-01-01T00:00:00.000Z",
    session: "s",
    lane: lane ?? "main",
    turn: 1,
    ...body,
  })) as LogEvent[];
}

const header = {
  type: "request_header" as const,
  reason: "initial" as const,
  hash: "h1",
  model: "m",
  maxTokens: 100,
  tools: [],
  system: [{ id: "x", text: "sys" }],
  bytes: { tools: 2, system: 10 },
};
const request = (messageCount: number, step: number, lane = "main") => ({
  type: "model_request" as const,
  lane,
  step,
  headerHash: "h1",
  messageCount,
  bytes: { tools: 0, system: 0, messages: 0 },
  hashes: { tools: "", system: "", messages: "" },
  breakpoints: [],
});
const msg = (index: number, t: string, role: "user" | "assistant" = "user", lane = "main") => ({
  type: "message" as const,
  lane,
  index,
  source: role === "user" ? ("user" as const) : ("assistant" as const),
  message: { role, content: [text(t)] },
});

describe("foldEvents", () => {
  it("rebuilds an agent lane's requests from its own header, which never becomes the current one", () => {
    const agentHeader = {
      ...header,
      reason: "agent" as const,
      hash: "h2",
      tools: [{ name: "read", description: "r", inputSchema: {} }],
    };
    const state = foldEvents(
      events([
        header,
        { ...agentHeader, lane: "agent-1" },
        msg(0, "task", "user", "agent-1"),
        { ...request(1, 0, "agent-1"), headerHash: "h2" },
      ]),
    );
    expect(state.header?.hash).toBe("h1");
    expect(state.requests.map((r) => [r.lane, r.headerHash, r.tools.map((t) => t.name)])).toEqual([
      ["agent-1", "h2", ["read"]],
    ]);
  });

  it("rebuilds each request from the header and the lane's messages at that point", () => {
    const state = foldEvents(
      events([
        header,
        msg(0, "hi"),
        request(1, 0),
        msg(1, "hello", "assistant"),
        msg(2, "more"),
        request(3, 1),
      ]),
    );
    expect(state.requests).toHaveLength(2);
    expect(state.requests[0]!.messages).toEqual([userMessage(text("hi"))]);
    expect(state.requests[1]!.messages).toHaveLength(3);
    expect(state.requests[1]!.system).toEqual(header.system);
    expect(state.lanes.get("main")!.previousEnd).toBe(2);
    expect(state.lanes.get("main")!.steps).toBe(2);
  });

  it("applies compaction and keeps lanes apart", () => {
    const summary = userMessage(text("summary"));
    const state = foldEvents(
      events([
        header,
        msg(0, "a"),
        msg(1, "b", "assistant"),
        msg(2, "c"),
        msg(3, "d", "assistant"),
        msg(0, "task", "user", "agent-1"),
        {
          type: "compaction",
          trigger: "manual",
          removedMessages: 3,
          summarisedMessages: 3,
          bytesBefore: 10,
          bytesAfter: 5,
          keptFrom: 3,
          summary,
        },
        msg(2, "e"),
        request(3, 0),
      ]),
    );
    expect(state.lanes.get("main")!.messages.map((m) => (m.content[0] as { text: string }).text)).toEqual([
      "summary",
      "d",
      "e",
    ]);
    expect(state.lanes.get("agent-1")!.messages).toHaveLength(1);
    expect(state.problems).toEqual([]);
  });

  it("reports a message index gap and a request naming an unknown header", () => {
    const state = foldEvents(events([msg(1, "skipped one"), { ...request(1, 0), headerHash: "nope" }]));
    expect(state.problems).toHaveLength(2);
    expect(state.requests).toHaveLength(0);
  });

  it("tracks the mode, the last seq and the last turn", () => {
    const state = foldEvents(
      events([
        {
          type: "session_start",
          cwd: "/w",
          projectKey: "k",
          provider: "mock",
          model: "m",
          mode: "default",
          surface: "test",
          version: "0",
        },
        { type: "mode_change", from: "default", to: "plan" },
      ]),
    );
    expect(state.mode).toBe("plan");
    expect(state.lastSeq).toBe(1);
    expect(state.lastTurn).toBe(1);
  });

  it("keeps what compactions took out of the history for the replay, each compaction a marker", () => {
    const compaction = (keptFrom: number, summary: string) => ({
      type: "compaction" as const,
      trigger: "manual" as const,
      removedMessages: keptFrom,
      summarisedMessages: keptFrom,
      bytesBefore: 10,
      bytesAfter: 5,
      keptFrom,
      summary: userMessage(text(summary)),
    });
    const state = foldEvents(
      events([
        msg(0, "first prompt"),
        msg(1, "first answer", "assistant"),
        msg(2, "second prompt"),
        compaction(2, "<conversation-summary>one</conversation-summary>"),
        msg(2, "second answer", "assistant"),
        msg(3, "third prompt"),
        // The second compaction summarises the first summary too; it is not replayed.
        compaction(2, "<conversation-summary>two</conversation-summary>"),
      ]),
    );
    const replay = laneReplay(state.lanes.get("main")!).map((entry) =>
      entry.kind === "message"
        ? (entry.message.content[0] as { text: string }).text
        : `compacted ${entry.summarisedMessages}`,
    );
    expect(replay).toEqual([
      "first prompt",
      "first answer",
      "compacted 2",
      "second prompt",
      "compacted 2",
      "second answer",
      "third prompt",
    ]);
  });
});
