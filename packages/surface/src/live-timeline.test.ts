import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Session } from "@picasso/engine";
import type { SessionEvent } from "@picasso/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { liveTimeline } from "./live-timeline.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const envelope = (seq: number, turn: number) => ({
  v: 2,
  seq,
  ts: "2026-01-01T00:00:00.000Z",
  session: "20260101T000000-live01",
  lane: "main",
  turn,
});

describe("the live timeline", () => {
  it("folds the log once, then each event as it is published", async () => {
    dir = mkdtempSync(join(tmpdir(), "picasso-live-timeline-"));
    const logPath = join(dir, "session.jsonl");
    const lines = [
      {
        ...envelope(0, 0),
        type: "session_start",
        cwd: "/w",
        projectKey: "p",
        provider: "mock",
        model: "m",
        mode: "default",
        surface: "tui",
        version: "0",
      },
      { ...envelope(1, 1), type: "turn_start", input: "first" },
    ];
    writeFileSync(logPath, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
    const listeners: ((event: SessionEvent) => void)[] = [];
    const session = {
      logPath,
      subscribe: (listener: (event: SessionEvent) => void) => {
        listeners.push(listener);
        return () => {};
      },
    } as unknown as Session;

    const live = await liveTimeline(session);
    expect(await liveTimeline(session)).toBe(live);
    expect((await live.snapshot()).events).toBe(2);
    // From here on the file is not read again: the fold goes on from the published events.
    rmSync(logPath);
    const published = [
      { ...envelope(1, 1), type: "turn_start", input: "first" }, // already folded from the file
      { ...envelope(2, 1), type: "turn_end", stopReason: "end_turn", steps: 0 },
    ] as unknown as SessionEvent[];
    for (const event of published) for (const listener of listeners) listener(event);
    const timeline = await live.snapshot();
    expect(timeline.events).toBe(3);
    expect(timeline.turns.map((t) => [t.turn, t.stopReason])).toEqual([[1, "end_turn"]]);
  });
});
