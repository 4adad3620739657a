/**
 * A session killed with SIGKILL mid-step resumes: everything flushed is kept, a tool call that
 * was running gets an "interrupted" result, and every request stays rebuildable from the log.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectSessionsDir, rebuildRequests } from "@picasso/engine";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, picasso, script, workspace } from "./cli-harness.js";

const mock = (path: string) => ["--provider", "mock", "--mock-script", path];
const leftovers: number[] = [];
afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

async function waitFor<T>(check: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function logOf(dir: string): string | undefined {
  const sessions = projectSessionsDir(process.env.PICASSO_HOME!, dir);
  if (!existsSync(sessions)) return undefined;
  const file = readdirSync(sessions).find((f) => f.endsWith(".jsonl"));
  return file ? join(sessions, file) : undefined;
}

describe("resume after SIGKILL", () => {
  it("resumes a session killed while a bash command ran", async () => {
    const dir = workspace();
    const first = script(dir, {
      steps: [{ tool_calls: [{ name: "bash", input: { command: "echo $$ > pid.txt; sleep 30" } }] }],
    });
    const child = execa("node", [BIN, "-p", "run the slow thing", "--mode", "auto", ...mock(first)], {
      cwd: dir,
      reject: false,
    });
    const pid = await waitFor(() => {
      const path = join(dir, "pid.txt");
      const text = existsSync(path) ? readFileSync(path, "utf8").trim() : "";
      return text ? Number(text) : undefined;
    }, "the bash command to start");
    leftovers.push(pid);
    child.kill("SIGKILL");
    const killed = await child;
    expect(killed.signal).toBe("SIGKILL");
    const log = await waitFor(() => logOf(dir), "the session log");
    expect(readFileSync(log, "utf8")).toContain('"type":"tool_call"');

    const second = script(
      dir,
      { steps: [{ match: "what happened", text: "the command was interrupted; carrying on" }] },
      "second.yaml",
    );
    const resumed = await picasso(dir, [
      "-p",
      "what happened?",
      "--continue",
      "--output-format",
      "json",
      ...mock(second),
    ]);
    expect(resumed.exitCode).toBe(0);
    expect(JSON.parse(resumed.stdout as string)).toMatchObject({
      result: "the command was interrupted; carrying on",
      turns: 2,
    });
    const text = readFileSync(log, "utf8");
    expect(text).toContain('"status":"interrupted"');
    const report = await rebuildRequests(log);
    expect(report.mismatches).toEqual([]);
    expect(report.problems).toEqual([]);
    const last = report.requests.at(-1)!;
    expect(JSON.stringify(last.messages)).toContain("outcome unknown: Picasso stopped while this call ran");
    // The resumed request keeps the first request's Tier 1 byte for byte.
    expect(new Set(report.requests.map((r) => r.headerHash)).size).toBe(1);
  });

  it("resumes a session killed while the model was answering", async () => {
    const dir = workspace();
    const first = script(dir, { steps: [{ text: "too late", delay_ms: 30_000 }] });
    const child = execa("node", [BIN, "-p", "take your time", ...mock(first)], { cwd: dir, reject: false });
    const log = await waitFor(() => {
      const path = logOf(dir);
      return path && readFileSync(path, "utf8").includes('"type":"model_request"') ? path : undefined;
    }, "the first model request");
    child.kill("SIGKILL");
    await child;
    const second = script(dir, { steps: [{ match: "again", text: "here now" }] }, "second.yaml");
    const resumed = await picasso(dir, ["-p", "again", "--continue", ...mock(second)]);
    expect(resumed.exitCode).toBe(0);
    expect(resumed.stdout).toBe("here now");
    const report = await rebuildRequests(log);
    expect(report.mismatches).toEqual([]);
    expect(report.requests).toHaveLength(2);
    expect(report.requests[1]!.messages.map((m) => m.role)).toEqual(["user", "user"]);
  });
});
