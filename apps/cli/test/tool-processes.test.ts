/**
 * Tool processes never outlive Picasso. A bash tool call starts a long `sleep` (in the tool's own
 * process group); then Picasso is
 * - sent SIGTERM (what `timeout`, CI cancels and container stops send): it behaves like Ctrl-C —
 *   the group is killed, the log ends with interrupt / turn_end / session_end, the resume hint is
 *   printed, and it exits 143;
 * - sent SIGKILL: its group supervisor kills the group;
 * - SIGKILLed together with its supervisor (nothing left to clean up; unconfined, since a
 *   sandboxed command dies with its PID namespace): the next start of that session
 *   (`--continue`) kills the group its record names.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectSessionsDir } from "@picasso/engine";
import { SUPERVISOR_NAME } from "@picasso/tools";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, hostPids, picasso, script, uniqueMarker, workspace } from "./cli-harness.js";

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

async function waitFor<T>(check: () => T | undefined, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Alive and not a zombie. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

function logOf(dir: string): string | undefined {
  const sessions = projectSessionsDir(process.env.PICASSO_HOME!, dir);
  if (!existsSync(sessions)) return undefined;
  const file = readdirSync(sessions).find((f) => f.endsWith(".jsonl"));
  return file ? join(sessions, file) : undefined;
}

function eventTypes(log: string): string[] {
  return readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line).type as string);
}

/**
 * Start `picasso -p` on a bash call that leaves a `sleep` running; resolve once it runs, with its
 * host pid (found by its unique argument: inside the sandbox `$!` is the namespace's pid).
 * `sandbox: "off"` runs the command unconfined, where a stray can outlive everything.
 */
async function startWithSleep(sandbox: "auto" | "off" = "auto") {
  const dir = workspace();
  const mark = uniqueMarker();
  const s = script(dir, {
    steps: [
      { tool_calls: [{ name: "bash", input: { command: `sleep 300.${mark} & wait` } }] },
      { text: "not reached" },
    ],
  });
  const child = execa(
    "node",
    [
      BIN,
      "-p",
      "start the slow thing",
      "--mode",
      "auto",
      "--sandbox",
      sandbox,
      ...(sandbox === "off" ? ["--allow", "bash"] : []),
      ...mock(s),
    ],
    { cwd: dir, reject: false },
  );
  const sleepPid = await waitFor(() => hostPids(`sleep 300.${mark}`)[0], "the sleep to start");
  leftovers.push(sleepPid);
  return { dir, child, sleepPid };
}

describe("tool processes and the end of Picasso", () => {
  it("SIGTERM interrupts like Ctrl-C: the sleep is killed, the log is ended, exit 143", async () => {
    const { dir, child, sleepPid } = await startWithSleep();
    child.kill("SIGTERM");
    const run = await child;
    expect(run.exitCode).toBe(143);
    await waitFor(() => !alive(sleepPid), "the sleep to die");
    const types = eventTypes(logOf(dir)!);
    expect(types.slice(-3)).toEqual(["interrupt", "turn_end", "session_end"]);
    expect(run.stderr).toMatch(
      /^picasso: terminated \(SIGTERM\); resume with: (?:picasso|node \S+main\.js) --resume \S+$/m,
    );
  });

  it("SIGKILL: the sleep dies with Picasso", async () => {
    const { child, sleepPid } = await startWithSleep();
    child.kill("SIGKILL");
    const run = await child;
    expect(run.signal).toBe("SIGKILL");
    await waitFor(() => !alive(sleepPid), "the sleep to die after Picasso was killed", 10_000);
  });

  it("a group recorded by a run that died with its supervisor is killed when the session continues", async () => {
    // Unconfined (--sandbox off): a sandboxed sleep would die with Picasso's PID namespace anyway.
    const { dir, child, sleepPid } = await startWithSleep("off");
    // The precondition: the run has recorded the group beside its log.
    await waitFor(() => recordedGroups(dir).includes(sleepGroup(sleepPid)), "the group to be recorded");
    const supervisor = await waitFor(() => supervisorOf(child.pid!), "the group supervisor");
    process.kill(supervisor, "SIGKILL");
    child.kill("SIGKILL");
    await child;
    // Nothing was left to clean up: the sleep is a real stray now.
    expect(alive(sleepPid)).toBe(true);
    const again = script(dir, { steps: [{ text: "carrying on" }] }, "again.yaml");
    const resumed = await picasso(dir, ["-p", "go on", "--continue", "--sandbox", "off", ...mock(again)]);
    expect(resumed.exitCode).toBe(0);
    expect(resumed.stdout).toBe("carrying on");
    await waitFor(() => !alive(sleepPid), "the recorded stray to be killed");
  });
});

/** The process group of `pid`. */
function sleepGroup(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
}

/** The pgids the sessions of `dir` have recorded (`process-groups` beside each log). */
function recordedGroups(dir: string): number[] {
  const sessions = projectSessionsDir(process.env.PICASSO_HOME!, dir);
  if (!existsSync(sessions)) return [];
  return readdirSync(sessions).flatMap((entry) => {
    const record = join(sessions, entry, "process-groups");
    return existsSync(record)
      ? readFileSync(record, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => Number(line.split(" ")[0]))
      : [];
  });
}

/** The pid of `parent`'s group supervisor (a child process named picasso-group-supervisor). */
function supervisorOf(parent: number): number | undefined {
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid !== parent) continue;
      if (readFileSync(`/proc/${name}/cmdline`, "utf8").includes(SUPERVISOR_NAME)) return Number(name);
    } catch {
      // gone while we looked
    }
  }
  return undefined;
}
