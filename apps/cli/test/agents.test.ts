/**
 * Agent definitions end to end, through the built binary and the mock: `subagent {agent:
 * "reviewer"}` runs a child limited to the tools its file lists (`read, grep` → `read`, `search`:
 * its `bash` call is refused) over the session's own Tier 1, whose first message holds the file's text and
 * the parent's lane never does; an unknown tool name and a broken file are one warning line each;
 * an agent name no file defines is a tool error naming the defined ones; a model the provider does
 * not know falls back with a note. Tier 1 is the same bytes with and without agent files, and
 * `picasso agents` and ACP's `/agents` list them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as acp from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { type AcpProcess, startAcp, updatesOf, waitFor } from "./acp-harness.js";
import { picasso, script, workspace } from "./cli-harness.js";

const REVIEWER = [
  "---",
  "name: reviewer",
  "description: Reviews a change for bugs and missing tests. Use after editing code.",
  "tools: read, grep, WebFetch",
  "model: opus",
  "---",
  "",
  "You are a strict reviewer. REVIEWER-RULES-7f3: never edit files; report findings only.",
  "",
].join("\n");

const FILES = {
  ".claude/agents/reviewer.md": REVIEWER,
  ".picasso/agents/broken.md": "---\nname: broken\n---\nNo description.\n",
  "a.txt": "hello\n",
};

type LogEvent = ReturnType<typeof JSON.parse>;

function readLog(path: string): LogEvent[] {
  return readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
}

async function tier1Hash(dir: string): Promise<string> {
  const run = await picasso(dir, ["context", "--json"]);
  expect(run.exitCode).toBe(0);
  return JSON.parse(run.stdout as string).hash;
}

const running: AcpProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

describe("agent definitions in a headless session", () => {
  it("restricts the child's tools, sends the file's text to the child only, and reports mistakes", async () => {
    const dir = workspace(FILES);
    const s = script(dir, {
      steps: [
        {
          text: "Delegating.",
          tool_calls: [{ name: "subagent", input: { task: "Review a.txt", agent: "nobody" } }],
        },
        {
          match: "the defined agents are: reviewer",
          tool_calls: [{ name: "subagent", input: { task: "Review a.txt", agent: "reviewer" } }],
        },
        { match: "REVIEWER-RULES-7f3", tool_calls: [{ name: "bash", input: { command: "rm a.txt" } }] },
        {
          match: "is not among the tools of agent reviewer",
          tool_calls: [{ name: "read", input: { path: "a.txt" } }],
        },
        { match: "hello", text: "No bugs found in a.txt." },
        { match: "No bugs found", text: "The reviewer found no bugs." },
      ],
    });
    const run = await picasso(dir, [
      "-p",
      "review a.txt",
      "--output-format",
      "json",
      "--provider",
      "mock",
      "--mock-script",
      s,
    ]);
    expect(run.exitCode).toBe(0);
    const warnings = (run.stderr as string).split("\n").filter((l) => l.startsWith("picasso: warning:"));
    expect(warnings).toEqual([
      "picasso: warning: .picasso/agents/broken.md: description: missing; add description: saying when to use the agent; agent skipped",
      'picasso: warning: .claude/agents/reviewer.md: tools: "WebFetch" is not a tool of this session; agent reviewer runs without it',
    ]);
    const result = JSON.parse(run.stdout as string);
    expect(result.result).toBe("The reviewer found no bugs.");

    const log = readLog(result.logPath);
    const results = log.filter((e) => e.type === "tool_result").map((e) => [e.lane, e.name, e.status]);
    expect(results).toEqual([
      ["main", "subagent", "error"],
      ["agent-1", "bash", "denied"],
      ["agent-1", "read", "ok"],
      ["main", "subagent", "ok"],
    ]);
    // The parent's tool results (in its lane's history): the unknown name, then the report.
    const mainText = log
      .filter((e) => e.type === "message" && e.lane === "main")
      .map((m) => JSON.stringify(m.message))
      .join("\n");
    expect(mainText).toContain('no agent named \\"nobody\\"; the defined agents are: reviewer');
    expect(mainText).toContain("No bugs found in a.txt.");
    expect(mainText).toContain('agent reviewer asks for model \\"opus\\", which is not known here');
    expect(log.find((e) => e.type === "subagent_start")).toMatchObject({
      lane: "agent-1",
      agent: "reviewer",
    });

    // The child sends the session's header (its tools list is enforced in code, and its model
    // fell back to the session's), so it reads the cached Tier 1: no header of its own.
    const headers = log.filter((e) => e.type === "request_header");
    expect(headers.map((h) => h.reason)).toEqual(["initial"]);
    const session = headers[0];
    expect(session.tools.map((t: { name: string }) => t.name)).toContain("bash");
    const requests = log.filter((e) => e.type === "model_request");
    expect(requests.filter((r) => r.lane === "agent-1")).toHaveLength(3);
    expect(requests.every((r) => r.headerHash === session.hash)).toBe(true);

    // The file's text is in the child's first message, never in the main lane or Tier 1.
    const messages = log.filter((e) => e.type === "message");
    const first = messages.find((m) => m.lane === "agent-1");
    expect(JSON.stringify(first.message)).toContain("REVIEWER-RULES-7f3");
    expect(JSON.stringify(first.message)).toContain("Tools this agent may use: read, search.");
    expect(
      messages.filter((m) => m.lane === "main").some((m) => JSON.stringify(m).includes("REVIEWER-RULES")),
    ).toBe(false);
    expect(JSON.stringify(session)).not.toContain("REVIEWER-RULES");
    expect(readFileSync(join(dir, "a.txt"), "utf8")).toBe("hello\n");
  });

  it("keeps Tier 1 byte-identical with and without agent files", async () => {
    const without = workspace({ "a.txt": "hello\n" });
    const withAgents = workspace(FILES);
    expect(await tier1Hash(withAgents)).toBe(await tier1Hash(without));
  });

  it("lists the agents with source, tools and problems (`picasso agents`)", async () => {
    const dir = workspace(FILES);
    const run = await picasso(dir, ["agents"]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain(
      "- reviewer (project, .claude/agents/reviewer.md) — tools: read, search; model: opus",
    );
    expect(run.stdout).toContain(".picasso/agents/broken.md: description: missing");
  });

  it("ACP advertises /agents and answers it from a prompt", async () => {
    const dir = workspace(FILES);
    const proc = startAcp(dir, [
      "--provider",
      "mock",
      "--mock-script",
      script(workspace(), { steps: [{ text: "ok" }] }),
    ]);
    running.push(proc);
    await proc.initialize();
    const { sessionId } = await proc.agent.request(acp.methods.agent.session.new, {
      cwd: dir,
      mcpServers: [],
    });
    const command = await waitFor("the agents command advertised", () => {
      const advertised = updatesOf(proc, sessionId, "available_commands_update")[0];
      return advertised?.sessionUpdate === "available_commands_update"
        ? advertised.availableCommands.find((c) => c.name === "agents")
        : undefined;
    });
    expect(command?.description).toMatch(/agent definitions/);
    const done = await proc.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: "/agents" }],
    });
    expect(done.stopReason).toBe("end_turn");
    const answer = updatesOf(proc, sessionId, "agent_message_chunk")
      .map((u) =>
        u.sessionUpdate === "agent_message_chunk" && u.content.type === "text" ? u.content.text : "",
      )
      .join("");
    expect(answer).toContain(
      "- reviewer (project, .claude/agents/reviewer.md) — tools: read, search; model: opus",
    );
  });
});
