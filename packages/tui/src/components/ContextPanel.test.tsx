import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import type { ContextView } from "../context/context-view.js";
import { ContextPanel } from "./ContextPanel.js";

const view: ContextView = {
  window: 200_000,
  usedTokens: 5_000,
  reportedPromptTokens: undefined,
  rows: [
    { category: "canonical sections", tokens: 1500, percent: 0.75 },
    { category: "core tools", tokens: 1000, percent: 0.5 },
    { category: "gateways", tokens: 300, percent: 0.15 },
    { category: "instruction index", tokens: 80, percent: 0.04 },
    { category: "skill index", tokens: 90, percent: 0.045 },
    { category: "session facts", tokens: 60, percent: 0.03 },
    { category: "messages", tokens: 1970, percent: 0.985 },
    { category: "Tier-2 loads", tokens: 0, percent: 0 },
    { category: "free space", tokens: 195_000, percent: 97.5 },
  ],
  leanContext: {
    registry: { wireTools: 10, deferredTools: 3 },
    snapshot: undefined,
    counters: { totalSteps: 4, remindersInjected: 1 },
    events: [{ kind: "reminder", detail: "todos (120 bytes)", turn: 2, step: 1 }],
  },
  tokenNote: "estimates",
};

describe("ContextPanel", () => {
  it("shows every category with tokens and %", () => {
    const frame = render(<ContextPanel view={view} width={100} />).lastFrame()!;
    expect(frame).toContain("Context window: 5.0k of 200k tokens (2.5%)");
    for (const row of view.rows) expect(frame).toContain(row.category);
    expect(frame).toMatch(/canonical sections\s+1.5k\s+0.8%/);
    expect(frame).toMatch(/free space\s+195k\s+97.5%/);
  });

  it("shows the lean-context fields and says what was not recorded", () => {
    const frame = render(<ContextPanel view={view} width={100} />).lastFrame()!;
    expect(frame).toContain("picasso-lean-context");
    expect(frame).toContain("wireTools: 10");
    expect(frame).toContain("snapshot: not recorded");
    expect(frame).toContain("totalSteps: 4");
    expect(frame).toContain("reminder: todos (120 bytes) (turn 2, step 1)");
    expect(frame).toContain("provider-reported prompt tokens (last request): not recorded");
  });

  it("says none yet for an empty event journal (it was recorded, it is empty)", () => {
    const empty = { ...view, leanContext: { ...view.leanContext!, events: [] } };
    const frame = render(<ContextPanel view={empty} width={100} />).lastFrame()!;
    expect(frame).toMatch(/events \(newest first\):[\s│]+none yet/);
  });

  it("says not recorded for every field when lean context is absent", () => {
    const frame = render(<ContextPanel view={{ ...view, leanContext: undefined }} width={60} />).lastFrame()!;
    expect(frame).toContain("registry: not recorded");
    expect(frame).toContain("counters: not recorded");
    expect(frame).toMatch(/events \(newest first\):[\s│]+not recorded/);
    expect(frame.split("\n").every((line) => line.length <= 60)).toBe(true);
  });
});
