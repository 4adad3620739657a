/**
 * Lean context's `/context` panel, from the ContextStats record (context-stats.ts): `registry`,
 * `snapshot` and `counters` each as a heading row (level 0) with one level-1 row per field, then
 * the Tier-2 budget of the main lane (budget/tier2-budget-panel.ts), then
 * `events (newest first)` with at most `PANEL_EVENTS` of them (`kind: detail (turn t, step s)`).
 * Without stats (`stats: false`, or nothing captured yet) a part is one row saying
 * `not recorded`; a recorded but empty journal says `none yet`. Values are text: numbers and
 * booleans as written, lists joined by `, ` (`none` when empty), nested objects as JSON.
 */
import type { ContextPanel, PanelRow } from "@picasso/protocol";
import type { Tier2BudgetState } from "../budget/tier2-budget.js";
import { tier2BudgetRows } from "../budget/tier2-budget-panel.js";
import type { ContextEvent, ContextStatsValue } from "./context-stats.js";

export const PANEL_EVENTS = 8;

const NOT_RECORDED = "not recorded";

export function contextStatsPanel(
  id: string,
  value: ContextStatsValue | undefined,
  tier2Budget?: Tier2BudgetState,
  collapsedSoFar?: readonly string[],
): ContextPanel {
  return {
    id,
    title: "lean context",
    rows: [
      ...fieldRows("registry", value?.registry),
      ...fieldRows("snapshot", value?.snapshot),
      ...fieldRows("counters", value?.counters),
      ...tier2BudgetRows(tier2Budget, collapsedSoFar),
      ...eventRows(value?.events),
    ],
  };
}

function fieldRows(label: string, fields: object | null | undefined): PanelRow[] {
  if (!fields) return [{ label, value: NOT_RECORDED, tone: "dim" }];
  return [
    { label, value: "" },
    ...Object.entries(fields).map(([key, v]): PanelRow => {
      const text = valueText(v);
      return text === undefined
        ? { label: key, value: NOT_RECORDED, level: 1, tone: "dim" }
        : { label: key, value: text, level: 1 };
    }),
  ];
}

function eventRows(events: readonly ContextEvent[] | undefined): PanelRow[] {
  const label = "events (newest first)";
  if (!events) return [{ label, value: NOT_RECORDED, tone: "dim" }];
  if (events.length === 0) return [{ label, value: "none yet", tone: "dim" }];
  return [
    { label, value: "" },
    ...events.slice(0, PANEL_EVENTS).map((e): PanelRow => {
      const where =
        e.turn !== undefined ? ` (turn ${e.turn}${e.step !== undefined ? `, step ${e.step}` : ""})` : "";
      return { label: e.kind, value: `${e.detail}${where}`, level: 1 };
    }),
  ];
}

function valueText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== "object" || v === null))
    return value.length === 0 ? "none" : value.join(", ");
  return JSON.stringify(value);
}
