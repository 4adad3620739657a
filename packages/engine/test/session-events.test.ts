/**
 * The session's one event stream: a subscriber sees every fact from `session_start` to
 * `session_end` — between turns too (a mode change, a manual compaction) — and the logged ones are
 * exactly the log's lines, in order.
 */
import { readFileSync } from "node:fs";
import type { SessionEvent } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { startScenario } from "./harness.js";

describe("the session event stream", () => {
  it("carries the whole session, between turns included, and its logged events are the log", async () => {
    const seen: SessionEvent[] = [];
    const scenario = await startScenario({
      script: {
        steps: [
          { match: "one", text: "first answer" },
          { match: "two", text: "second answer" },
          { match: "Summarise", text: "the user asked twice" },
          { match: "three", text: "third answer" },
        ],
      },
      extra: { onEvent: (event) => seen.push(event) },
      settings: { compactKeepShare: 0.01 },
    });
    await scenario.run("one");
    await scenario.run("two");
    const betweenTurns = seen.length;
    scenario.session.setMode("plan");
    const compacted = await scenario.session.compact();
    expect(compacted.compacted).toBe(true);
    const between = seen.slice(betweenTurns).map((e) => e.type);
    expect(between).toContain("mode_change");
    expect(between).toContain("compaction");
    await scenario.run("three");
    await scenario.close();

    expect(seen[0]?.type).toBe("session_start");
    expect(seen.at(-1)?.type).toBe("session_end");
    const logged = readFileSync(scenario.session.logPath, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { seq: number; type: string });
    expect(seen.filter((e) => e.seq !== undefined).map((e) => [e.seq, e.type])).toEqual(
      logged.map((e) => [e.seq, e.type]),
    );
    // Only deltas are live-only; every event names its session, lane and turn.
    expect(new Set(seen.filter((e) => e.seq === undefined).map((e) => e.type))).toEqual(
      new Set(["text_delta"]),
    );
    for (const event of seen) expect(event).toMatchObject({ session: scenario.session.id, lane: "main" });
  });
});
