/**
 * Issue 34's acceptance workspace through the built binary: the shop set up as a Claude Code user
 * has it (the probe's `claude-setup` files: `.claude/settings.json` hooks that block `rm -rf`, log
 * every tool call and add a note to each prompt; `/review <path>` limited to Read and Grep,
 * `/fix-issue <n> <priority>`; agents `reviewer` (Read, Grep) and `tester` (Read, Bash)), approved
 * with `picasso trust approve` as its user would. Headless and ACP each run the commands, meet the
 * guard and delegate to an agent. The mock answers a step only when its `match` arrived, so every
 * step proves what reached the model.
 */
import { existsSync, mkdtempSync, readFileSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { CHECKOUT_PNG, CLAUDE_SETUP_MARKS, claudeSetupFiles } from "@picasso/cache-probe/scenarios";
import { afterEach, describe, expect, it } from "vitest";
import { type AcpProcess, logEvents, startAcp, updatesOf, waitFor } from "./acp-harness.js";
import { picasso, script, workspace } from "./cli-harness.js";

const mock = (path: string) => ["--provider", "mock", "--mock-script", path];

/** A HOME of its own, so the user's real ~/.claude never enters the test. */
function userEnv(): NodeJS.ProcessEnv {
  const home = realpathSync(mkdtempSync(join(tmpdir(), "picasso-claude-user-")));
  return {
    ...process.env,
    HOME: home,
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    CODEX_HOME: join(home, ".codex"),
  };
}

/** The workspace, its `.claude/settings.json` approved (the only project file that runs anything). */
async function claudeWorkspace(): Promise<{ dir: string; env: NodeJS.ProcessEnv }> {
  const dir = realpathSync(workspace(claudeSetupFiles()));
  const env = userEnv();
  const approve = await picasso(dir, ["trust", "approve", ".claude/settings.json"], { env });
  expect(approve.exitCode, approve.stderr).toBe(0);
  return { dir, env };
}

const toolCallLog = (dir: string) =>
  existsSync(join(dir, ".tool-calls.jsonl"))
    ? readFileSync(join(dir, ".tool-calls.jsonl"), "utf8")
        .split("\n")
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as { tool_name: string; hook_event_name: string })
    : [];

const running: AcpProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

