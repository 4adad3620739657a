/**
 * `picasso context timeline` through the built binary: a real headless session against the mock,
 * then its timeline by `--last`, by id, by id prefix and by path, in text and JSON; `picasso
 * context --json` still answers with the Tier-1 report beside it; a crashed log folds with the
 * torn line reported on stderr; bad input is one line on stderr and exit code 2.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { picasso, script, workspace } from "./cli-harness.js";

async function sessionIn(dir: string): Promise<{ sessionId: string; logPath: string }> {
  const path = script(dir, {
    steps: [{ tool_calls: [{ name: "read", input: { path: "a.txt" } }] }, { text: "a.txt says alpha" }],
  });
  const run = await picasso(dir, [
    "-p",
    "read a.txt",
    "--output-format",
    "json",
    "--provider",
    "mock",
    "--mock-script",
    path,
  ]);
  expect(run.exitCode, String(run.stderr)).toBe(0);
  return JSON.parse(run.stdout as string);
}

function expectOneLineError(
  result: { exitCode?: number; stderr: unknown; stdout: unknown },
  pattern: RegExp,
) {
  expect(result.exitCode).toBe(2);
  expect(result.stdout).toBe("");
  const stderr = String(result.stderr);
  expect(stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(stderr).toMatch(/^picasso: /);
  expect(stderr).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe("picasso context timeline", () => {
  it("folds the newest session, by --last, id, id prefix and path, as text and JSON", async () => {
    const dir = workspace({ "a.txt": "alpha\n" });
    const { sessionId, logPath } = await sessionIn(dir);

    const last = await picasso(dir, ["context", "timeline", "--last", "--json"]);
    expect(last.stderr).toBe("");
    expect(last.exitCode).toBe(0);
    const timeline = JSON.parse(last.stdout as string);
    expect(timeline.version).toBe(1);
    expect(timeline.session).toMatchObject({ id: sessionId, provider: "mock", surface: "headless" });
    expect(timeline.turns).toHaveLength(1);
    const main = timeline.turns[0].lanes[0];
    expect(main.lane).toBe("main");
    expect(main.steps.map((s: { prefixCheck: string }) => s.prefixCheck)).toEqual(["first", "kept"]);
    expect(main.entries.find((e: { kind: string }) => e.kind === "tool_result")).toMatchObject({
      name: "read",
    });
    expect(timeline.totals.steps).toBe(2);
    expect(timeline.complete).toBe(true);

    const byId = await picasso(dir, ["context", "timeline", sessionId]);
    expect(byId.exitCode).toBe(0);
    expect(byId.stdout).toMatch(new RegExp(`^Session ${sessionId} · mock `));
    expect(byId.stdout).toContain('Turn 1 · default mode · "read a.txt"');
    expect(byId.stdout).toMatch(
      /step\s+stop\s+msgs\s+uncached\s+cache read\s+cache write\s+output\s+cached\s+prefix/,
    );

    const byPrefix = await picasso(dir, ["context", "timeline", sessionId.slice(0, 12), "--json"]);
    const byPath = await picasso(dir, ["context", "timeline", logPath, "--json"]);
    const noThread = await picasso(dir, ["context", "timeline", "--json"]);
    for (const other of [byPrefix, byPath, noThread]) {
      expect(other.exitCode).toBe(0);
      expect(JSON.parse(other.stdout as string)).toEqual(timeline);
    }
  });

  it("writes the timeline as one self-contained HTML page with --html FILE", async () => {
    const dir = workspace({ "a.txt": "alpha\n" });
    const { sessionId } = await sessionIn(dir);
    const result = await picasso(dir, ["context", "timeline", "--last", "--html", "timeline.html"]);
    expect(result.exitCode, String(result.stderr)).toBe(0);
    expect(result.stdout).toMatch(/^wrote .*timeline\.html \(2 steps, [\d.]+ KB\)$/);
    const html = readFileSync(join(dir, "timeline.html"), "utf8");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`Context timeline · ${sessionId}`);
    expect(html.match(/<g class="bar[ "]/g)).toHaveLength(2);
    expect(html).toContain("tool read");
    expect(html).not.toMatch(/<script|<link|<img/i);
    expectOneLineError(
      await picasso(dir, ["context", "timeline", "--json", "--html", "t.html"]),
      /give --json or --html FILE, not both/,
    );
    expectOneLineError(
      await picasso(dir, ["context", "timeline", "--html", join(dir, "no-such-dir", "t.html")]),
      /--html: cannot write .*t\.html: ENOENT/,
    );
  });

  it("leaves `picasso context --json` to the Tier-1 report", async () => {
    const dir = workspace({ "a.txt": "alpha\n" });
    await sessionIn(dir);
    const report = await picasso(dir, ["context", "--json"]);
    expect(report.exitCode, String(report.stderr)).toBe(0);
    const parsed = JSON.parse(report.stdout as string);
    expect(typeof parsed.hash).toBe("string");
    expect(parsed.turns).toBeUndefined();
    const timeline = JSON.parse((await picasso(dir, ["context", "timeline", "--json"])).stdout as string);
    expect(timeline.version).toBe(1);
    expect(timeline.hash).toBeUndefined();
  });

  it("folds a crashed session's log and reports the torn line on stderr", async () => {
    const dir = workspace({ "a.txt": "alpha\n" });
    const { logPath } = await sessionIn(dir);
    const lines = readFileSync(logPath, "utf8").trimEnd().split("\n");
    const crashed = join(dir, "crashed.jsonl");
    // Drop session_end and tear the last line in half, as a kill mid-write leaves it.
    const kept = lines.slice(0, -2);
    writeFileSync(crashed, `${kept.join("\n")}\n${lines.at(-2)!.slice(0, 30)}`);
    const result = await picasso(dir, ["context", "timeline", "crashed.jsonl", "--json"]);
    expect(result.exitCode).toBe(0);
    expect(String(result.stderr).trimEnd().split("\n")).toEqual([
      expect.stringMatching(
        new RegExp(
          `^picasso: .*crashed\\.jsonl:${kept.length + 1}: torn final line skipped .* not valid JSON$`,
        ),
      ),
    ]);
    const timeline = JSON.parse(result.stdout as string);
    expect(timeline.skipped).toEqual([{ line: kept.length + 1, reason: "not valid JSON", torn: true }]);
    expect(timeline.complete).toBe(false);
    expect(timeline.turns).toHaveLength(1);
  });

  it("answers bad input with one line and exit code 2", async () => {
    const empty = workspace();
    expectOneLineError(
      await picasso(empty, ["context", "timeline", "--last"]),
      /this workspace has no sessions yet/,
    );
    const dir = workspace({ "a.txt": "alpha\n", "notes.txt": "just text\nmore text\n" });
    const { sessionId } = await sessionIn(dir);
    expectOneLineError(
      await picasso(dir, ["context", "timeline", "20990101T000000-ffffff"]),
      new RegExp(`unknown session id "20990101T000000-ffffff"; known sessions: ${sessionId}`),
    );
    expectOneLineError(
      await picasso(dir, ["context", "timeline", "missing.jsonl"]),
      /no such log file: .*missing\.jsonl$/m,
    );
    expectOneLineError(
      await picasso(dir, ["context", "timeline", "notes.txt"]),
      /notes\.txt is not a picasso session log: no line is a log event \(line 1: not valid JSON\)/,
    );
    expectOneLineError(await picasso(dir, ["context", "timeline", sessionId, "--last"]), /not both/);
  });
});
