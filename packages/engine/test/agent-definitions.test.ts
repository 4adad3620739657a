/**
 * Subagents run as agent definitions (agent-profile.ts), through the mock over HTTP: the child's
 * wire requests carry only the tools the definition lists, its first message carries the
 * definition's text (the parent's lane never does), a call outside the list is refused, the log
 * still rebuilds every request (the agent's own header is logged), an unknown name is a tool
 * error naming the defined agents (for `subagent` and `subagent_fork`), and a model the provider
 * does not know falls back to the session's with a note.
 */
import { type AgentDefinition, type PicassoPlugin, sealTier1, type ToolSpec } from "@picasso/protocol";
import { subagentLaneTools } from "@picasso/tools";
import { describe, expect, it } from "vitest";
import { childModel, childProfile } from "../src/agent-profile.js";
import type { EngineRuntime } from "../src/runtime.js";
import { expectLogRebuildsRequests, lastTurnEnd, startScenario, toolResults } from "./harness.js";

const REVIEWER: AgentDefinition = {
  name: "reviewer",
  description: "Reviews changes.",
  prompt: "AGENT-TEXT-91: report findings, never edit.",
  tools: ["read"],
  model: "haiku",
  source: "project",
  path: ".claude/agents/reviewer.md",
};

const agents = (...defs: AgentDefinition[]): PicassoPlugin => ({
  name: "agents",
  agentDefinitions: () => defs,
});

describe("childModel", () => {
  it("inherits, resolves an alias only to a model of that family, sends an id, and notes the unknown", () => {
    expect(childModel(undefined, "claude-sonnet-4-6", "a")).toEqual({ model: "claude-sonnet-4-6" });
    expect(childModel("inherit", "claude-sonnet-4-6", "a")).toEqual({ model: "claude-sonnet-4-6" });
    expect(childModel("sonnet", "claude-sonnet-4-6", "a")).toEqual({ model: "claude-sonnet-4-6" });
    expect(childModel("claude-haiku-4-5", "claude-sonnet-4-6", "a")).toEqual({ model: "claude-haiku-4-5" });
    expect(childModel("opus", "picasso-mock", "rev")).toEqual({
      model: "picasso-mock",
      note: 'agent rev asks for model "opus", which is not known here; it ran on the session\'s model picasso-mock',
    });
    expect(childModel("fast", "gpt-5.4", "rev").model).toBe("gpt-5.4");
  });
});

