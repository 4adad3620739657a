/**
 * Test support: a `/context` view of a small session, every map group populated, with lean
 * context's panel (the rows its `panel()` builds) below the map.
 */
import { CONTEXT_CATEGORIES, type ContextCategory, type ContextView } from "@picasso/engine/context";
import type { ContextPanel } from "@picasso/protocol";

const WINDOW = 200_000;
/** Tokens and bytes per category; categories left out are empty. */
const SIZES: Partial<Record<ContextCategory, [number, number]>> = {
  "core tools": [1000, 4100],
  gateways: [300, 1250],
  "system sections": [1500, 6000],
  instructions: [80, 320],
  "skill index": [90, 360],
  "session facts": [60, 240],
  conversation: [1200, 4800],
  "tool outputs": [600, 2500],
  "deferred schemas": [120, 480],
  "skill bodies": [50, 200],
};

export function contextViewFixture(): ContextView {
  const used = Object.values(SIZES).reduce((a, [tokens]) => a + tokens, 0);
  const rows = (Object.keys(CONTEXT_CATEGORIES) as ContextCategory[]).map((category) => {
    const [tokens, bytes] = category === "free space" ? [WINDOW - used, 0] : (SIZES[category] ?? [0, 0]);
    return {
      category,
      group: CONTEXT_CATEGORIES[category],
      bytes,
      tokens,
      percent: (tokens / WINDOW) * 100,
      share: tokens / (category === "free space" ? WINDOW : used),
    };
  });
  return {
    window: WINDOW,
    usedTokens: used,
    estimatedTokens: used,
    estimatedBytes: rows.reduce((a, r) => a + r.bytes, 0),
    imageCount: 0,
    reportedPromptTokens: undefined,
    rows,
    panels: [leanContextPanelFixture()],
    tokenNote: "estimates",
  };
}

/** Lean context's panel as its `panel()` builds it: registry, snapshot, counters, newest events. */
export function leanContextPanelFixture(): ContextPanel {
  return {
    id: "lean-context",
    title: "lean context",
    rows: [
      { label: "registry", value: "" },
      { label: "wireTools", value: "10", level: 1 },
      { label: "deferredTools", value: "3", level: 1 },
      { label: "snapshot", value: "not recorded", tone: "dim" },
      { label: "counters", value: "" },
      { label: "totalSteps", value: "4", level: 1 },
      { label: "remindersInjected", value: "1", level: 1 },
      { label: "events (newest first)", value: "" },
      { label: "reminder", value: "todos (120 bytes) (turn 2, step 1)", level: 1 },
    ],
  };
}
