/**
 * Logs across schema versions and resumes: a v1 log written by the first release folds and
 * resumes (new lines are v2, the logged Tier 1 is kept), and a v2 session resumed shows the
 * same Tier-1 figures it started with (one sealer, one measure of system bytes).
 */
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { projectKey } from "@picasso/engine";
import { describe, expect, it } from "vitest";
import { picasso, script, workspace } from "./cli-harness.js";

const V1_LOG = fileURLToPath(
  new URL("../../../packages/timeline/test/fixtures/v1-session.jsonl", import.meta.url),
);
const home = () => process.env.PICASSO_HOME!;
const lines = (path: string) =>
  readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));

describe("session logs across versions", () => {
  it("continues a v1 session: the history and Tier 1 it logged are kept, new lines are v2", async () => {
    const dir = workspace({ "a.ts": "export const answer = 42;\n" });
    const sessions = join(home(), "sessions", projectKey(dir));
    mkdirSync(sessions, { recursive: true });
    const log = join(sessions, "20261201T062936-c96f05.jsonl");
    copyFileSync(V1_LOG, log);
    const before = lines(log);
    const s = script(dir, { steps: [{ match: "and now", text: "Still 42." }] });
    const run = await picasso(dir, [
      "--continue",
      "-p",
      "and now?",
      "--provider",
      "mock",
      "--mock-script",
      s,
    ]);
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    expect(run.stdout.trim()).toBe("Still 42.");
    const after = lines(log);
    expect(after.slice(0, before.length)).toEqual(before);
    const added = after.slice(before.length);
    expect(new Set(added.map((e) => e.v))).toEqual(new Set([2]));
    const v1Header = before.find((e) => e.type === "request_header");
    const resumed = added.find((e) => e.type === "request_header");
    expect(resumed).toMatchObject({ reason: "resume", hash: v1Header.hash });
    // The request the resumed session sent carries the v1 history: its messages start where v1 ended.
    const request = added.find((e) => e.type === "model_request");
    expect(request.headerHash).toBe(v1Header.hash);
    expect(request.messageCount).toBe(before.filter((e) => e.type === "message").length + 1);

    const timeline = await picasso(dir, ["context", "timeline", "--last", "--json"]);
    expect(timeline.exitCode).toBe(0);
    const folded = JSON.parse(timeline.stdout);
    expect(folded.skipped).toEqual([]);
    expect(folded.session.resumes).toBe(2);
    expect(folded.turns.map((t: { turn: number }) => t.turn)).toEqual([1, 2, 3]);
  });

  it("resumes a v2 session with the same Tier-1 figures it started with", async () => {
    const dir = workspace({ "a.txt": "alpha\n" });
    const s = script(dir, {
      steps: [
        { match: "first", text: "one" },
        { match: "second", text: "two" },
      ],
    });
    expect((await picasso(dir, ["-p", "first", "--provider", "mock", "--mock-script", s])).exitCode).toBe(0);
    const second = await picasso(dir, [
      "--continue",
      "-p",
      "second",
      "--provider",
      "mock",
      "--mock-script",
      s,
    ]);
    expect(second.exitCode).toBe(0);
    const result = await picasso(dir, ["context", "timeline", "--last", "--json"]);
    const timeline = JSON.parse(result.stdout);
    expect(timeline.session.resumes).toBe(1);
    expect(timeline.session.tier1.headerChanges).toBe(0);
    const sessionsDir = join(home(), "sessions", projectKey(dir));
    const log = lines(join(sessionsDir, `${timeline.session.id}.jsonl`));
    const starts = log.filter((e) => e.type === "session_start").map((e) => e.tier1);
    expect(starts).toHaveLength(2);
    expect(starts[1]).toEqual(starts[0]);
    const headers = log.filter((e) => e.type === "request_header").map((e) => e.bytes);
    expect(headers[1]).toEqual(headers[0]);
    const requests = log.filter((e) => e.type === "model_request").map((e) => e.bytes.system);
    expect(new Set(requests)).toEqual(new Set([starts[0].bytes.system]));
  });
});
