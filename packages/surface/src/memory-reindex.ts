/**
 * `picasso memory reindex [--dry-run]` as text: what the embed queue and the memories without a
 * vector of the configured model amount to (the plan), then — unless a dry run — what was
 * embedded, how the KNN index was rebuilt and which other models' KNN tables were dropped. Without
 * an embedder (memory-embedder.ts chose none) it is a `UserError` naming the setting.
 */
import { formatMemoryId, type ReindexReport } from "@picasso/memory";
import { UserError } from "@picasso/protocol/basics";
import type { OpenedMemory } from "./memory-text.js";

function planLines(report: ReindexReport, dryRun: boolean): string[] {
  const p = report.plan;
  const others = Object.entries(p.otherModels);
  const total = p.queued + p.withoutVector + p.damaged + others.reduce((n, [, k]) => n + k, 0);
  const lines = [
    `${dryRun ? "would embed" : "to embed"} ${total} memor${total === 1 ? "y" : "ies"} with ${p.model}:`,
    `  ${p.queued} queued${p.failedBefore > 0 ? ` (${p.failedBefore} failed before${p.lastError ? `: ${p.lastError}` : ""})` : ""}`,
    `  ${p.withoutVector} without a vector`,
    ...others.map(
      ([model, n]) => `  ${n} with a vector of another model (${model}), not compared with ${p.model}`,
    ),
    ...(p.damaged > 0 ? [`  ${p.damaged} with a damaged vector`] : []),
  ];
  if (dryRun && p.first.length > 0)
    lines.push(
      ...p.first.map((m) => `  ${formatMemoryId(m.id)}  ${m.title}`),
      ...(total > p.first.length ? [`  … and ${total - p.first.length} more`] : []),
    );
  return lines;
}

export async function reindexText(m: OpenedMemory, dryRun: boolean): Promise<string> {
  const vectors = m.service.vectors;
  if (!vectors)
    throw new UserError(
      "memory.embeddings.provider: no embedder is configured (none, or no memory.embeddings.baseUrl), so there is nothing to embed (docs/memory.md)",
    );
  const report = await vectors.reindex({ dryRun });
  const lines = planLines(report, dryRun);
  if (report.indexProblem) lines.push(`note: ${report.indexProblem}`);
  if (dryRun) return lines.join("\n");
  if (report.rebuilt)
    lines.push(
      `KNN index rebuilt: ${report.rebuilt.indexed} vectors${report.rebuilt.skipped > 0 ? `, ${report.rebuilt.skipped} damaged skipped` : ""}`,
    );
  const d = report.drained;
  if (d) {
    lines.push(`embedded ${d.embedded}`);
    if (d.failed > 0) lines.push(`failed ${d.failed} (${d.error ?? "unknown error"}); they stay queued`);
    if (d.indexProblem) lines.push(`note: ${d.indexProblem}`);
  }
  if (report.dropped && report.dropped.length > 0)
    lines.push(`dropped ${report.dropped.length} KNN table(s) no stored vector uses`);
  return lines.join("\n");
}
