import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { decodeLogLine, decodeLogStream, encodeLogEvent, readLogFile, readLogFileAll } from "./jsonl.js";
import type { LogEvent } from "./session-events.js";

const envelope = { v: 2 as const, ts: "2026-11-29T12:00:00.000Z", session: "s1", lane: "main", turn: 1 };
const input = (seq: number, text: string): LogEvent => ({
  ...envelope,
  seq,
  type: "turn_start",
  input: text,
});

async function collect(chunks: string[]) {
  const out = [];
  for await (const line of decodeLogStream(Readable.from(chunks))) out.push(line);
  return out;
}

describe("JSONL log codec", () => {
  it("round-trips events, one per line", async () => {
    const events = [input(0, "hello"), input(1, "second")];
    const text = events.map(encodeLogEvent).join("");
    expect(text.split("\n")).toHaveLength(3);
    const lines = await collect([text]);
    expect(lines.map((l) => (l.kind === "event" ? l.event : null))).toEqual(events);
  });

  it("reassembles lines split across chunks", async () => {
    const text = encodeLogEvent(input(0, "a".repeat(100))) + encodeLogEvent(input(1, "b"));
    const chunks = text.match(/.{1,7}/gs) ?? [];
    const lines = await collect(chunks);
    expect(lines.filter((l) => l.kind === "event")).toHaveLength(2);
  });

  it("reports a torn final line and keeps everything before it", async () => {
    const text = encodeLogEvent(input(0, "kept")) + encodeLogEvent(input(1, "torn")).slice(0, 30);
    const lines = await collect([text]);
    expect(lines[0]).toMatchObject({ kind: "event", line: 1 });
    expect(lines[1]).toMatchObject({ kind: "skip", line: 2, torn: true, reason: "not valid JSON" });
  });

  it("skips a corrupt line in the middle and reports its number", async () => {
    const text = `${encodeLogEvent(input(0, "a"))}{garbage\n${encodeLogEvent(input(2, "c"))}`;
    const lines = await collect([text]);
    expect(lines.map((l) => l.kind)).toEqual(["event", "skip", "event"]);
    expect(lines[1]).toMatchObject({ line: 2, torn: false });
  });

  it("rejects events of a newer schema version with a clear reason", async () => {
    const result = await decodeLogLine(JSON.stringify({ ...input(0, "x"), v: 3 }));
    expect(result).toEqual({ reason: "schema version 3 is newer than this picasso understands (2)" });
  });

  it("names the field of an invalid event", async () => {
    const result = await decodeLogLine(
      JSON.stringify({ ...envelope, seq: -1, type: "turn_start", input: "x" }),
    );
    expect("reason" in result && result.reason.startsWith("seq:")).toBe(true);
  });

  it("rejects unknown event types", async () => {
    const result = await decodeLogLine(JSON.stringify({ ...envelope, seq: 0, type: "nonsense" }));
    expect("reason" in result).toBe(true);
  });

  it("reads an event with a field it does not know, dropping that field", async () => {
    const result = await decodeLogLine(JSON.stringify({ ...input(0, "x"), extra: 42 }));
    expect("event" in result && result.event).toEqual(input(0, "x"));
  });

  it("a log that cannot be opened is an error of the read, caught by its reader, never an uncaught one", async () => {
    const missing = join(mkdtempSync(join(tmpdir(), "jsonl-")), "gone.jsonl");
    await expect(readLogFileAll(missing)).rejects.toMatchObject({ code: "ENOENT" });
    const lines = readLogFile(missing);
    await expect(lines.next()).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("reads a file from disk", async () => {
    const dir = mkdtempSync(join(tmpdir(), "jsonl-"));
    const path = join(dir, "s.jsonl");
    writeFileSync(path, `${encodeLogEvent(input(0, "a"))}\n\n${encodeLogEvent(input(1, "b"))}{"v":1`);
    const { events, skipped } = await readLogFileAll(path);
    expect(events.map((e) => e.seq)).toEqual([0, 1]);
    expect(skipped).toEqual([{ kind: "skip", line: 5, reason: "not valid JSON", torn: true }]);
  });
});
