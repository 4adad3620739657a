/**
 * The `tier2-budget` reminder: the notice that collapses Tier-2 entries to their title line.
 *
 * It is appended as a user message (`<system-reminder source="tier2-budget">`); earlier messages
 * are never edited, so the cached prefix stays. Each collapsed entry is one line —
 * `` - `name` (kind): title — re-open: call `` — whose `name` the ledger reads back from history
 * (tier2-ledger.ts). The text depends only on the budget and the collapsed entries (their name,
 * kind, title and loading call, canonical JSON), so identical state gives identical bytes.
 */
import { canonicalJson } from "@picasso/protocol";

export const TIER2_BUDGET_SOURCE = "tier2-budget";

export interface CollapsedEntry {
  name: string;
  kind: string;
  /** The entry's title line (the catalog's title; the name when it has none). */
  title: string;
  /** The call that re-opens it. */
  reopen: { name: string; input: Record<string, unknown> };
}

export function tier2NoticeBody(budgetBytes: number, collapsed: readonly CollapsedEntry[]): string {
  return [
    `Tier-2 budget (${budgetBytes} bytes) exceeded: these entries are collapsed to their title line; their text above no longer applies. Re-open one with the call shown when you need it again.`,
    ...collapsed.map(
      (e) =>
        `- \`${e.name}\` (${e.kind}): ${e.title} — re-open: ${e.reopen.name}(${canonicalJson(e.reopen.input)})`,
    ),
  ].join("\n");
}
