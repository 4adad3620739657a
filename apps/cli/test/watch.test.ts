/**
 * Watched background work through the built binary (`picasso -p`, the mock provider): a
 * scheduled prompt and a monitor wake the session after the prompt's turn, headless waits for
 * them (one stderr line) and runs a turn for each notice, Tier 1 stays the same in every request,
 * and Ctrl-C stops the waiting cleanly.
 */
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectSessionsDir } from "@picasso/engine";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { BIN, script, workspace } from "./cli-harness.js";

const mock = (path: string) => ["--provider", "mock", "--mock-script", path];
const call = (name: string, args: Record<string, unknown>) => ({
  name: "tool_call",
  input: { name, arguments: args },
});

function logEvents(path: string): Array<Record<string, unknown>> {
  return readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

/** Start `picasso -p` and resolve once its stderr holds `text` (the child keeps running). */
function start(dir: string, args: string[]) {
  const child = execa("node", [BIN, ...args], { cwd: dir, reject: false, timeout: 60_000 });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const stderrHas = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (stderr.includes(text)) return resolve();
        if (child.exitCode !== null)
          return reject(new Error(`exited before stderr said "${text}": ${stderr}`));
        setTimeout(check, 20);
      };
      check();
    });
  return { child, stderrHas, stderr: () => stderr };
}

function tier1Hashes(events: Array<Record<string, unknown>>): Set<string> {
  return new Set(
    events
      .filter((e) => e.type === "model_request")
      .map((e) => {
        const hashes = e.hashes as { tools: string; system: string };
        return `${hashes.tools}/${hashes.system}`;
      }),
  );
}

describe("picasso -p with watched work", () => {
  it("waits for a scheduled prompt and runs a turn for it; Tier 1 stays the same", async () => {
    const dir = workspace();
    const s = script(dir, {
      steps: [
        {
          match: "remind me",
          tool_calls: [call("schedule", { in_seconds: 1, prompt: "look at the build again" })],
        },
        { match: "Scheduled sch-1", text: "I will look again when it is due." },
        { match: "look at the build again", text: "The build is green." },
      ],
    });
    const run = await execa(
      "node",
      [BIN, "-p", "remind me to check the build", "--output-format", "json", ...mock(s)],
      {
        cwd: dir,
        reject: false,
        timeout: 60_000,
      },
    );
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toMatch(/^picasso: waiting for schedule sch-1 due \S+ \(Ctrl-C stops waiting\)$/m);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ result: "The build is green.", turns: 2, stopReason: "end_turn" });
    const events = logEvents(result.logPath);
    const types = events.map((e) => e.type);
    expect(types).toContain("watch_start");
    expect(events.find((e) => e.type === "wake")).toMatchObject({ source: "schedule" });
    expect(events.find((e) => e.type === "watch_stop")).toMatchObject({ kind: "schedule", reason: "fired" });
    // The second turn is the wake's: its input is the notice, as a reminder of source "schedule".
    const turnInputs = events.filter((e) => e.type === "turn_start").map((e) => e.input as string);
    expect(turnInputs[1]).toMatch(/^<system-reminder source="schedule">\nScheduled prompt sch-1/);
    expect(tier1Hashes(events).size).toBe(1);
  });

  it("a monitor on a workspace file wakes the session when the line is appended", async () => {
    const dir = workspace({ "server.log": "booting\n" });
    const s = script(dir, {
      steps: [
        {
          match: "tell me when",
          tool_calls: [call("monitor", { file: "server.log", pattern: "READY on \\d+" })],
        },
        { match: "Monitor mon-1 armed", text: "Watching the log." },
        { match: "READY on 8080", text: "The server says it is ready on 8080." },
      ],
    });
    const run = start(dir, [
      "-p",
      "watch server.log and tell me when it says READY",
      "--output-format",
      "json",
      ...mock(s),
    ]);
    await run.stderrHas("waiting for monitor mon-1");
    appendFileSync(join(dir, "server.log"), "listening\nREADY on 8080\n");
    const done = await run.child;
    expect(done.exitCode).toBe(0);
    const result = JSON.parse(done.stdout as string);
    expect(result.result).toBe("The server says it is ready on 8080.");
    const events = logEvents(result.logPath);
    expect(events.find((e) => e.type === "wake")).toMatchObject({ source: "monitor" });
    expect(events.filter((e) => e.type === "watch_stop")).toMatchObject([
      { kind: "monitor", reason: "matched" },
    ]);
    expect(tier1Hashes(events).size).toBe(1);
  });

  it("a monitor on a background bash job wakes the session on its output", async () => {
    const dir = workspace();
    const s = script(dir, {
      steps: [
        {
          match: "start the server",
          tool_calls: [
            {
              name: "bash",
              input: { command: "sleep 0.5; echo 'port=4312 READY'; sleep 30", run_in_background: true },
            },
          ],
        },
        {
          match: "job-1",
          tool_calls: [call("monitor", { process: "job-1", pattern: "READY", name: "server" })],
        },
        { match: "Monitor mon-1 armed", text: "Waiting for the server." },
        { match: "port=4312 READY", text: "Server up on 4312." },
      ],
    });
    const run = await execa(
      "node",
      [
        BIN,
        "-p",
        "start the server and tell me when it is up",
        "--mode",
        "auto",
        "--output-format",
        "json",
        ...mock(s),
      ],
      { cwd: dir, reject: false, timeout: 60_000 },
    );
    expect(run.exitCode).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.result).toBe("Server up on 4312.");
    const wake = logEvents(result.logPath).find((e) => e.type === "wake");
    expect(wake?.text).toMatch(
      /monitor mon-1 "server" on job-1 \(.*\) matched \/READY\/:\n {2}port=4312 READY/,
    );
  });

  it("Ctrl-C stops the waiting: the watch ends with the session, exit 130", async () => {
    const dir = workspace();
    const s = script(dir, {
      steps: [
        { match: "later", tool_calls: [call("schedule", { in_seconds: 600, prompt: "never seen" })] },
        { match: "Scheduled sch-1", text: "Scheduled." },
      ],
    });
    const run = start(dir, ["-p", "remind me later", ...mock(s)]);
    await run.stderrHas("waiting for schedule sch-1");
    run.child.kill("SIGINT");
    const done = await run.child;
    expect(done.exitCode).toBe(130);
    expect(done.stdout).toContain("Scheduled.");
    const log = logOf(dir);
    const events = logEvents(log);
    expect(events.find((e) => e.type === "watch_stop")).toMatchObject({ reason: "closed" });
    expect(events.at(-1)).toMatchObject({ type: "session_end" });
    expect(events.some((e) => e.type === "wake")).toBe(false);
  });
});

/** The session log picasso wrote for workspace `dir` (under $PICASSO_HOME). */
function logOf(dir: string): string {
  const sessions = projectSessionsDir(process.env.PICASSO_HOME as string, dir);
  const file = readdirSync(sessions).find((f) => f.endsWith(".jsonl"));
  if (!file) throw new Error(`no session log in ${sessions}`);
  return join(sessions, file);
}
