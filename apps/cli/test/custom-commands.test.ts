/**
 * Custom commands (packages/commands) through the built binary, as a Claude Code and Gemini CLI
 * user has them: `.claude/commands/review.md` (arguments, an `@file`, `allowed-tools: Read`) and
 * `.gemini/commands/git/commit.toml` (`{{args}}`), plus a broken file. Headless `picasso -p
 * "/name args"` sends the expanded prompt (the mock answers only when it arrives) and the turn is
 * limited to the file's tools; ACP advertises both and runs one from a prompt; `picasso tools`
 * finds them in the catalog; Tier 1 is the same bytes with and without them.
 */
import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { type AcpProcess, startAcp, updatesOf, waitFor } from "./acp-harness.js";
import { picasso, script, workspace } from "./cli-harness.js";

const COMMANDS = {
  ".claude/commands/review.md":
    "---\ndescription: Review a file for one concern\nargument-hint: <file> <concern>\nallowed-tools: Read\n---\nReview @$1 for $2 only.\n",
  ".gemini/commands/git/commit.toml":
    'description = "Draft a commit message"\nprompt = "Draft a commit message for: {{args}}"\n',
  ".claude/commands/broken.md": "---\ndescription: [unclosed\n---\nbody\n",
  "notes.md": "NOTES-CONTENT-1234\n",
};

/** A HOME of its own, so the user's real ~/.claude/commands never enter the test. */
function userEnv(): NodeJS.ProcessEnv {
  const home = realpathSync(mkdtempSync(join(tmpdir(), "picasso-cmd-user-")));
  return {
    ...process.env,
    HOME: home,
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    CODEX_HOME: join(home, ".codex"),
  };
}

const mock = (path: string) => ["--provider", "mock", "--mock-script", path];

const running: AcpProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

describe("custom commands", () => {
  it("headless: /review expands its arguments and @file, and its turn may call only its allowed tools", async () => {
    const root = workspace(COMMANDS);
    const s = script(root, {
      steps: [
        {
          match:
            '/Review @notes\\.md for security only\\.[\\s\\S]*<file path="notes\\.md">\\nNOTES-CONTENT-1234/',
          tool_calls: [{ name: "bash", input: { command: "echo escaped" } }],
        },
        {
          match: "is not allowed during this turn: /review allows only tool_search, read",
          text: "REVIEW-LIMITED",
        },
        { text: "UNEXPECTED-PROMPT" },
      ],
    });
    const run = await picasso(
      root,
      ["-p", "/review notes.md security", ...mock(s), "--output-format", "json"],
      {
        env: userEnv(),
      },
    );
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout as string).result).toBe("REVIEW-LIMITED");
    expect(run.stderr).toMatch(
      /picasso: warning: \.claude\/commands\/broken\.md: not used: front matter not valid YAML/,
    );
  });

  it("headless: /git:commit puts the arguments into {{args}}; an unknown /name is one line and goes as typed", async () => {
    const root = workspace(COMMANDS);
    const s = script(root, {
      steps: [
        { match: "Draft a commit message for: fix the login redirect", text: "COMMIT-OK" },
        { match: "/nosuch please", text: "SENT-AS-TYPED" },
      ],
    });
    const commit = await picasso(
      root,
      ["-p", "/git:commit fix the login redirect", ...mock(s), "--output-format", "json"],
      {
        env: userEnv(),
      },
    );
    expect(commit.exitCode).toBe(0);
    expect(JSON.parse(commit.stdout as string).result).toBe("COMMIT-OK");
    const unknown = await picasso(root, ["-p", "/nosuch please", ...mock(s), "--output-format", "json"], {
      env: userEnv(),
    });
    expect(unknown.exitCode).toBe(0);
    expect(unknown.stderr).toContain(
      "picasso: /nosuch is not a custom command here; sending the prompt as typed",
    );
    expect(JSON.parse(unknown.stdout as string).result).toBe("SENT-AS-TYPED");
  });

  it("ACP: available_commands include both with their hints, and /git:commit from a prompt runs its turn", async () => {
    const root = workspace(COMMANDS);
    const proc = startAcp(
      root,
      mock(script(root, { steps: [{ match: "Draft a commit message for: tidy", text: "ACP-COMMIT-OK" }] })),
      undefined,
      userEnv(),
    );
    running.push(proc);
    await proc.initialize();
    const { sessionId } = await proc.agent.request(acp.methods.agent.session.new, {
      cwd: root,
      mcpServers: [],
    });
    const advertised = await waitFor("the custom commands advertised", () => {
      const update = updatesOf(proc, sessionId, "available_commands_update")[0];
      return update?.sessionUpdate === "available_commands_update" ? update.availableCommands : undefined;
    });
    expect(advertised.find((c) => c.name === "review")).toEqual({
      name: "review",
      description: "Review a file for one concern (project claude command)",
      input: { hint: "<file> <concern>" },
    });
    expect(advertised.find((c) => c.name === "git:commit")?.description).toBe(
      "Draft a commit message (project gemini command)",
    );
    const done = await proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: "/git:commit tidy" }],
    });
    expect(done.stopReason).toBe("end_turn");
    const text = updatesOf(proc, sessionId, "agent_message_chunk")
      .map((u) =>
        u.sessionUpdate === "agent_message_chunk" && u.content.type === "text" ? u.content.text : "",
      )
      .join("");
    expect(text).toContain("ACP-COMMIT-OK");
  });

  it("the catalog behind tool_search lists them; Tier 1 is byte-identical with and without them", async () => {
    const env = userEnv();
    const withCommands = workspace(COMMANDS);
    const without = workspace({ "notes.md": "NOTES-CONTENT-1234\n" });
    const tools = await picasso(withCommands, ["tools"], { env });
    expect(tools.exitCode).toBe(0);
    expect(tools.stdout).toMatch(/\/review: Review a file for one concern \(project claude command\)/);
    expect(tools.stdout).toMatch(/\/git:commit: Draft a commit message/);
    const hashOf = async (root: string) => {
      const run = await picasso(root, ["context", "--json"], { env });
      expect(run.exitCode).toBe(0);
      return JSON.parse(run.stdout as string).hash as string;
    };
    const [a, b] = await Promise.all([hashOf(withCommands), hashOf(without)]);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).toBe(b);
  });
});
