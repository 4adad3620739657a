/**
 * The Tier-2 budget through a real session: when loads make the open Tier-2 entries exceed
 * `catalog.tier2BudgetBytes`, the next request carries an appended `tier2-budget` notice that
 * collapses the least recently used — and the request before it is still its exact prefix
 * (tools, system and every earlier message), so the provider's cache holds.
 */
import type { Message } from "@picasso/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { tier2BytesOpen } from "../src/index.js";
import { type MockSession, startMockSession, tier2Loads } from "./fixtures/mock-session.js";

let open: MockSession | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** A request body without its cache breakpoints (they move to the newest block by design). */
function withoutBreakpoints(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutBreakpoints);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== "cache_control")
        .map(([key, v]) => [key, withoutBreakpoints(v)]),
    );
  return value;
}

interface Body {
  system: unknown;
  tools: unknown;
  messages: { role: string; content: unknown }[];
}

const BUDGET = 1024;

describe("the Tier-2 budget in a session", () => {
  it("appends a collapse notice and keeps the previous request as the exact prefix", async () => {
    open = await startMockSession(
      {
        steps: [
          { match: "worktrees", tool_calls: [{ name: "tool_search", input: { query: "worktree" } }] },
          { match: "worktree_remove", text: "Two worktree tools." },
          { match: "web tools", tool_calls: [{ name: "tool_search", input: { query: "web" } }] },
          { match: "web_search", text: "Two web tools." },
        ],
      },
      { userPatch: `- override:\n    settings:\n      catalog.tier2BudgetBytes: ${BUDGET}\n` },
    );
    await open.run("show me the worktrees");
    await open.run("now the web tools");
    const loads = tier2Loads(open.events);
    expect(loads.map(([, name]) => name)).toEqual([
      "worktree_create",
      "worktree_remove",
      "web_fetch",
      "web_search",
    ]);
    expect(loads.reduce((sum, [, , bytes]) => sum + bytes, 0)).toBeGreaterThan(BUDGET);

    const bodies = open.server.requests.map((r) => withoutBreakpoints(r.body) as Body);
    const last = bodies.at(-1)!;
    const previous = bodies.at(-2)!;
    // The previous request is the exact prefix of the last one.
    expect(last.tools).toEqual(previous.tools);
    expect(last.system).toEqual(previous.system);
    expect(last.messages.slice(0, previous.messages.length)).toEqual(previous.messages);
    // The notice is appended after the tool result that went over the budget.
    const tail = JSON.stringify(last.messages.slice(previous.messages.length));
    expect(tail).toContain('<system-reminder source=\\"tier2-budget\\">');
    expect(tail).toContain("- `worktree_create` (deferred_schema): ");
    expect(tail).toContain('re-open: tool_search({\\"query\\":\\"worktree_create\\"})');
    expect(JSON.stringify(previous.messages)).not.toContain("tier2-budget");

    // The log records the notice as a reminder, and what stays open fits the budget.
    const notices = open.events.filter((e) => e.type === "message" && e.reminder === "tier2-budget");
    expect(notices).toHaveLength(1);
    const state = open.lean.tier2Budget("main")!;
    expect(state.budgetBytes).toBe(BUDGET);
    expect(state.openBytes).toBeLessThanOrEqual(BUDGET);
    expect(state.open.map((e) => e.name)).toContain("web_search");
    expect(tier2BytesOpen(open.events, "main", open.session.history as Message[])).toBe(state.openBytes);
    const panel = open.session.panels().find((p) => p.id === "lean-context")!;
    expect(panel.rows).toContainEqual({
      label: "Tier-2 budget",
      value: `open ${state.openBytes} of ${BUDGET} bytes`,
    });
    expect(panel.rows.find((r) => r.label === "collapsed")!.value).toContain("worktree_create");
  });

  it("counts the loads a resumed session made before it resumed", async () => {
    const patch = `- override:\n    settings:\n      catalog.tier2BudgetBytes: ${BUDGET}\n`;
    const first = await startMockSession(
      {
        steps: [
          { match: "worktrees", tool_calls: [{ name: "tool_search", input: { query: "worktree" } }] },
          { match: "worktree_remove", text: "Two worktree tools." },
        ],
      },
      { userPatch: patch },
    );
    await first.run("show me the worktrees");
    expect(first.lean.tier2Budget("main")!.collapsed).toEqual([]);
    const place = { root: first.root, home: first.home };
    await first.close();
    open = await startMockSession(
      {
        steps: [
          { match: "web tools", tool_calls: [{ name: "tool_search", input: { query: "web" } }] },
          { match: "web_search", text: "Two web tools." },
        ],
      },
      { userPatch: patch, resume: place },
    );
    await open.run("now the web tools");
    const state = open.lean.tier2Budget("main")!;
    expect(state.collapsed).toContain("worktree_create");
    expect(state.openBytes).toBeLessThanOrEqual(BUDGET);
    const last = JSON.stringify(open.server.requests.at(-1)!.body);
    expect(last).toContain("- `worktree_create` (deferred_schema): ");
  });
});
