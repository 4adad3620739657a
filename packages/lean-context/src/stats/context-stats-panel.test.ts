import { describe, expect, it } from "vitest";
import type { ContextStatsValue } from "./context-stats.js";
import { contextStatsPanel, PANEL_EVENTS } from "./context-stats-panel.js";

const value: ContextStatsValue = {
  registry: {
    tier1Hash: "abc",
    wireTools: 12,
    coreTools: ["bash", "read"],
    deferredTools: 7,
    mcpGateways: [],
    mcpServers: [],
    skillsKnown: ["release"],
    missingCoreTools: [],
  },
  snapshot: null,
  counters: {
    totalSteps: 3,
    instructionsCapped: 1,
    skillsOverflowed: 0,
    dedupeRuns: 2,
    remindersInjected: 6,
  },
  events: [
    { kind: "dedupe", detail: "file read of a.ts: 600 bytes saved", lane: "main" },
    { kind: "reminder", detail: "todos (120 bytes)", lane: "main", turn: 2, step: 1 },
    { kind: "tier2_load", detail: "skill_body release (900 bytes)", lane: "main", turn: 2 },
  ],
};

describe("lean context's /context panel", () => {
  it("has registry, snapshot and counters as headings with a row per field, then the newest events", () => {
    const panel = contextStatsPanel("lean-context", value);
    expect(panel.id).toBe("lean-context");
    expect(panel.title).toBe("lean context");
    expect(panel.rows).toEqual([
      { label: "registry", value: "" },
      { label: "tier1Hash", value: "abc", level: 1 },
      { label: "wireTools", value: "12", level: 1 },
      { label: "coreTools", value: "bash, read", level: 1 },
      { label: "deferredTools", value: "7", level: 1 },
      { label: "mcpGateways", value: "none", level: 1 },
      { label: "mcpServers", value: "none", level: 1 },
      { label: "skillsKnown", value: "release", level: 1 },
      { label: "missingCoreTools", value: "none", level: 1 },
      { label: "snapshot", value: "not recorded", tone: "dim" },
      { label: "counters", value: "" },
      { label: "totalSteps", value: "3", level: 1 },
      { label: "instructionsCapped", value: "1", level: 1 },
      { label: "skillsOverflowed", value: "0", level: 1 },
      { label: "dedupeRuns", value: "2", level: 1 },
      { label: "remindersInjected", value: "6", level: 1 },
      { label: "Tier-2 budget", value: "not recorded", tone: "dim" },
      { label: "events (newest first)", value: "" },
      { label: "dedupe", value: "file read of a.ts: 600 bytes saved", level: 1 },
      { label: "reminder", value: "todos (120 bytes) (turn 2, step 1)", level: 1 },
      { label: "tier2_load", value: "skill_body release (900 bytes) (turn 2)", level: 1 },
    ]);
  });

  it("writes a nested snapshot field as JSON", () => {
    const snapshot = {
      sessionId: "s1",
      lane: "main",
      turn: 1,
      step: 2,
      messageCount: 9,
      instructions: { bytesBefore: 9000, bytesAfter: 8192, capped: true, overTarget: false },
      skillCatalog: { bytesBefore: 0, bytesAfter: 0, overflowed: false, collapsed: 0 },
      dedupe: { drops: 1, bytesSaved: 600 },
      reminders: [{ source: "mode", bytes: 80 }],
      skillsKnown: 1,
    };
    const rows = contextStatsPanel("lean-context", { ...value, snapshot }).rows;
    expect(rows).toContainEqual({
      label: "instructions",
      value: '{"bytesBefore":9000,"bytesAfter":8192,"capped":true,"overTarget":false}',
      level: 1,
    });
    expect(rows).toContainEqual({ label: "reminders", value: '[{"source":"mode","bytes":80}]', level: 1 });
  });

  it(`shows at most ${PANEL_EVENTS} events, and says none yet for an empty journal`, () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ kind: "reminder", detail: `event ${i}` }));
    const rows = contextStatsPanel("lean-context", { ...value, events: many }).rows;
    const events = rows.slice(rows.findIndex((r) => r.label === "events (newest first)") + 1);
    expect(events.map((r) => r.value)).toEqual(many.slice(0, PANEL_EVENTS).map((e) => e.detail));
    expect(contextStatsPanel("lean-context", { ...value, events: [] }).rows.at(-1)).toEqual({
      label: "events (newest first)",
      value: "none yet",
      tone: "dim",
    });
  });

  it("says not recorded for every part without stats", () => {
    expect(contextStatsPanel("lean-context", undefined).rows).toEqual(
      ["registry", "snapshot", "counters", "Tier-2 budget", "events (newest first)"].map((label) => ({
        label,
        value: "not recorded",
        tone: "dim",
      })),
    );
  });

  it("shows the Tier-2 budget: open bytes, each open entry, and what was collapsed so far", () => {
    const budget = {
      budgetBytes: 2048,
      openBytes: 1300,
      open: [
        { name: "web_fetch", kind: "deferred_schema", bytes: 500 },
        { name: "release", kind: "skill_body", bytes: 800 },
      ],
      collapsed: ["worktree_create"],
    };
    const rows = contextStatsPanel("lean-context", value, budget, ["worktree_create", "docs/deploy.md"]).rows;
    const at = rows.findIndex((r) => r.label === "Tier-2 budget");
    expect(rows.slice(at, at + 4)).toEqual([
      { label: "Tier-2 budget", value: "open 1300 of 2048 bytes" },
      { label: "web_fetch", value: "deferred_schema · 500 bytes", level: 1 },
      { label: "release", value: "skill_body · 800 bytes", level: 1 },
      { label: "collapsed", value: "worktree_create, docs/deploy.md", level: 1 },
    ]);
    const none = contextStatsPanel("lean-context", value, { ...budget, open: [], collapsed: [] }).rows;
    expect(none).toContainEqual({ label: "collapsed", value: "none", level: 1, tone: "dim" });
  });
});