describe("a Claude Code user's setup", { timeout: 120_000 }, () => {
  it("headless: /review runs within its tools with the hook's note; the guard blocks rm -rf; /fix-issue delegates to the reviewer", async () => {
    const { dir, env } = await claudeWorkspace();
    const s = script(dir, {
      steps: [
        // /review: the expanded command and the UserPromptSubmit hook's note both arrived.
        {
          match: `/${CLAUDE_SETUP_MARKS.review}: review src\\/shop\\/cart\\.ts[\\s\\S]*${CLAUDE_SETUP_MARKS.hookContext}/`,
          tool_calls: [{ name: "bash", input: { command: "npx eslint src/shop/cart.ts" } }],
        },
        { match: "is not allowed during this turn: /review allows only", text: "REVIEW-DONE" },
        // A plain prompt: the guard refuses rm -rf with its reason.
        { match: "Clean the build output", tool_calls: [{ name: "bash", input: { command: "rm -rf src" } }] },
        { match: "rm -rf is blocked in this repository", text: "CLEAN-REFUSED" },
        // /fix-issue 42 high → the reviewer agent, whose bash is refused, whose read runs.
        {
          match: `${CLAUDE_SETUP_MARKS.fixIssue}: fix issue #42 (priority high)`,
          tool_calls: [{ name: "subagent", input: { task: "Review src/shop/cart.ts", agent: "reviewer" } }],
        },
        {
          match: `/Tools this agent may use: read, search\\.[\\s\\S]*${CLAUDE_SETUP_MARKS.reviewer}/`,
          tool_calls: [{ name: "bash", input: { command: "wc -l src/shop/cart.ts" } }],
        },
        {
          match: "is not among the tools of agent reviewer",
          tool_calls: [{ name: "read", input: { path: "src/shop/cart.ts" } }],
        },
        { match: "the cart part of the shop", text: "REVIEWER-FOUND-NOTHING" },
        { match: "REVIEWER-FOUND-NOTHING", text: "FIX-DONE" },
        // --image: the screenshot arrives as an image block (the mock counts it).
        { match: `[image image/png ${CHECKOUT_PNG.length} bytes]`, text: "A-BLUE-HEADER" },
      ],
    });
    const run = async (prompt: string) => {
      const r = await picasso(dir, ["-p", prompt, "--output-format", "json", "--allow", "bash", ...mock(s)], {
        env,
      });
      expect(r.exitCode, r.stderr).toBe(0);
      return JSON.parse(r.stdout as string) as { result: string };
    };
    expect((await run("/review src/shop/cart.ts")).result).toBe("REVIEW-DONE");
    const clean = await picasso(
      dir,
      ["-p", "Clean the build output", "--output-format", "json", "--allow", "bash", ...mock(s)],
      {
        env,
      },
    );
    expect(clean.exitCode, clean.stderr).toBe(0);
    expect(JSON.parse(clean.stdout as string).result).toBe("CLEAN-REFUSED");
    expect(clean.stderr).toMatch(
      /picasso: hook PreToolUse \(\.claude\/settings\.json\) blocked: [\s\S]*rm -rf is blocked/,
    );
    expect(existsSync(join(dir, "src/shop/cart.ts"))).toBe(true);
    expect((await run("/fix-issue 42 high")).result).toBe("FIX-DONE");
    const shot = await picasso(
      dir,
      [
        "-p",
        "Which module renders this header?",
        "--image",
        "docs/checkout.png",
        "--output-format",
        "json",
        ...mock(s),
      ],
      { env },
    );
    expect(shot.exitCode, shot.stderr).toBe(0);
    expect(JSON.parse(shot.stdout as string).result).toBe("A-BLUE-HEADER");
    expect(shot.stderr).toContain(
      `picasso: attached docs/checkout.png (image/png, 32×20, ${CHECKOUT_PNG.length} B)`,
    );
    // The PostToolUse hook logged every call of the three runs, the reviewer's too.
    const logged = toolCallLog(dir);
    expect(logged.map((l) => l.tool_name)).toEqual(["Bash", "Bash", "Bash", "Read", "Task"]);
    expect(new Set(logged.map((l) => l.hook_event_name))).toEqual(new Set(["PostToolUse"]));
  });

  it("ACP: both commands are advertised with their hints; /fix-issue runs, the tester agent's bash runs and the hooks see it", async () => {
    const { dir, env } = await claudeWorkspace();
    const s = script(dir, {
      steps: [
        {
          match: `${CLAUDE_SETUP_MARKS.fixIssue}: fix issue #7 (priority low)`,
          tool_calls: [{ name: "subagent", input: { task: "Check the shop modules", agent: "tester" } }],
        },
        {
          match: CLAUDE_SETUP_MARKS.tester,
          tool_calls: [{ name: "bash", input: { command: "ls src/shop/cart.ts" } }],
        },
        { match: "stdout:\nsrc/shop/cart.ts", text: "TESTER-OK" },
        { match: "TESTER-OK", text: "ACP-FIX-DONE" },
        { match: `[image image/png ${CHECKOUT_PNG.length} bytes]`, text: "ACP-SAW-THE-SCREENSHOT" },
      ],
    });
    const proc = startAcp(dir, mock(s), undefined, env);
    running.push(proc);
    proc.onPermission = async () => ({ outcome: { outcome: "selected", optionId: "allow_once" } });
    const initialized = await proc.initialize();
    const { sessionId } = await proc.agent.request(acp.methods.agent.session.new, {
      cwd: dir,
      mcpServers: [],
    });
    const advertised = await waitFor("the custom commands advertised", () => {
      const update = updatesOf(proc, sessionId, "available_commands_update").at(-1);
      return update?.sessionUpdate === "available_commands_update" ? update.availableCommands : undefined;
    });
    expect(advertised.find((c) => c.name === "review")?.input).toEqual({ hint: "<path>" });
    expect(advertised.find((c) => c.name === "fix-issue")?.input).toEqual({ hint: "<number> <priority>" });
    expect(advertised.map((c) => c.name)).toEqual(expect.arrayContaining(["hooks", "agents"]));
    const done = await proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: "/fix-issue 7 low" }],
    });
    expect(done.stopReason).toBe("end_turn");
    const text = updatesOf(proc, sessionId, "agent_message_chunk")
      .map((u) =>
        u.sessionUpdate === "agent_message_chunk" && u.content.type === "text" ? u.content.text : "",
      )
      .join("");
    // On a failure, the log says which step the mock could not match.
    const events = () =>
      JSON.stringify(
        logEvents(dir, sessionId)
          .filter((e: { type: string }) =>
            ["message", "tool_result", "hook_run", "approval_decided"].includes(e.type),
          )
          .map((e: { type: string; message?: unknown }) => ({
            ...e,
            message: JSON.stringify(e.message ?? "").slice(0, 300),
          })),
      );
    expect(text, events()).toContain("ACP-FIX-DONE");
    // An editor's image content block: the model receives the screenshot.
    expect(initialized.agentCapabilities?.promptCapabilities?.image).toBe(true);
    const shot = await proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [
        { type: "text", text: "What does this screen show?" },
        { type: "image", mimeType: "image/png", data: CHECKOUT_PNG.toString("base64") },
      ],
    });
    expect(shot.stopReason).toBe("end_turn");
    const after = updatesOf(proc, sessionId, "agent_message_chunk")
      .map((u) =>
        u.sessionUpdate === "agent_message_chunk" && u.content.type === "text" ? u.content.text : "",
      )
      .join("");
    expect(after).toContain("ACP-SAW-THE-SCREENSHOT");
    const log = logEvents(dir, sessionId);
    expect(
      log
        .filter((e: { type: string }) => e.type === "tool_result")
        .map((e: { lane: string; name: string; status: string }) => `${e.lane} ${e.name} ${e.status}`),
    ).toEqual(["agent-1 bash ok", "main subagent ok"]);
    expect(
      log.filter(
        (e: { type: string; event?: string }) => e.type === "hook_run" && e.event === "UserPromptSubmit",
      ),
    ).toHaveLength(2);
    // The log keeps the image once, by hash, beside the message that carried it.
    const carried = log.find(
      (e: { type: string; images?: unknown }) => e.type === "message" && e.images !== undefined,
    );
    expect(carried?.images).toEqual({ count: 1, bytes: CHECKOUT_PNG.length });
    expect(toolCallLog(dir).map((l) => l.tool_name)).toEqual(["Bash", "Task"]);
  });

  it("bad input: a hook that hangs, fails, prints invalid JSON or is missing, a broken command file, an agent naming an unknown tool — one line each, the run goes on", async () => {
    const settings = {
      hooks: {
        PreToolUse: [
          {
            matcher: "Read",
            hooks: [
              { type: "command", command: "sleep 30", timeout: 1 },
              { type: "command", command: "echo broken >&2; exit 1" },
              { type: "command", command: "echo '{not json'" },
              { type: "command", command: "./.claude/hooks/not-there.sh" },
            ],
          },
        ],
      },
    };
    const dir = realpathSync(
      workspace({
        "notes.md": "NOTES-7a1\n",
        ".claude/settings.json": JSON.stringify(settings),
        ".claude/commands/broken.md": "---\ndescription: [unclosed\n---\nbody\n",
        ".claude/agents/helper.md":
          "---\nname: helper\ndescription: Helps.\ntools: Read, Teleport\n---\nHelp.\n",
      }),
    );
    const env = userEnv();
    expect((await picasso(dir, ["trust", "approve", ".claude/settings.json"], { env })).exitCode).toBe(0);
    const s = script(dir, {
      steps: [
        { tool_calls: [{ name: "read", input: { path: "notes.md" } }] },
        { match: "NOTES-7a1", text: "READ-DESPITE-HOOKS" },
      ],
    });
    const run = await picasso(dir, ["-p", "read the notes", "--output-format", "json", ...mock(s)], { env });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout as string).result).toBe("READ-DESPITE-HOOKS");
    const lines = (run.stderr as string).split("\n").filter((l) => l.startsWith("picasso:"));
    const one = (pattern: RegExp) =>
      expect(
        lines.filter((l) => pattern.test(l)),
        lines.join("\n"),
      ).toHaveLength(1);
    const hook = (rest: string) =>
      new RegExp(`^picasso: hook PreToolUse \\(\\.claude/settings\\.json\\) warning: ${rest}$`);
    one(hook("timed out after 1 s and was killed — `sleep 30`"));
    one(hook("exit code 1: broken — `echo broken >&2; exit 1`"));
    one(hook("printed invalid JSON on stdout \\(.*\\) — `echo '\\{not json'`"));
    one(hook("command not found \\(exit code 127: .*\\) — `\\./\\.claude/hooks/not-there\\.sh`"));
    one(/^picasso: warning: \.claude\/commands\/broken\.md: not used: front matter not valid YAML/);
    one(/^picasso: warning: \.claude\/agents\/helper\.md: tools: "Teleport" is not a tool of this session/);
  });
});
