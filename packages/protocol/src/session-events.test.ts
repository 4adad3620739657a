import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isLogged, loggedFields, persistenceTable, SESSION_EVENT_TYPES } from "./event-persistence.js";
import { decodeLogLine } from "./jsonl.js";
import { EVENT_RULES, StrictLogEventSchema } from "./session-events.js";

const envelope = {
  v: 2 as const,
  seq: 0,
  ts: "2026-12-01T00:00:00.000Z",
  session: "s",
  lane: "main",
  turn: 1,
};

describe("the session event vocabulary", () => {
  it("has one rule per variant: deltas and tool progress live-only, every other fact logged", () => {
    const live = persistenceTable()
      .filter((row) => row.persist === "live")
      .map((row) => row.type);
    expect(live.sort()).toEqual(["text_delta", "thinking_delta", "tool_progress"]);
    expect(SESSION_EVENT_TYPES.filter(isLogged)).toHaveLength(SESSION_EVENT_TYPES.length - 3);
    const liveFields = persistenceTable().filter((row) => row.liveFields.length > 0);
    expect(Object.fromEntries(liveFields.map((r) => [r.type, r.liveFields]))).toEqual({
      tool_call: ["input"],
      approval_requested: ["input"],
      tool_result: ["content", "display"],
      subagent_stop: ["report"],
      turn_end: ["text"],
    });
  });

  it("leaves live-only fields out of the logged part", () => {
    const logged = loggedFields({
      type: "tool_result",
      toolUseId: "t1",
      name: "read",
      status: "ok",
      bytes: 5,
      durationMs: 1,
      content: "hello",
      display: { kind: "text", text: "hello" },
    });
    expect(logged).toEqual({
      type: "tool_result",
      toolUseId: "t1",
      name: "read",
      status: "ok",
      bytes: 5,
      durationMs: 1,
    });
    expect(StrictLogEventSchema.safeParse({ ...envelope, ...logged }).success).toBe(true);
  });

  it("rejects an undeclared key in strict validation", () => {
    const line = { ...envelope, type: "turn_start", input: "hi", surprise: 1 };
    const result = StrictLogEventSchema.safeParse(line);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain("surprise");
  });

  it("reads a v1 line as v2: approval → approval_decided, subagent_start gains its parent lane", async () => {
    const v1 = { ...envelope, v: 1 };
    const approval = await decodeLogLine(
      JSON.stringify({ ...v1, type: "approval", toolUseId: "t", name: "bash", decision: "deny" }),
    );
    expect("event" in approval && approval.event).toMatchObject({
      v: 2,
      type: "approval_decided",
      decision: "deny",
    });
    const start = await decodeLogLine(
      JSON.stringify({ ...v1, lane: "agent-1", type: "subagent_start", task: "look", parentToolUseId: "t" }),
    );
    expect("event" in start && start.event).toMatchObject({
      lane: "agent-1",
      parentLane: "main",
      task: "look",
    });
  });

  it("declares every variant it has a rule for", () => {
    for (const type of SESSION_EVENT_TYPES) expect(EVENT_RULES[type].fields).toBeTypeOf("object");
  });
});

describe("docs/session-log.md", () => {
  it("shows the persistence table exactly as EVENT_RULES declares it", () => {
    const doc = readFileSync(fileURLToPath(new URL("../../../docs/session-log.md", import.meta.url)), "utf8");
    const section = doc.split("## Persistence table")[1]?.split("\n## ")[0] ?? "";
    const rows = section
      .split("\n")
      .filter((line) => line.startsWith("| `"))
      .map((line) => {
        const [type, persist, live] = line
          .split("|")
          .slice(1, 4)
          .map((cell) => cell.trim());
        return {
          type: type!.replaceAll("`", ""),
          persist,
          liveFields: [...(live ?? "").matchAll(/(?:^|, )`(\w+)`/g)].map((m) => m[1]!),
        };
      });
    expect(rows).toEqual(persistenceTable());
  });
});
