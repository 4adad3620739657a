/**
 * `_picasso/context` and the `/context` prompt command over a live session's view: the map's rows
 * and, below them, each mounted extension's panel — returned as data, and written as text.
 */
import type { Session } from "@picasso/engine";
import type { ContextPanel, Tier1 } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import type { AcpSession } from "./acp-session.js";
import { contextOf, parseSessionParams } from "./extensions.js";
import { contextTable } from "./prompt-commands.js";

const tier1: Tier1 = {
  tools: [{ name: "bash", description: "run a command", inputSchema: {} }],
  system: [{ id: "harness:identity", text: "You are Picasso." }],
  hash: "h",
  bytes: { tools: 0, system: 0, total: 0 },
  sections: [{ id: "harness:identity", bytes: 16, hash: "a", role: "canonical" }],
  toolSizes: [{ name: "bash", bytes: 40, role: "core" }],
};

const panels: ContextPanel[] = [
  {
    id: "lean-context",
    title: "lean context",
    rows: [
      { label: "registry", value: "" },
      { label: "wireTools", value: "1", level: 1 },
      { label: "snapshot", value: "not recorded", tone: "dim" },
    ],
  },
  { id: "weather", title: "weather", rows: [], empty: "no forecast yet" },
];

/** An ACP session over a stand-in for the engine's session: Tier 1, no history, its panels. */
function acpSession(shown: ContextPanel[]): AcpSession {
  const session = {
    tier1,
    history: [],
    logPath: "/nonexistent/log.jsonl",
    panels: () => shown,
  } as unknown as Session;
  return {
    composed: { session },
    contextWindow: 1000,
    reportedContextTokens: undefined,
  } as unknown as AcpSession;
}

describe("_picasso/context", () => {
  it("returns the live view with the session's panels, whatever extension they come from", async () => {
    const view = await contextOf(acpSession(panels));
    expect(view.window).toBe(1000);
    expect(view.rows.find((r) => r.category === "core tools")!.bytes).toBeGreaterThan(0);
    expect(view.panels).toEqual(panels);
    expect(JSON.parse(JSON.stringify(view)).panels).toEqual(panels);
  });

  it("takes {sessionId}, else invalid params naming the field", () => {
    expect(parseSessionParams({ sessionId: "s1" })).toEqual({ sessionId: "s1" });
    expect(() => parseSessionParams({})).toThrow(/sessionId: expected the id of an open session/);
  });
});

describe("the /context prompt command", () => {
  it("writes the table, then the panels as text in a code block", async () => {
    const text = contextTable(await contextOf(acpSession(panels)));
    expect(text).toMatch(/^\d+ of 1000 tokens in use/);
    expect(text).toContain("| Tier 1 | core tools |");
    expect(text.slice(text.indexOf("```"))).toBe(
      [
        "```text",
        "lean context",
        "  registry:",
        "    wireTools: 1",
        "  snapshot: not recorded",
        "",
        "weather",
        "  no forecast yet",
        "```",
      ].join("\n"),
    );
  });

  it("has no code block without panels", async () => {
    expect(contextTable(await contextOf(acpSession([])))).not.toContain("```");
  });
});
