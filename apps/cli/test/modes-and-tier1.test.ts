/**
 * The CLI's real composition (lean context + core tools) across turns, modes and processes:
 * every request of the session carries the same Tier-1 bytes, a mode switch arrives as an
 * appended reminder, and the log rebuilds every request. Also: Ctrl-C interrupts cleanly.
 */
import { readFileSync } from "node:fs";
import { rebuildRequests } from "@picasso/engine";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { BIN, picasso, script, workspace } from "./cli-harness.js";

const mock = (path: string) => ["--provider", "mock", "--mock-script", path];
const events = (path: string) =>
  readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));

describe("a session across modes and processes", () => {
  it("keeps Tier 1 byte-identical and announces mode switches in history", async () => {
    const dir = workspace({ "a.txt": "alpha\n", "AGENTS.md": "# Rules\nRun the tests.\n" });
    const turn = (name: string, steps: unknown[]) => script(dir, { steps }, `${name}.yaml`);
    const first = await picasso(dir, [
      "-p",
      "read a.txt",
      "--output-format",
      "json",
      ...mock(turn("one", [{ tool_calls: [{ name: "read", input: { path: "a.txt" } }] }, { text: "alpha" }])),
    ]);
    expect(first.exitCode).toBe(0);
    const { logPath } = JSON.parse(first.stdout as string);
    const second = await picasso(dir, [
      "-p",
      "plan a change",
      "--continue",
      "--mode",
      "plan",
      ...mock(
        turn("two", [
          {
            tool_calls: [{ name: "edit", input: { path: "a.txt", old_string: "alpha", new_string: "beta" } }],
          },
          { text: "planned" },
        ]),
      ),
    ]);
    expect(second.exitCode).toBe(0);
    const third = await picasso(dir, [
      "-p",
      "do it",
      "--continue",
      "--mode",
      "auto",
      ...mock(
        turn("three", [
          {
            tool_calls: [{ name: "edit", input: { path: "a.txt", old_string: "alpha", new_string: "beta" } }],
          },
          { text: "done" },
        ]),
      ),
    ]);
    expect(third.exitCode).toBe(0);
    expect(readFileSync(`${dir}/a.txt`, "utf8")).toBe("beta\n");

    const log = events(logPath);
    const requests = log.filter((e) => e.type === "model_request");
    expect(requests).toHaveLength(6);
    expect(new Set(requests.map((r) => `${r.headerHash}|${r.hashes.tools}|${r.hashes.system}`)).size).toBe(1);
    const headers = log.filter((e) => e.type === "request_header");
    expect(headers.map((h) => h.reason)).toEqual(["initial", "resume", "resume"]);
    expect(new Set(headers.map((h) => h.hash)).size).toBe(1);
    expect(log.filter((e) => e.type === "mode_change").map((e) => `${e.from}->${e.to}`)).toEqual([
      "default->plan",
      "plan->auto",
    ]);
    // The plan-mode refusal came from the engine, not from the prompt.
    const refused = log.find((e) => e.type === "tool_result" && e.name === "edit");
    expect(refused.status).toBe("denied");
    // Lean context announced the mode in appended history, never in Tier 1.
    const reminders = log.filter((e) => e.type === "message" && e.source === "reminder");
    expect(reminders.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(reminders)).toMatch(/plan/i);
    // Session facts sit in the first user message only.
    const firstUser = log.find((e) => e.type === "message" && e.source === "user");
    expect(firstUser.message.content.length).toBe(2);
    const report = await rebuildRequests(logPath);
    expect(report.mismatches).toEqual([]);
    expect(report.problems).toEqual([]);
    expect(report.requests).toHaveLength(6);
  });

  it("`picasso context` reports the very Tier 1 a session of the workspace sends", async () => {
    const dir = workspace({ "AGENTS.md": "# Rules\nRun the tests.\n" });
    const run = await picasso(dir, [
      "-p",
      "hello",
      "--output-format",
      "json",
      ...mock(script(dir, { steps: [{ text: "hi" }] })),
    ]);
    expect(run.exitCode).toBe(0);
    const header = events(JSON.parse(run.stdout as string).logPath).find((e) => e.type === "request_header");
    const context = await picasso(dir, ["context", "--json"]);
    expect(context.exitCode).toBe(0);
    const report = JSON.parse(context.stdout as string);
    expect(report.hash).toBe(header.tier1Hash);
    expect(report.tools.map((t: { name: string }) => t.name)).toEqual(
      header.tools.map((t: { name: string }) => t.name),
    );
  });

  it("interrupts a turn on SIGINT, exits 130 and leaves a resumable log", async () => {
    const dir = workspace();
    const s = script(dir, { steps: [{ text: "slow", delay_ms: 30_000 }] });
    const child = execa("node", [BIN, "-p", "take your time", "--output-format", "stream-json", ...mock(s)], {
      cwd: dir,
      reject: false,
    });
    let out = "";
    let sent = false;
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (!sent && out.includes('"type":"turn_start"')) {
        sent = true; // one Ctrl-C: a second one while shutting down is a hard exit
        child.kill("SIGINT");
      }
    });
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(result.stderr).toContain("interrupted");
    const last = JSON.parse((result.stdout as string).trim().split("\n").at(-1)!);
    expect(last).toMatchObject({ type: "result", stopReason: "interrupted", isError: true });
    expect(events(last.logPath).some((e) => e.type === "interrupt")).toBe(true);
  });
});
