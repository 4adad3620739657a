/**
 * `picasso eval memory --queries FILE [--queries FILE…] [--embeddings none|mock|endpoint]
 * [--min-score N] [--json]`:
 * the memory retrieval-quality eval (docs/memory.md, "Retrieval quality").
 *
 * Each queries file names its memories file; the memories are written into a fresh memory.db in
 * a temporary folder through the normal write path and each query is asked through the normal
 * recall path (`runRetrievalEval` of @picasso/memory) — the user's own memory.db is never read.
 * `--embeddings`: `none` (default; FTS, importance and recency), `mock` (the mock provider's
 * deterministic /v1/embeddings, started on 127.0.0.1 for the run: word hashes, not meaning) or
 * `endpoint` (the `memory.embeddings.*` settings of this workspace's composition, as a
 * session uses them). `--min-score` sets the relevance floor (default: `memory.recall.minScore`'s
 * default), to measure another floor on the dev split. Prints recall@5 (all, sharing a keyword, sharing none), precision, MRR, unrelated
 * bodies loaded for the queries nothing answers, outdated bodies returned, then each miss;
 * `--json` the whole report (a list for several files). It measures: the exit code is 0 whatever
 * the figures.
 */
import { defaultPicassoHome } from "@picasso/engine";
import { loadComposition } from "@picasso/lean-context";
import {
  type Embedder,
  loadRetrievalEval,
  openAiEmbedder,
  type RetrievalEvalReport,
  runRetrievalEval,
} from "@picasso/memory";
import { UserError, withHeldProviderSecrets } from "@picasso/protocol";
import { findWorkspaceRoot } from "@picasso/workspace";
import type { Command } from "commander";

export interface EvalMemoryFlags {
  queries?: string[];
  embeddings?: string;
  minScore?: string;
  json?: boolean;
}

type Embedding = { embedder?: Embedder; close?: () => Promise<void> };

async function embeddingFor(
  flags: EvalMemoryFlags,
  where: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<Embedding> {
  const kind = flags.embeddings ?? "none";
  if (kind === "none") return {};
  if (kind === "mock") {
    const { startMockServer } = await import("@picasso/mock-provider");
    const server = await startMockServer({});
    return {
      embedder: openAiEmbedder({ baseUrl: `${server.url}/v1`, model: "mock-embed" }),
      close: () => server.close(),
    };
  }
  if (kind !== "endpoint")
    throw new UserError(`--embeddings: expected none, mock or endpoint, got "${kind}"`);
  const { settings } = loadComposition({
    surface: "cli",
    picassoHome: defaultPicassoHome(where.env),
    workspaceRoot: findWorkspaceRoot(where.cwd),
  });
  const baseUrl = settings["memory.embeddings.baseUrl"];
  if (!baseUrl)
    throw new UserError(
      "--embeddings endpoint: no memory.embeddings.baseUrl in this workspace's composition (docs/memory.md, Embeddings)",
    );
  const keyEnv = settings["memory.embeddings.apiKeyEnv"];
  const apiKey = keyEnv ? withHeldProviderSecrets(where.env)[keyEnv] : undefined;
  return {
    embedder: openAiEmbedder({
      baseUrl,
      model: settings["memory.embeddings.model"],
      ...(apiKey ? { apiKey } : {}),
    }),
  };
}

export async function evalMemory(
  flags: EvalMemoryFlags,
  where: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<RetrievalEvalReport[]> {
  if (!flags.queries || flags.queries.length === 0)
    throw new UserError("eval memory: --queries FILE is required (see packages/memory/eval/)");
  const minScore = flags.minScore === undefined ? undefined : Number(flags.minScore);
  if (minScore !== undefined && !(flags.minScore?.trim() !== "" && minScore >= 0 && minScore <= 1))
    throw new UserError(`--min-score: "${flags.minScore}" is not a number from 0 to 1`);
  const sets = flags.queries.map((file) => loadRetrievalEval(file));
  const { embedder, close } = await embeddingFor(flags, {
    cwd: where.cwd ?? process.cwd(),
    env: where.env ?? process.env,
  });
  try {
    const reports: RetrievalEvalReport[] = [];
    for (const set of sets)
      reports.push(
        await runRetrievalEval(set, {
          ...(embedder ? { embedder } : {}),
          ...(minScore !== undefined ? { minScore } : {}),
        }),
      );
    return reports;
  } finally {
    await close?.();
  }
}

const fixed = (x: number | undefined) => (x === undefined ? "n/a" : x.toFixed(2));

export function renderMemoryReport(r: RetrievalEvalReport): string {
  const split = r.split ? `${r.split === "heldout" ? "held-out" : r.split} split, ` : "";
  const vectors =
    r.embeddings === "none"
      ? "no embeddings"
      : `embeddings ${r.embeddings} (${r.vectorsStored} vectors stored)`;
  const floor = `relevance floor ${r.minScore}`;
  const kw = r.relevantQueries - r.noKeywordQueries;
  const lines = [
    `Memory retrieval eval: ${split}${r.queries} queries (${r.noRelevantQueries} with no relevant memory), ${r.memories} memories (${r.visibleMemories} visible to the project), ${vectors}, ${floor}`,
    "",
    `  recall@${r.k}                     ${fixed(r.recall)}  (${r.relevantQueries} queries)`,
    `    sharing a keyword            ${fixed(r.recallKeyword)}  (${kw})`,
    `    sharing no keyword           ${fixed(r.recallNoKeyword)}  (${r.noKeywordQueries})`,
    `  precision                    ${fixed(r.precision)}  (${r.meanReturned.toFixed(1)} bodies per query)`,
    `  MRR                          ${fixed(r.mrr)}`,
    `  unrelated bodies loaded      ${r.unrelatedBodiesLoaded}  (${r.noRelevantQueriesWithBodies}/${r.noRelevantQueries} queries with no relevant memory loaded any; goal 0)`,
    `  outdated bodies returned     ${r.outdatedReturned}`,
    ...(r.duplicatesRefused > 0 ? [`  near-duplicates refused      ${r.duplicatesRefused}`] : []),
  ];
  const misses = r.results.filter((q) =>
    q.relevant.length > 0 ? (q.recall ?? 0) < 1 : q.returned.length > 0,
  );
  if (misses.length > 0) {
    lines.push("", "Not all relevant found, or bodies loaded for a query nothing answers:");
    for (const q of misses)
      lines.push(
        `  - "${q.query}"${q.sharesKeyword === false ? " (no shared keyword)" : ""} → expected ${q.relevant.join(", ") || "none"}; got ${q.returned.join(", ") || "nothing"}`,
      );
  }
  return `${lines.join("\n")}\n`;
}

export function registerEvalMemory(evalCommand: Command): void {
  evalCommand
    .command("memory")
    .description("does recall find the memories that answer a query, and load nothing when none does?")
    .option(
      "--queries <file>",
      "a queries file (YAML: split, memories file, project, queries of query + relevant); repeat for several splits",
      (file: string, files: string[]) => [...files, file],
      [] as string[],
    )
    .option(
      "--embeddings <kind>",
      "none (default), mock (the mock's deterministic /v1/embeddings) or endpoint (configured)",
    )
    .option("--min-score <n>", "the relevance floor, 0–1 (default: memory.recall.minScore's default)")
    .option("--json", "print the whole report as JSON")
    .action(async (flags: EvalMemoryFlags) => {
      const reports = await evalMemory(flags);
      process.stdout.write(
        flags.json
          ? `${JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2)}\n`
          : reports.map(renderMemoryReport).join("\n"),
      );
    });
}
