/**
 * Hooks through the built binary (docs/hooks.md): a Claude Code user's PreToolUse hook blocks
 * `rm -rf` and a PostToolUse hook logs every tool call in a headless run; the project's hooks do
 * not run before the user approved their file, and do after; Tier 1 is byte-identical with hooks
 * configured; `picasso hooks` lists them with source, event, matcher and approval state.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { picasso, script, workspace } from "./cli-harness.js";

const GUARD =
  "input=$(cat); if printf '%s' \"$input\" | grep -q 'rm -rf'; then echo 'rm -rf is not allowed here; remove files one by one' >&2; exit 2; fi";
const LOGGER = 'cat >> "$PICASSO_PROJECT_DIR/tool-calls.log"; echo >> "$PICASSO_PROJECT_DIR/tool-calls.log"';

const claudeSettings = JSON.stringify({
  hooks: {
    PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: GUARD }] }],
    PostToolUse: [{ matcher: "*", hooks: [{ type: "command", command: LOGGER, timeout: 10 }] }],
  },
});

const mock = (path: string) => ["--provider", "mock", "--mock-script", path];

const events = (logPath: string) =>
  readFileSync(logPath, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));

function rmScript(dir: string): string {
  return script(dir, {
    steps: [
      { tool_calls: [{ name: "bash", input: { command: "rm -rf x" } }] },
      { tool_calls: [{ name: "bash", input: { command: "echo still-here" } }] },
      { text: "done" },
    ],
  });
}

describe("hooks", { timeout: 120_000 }, () => {
  it("a PreToolUse hook blocks rm -rf with its reason, a PostToolUse hook logs every call", async () => {
    const dir = workspace({ "x/keep.txt": "keep\n", ".claude/settings.json": claudeSettings });
    const approve = await picasso(dir, ["trust", "approve", ".claude/settings.json"]);
    expect(approve.exitCode, approve.stderr).toBe(0);
    const run = await picasso(dir, [
      "-p",
      "clean up",
      "--output-format",
      "json",
      "--allow",
      "bash",
      ...mock(rmScript(dir)),
    ]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(existsSync(join(dir, "x/keep.txt"))).toBe(true);
    // The hook's stderr is the reason (a shell start-up line of this machine may come before it).
    expect(run.stderr).toMatch(
      /picasso: hook PreToolUse \(\.claude\/settings\.json\) blocked: [\s\S]*rm -rf is not allowed here; remove files one by one/,
    );
    const log = events(JSON.parse(run.stdout as string).logPath);
    const results = log.filter((e) => e.type === "tool_result");
    expect(results.map((r) => r.status)).toEqual(["denied", "ok"]);
    const told = log.find((e) => e.type === "message" && e.source === "tool_results");
    const refusal = told.message.content[0].content as string;
    expect(refusal).toMatch(
      /^A hook refused this "bash" call: [\s\S]*rm -rf is not allowed here; remove files one by one$/,
    );
    const calls = readFileSync(join(dir, "tool-calls.log"), "utf8")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(
      calls.map((c) => [c.hook_event_name, c.tool_name, c.tool_input.command, c.tool_response.status]),
    ).toEqual([
      ["PostToolUse", "Bash", "rm -rf x", "denied"],
      ["PostToolUse", "Bash", "echo still-here", "ok"],
    ]);
    expect(log.filter((e) => e.type === "hook_run").map((e) => [e.event, e.outcome])).toEqual([
      ["PreToolUse", "blocked"],
      ["PostToolUse", "ok"],
      ["PreToolUse", "ok"],
      ["PostToolUse", "ok"],
    ]);
  });

  it("the project's hooks do not run before approval; the warning names the file and the flag", async () => {
    const dir = workspace({ "x/keep.txt": "keep\n", ".claude/settings.json": claudeSettings });
    const run = await picasso(dir, ["-p", "clean up", "--allow", "bash", ...mock(rmScript(dir))]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(existsSync(join(dir, "tool-calls.log"))).toBe(false);
    expect(existsSync(join(dir, "x"))).toBe(false); // no hook ran: the unapproved guard did not block
    expect(run.stderr).toContain(
      "not using .claude/settings.json (not approved yet; it runs hook commands: PreToolUse: input=$(cat)",
    );
    const listed = await picasso(dir, ["hooks"]);
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(listed.stdout).toContain("PreToolUse [Bash]");
    expect(listed.stdout).toContain("(.claude/settings.json, not approved yet, timeout 60 s)");
    expect(listed.stdout).toContain("PostToolUse  cat >>");
  });

  it("a changed hook file needs approval again", async () => {
    const dir = workspace({ ".claude/settings.json": claudeSettings });
    await picasso(dir, ["trust", "approve", ".claude/settings.json"]);
    expect((await picasso(dir, ["hooks"])).stdout).toContain("(.claude/settings.json, approved,");
    writeFileSync(join(dir, ".claude/settings.json"), claudeSettings.replace("Bash", "Bash|Write"));
    expect((await picasso(dir, ["hooks"])).stdout).toContain(
      "(.claude/settings.json, changed since approved,",
    );
  });

  it("Tier 1 is byte-identical with hooks configured", async () => {
    const plain = workspace();
    const hooked = workspace({ ".claude/settings.json": claudeSettings });
    const home = process.env.PICASSO_HOME!;
    mkdirSync(home, { recursive: true });
    writeFileSync(
      join(home, "settings.yml"),
      "hooks:\n  Stop:\n    - hooks: [{ type: command, command: 'true' }]\n",
    );
    await picasso(hooked, ["trust", "approve"]);
    const hash = async (dir: string) => {
      const out = await picasso(dir, ["context", "--json"]);
      expect(out.exitCode, out.stderr).toBe(0);
      return JSON.parse(out.stdout as string).hash;
    };
    expect(await hash(hooked)).toBe(await hash(plain));
  });
});
