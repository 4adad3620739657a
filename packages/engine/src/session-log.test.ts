import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readLogFileAll } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { SessionLog } from "./session-log.js";

describe("SessionLog", () => {
  it("stamps the envelope, writes whole lines, continues seq and isolates observers", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "log-")), "deep", "s.jsonl");
    const seen: string[] = [];
    const errors: unknown[] = [];
    const log = new SessionLog({
      path,
      sessionId: "s1",
      clock: () => new Date("2026-01-01T00:00:00Z"),
      observers: [
        (e) => seen.push(e.type),
        () => {
          throw new Error("observer bug");
        },
      ],
      onObserverError: (e) => errors.push(e),
    });
    log.append({ type: "turn_start", input: "hi" }, { lane: "main", turn: 1 });
    log.append({ type: "interrupt", reason: "test" }, { lane: "agent-1", turn: 1 });
    log.close();
    const again = new SessionLog({ path, sessionId: "s1", nextSeq: 2 });
    again.append({ type: "session_end", reason: "done" }, { lane: "main", turn: 1 });
    again.close();
    expect(readFileSync(path, "utf8").endsWith("\n")).toBe(true);
    const { events, skipped } = await readLogFileAll(path);
    expect(skipped).toEqual([]);
    expect(events.map((e) => [e.seq, e.lane, e.type])).toEqual([
      [0, "main", "turn_start"],
      [1, "agent-1", "interrupt"],
      [2, "main", "session_end"],
    ]);
    expect(events[0]).toMatchObject({ v: 2, session: "s1", ts: "2026-01-01T00:00:00.000Z", turn: 1 });
    expect(seen).toEqual(["turn_start", "interrupt"]);
    expect(errors).toHaveLength(2);
    expect(() => log.append({ type: "interrupt", reason: "x" }, { lane: "main", turn: 1 })).toThrow(/closed/);
  });

  it("leaves a variant's live-only fields out of the line", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "log-")), "s.jsonl");
    const log = new SessionLog({ path, sessionId: "s1" });
    log.append(
      {
        type: "turn_end",
        stopReason: "end_turn",
        steps: 1,
        usage: { outputTokens: 3 },
        text: "the final answer",
      },
      { lane: "main", turn: 1 },
    );
    log.close();
    const line = JSON.parse(readFileSync(path, "utf8"));
    expect(line).toMatchObject({ type: "turn_end", steps: 1, usage: { outputTokens: 3 } });
    expect(line).not.toHaveProperty("text");
  });
});
