import type { ToolContext } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { coreTools, deferredTools } from "../../test/fixtures/tools.js";
import { skillSearchTool, toolCallTool, toolSearchTool } from "./gateway-tools.js";
import { ToolCatalog } from "./tool-catalog.js";

const ctx = {} as ToolContext;

function gateways(
  catalog: ToolCatalog,
  skills = [{ name: "release", description: "Use when cutting a release." }],
) {
  const sources = { catalog: () => catalog, skills: () => skills };
  return { search: toolSearchTool(sources), call: toolCallTool(sources), skills: skillSearchTool(sources) };
}

const full = () =>
  new ToolCatalog(
    deferredTools(),
    coreTools().map((t) => t.spec.name),
  );

describe("tool_search", () => {
  it("says clearly when no deferred tools are installed", async () => {
    const out = await gateways(new ToolCatalog()).search.run({ query: "web" }, ctx);
    expect(out.content).toBe(
      "No deferred tools are installed yet: every available tool is already in your tool list.",
    );
  });

  it("an exact name returns the full description, canonical schema and family rules", async () => {
    const out = await gateways(full()).search.run({ query: "web_fetch" }, ctx);
    expect(out.content).toContain("## web_fetch (family: web)");
    expect(out.content).toContain('Input schema: {"additionalProperties":false,"properties":{"url":');
    expect(out.content).toContain("Rules: Web tools fetch pages");
    expect(out.tier2).toEqual({ kind: "deferred_schema", name: "web_fetch" });
  });

  it("3 matches or fewer return full schemas; more return one line each", async () => {
    const g = gateways(full());
    const few = await g.search.run({ query: "worktree" }, ctx);
    expect(few.content.match(/^## /gm)).toHaveLength(2);
    const many = await g.search.run({ query: "web worktree terminal session" }, ctx);
    expect(many.content).toMatch(/^6 tools match/);
    expect(many.content).not.toContain("Input schema");
  });

  it("no match lists the deferred tools", async () => {
    const out = await gateways(full()).search.run({ query: "zzz" }, ctx);
    expect(out.content).toBe(
      'No tool matches "zzz". Deferred tools: session_query, terminal_open, web_fetch, web_search, worktree_create, worktree_remove.',
    );
  });
});

describe("tool_call", () => {
  it("runs the named deferred tool with its arguments", async () => {
    const out = await gateways(full()).call.run(
      { name: "web_fetch", arguments: { url: "https://x.test" } },
      ctx,
    );
    expect(out).toEqual({ content: 'web_fetch ran with {"url":"https://x.test"}' });
  });

  it("on a missing required field returns an error with the tool's schema", async () => {
    const out = await gateways(full()).call.run({ name: "web_fetch", arguments: {} }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toMatch(/^Invalid arguments for web_fetch: missing required field "url"\./);
    expect(out.content).toContain("Input schema:");
    expect(out.tier2).toEqual({ kind: "deferred_schema", name: "web_fetch" });
  });

  it("reports wrong types and unknown fields", async () => {
    const out = await gateways(full()).call.run(
      { name: "web_search", arguments: { query: 3, lmit: 2 } },
      ctx,
    );
    expect(out.content).toContain('field "query" must be "string", got integer');
    expect(out.content).toContain('unknown field "lmit"');
  });

  it("an unknown tool, or a core tool, is refused with a hint", async () => {
    const g = gateways(full());
    expect((await g.call.run({ name: "nope", arguments: {} }, ctx)).content).toMatch(
      /^Unknown tool "nope"\. Deferred tools: /,
    );
    expect((await g.call.run({ name: "bash", arguments: {} }, ctx)).content).toBe(
      "bash is a core tool: call it directly, not through tool_call.",
    );
    expect((await gateways(new ToolCatalog()).call.run({ name: "x", arguments: {} }, ctx)).content).toContain(
      "No deferred tools are installed yet.",
    );
  });

  it("reports the effect of the tool a call runs, so the engine checks that one", () => {
    const call = gateways(full()).call;
    expect(call.callEffect?.({ name: "worktree_create", arguments: { branch: "x" } })).toEqual({
      effect: "write",
      target: { name: "worktree_create", input: { branch: "x" } },
    });
    // A call naming no deferred tool only answers with an error: it reads.
    expect(call.callEffect?.({ name: "nope" })).toEqual({ effect: "read" });
  });
});

describe("skill_search", () => {
  it("finds skills by words of their name or trigger", async () => {
    const g = gateways(full());
    expect((await g.skills.run({ query: "release" }, ctx)).content).toBe(
      "- release: Use when cutting a release.",
    );
    expect((await g.skills.run({ query: "deploy" }, ctx)).content).toBe('No skill matches "deploy".');
  });
});
