import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { peekLogSeq, peekLogType, type ScannedLine, scanLogFile } from "./log-scan.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function scan(content: string): Promise<ScannedLine[]> {
  dir = mkdtempSync(join(tmpdir(), "picasso-log-scan-"));
  const path = join(dir, "log.jsonl");
  writeFileSync(path, content);
  const lines: ScannedLine[] = [];
  await scanLogFile(path, (line) => lines.push(line));
  return lines;
}

describe("scanLogFile", () => {
  it("hands over each non-blank line with its number, UTF-8 size and whether it ended", async () => {
    const lines = await scan('{"a":"é"}\r\n\n  \n{"b":2}\n{"c":');
    expect(lines).toEqual([
      { line: 1, text: '{"a":"é"}', bytes: 10, complete: true },
      { line: 4, text: '{"b":2}', bytes: 7, complete: true },
      { line: 5, text: '{"c":', bytes: 5, complete: false },
    ]);
  });

  it("reads lines across its 1 MiB reads and a line longer than the buffer, unchanged", async () => {
    const long = `{"x":"${"y".repeat(2.5 * 2 ** 20)}"}`;
    const short = Array.from({ length: 40_000 }, (_, i) => `{"seq":${i},"pad":"${"p".repeat(i % 50)}"}`);
    const content = [...short, long, ...short, long].join("\n");
    const lines = await scan(content);
    expect(lines.map((l) => l.text)).toEqual(content.split("\n"));
    expect(lines.at(-1)?.complete).toBe(false);
    expect(lines.slice(0, -1).every((l) => l.complete)).toBe(true);
  });
});

describe("peeking at a line", () => {
  it("reads the type and seq without parsing, or says it cannot", () => {
    const line = '{"v":2,"seq":42,"ts":"t","session":"s","lane":"main","turn":1,"type":"pre_step","step":3}';
    expect(peekLogType(line)).toBe("pre_step");
    expect(peekLogSeq(line)).toBe(42);
    expect(peekLogType('{"v":2}')).toBeUndefined();
    expect(peekLogSeq('{"v":2}')).toBeUndefined();
  });
});
