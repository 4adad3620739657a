/**
 * Tier-2 accounting through a real session: every payload that enters history is one logged
 * `tier2_load` with its own bytes — the schema a `tool_call` validation error repeats, each entry
 * of a multi-entry `tool_search` answer, and skill and doc leaves `tool_search` expands — and
 * `/context` sums them.
 */
import { liveContextView } from "@picasso/engine";
import { byteLength, type LogEvent } from "@picasso/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { type MockSession, startMockSession, tier2Loads } from "./fixtures/mock-session.js";

let open: MockSession | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** The content of the tool result logged for the only call of `name`. */
function resultOf(events: readonly LogEvent[], name: string): string {
  const results = events.filter((e) => e.type === "tool_result" && e.name === name);
  expect(results).toHaveLength(1);
  const id = (results[0] as Extract<LogEvent, { type: "tool_result" }>).toolUseId;
  const message = open!.session.history.find((m) =>
    m.content.some((b) => b.type === "tool_result" && b.toolUseId === id),
  );
  const block = message!.content.find((b) => b.type === "tool_result" && b.toolUseId === id)!;
  return block.type === "tool_result" && typeof block.content === "string" ? block.content : "";
}

describe("Tier-2 loads logged per payload", () => {
  it("a tool_call validation error logs the repeated schema with its bytes", async () => {
    open = await startMockSession({
      steps: [
        {
          match: "bad call",
          tool_calls: [{ name: "tool_call", input: { name: "web_fetch", arguments: {} } }],
        },
        { match: "Invalid arguments", text: "I will fix it." },
      ],
    });
    await open.run("make a bad call");
    const content = resultOf(open.events, "tool_call");
    expect(content).toMatch(/^Invalid arguments for web_fetch: /);
    const schema = content.slice(content.indexOf("\n\n") + 2);
    expect(schema).toContain("web_fetch");
    expect(tier2Loads(open.events)).toEqual([["deferred_schema", "web_fetch", byteLength(schema)]]);
    const load = open.events.find((e) => e.type === "tier2_load");
    expect(load).toMatchObject({ toolUseId: expect.any(String) });
  });

  it("a multi-entry tool_search answer logs one load per expanded entry", async () => {
    open = await startMockSession({
      steps: [
        { match: "worktrees", tool_calls: [{ name: "tool_search", input: { query: "worktree" } }] },
        { match: "worktree_remove", text: "Found them." },
      ],
    });
    await open.run("what about worktrees");
    const content = resultOf(open.events, "tool_search");
    const loads = tier2Loads(open.events);
    expect(loads.map(([kind, name]) => [kind, name])).toEqual([
      ["deferred_schema", "worktree_create"],
      ["deferred_schema", "worktree_remove"],
    ]);
    for (const [, name, bytes] of loads) {
      expect(bytes).toBeGreaterThan(0);
      expect(content).toContain(`## ${name}`);
    }
    const total = loads.reduce((sum, [, , bytes]) => sum + bytes, 0);
    expect(total).toBeLessThanOrEqual(byteLength(content));
    // `/context` sums every load: the deferred-schema row holds both entries' bytes.
    const view = await liveContextView(open.session, 200_000, undefined);
    expect(view.rows.find((r) => r.category === "deferred schemas")!.bytes).toBe(total);
  });

  it("skill and doc leaves expanded by tool_search are logged", async () => {
    open = await startMockSession({
      steps: [
        { match: "the release skill", tool_calls: [{ name: "tool_search", input: { query: "release" } }] },
        { match: "## release", text: "Read it." },
        {
          match: "the deploy doc",
          tool_calls: [{ name: "tool_search", input: { query: "docs/deploy.md" } }],
        },
        { match: "Rolling back", text: "Read it too." },
      ],
    });
    await open.run("find the release skill");
    await open.run("find the deploy doc");
    const loads = tier2Loads(open.events);
    expect(loads.map(([kind, name]) => [kind, name])).toEqual([
      ["skill_body", "release"],
      ["doc_topic", "docs/deploy.md"],
    ]);
    for (const [, , bytes] of loads) expect(bytes).toBeGreaterThan(0);
  });
});
