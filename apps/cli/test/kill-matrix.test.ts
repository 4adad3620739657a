/**
 * The fault matrix's kills: a scripted session with tool calls is SIGKILLed right after each of
 * its log events in turn (PICASSO_FAULT=kill-after:N), and mid-write of some (tear-at:N, a torn
 * line). After every kill the session is continued (the `--continue` wiring, in this process so
 * the matrix stays quick): every line written before the kill is kept as it was, a tool call cut
 * off is closed "outcome unknown", and the provider (the mock, which enforces the pairing rules)
 * accepts the history. A full disk (enospc-at:N) is told in one line
 * and leaves a valid log. Figures go to docs/reliability.md.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { allowListApprover, projectSessionsDir } from "@picasso/engine";
import { StrictLogEventSchema } from "@picasso/protocol/schemas";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { wireSession } from "../src/wiring.js";
import { BIN, script, workspace } from "./cli-harness.js";

const STEPS = [
  { match: "start", text: "Reading.", tool_calls: [{ name: "read", input: { path: "a.txt" } }] },
  { tool_calls: [{ name: "bash", input: { command: "echo hi > out.txt" } }] },
  { text: "all done" },
];

function logOf(dir: string): string {
  const sessions = projectSessionsDir(process.env.PICASSO_HOME!, dir);
  const [file] = readdirSync(sessions).filter((f) => f.endsWith(".jsonl"));
  return join(sessions, file);
}

async function killedRun(fault: string) {
  const dir = workspace({ "a.txt": "alpha\n" });
  const s = script(dir, { steps: STEPS });
  const run = await execa(
    "node",
    [BIN, "-p", "start", "--mode", "auto", "--provider", "mock", "--mock-script", s],
    {
      cwd: dir,
      reject: false,
      env: { PICASSO_FAULT: fault },
    },
  );
  return { dir, run };
}

describe("kill matrix", { timeout: 600_000 }, () => {
  it("resumes after a kill at every log boundary and mid-write, losing nothing written", async () => {
    // How many events a whole run writes.
    const whole = await killedRun("none");
    expect(whole.run.exitCode).toBe(0);
    const total = readFileSync(logOf(whole.dir), "utf8").trim().split("\n").length;
    const points = [
      ...Array.from({ length: total - 1 }, (_, n) => `kill-after:${n}`),
      ...Array.from({ length: Math.floor(total / 3) }, (_, k) => `tear-at:${2 + 3 * k}`),
    ];
    expect(points.length).toBeGreaterThanOrEqual(30);
    const failures: string[] = [];
    for (const point of points) {
      const { dir, run } = await killedRun(point);
      if (run.signal !== "SIGKILL") {
        failures.push(`${point}: not killed (${run.exitCode})`);
        continue;
      }
      const log = logOf(dir);
      const before = readFileSync(log, "utf8");
      const again = script(dir, { steps: [{ match: "go on", text: "carried on" }] }, "again.yaml");
      const wired = await wireSession(
        { provider: "mock", mockScript: again, continue: true },
        { approver: allowListApprover([]), surfaceLabel: "headless", cwd: dir },
      );
      let text = "";
      try {
        const end = await wired.session.runTurn("go on");
        text = `${end.stopReason}: ${end.text}`;
      } finally {
        await wired.close();
      }
      if (text !== "end_turn: carried on") {
        failures.push(`${point}: the resumed turn ended ${text}`);
        continue;
      }
      const after = readFileSync(log, "utf8");
      const kept = before.endsWith("\n") ? before : before.slice(0, before.lastIndexOf("\n") + 1);
      if (!after.startsWith(kept)) failures.push(`${point}: lines written before the kill changed`);
      const added = after.slice(before.length).trim().split("\n");
      for (const line of added)
        if (line.trim() && !StrictLogEventSchema.safeParse(JSON.parse(line)).success)
          failures.push(`${point}: an invalid line after resume`);
      const cut = added.map((l) => JSON.parse(l)).find((e) => e.type === "tool_result");
      if (cut && cut.status !== "interrupted") failures.push(`${point}: a cut-off call not closed`);
    }
    // The figure docs/reliability.md quotes.
    console.info(
      `fault matrix: ${points.length} kill points (${total} log events), ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  });

  it("tells a full disk in one line and leaves a log every reader accepts", async () => {
    const { dir, run } = await killedRun("enospc-at:6");
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe("all done");
    const told = (run.stderr as string).split("\n").filter((l) => l.includes("cannot write the session log"));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(
      /^picasso: cannot write the session log .* \(the disk is full\); the session goes on/,
    );
    const lines = readFileSync(logOf(dir), "utf8").trim().split("\n");
    expect(lines).toHaveLength(6);
    for (const line of lines) expect(StrictLogEventSchema.safeParse(JSON.parse(line)).success).toBe(true);
  });
});
