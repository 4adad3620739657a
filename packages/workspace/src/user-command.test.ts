import { describe, expect, it } from "vitest";
import { runUserCommand } from "./user-command.js";

const options = (over: Partial<Parameters<typeof runUserCommand>[1]> = {}) => ({
  cwd: process.cwd(),
  input: '{"hook_event_name":"Stop"}',
  timeoutMs: 20_000,
  env: { PICASSO_PROJECT_DIR: "/w" },
  ...over,
});

describe("running a user command (a hook, a shell line)", { timeout: 30_000 }, () => {
  it("reads its JSON from a file on stdin, never a socket (bash would run ~/.bashrc then)", async () => {
    const run = await runUserCommand(
      'if [ -S /dev/stdin ]; then echo socket; fi; cat; echo " $PICASSO_PROJECT_DIR"',
      options(),
    );
    expect(run).toMatchObject({ exitCode: 0, timedOut: false, stdout: '{"hook_event_name":"Stop"} /w\n' });
  });

  it("gets a minimal environment: no provider key or other secret of Picasso's", async () => {
    const run = await runUserCommand(
      "env",
      options({
        baseEnv: { PATH: process.env.PATH, ANTHROPIC_API_KEY: "sk-ant-xyz", GITHUB_TOKEN: "ghp", HOME: "/h" },
      }),
    );
    expect(run.exitCode).toBe(0);
    expect(run.stdout).not.toContain("sk-ant-xyz");
    expect(run.stdout).not.toContain("GITHUB_TOKEN");
    expect(run.stdout).toContain("HOME=/h");
    expect(run.stdout).toContain("PICASSO_PROJECT_DIR=/w");
  });

  it("kills the whole process group at the timeout", async () => {
    const run = await runUserCommand("sleep 30 & sleep 30", options({ timeoutMs: 300 }));
    expect(run).toMatchObject({ exitCode: null, timedOut: true });
  });

  it("refuses to run unconfined when the sandbox is on but cannot run", async () => {
    const sandbox = { active: false, refusesCommands: true, wrap: () => ({ file: "false", args: [] }) };
    const run = await runUserCommand("touch should-not-exist", options({ sandbox }));
    expect(run.spawnError).toBe("the sandbox is on but cannot run here, so it is not run");
  });

  it("waits for the sandbox to know whether it can run before it reads its walls", async () => {
    const log: string[] = [];
    let known = false;
    const sandbox = {
      get active() {
        log.push(known ? "walls read" : "walls read too early");
        return true;
      },
      get refusesCommands() {
        log.push(known ? "refusal read" : "refusal read too early");
        return false;
      },
      wrap: (command: string) => ({ file: "bash", args: ["-c", command] }),
      settled: async () => {
        log.push("waits");
        // Answers only after a full turn of the event loop, so a command that did not wait reads first.
        await new Promise((resolve) => setImmediate(resolve));
        known = true;
      },
    };
    const run = await runUserCommand("echo walled", options({ sandbox }));
    expect(run.stdout).toBe("walled\n");
    expect(log).toEqual(["waits", "refusal read", "walls read"]);
  });
});
