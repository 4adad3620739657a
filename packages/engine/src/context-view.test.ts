import type { ContextPanel, Message, Tier1 } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { type BlockSize, buildContextView, contextTokensOf } from "./context-view.js";

const tier1: Tier1 = {
  tools: [
    { name: "bash", description: "x".repeat(400), inputSchema: {} },
    { name: "tool_search", description: "y".repeat(200), inputSchema: {} },
  ],
  system: [
    { id: "harness:identity", text: "i".repeat(800) },
    { id: "lean:gateways", text: "g".repeat(100) },
    { id: "instructions:index", text: "n".repeat(300) },
    { id: "skills:index", text: "s".repeat(120) },
  ],
  hash: "h",
  bytes: { tools: 0, system: 0, total: 0 },
  // The roles the assembler gives; the view groups by them, never by ids.
  sections: [
    { id: "harness:identity", bytes: 800, hash: "a", role: "canonical" },
    { id: "lean:gateways", bytes: 100, hash: "b", role: "gateways" },
    { id: "instructions:index", bytes: 300, hash: "c", role: "instructions" },
    { id: "skills:index", bytes: 120, hash: "d", role: "skills" },
  ],
  toolSizes: [
    { name: "bash", bytes: 450, role: "core" },
    { name: "tool_search", bytes: 250, role: "gateway" },
  ],
};

const history: Message[] = [
  {
    role: "user",
    content: [
      { type: "text", text: `<session-facts>${"f".repeat(196)}` },
      { type: "text", text: "q".repeat(400) },
    ],
  },
  { role: "assistant", content: [{ type: "text", text: "a".repeat(400) }] },
];

const estimate = (text: string) => Math.ceil(text.length / 4);

describe("buildContextView", () => {
  it("splits Tier 1 and history into the inspector's categories", () => {
    const view = buildContextView({
      tier1,
      history,
      window: 10_000,
      panels: [],
      tier2: { skill_body: 200 },
      estimate,
    });
    const tokens = Object.fromEntries(view.rows.map((r) => [r.category, r.tokens]));
    expect(tokens["system sections"]).toBe(200);
    expect(tokens.instructions).toBe(75);
    expect(tokens["skill index"]).toBe(30);
    expect(tokens["session facts"]).toBe(53);
    expect(tokens["skill bodies"]).toBe(50);
    expect(tokens.conversation).toBe(150);
    expect(tokens.gateways).toBeGreaterThan(25);
    expect(tokens["core tools"]).toBeGreaterThan(100);
    expect(view.usedTokens + (tokens["free space"] ?? 0)).toBe(10_000);
    expect(view.usedTokens).toBe(view.estimatedTokens);
    const percent = view.rows.reduce((a, r) => a + r.percent, 0);
    expect(percent).toBeCloseTo(100);
    const shares = view.rows.filter((r) => r.category !== "free space").reduce((a, r) => a + r.share, 0);
    expect(shares).toBeCloseTo(1);
  });

  it("measures bytes too, and takes Tier-2 loads out of tool outputs before the conversation", () => {
    const withTools: Message[] = [
      ...history,
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "t1", name: "skill", input: { name: "pdf" } }],
      },
      { role: "user", content: [{ type: "tool_result", toolUseId: "t1", content: "é".repeat(300) }] },
    ];
    const view = buildContextView({
      tier1,
      history: withTools,
      window: 10_000,
      panels: [],
      tier2: { deferred_schema: 400, mcp_catalog: 1000 },
      estimate,
    });
    const row = (c: string) => view.rows.find((r) => r.category === c)!;
    // 300 two-byte characters: 75 tokens, 600 bytes; the deferred schema takes 100 / 400 of them.
    expect(row("deferred schemas")).toMatchObject({ tokens: 100, bytes: 400, group: "Tier-2 loads" });
    // The catalog takes what is left of the tool outputs, then the rest from the conversation.
    expect(row("tool outputs")).toMatchObject({ tokens: 0, bytes: 0 });
    expect(row("MCP catalogs").bytes).toBe(1000);
    expect(row("core tools").bytes).toBeGreaterThan(400);
    expect(view.estimatedBytes).toBe(view.rows.reduce((a, r) => a + r.bytes, 0));
    expect(row("free space")).toMatchObject({ bytes: 0, group: "free" });
  });

  it("passes the extensions' panels through as they are, in order, and has none without any", () => {
    const panels: ContextPanel[] = [
      {
        id: "lean-context",
        title: "lean context",
        rows: [
          { label: "registry", value: "" },
          { label: "wireTools", value: "2", level: 1 },
          { label: "snapshot", value: "not recorded", tone: "dim" },
        ],
      },
      { id: "weather", title: "weather", rows: [], empty: "no forecast yet" },
    ];
    const view = buildContextView({ tier1, history: [], window: 1000, panels, tier2: {}, estimate });
    expect(view.panels).toEqual(panels);
    expect(view.panels).not.toBe(panels);
    expect(
      buildContextView({ tier1, history: [], window: 1000, panels: [], tier2: {}, estimate }).panels,
    ).toEqual([]);
  });

  it("counts each block once when given a cache: asking again estimates only the new messages", () => {
    const counted: string[] = [];
    const spy = (text: string) => {
      counted.push(text);
      return estimate(text);
    };
    const cache = new WeakMap<object, BlockSize>();
    const inputs = { tier1, window: 10_000, panels: [], tier2: {}, estimate: spy, cache };
    const first = buildContextView({ ...inputs, history });
    const blocksSoFar = counted.length;
    expect(blocksSoFar).toBe(tier1.tools.length + tier1.system.length + 3);
    const reply: Message = { role: "assistant", content: [{ type: "text", text: "r".repeat(40) }] };
    const second = buildContextView({ ...inputs, history: [...history, reply] });
    expect(counted.slice(blocksSoFar)).toEqual(["r".repeat(40)]);
    expect(second.usedTokens).toBe(first.usedTokens + 10);
  });

  it("counts a step's context tokens from its usage, or none when the provider reported none", () => {
    expect(contextTokensOf({ inputTokens: 10, cacheReadTokens: 20, outputTokens: 5 })).toBe(35);
    expect(contextTokensOf({ outputTokens: 5 })).toBeUndefined();
  });
});
