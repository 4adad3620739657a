/**
 * Timelines of logs the engine does not produce on purpose: a hand-written log whose prefix
 * breaks in every way the fold names (system changed, history rewritten, entry expired, cache
 * figures not reported), a crashed session (torn final line, a step without its response), a
 * corrupt line in the middle, and files that are not logs at all.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isUserError } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { foldTimelineFile, renderTimeline, type TimelineSkip } from "../src/index.js";
import { goldenJson, startScriptedSession } from "./scripted-session.js";

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const tmp = () => mkdtempSync(join(tmpdir(), "picasso-timeline-"));

describe("a v1 log written by the first release (schema v1 golden)", () => {
  it("folds like a v2 log: the resume changes no Tier-1 figure and every step reads the cache", async () => {
    const timeline = await foldTimelineFile(fixture("v1-session.jsonl"));
    await expect(goldenJson(timeline)).toMatchFileSnapshot("./fixtures/goldens/v1-session.json");
    expect(timeline.skipped).toEqual([]);
    expect(timeline.problems).toEqual([]);
    expect(timeline.session.resumes).toBe(1);
    // v1 measured a resumed header's system bytes as canonical JSON; the fold measures the blocks.
    expect(timeline.session.tier1?.headerChanges).toBe(0);
    const steps = timeline.turns.flatMap((t) => t.lanes.flatMap((l) => l.steps));
    expect(steps).toHaveLength(4);
    expect(new Set(steps.map((s) => s.requestBytes.system)).size).toBe(1);
    // The resumed process talked to a new mock server whose cache was empty: the prefix was the
    // same bytes (no segment differs), the provider just had nothing cached.
    expect(steps.map((s) => s.prefixCheck)).toEqual(["first", "kept", "dropped", "kept"]);
    expect(steps[2]!.cacheDrop?.firstDifference).toEqual({ segment: "none", index: null });
  });
});

describe("a log a resume repaired", () => {
  it("marks the lines a log_repair event names as repaired, so they are not reported again", async () => {
    const lines = readFileSync(fixture("v1-session.jsonl"), "utf8").trimEnd().split("\n");
    lines.splice(5, 0, "{garbage");
    const repair = {
      v: 2,
      seq: 38,
      ts: "2026-12-01T06:29:42.000Z",
      session: "20261201T062936-c96f05",
      lane: "main",
      turn: 2,
      type: "log_repair",
      skippedLines: [{ line: 6, reason: "not valid JSON", torn: false }],
      problems: [],
    };
    const path = join(tmp(), "repaired.jsonl");
    writeFileSync(path, `${[...lines, JSON.stringify(repair), "{late garbage"].join("\n")}\n`);
    const timeline = await foldTimelineFile(path);
    expect(timeline.skipped).toEqual([
      { line: 6, reason: "not valid JSON", torn: false, repaired: true },
      { line: 41, reason: "not valid JSON", torn: false },
    ]);
  });
});

describe("a deliberately broken prefix (hand-written log)", () => {
  it("names the first differing segment of each drop, and says when figures were not recorded", async () => {
    const timeline = await foldTimelineFile(fixture("broken-prefix.jsonl"));
    await expect(goldenJson(timeline)).toMatchFileSnapshot("./fixtures/goldens/broken-prefix.json");
    const steps = timeline.turns.flatMap((t) => t.lanes.flatMap((l) => l.steps));
    expect(steps.map((s) => s.prefixCheck)).toEqual([
      "first",
      "dropped",
      "dropped",
      "dropped",
      "not_recorded",
    ]);
    expect(steps.map((s) => s.cacheDrop?.firstDifference ?? null)).toEqual([
      null,
      { segment: "system", index: null },
      { segment: "message", index: 1 },
      { segment: "none", index: null },
      null,
    ]);
    expect(steps[1]!.cacheDrop).toMatchObject({ expectedTokens: 1000, cachedTokens: 300, lostTokens: 700 });
    expect(steps[2]!.cacheDrop).toMatchObject({
      expectedTokens: 1200,
      cachedTokens: 600,
      comparedWithStep: 1,
    });
    const blind = steps[4]!;
    expect(blind.usage.cacheReadTokens).toBeNull();
    expect(blind.cacheReadShare).toBeNull();
    expect(blind.notRecorded).toEqual(
      expect.arrayContaining(["usage.cacheReadTokens", "usage.cacheWriteTokens", "cacheReadShare"]),
    );
    expect(timeline.session.tier1?.headerChanges).toBe(1);
    expect(timeline.totals).toMatchObject({ cacheDrops: 3, lostTokens: 700 + 600 + 1300 });
    expect(timeline.totals.stepsMissing).toMatchObject({ cacheReadTokens: 1, cacheWriteTokens: 1 });
    expect(timeline.complete).toBe(false);
    const text = renderTimeline(timeline);
    expect(text).toContain("DROPPED −700 at system");
    expect(text).toContain("DROPPED −600 at message 1");
    expect(text).toContain("DROPPED −1,300 with the prefix unchanged (expired or evicted)");
    expect(text).toContain("not recorded");
    expect(text).toContain("no session_end (live or crashed)");
  });
});

describe("logs of crashed sessions and damaged logs", () => {
  it("folds a crashed session: torn final line reported, the step without a response kept", async () => {
    const s = await startScriptedSession({
      steps: [
        { match: "first", text: "One." },
        { match: "second", tool_calls: [{ name: "read_note", input: { name: "plan.md" } }] },
      ],
    });
    await s.run("first");
    await s.run("second");
    await s.close();
    // The process "dies" while writing the response to the last request: the log ends with that
    // request and a torn half line, and has no session_end.
    const all = readFileSync(s.session.logPath, "utf8").trimEnd().split("\n");
    const cut = all.findLastIndex((line) => JSON.parse(line).type === "model_request");
    const lines = all.slice(0, cut + 1);
    const path = join(tmp(), "crashed.jsonl");
    writeFileSync(path, `${lines.join("\n")}\n${all[cut + 1]!.slice(0, 40)}`);
    const seen: TimelineSkip[] = [];
    const timeline = await foldTimelineFile(path, { onSkip: (skip) => seen.push(skip) });
    expect(seen).toEqual([{ line: lines.length + 1, reason: "not valid JSON", torn: true }]);
    expect(timeline.skipped).toEqual(seen);
    expect(timeline.complete).toBe(false);
    expect(timeline.turns.map((t) => t.turn)).toEqual([1, 2]);
    const steps = timeline.turns[1]!.lanes[0]!.steps;
    const hanging = steps.at(-1)!;
    expect(hanging.stopReason).toBeNull();
    expect(hanging.notRecorded).toContain("response");
    expect(hanging.usage.outputTokens).toBeNull();
    // Totals count only the steps with a response.
    const folded = timeline.turns.flatMap((t) => t.lanes.flatMap((l) => l.steps));
    expect(timeline.totals.steps).toBe(folded.length - 1);
    expect(renderTimeline(timeline)).toContain("no reply");
  });

  it("skips a corrupt line in the middle and an unknown schema version, and folds the rest", async () => {
    const source = readFileSync(fixture("broken-prefix.jsonl"), "utf8").split("\n");
    const damaged = [
      ...source.slice(0, 5),
      '{"v":1,"seq":5,"type":"mess',
      JSON.stringify({ v: 3, seq: 99, type: "future_event" }),
      ...source.slice(5),
    ].join("\n");
    const path = join(tmp(), "damaged.jsonl");
    writeFileSync(path, damaged);
    const timeline = await foldTimelineFile(path);
    expect(timeline.skipped).toEqual([
      { line: 6, reason: "not valid JSON", torn: false },
      { line: 7, reason: expect.stringContaining("schema version 3 is newer"), torn: false },
    ]);
    const whole = await foldTimelineFile(fixture("broken-prefix.jsonl"));
    expect(timeline.turns).toEqual(whole.turns);
    expect(timeline.totals).toEqual(whole.totals);
  });

  it("turns bad files into one-line user errors naming the file", async () => {
    const dir = tmp();
    const notLog = join(dir, "README.md");
    writeFileSync(notLog, "# Hello\n\nThis is not a log.\n");
    const empty = join(dir, "empty.jsonl");
    writeFileSync(empty, "");
    const cases: [string, RegExp][] = [
      [join(dir, "missing.jsonl"), /^no such log file: .*missing\.jsonl$/],
      [dir, /is not a file; give a session log/],
      [empty, /empty\.jsonl is empty/],
      [notLog, /README\.md is not a picasso session log: no line is a log event \(line 1: not valid JSON\)$/],
    ];
    for (const [path, message] of cases) {
      const error = await foldTimelineFile(path).catch((e: unknown) => e);
      expect(isUserError(error), String(error)).toBe(true);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain("\n");
    }
  });
});
