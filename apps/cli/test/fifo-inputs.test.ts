/**
 * FIFOs (named pipes) where Picasso reads files it did not write, through the built binary: none
 * may hang it. The workspace's `.mcp.json`, `.claude/settings.json`, `.gitignore` files, a skill's
 * SKILL.md, `$PICASSO_HOME/mcp.json` and a file among the searched ones are FIFOs: the session
 * starts, warns in one line where a file is left out, and `search` answers. A `config.yaml` or a
 * `--mock-script` that is a FIFO stops Picasso with one line, exit 2. Each run is killed (with
 * whatever it started: its own process group) after 30 s, so a hang fails the test.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { picasso, script, workspace } from "./cli-harness.js";

async function runWithin30s(dir: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = picasso(dir, args, { env, timeout: 30_000, detached: true });
  const run = await child;
  if (run.timedOut) {
    try {
      process.kill(-(child.pid as number), "SIGKILL");
    } catch {
      // already gone
    }
  }
  expect(run.timedOut, "picasso hung on a FIFO (killed after 30 s)").toBe(false);
  return run;
}

function freshHome(): NodeJS.ProcessEnv {
  return { ...process.env, PICASSO_HOME: mkdtempSync(join(tmpdir(), "picasso-fifo-home-")) };
}

const mkfifo = (path: string) => execFileSync("mkfifo", [path]);

describe("FIFOs where files are expected", { timeout: 120_000 }, () => {
  it("in the workspace and $PICASSO_HOME/mcp.json: the session starts, warns, and search answers", async () => {
    const env = freshHome();
    const dir = workspace({ "src/needle.txt": "needle here\n" });
    mkdirSync(join(dir, ".claude", "skills", "demo"), { recursive: true });
    for (const fifo of [
      ".mcp.json",
      ".claude/settings.json",
      ".claude/skills/demo/SKILL.md",
      ".gitignore",
      "src/.gitignore",
      "src/pipe.txt",
    ])
      mkfifo(join(dir, fifo));
    mkfifo(join(env.PICASSO_HOME!, "mcp.json"));
    const steps = [
      {
        tool_calls: [
          { name: "search", input: { pattern: "needle", path: "src" } },
          { name: "search", input: { pattern: "needle", path: "src/pipe.txt" } },
        ],
      },
      { text: "answered" },
    ];
    const run = await runWithin30s(
      dir,
      [
        "-p",
        "go",
        "--provider",
        "mock",
        "--mock-script",
        script(dir, { steps }),
        "--output-format",
        "stream-json",
      ],
      env,
    );
    expect(run.exitCode).toBe(0);
    expect(String(run.stderr).split("\n").sort()).toEqual([
      "picasso: warning: $PICASSO_HOME/mcp.json: a FIFO (named pipe), not a file; its servers are left out",
      "picasso: warning: .claude/settings.json: a FIFO (named pipe), not a file; its hooks are left out",
      "picasso: warning: .mcp.json: a FIFO (named pipe), not a file; its servers are left out",
    ]);
    const results = String(run.stdout)
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { type: string; toolUseId: string; status: string; content: string })
      .filter((event) => event.type === "tool_result")
      .sort((a, b) => a.toolUseId.localeCompare(b.toolUseId));
    expect(results.map((r) => [r.status, r.content.split("\n\n")[0]])).toEqual([
      ["ok", "src/needle.txt:1: needle here"],
      ["error", "src/pipe.txt is a FIFO (named pipe), not a file; search a folder or a regular file."],
    ]);
    expect(String(run.stdout)).toContain('"result":"answered"');
  });

  it("$PICASSO_HOME/config.yaml: one line, exit 2", async () => {
    const env = freshHome();
    const dir = workspace();
    mkfifo(join(env.PICASSO_HOME!, "config.yaml"));
    const run = await runWithin30s(
      dir,
      ["-p", "hi", "--provider", "mock", "--mock-script", script(dir, { steps: [{ text: "answered" }] })],
      env,
    );
    expect([run.exitCode, run.stdout, run.stderr]).toEqual([
      2,
      "",
      `picasso: ${join(env.PICASSO_HOME!, "config.yaml")}: a FIFO (named pipe), not a file — make it a regular file or delete it`,
    ]);
  });

  it("--mock-script: one line, exit 2", async () => {
    const env = freshHome();
    const dir = workspace();
    const path = join(dir, "script.yaml");
    mkfifo(path);
    const run = await runWithin30s(dir, ["-p", "hi", "--provider", "mock", "--mock-script", path], env);
    expect([run.exitCode, run.stdout, run.stderr]).toEqual([
      2,
      "",
      `picasso: ${path}: a FIFO (named pipe), not a file; give a mock script file`,
    ]);
  });
});