describe("childProfile", () => {
  const spec = (name: string): ToolSpec => ({ name, description: name, inputSchema: { type: "object" } });
  const tier1 = sealTier1(
    ["read", "bash", "tool_search", "tool_call"].map(spec),
    [{ id: "identity", text: "You are Picasso." }],
    { tools: { read: "core", bash: "core", tool_search: "gateway", tool_call: "gateway" } },
  );
  const runtime = (defs: AgentDefinition[]) =>
    ({
      provider: { model: "picasso-mock" },
      tier1,
      headerHash: "session-header",
      settings: { maxTokens: 1000 },
      host: {
        agentDefinitions: () => defs,
        tool: (name: string) => (["read", "bash", "json_query"].includes(name) ? {} : undefined),
      },
    }) as unknown as EngineRuntime;

  it("keeps the session's Tier 1, allows the gateways only for listed targets, and refuses the rest", () => {
    const profile = childProfile(runtime([{ ...REVIEWER, tools: ["read", "json_query"] }]), "reviewer");
    expect(profile.header.tier1).toBe(tier1);
    expect(profile.header).toMatchObject({ own: false, hash: "session-header" });
    expect(profile.refusal("tool_call", "json_query")).toBeUndefined();
    expect(profile.refusal("tool_search", undefined)).toBeUndefined();
    expect(profile.refusal("tool_call", "web_fetch")).toBe(
      '"web_fetch" is not among the tools of agent reviewer (.claude/agents/reviewer.md): it may use read, json_query.',
    );
    expect(profile.refusal("bash", undefined)).toContain('"bash" is not among the tools of agent reviewer');
    expect(profile.refusal("read", undefined)).toBeUndefined();
    // Without a deferred tool in the list, the search gateway is refused too.
    const plain = childProfile(runtime([{ ...REVIEWER, tools: ["read"] }]), "reviewer");
    expect(plain.refusal("tool_search", undefined)).toContain('"tool_search" is not among the tools');
  });

  it("refuses a disallowed tool whatever the tools list says, and a gateway call naming one", () => {
    const profile = childProfile(
      runtime([{ ...REVIEWER, tools: undefined, disallowedTools: ["bash", "json_query"] }]),
      "reviewer",
    );
    expect(profile.refusal("bash", undefined)).toBe(
      '"bash" is among the disallowed tools of agent reviewer (.claude/agents/reviewer.md).',
    );
    expect(profile.refusal("tool_call", "json_query")).toContain(
      '"json_query" is among the disallowed tools',
    );
    expect(profile.refusal("read", undefined)).toBeUndefined();
    expect(profile.refusal("tool_call", "web_fetch")).toBeUndefined();
  });

  it("gives another model its own header over the same Tier 1", () => {
    const profile = childProfile(
      runtime([{ ...REVIEWER, tools: ["read"], model: "picasso-mock-small" }]),
      "reviewer",
    );
    expect(profile.header).toMatchObject({ own: true, model: "picasso-mock-small" });
    expect(profile.header.tier1).toBe(tier1);
    expect(profile.header.hash).not.toBe("session-header");
  });

  it("gives no tools for an empty list, the session's header for no list, and throws for an unknown name", () => {
    const none = childProfile(runtime([{ ...REVIEWER, tools: [] }]), "reviewer");
    expect(none.refusal("read", undefined)).toBe(
      '"read" is not among the tools of agent reviewer (.claude/agents/reviewer.md): it may use no tools.',
    );
    const open = { ...REVIEWER, model: "inherit" };
    delete open.tools;
    const profile = childProfile(runtime([open]), "reviewer");
    expect(profile.header).toMatchObject({ own: false, hash: "session-header" });
    expect(profile.refusal("bash", undefined)).toBeUndefined();
    expect(() => childProfile(runtime([]), "reviewer")).toThrow(
      'no agent named "reviewer": no agents are defined (.picasso/agents or .claude/agents, docs/agents.md)',
    );
  });
});

