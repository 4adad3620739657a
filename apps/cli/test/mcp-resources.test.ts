/**
 * MCP resources and prompts through the built binary, with the real everything server in the
 * user's `$PICASSO_HOME/mcp.json` and its catalog cached by `picasso mcp refresh`:
 * - headless `picasso -p "/mcp__everything__args-prompt city=Paris"` sends the prompt the server
 *   made (the mock answers only when it arrives); a missing required argument is one line, exit 2;
 *   ACP advertises the command with its hint and runs it from a prompt;
 * - `@everything:<uri>` in a prompt attaches the resource's text to the user's message (one
 *   stderr note); an unknown server is a note and the turn goes on;
 * - the catalog behind `tool_search` lists the prompts' commands; Tier 1 is byte-identical with
 *   and without resources and prompts in the cache.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type AcpProcess, startAcp, updatesOf, waitFor } from "./acp-harness.js";
import { picasso, script, workspace } from "./cli-harness.js";

const FEATURES = "demo://resource/static/document/features.md";

function everythingEntry(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("@modelcontextprotocol/server-everything/package.json");
  const bin = (JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string> }).bin;
  return join(dirname(manifest), Object.values(bin)[0]!);
}

function homeWithServer(): string {
  const home = realpathSync(mkdtempSync(join(tmpdir(), "picasso-mcp-res-home-")));
  writeFileSync(
    join(home, "mcp.json"),
    JSON.stringify({
      mcpServers: { everything: { command: process.execPath, args: [everythingEntry(), "stdio"] } },
    }),
  );
  return home;
}

const mock = (path: string) => ["--provider", "mock", "--mock-script", path];
let home: string;
let env: NodeJS.ProcessEnv;
const running: AcpProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

beforeAll(async () => {
  home = homeWithServer();
  env = { ...process.env, PICASSO_HOME: home };
  const refreshed = await picasso(workspace(), ["mcp", "refresh"], { env });
  expect(refreshed.exitCode).toBe(0);
});

describe("MCP prompts and resources, headless", () => {
  it("/mcp__everything__args-prompt sends the server's prompt; a missing argument is one line", async () => {
    const root = workspace();
    const s = script(root, {
      steps: [{ match: "What's weather in Paris, France?", text: "PROMPT-OK" }, { text: "UNEXPECTED" }],
    });
    const run = await picasso(root, ["-p", "/mcp__everything__args-prompt Paris state=France", ...mock(s)], {
      env,
    });
    expect(run.stdout).toBe("PROMPT-OK");
    expect(run.exitCode).toBe(0);
    const missing = await picasso(root, ["-p", "/mcp__everything__args-prompt", ...mock(s)], { env });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain(
      '/mcp__everything__args-prompt: missing the required argument "city" (city=<value> [state=<value>])',
    );
  });

  it("ACP: available_commands include the prompt with its hint, and a prompt runs it", async () => {
    const root = workspace();
    const proc = startAcp(
      root,
      mock(script(root, { steps: [{ match: "What's weather in Lyon?", text: "ACP-PROMPT-OK" }] })),
      undefined,
      env,
    );
    running.push(proc);
    await proc.initialize();
    const { sessionId } = await proc.agent.request(acp.methods.agent.session.new, {
      cwd: root,
      mcpServers: [],
    });
    const advertised = await waitFor("the prompt commands advertised", () => {
      const update = updatesOf(proc, sessionId, "available_commands_update")[0];
      return update?.sessionUpdate === "available_commands_update" ? update.availableCommands : undefined;
    });
    expect(advertised.find((c) => c.name === "mcp__everything__args-prompt")).toEqual({
      name: "mcp__everything__args-prompt",
      description:
        "A prompt with two arguments, one required and one optional (prompt of MCP server everything)",
      input: { hint: "city=<value> [state=<value>]" },
    });
    const done = await proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: "/mcp__everything__args-prompt city=Lyon" }],
    });
    expect(done.stopReason).toBe("end_turn");
    const text = updatesOf(proc, sessionId, "agent_message_chunk")
      .map((u) =>
        u.sessionUpdate === "agent_message_chunk" && u.content.type === "text" ? u.content.text : "",
      )
      .join("");
    expect(text).toContain("ACP-PROMPT-OK");
  });

  it("@server:uri attaches the resource's text; an unknown server is a note", async () => {
    const root = workspace();
    const s = script(root, {
      steps: [
        {
          match: `/Summarise @everything:[\\s\\S]*\\[resource ${FEATURES.replace(/[./]/g, "\\$&")} of MCP server everything\\]\\n# Everything Server - Features/`,
          text: "MENTION-OK",
        },
        { text: "UNEXPECTED" },
      ],
    });
    const run = await picasso(
      root,
      ["-p", `Summarise @everything:${FEATURES} and @nope:demo://x.png`, ...mock(s)],
      {
        env,
      },
    );
    expect(run.stdout).toBe("MENTION-OK");
    expect(run.stderr).toMatch(
      new RegExp(`picasso: attached @everything:${FEATURES.replace(/[./]/g, "\\$&")} \\(\\d+ characters\\)`),
    );
    expect(run.stderr).toContain(
      'picasso: @nope:demo://x.png: not attached: no MCP server "nope" here (servers: everything)',
    );
    expect(run.exitCode).toBe(0);
  });

  it("the catalog lists the prompts' commands; Tier 1 is byte-identical with and without resources and prompts cached", async () => {
    const root = workspace();
    const tools = await picasso(root, ["tools"], { env });
    expect(tools.exitCode).toBe(0);
    expect(tools.stdout).toMatch(/\/mcp__everything__args-prompt: A prompt with two arguments/);
    // The same catalog without what this issue added (format 2 still, so it is fresh).
    const bare = realpathSync(mkdtempSync(join(tmpdir(), "picasso-mcp-res-bare-")));
    writeFileSync(join(bare, "mcp.json"), readFileSync(join(home, "mcp.json")));
    const catalog = JSON.parse(readFileSync(join(home, "mcp-catalog", "everything.json"), "utf8"));
    expect(catalog.prompts.length).toBeGreaterThan(0);
    expect(catalog.resources.length).toBeGreaterThan(0);
    delete catalog.prompts;
    delete catalog.resources;
    delete catalog.resourceTemplates;
    delete catalog.capabilities;
    mkdirSync(join(bare, "mcp-catalog"));
    writeFileSync(join(bare, "mcp-catalog", "everything.json"), JSON.stringify(catalog));
    const context = async (picassoHome: string) => {
      const run = await picasso(root, ["context", "--json"], {
        env: { ...process.env, PICASSO_HOME: picassoHome },
      });
      expect(run.exitCode).toBe(0);
      return JSON.parse(run.stdout as string) as { hash: string };
    };
    const [full, without] = await Promise.all([context(home), context(bare)]);
    expect(full.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(full.hash).toBe(without.hash);
    const bareTools = await picasso(root, ["tools"], { env: { ...process.env, PICASSO_HOME: bare } });
    expect(bareTools.stdout).not.toContain("/mcp__everything__args-prompt");
  });
});
