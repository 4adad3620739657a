/**
 * The Tier-2 budget's rows in lean context's `/context` panel: a `Tier-2 budget` heading with
 * `open X of Y bytes`, one level-1 row per open entry (`name` → `kind · N bytes`, oldest last use
 * first) and a `collapsed` row naming what the budget collapsed so far in the lane (newest last,
 * at most `PANEL_COLLAPSED`). Before the first step it is one row saying `not recorded`.
 */
import type { PanelRow } from "@picasso/protocol";
import type { Tier2BudgetState } from "./tier2-budget.js";

export const TIER2_BUDGET_LABEL = "Tier-2 budget";
export const PANEL_COLLAPSED = 12;

export function tier2BudgetRows(
  state: Tier2BudgetState | undefined,
  collapsedSoFar: readonly string[] = [],
): PanelRow[] {
  if (!state) return [{ label: TIER2_BUDGET_LABEL, value: "not recorded", tone: "dim" }];
  return [
    { label: TIER2_BUDGET_LABEL, value: `open ${state.openBytes} of ${state.budgetBytes} bytes` },
    ...state.open.map((e): PanelRow => ({ label: e.name, value: `${e.kind} · ${e.bytes} bytes`, level: 1 })),
    {
      label: "collapsed",
      value: collapsedSoFar.length
        ? `${collapsedSoFar.length > PANEL_COLLAPSED ? "…, " : ""}${collapsedSoFar.slice(-PANEL_COLLAPSED).join(", ")}`
        : "none",
      level: 1,
      ...(collapsedSoFar.length ? {} : { tone: "dim" as const }),
    },
  ];
}