describe("subagents run as agent definitions", () => {
  it("restricts the child's tools in the scheduler over the session's Tier 1, and sends the text to the child only", async () => {
    const scenario = await startScenario({
      files: { "notes.md": "the answer is 42\n" },
      plugins: [agents(REVIEWER)],
      script: {
        steps: [
          {
            match: "check the notes",
            tool_calls: [{ name: "subagent", input: { task: "SUBTASK: read notes.md", agent: "reviewer" } }],
          },
          { match: "AGENT-TEXT-91", tool_calls: [{ name: "bash", input: { command: "echo hi" } }] },
          { match: "not among the tools", tool_calls: [{ name: "read", input: { path: "notes.md" } }] },
          { match: "the answer is 42", text: "The notes say 42." },
          { match: "The notes say 42", text: "Reviewed: 42." },
        ],
      },
    });
    try {
      const events = await scenario.run("check the notes");
      expect(lastTurnEnd(events).text).toBe("Reviewed: 42.");
      expect(toolResults(events).map((r) => [r.lane, r.name, r.status])).toEqual([
        ["agent-1", "bash", "denied"],
        ["agent-1", "read", "ok"],
        ["main", "subagent", "ok"],
      ]);
      const wire = scenario.server.requests
        .filter((r) => r.path === "/v1/messages")
        .map((r) => r.body as { tools?: { name: string }[]; messages: unknown[] });
      const names = wire.map((body) => (body.tools ?? []).map((t) => t.name));
      expect(names[0]).toContain("bash");
      // Every request, the child's too, carries the same tools: the child reads the cached Tier 1.
      for (const sent of names) expect(sent).toEqual(names[0]);
      expect(JSON.stringify(wire[1]!.messages[0])).toContain("AGENT-TEXT-91");
      expect(JSON.stringify(wire[1]!.messages[0])).toContain("Tools this agent may use: read.");
      expect(JSON.stringify(wire[4]!.messages)).not.toContain("AGENT-TEXT-91");
      const log = await scenario.events();
      expect(log.find((e) => e.type === "subagent_start")).toMatchObject({ agent: "reviewer" });
      const report = events.find((e) => e.type === "subagent_stop");
      expect(report).toMatchObject({ status: "done" });
      expect(report?.type === "subagent_stop" && report.report).toContain('asks for model "haiku"');
      await expectLogRebuildsRequests(scenario);
    } finally {
      await scenario.close();
    }
  });

  it("runs an agent with another model under its own logged header, over the same tools", async () => {
    const small: AgentDefinition = { ...REVIEWER, name: "small", model: "picasso-mock-small" };
    const scenario = await startScenario({
      plugins: [agents(small)],
      script: {
        steps: [
          {
            match: "delegate",
            tool_calls: [{ name: "subagent", input: { task: "SUBTASK", agent: "small" } }],
          },
          { match: "AGENT-TEXT-91", text: "small done" },
          { match: "small done", text: "all done" },
        ],
      },
    });
    try {
      await scenario.run("delegate");
      const wire = scenario.server.requests
        .filter((r) => r.path === "/v1/messages")
        .map((r) => r.body as { model: string; tools?: unknown[] });
      expect(wire.map((body) => body.model)).toEqual([wire[0]!.model, "picasso-mock-small", wire[0]!.model]);
      expect(JSON.stringify(wire[1]!.tools)).toBe(JSON.stringify(wire[0]!.tools));
      const log = await scenario.events();
      expect(
        log.filter((e) => e.type === "request_header").map((e) => e.type === "request_header" && e.reason),
      ).toEqual(["initial", "agent"]);
      await expectLogRebuildsRequests(scenario);
    } finally {
      await scenario.close();
    }
  });

  it("keeps the session's header for an agent without tools or model, and names the agents for an unknown one", async () => {
    const open: AgentDefinition = { ...REVIEWER, name: "helper", tools: undefined, model: undefined };
    delete open.tools;
    delete open.model;
    const scenario = await startScenario({
      plugins: [agents(REVIEWER, open)],
      tools: (core) => [...core, ...subagentLaneTools()],
      script: {
        steps: [
          {
            match: "go",
            tool_calls: [
              { name: "subagent", input: { task: "T1", agent: "ghost" } },
              { name: "subagent_fork", input: { task: "T2", agent: "ghost" } },
            ],
          },
          {
            match: "defined agents are",
            tool_calls: [{ name: "subagent", input: { task: "T3", agent: "helper" } }],
          },
          { match: "AGENT-TEXT-91", text: "helped" },
          { match: "helped", text: "done" },
        ],
      },
    });
    try {
      const events = await scenario.run("go");
      const results = toolResults(events);
      // Both first calls run at once (effect agent), so their results come in either order.
      expect(results.map((r) => `${r.name} ${r.status}`).sort()).toEqual([
        "subagent error",
        "subagent ok",
        "subagent_fork error",
      ]);
      const log = await scenario.events();
      const texts = log
        .filter((e) => e.type === "message" && e.lane === "main")
        .map((e) => JSON.stringify(e.type === "message" ? e.message : ""))
        .join("\n");
      expect(
        texts.match(/no agent named \\"ghost\\"; the defined agents are: reviewer, helper/g),
      ).toHaveLength(2);
      expect(
        log.filter((e) => e.type === "request_header").map((e) => e.type === "request_header" && e.reason),
      ).toEqual(["initial"]);
      await expectLogRebuildsRequests(scenario);
    } finally {
      await scenario.close();
    }
  });
});
