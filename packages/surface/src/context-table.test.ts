import { buildContextView } from "@picasso/engine/context";
import type { ContextPanel, Tier1 } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { contextTable } from "./context-table.js";

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

const view = (shown: ContextPanel[]) =>
  buildContextView({
    tier1,
    history: [],
    window: 1000,
    panels: shown,
    tier2: {},
    estimate: (text) => Math.ceil(text.length / 4),
  });

describe("the context table", () => {
  it("writes the map's categories, then the extensions' panels as text in a code block", () => {
    const text = contextTable(view(panels));
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

  it("has no code block without panels", () => {
    expect(contextTable(view([]))).not.toContain("```");
  });
});
