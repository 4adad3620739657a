/**
 * The Tier-2 budget: a byte budget for the Tier-2 entries open in a lane's context.
 *
 * Before each step (the pre-step hook) the open entries (tier2-ledger.ts) are summed; when they
 * exceed the budget, the least recently used are collapsed — oldest last use first — until the
 * rest fit, by one appended `tier2-budget` reminder (tier2-notice.ts) naming each with its title
 * line and the call that re-opens it. Nothing earlier is edited. The decision reads only the
 * loads and the history, so the same state appends the same bytes.
 */
import type { AppendedMessage, Message } from "@picasso/protocol";
import { reminderMessage } from "../pre-step/reminders.js";
import { type OpenTier2Entry, openTier2Entries, type Tier2Load } from "./tier2-ledger.js";
import { type CollapsedEntry, TIER2_BUDGET_SOURCE, tier2NoticeBody } from "./tier2-notice.js";

/** Default `catalog.tier2BudgetBytes`: 48 KB of open Tier-2 entries per lane. */
export const DEFAULT_TIER2_BUDGET_BYTES = 49_152;

export interface Tier2BudgetState {
  budgetBytes: number;
  /** Open after this step's collapse, oldest last use first. */
  open: { name: string; kind: string; bytes: number }[];
  openBytes: number;
  /** Collapsed by this step's notice. */
  collapsed: string[];
}

export interface Tier2BudgetDecision {
  append?: AppendedMessage;
  state: Tier2BudgetState;
}

/** The title line of an entry, as the catalog names it. */
export type TitleOf = (entry: OpenTier2Entry) => string;

function reopenCall(entry: OpenTier2Entry): CollapsedEntry["reopen"] {
  // A tool_search answer may hold several entries: re-open this one by its exact name.
  if (entry.via.name === "tool_search") return { name: "tool_search", input: { query: entry.name } };
  return entry.via;
}

export function decideTier2Budget(
  loads: readonly Tier2Load[],
  messages: readonly Message[],
  budgetBytes: number,
  titleOf: TitleOf,
): Tier2BudgetDecision {
  const open = openTier2Entries(loads, messages);
  let openBytes = open.reduce((sum, e) => sum + e.bytes, 0);
  const collapsed: OpenTier2Entry[] = [];
  for (const entry of open) {
    if (openBytes <= budgetBytes) break;
    collapsed.push(entry);
    openBytes -= entry.bytes;
  }
  const kept = open.slice(collapsed.length);
  const state: Tier2BudgetState = {
    budgetBytes,
    open: kept.map((e) => ({ name: e.name, kind: e.kind, bytes: e.bytes })),
    openBytes,
    collapsed: collapsed.map((e) => e.name),
  };
  if (collapsed.length === 0) return { state };
  const body = tier2NoticeBody(
    budgetBytes,
    collapsed.map((e) => ({ name: e.name, kind: e.kind, title: titleOf(e), reopen: reopenCall(e) })),
  );
  return {
    state,
    append: {
      source: "reminder",
      reminder: TIER2_BUDGET_SOURCE,
      message: reminderMessage(TIER2_BUDGET_SOURCE, body),
    },
  };
}
