/**
 * The search engine used when ripgrep is not installed: the project walk (workspace-walk.ts), then
 * bounded parallel reads.
 *
 * Order of work: walk and filter by the glob; then up to 16 files are open at once, each one
 * read in one go (size checked on its open handle), tested whole by a multiline pre-check
 * (search-findings.ts) and split into lines only when that finds something. The regexes are
 * compiled once per search. Results land in walk order whatever order the reads finish in.
 * There is no file-count stop: the search stops when it has run 20 s (then it says how many
 * files it got through) or when interrupted.
 */
import { open } from "node:fs/promises";
import { relative, sep } from "node:path";
import { walkFiles } from "../workspace-walk.js";
import {
  binaryHasMatch,
  type FileHits,
  type Findings,
  isBinary,
  MAX_FILE_BYTES,
  type SearchQuery,
  searchText,
  wholeTextCheck,
} from "./search-findings.js";

const PARALLEL_READS = 16;
export const SEARCH_TIME_BUDGET_MS = 20_000;

/** The files a search looks at: the walk of `root`, or the one file named, filtered by the glob. */
export async function filesToSearch(
  root: string,
  single: string | undefined,
  matches: (rel: string) => boolean,
  signal: AbortSignal,
): Promise<{ abs: string; rel: string }[]> {
  const all = single ? [single] : await walkFiles(root, { signal });
  return all
    .map((abs) => ({ abs, rel: relative(root, abs).split(sep).join("/") }))
    .filter((file) => matches(file.rel));
}

type Outcome = { kind: "text"; hits: FileHits } | { kind: "binary" } | { kind: "large" } | { kind: "gone" };

async function searchOne(
  file: { abs: string; rel: string },
  query: SearchQuery,
  precheck: RegExp | undefined,
): Promise<Outcome> {
  const handle = await open(file.abs, "r").catch(() => undefined);
  if (!handle) return { kind: "gone" };
  try {
    const info = await handle.stat();
    if (info.size > MAX_FILE_BYTES) return { kind: "large" };
    const bytes = await handle.readFile();
    if (isBinary(bytes))
      return binaryHasMatch(bytes, query.regex, precheck) ? { kind: "binary" } : { kind: "gone" };
    const hits: FileHits = { rel: file.rel, abs: file.abs, lines: [], total: 0 };
    searchText(bytes, hits, query.regex, precheck, query.limit);
    return { kind: "text", hits };
  } catch {
    return { kind: "gone" };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

export async function searchWithJs(
  query: SearchQuery,
  files: { abs: string; rel: string }[],
  budgetMs = SEARCH_TIME_BUDGET_MS,
): Promise<Findings> {
  const precheck = wholeTextCheck(query.regex);
  const outcomes: (Outcome | undefined)[] = new Array(files.length);
  const deadline = Date.now() + budgetMs;
  let next = 0;
  let outOfTime = false;
  const worker = async () => {
    while (next < files.length && !query.signal.aborted) {
      if (Date.now() > deadline) {
        outOfTime = true;
        return;
      }
      const index = next++;
      outcomes[index] = await searchOne(files[index]!, query, precheck);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, files.length) }, worker));
  const findings: Findings = { files: files.length, hits: [], binaryWithMatches: 0, large: 0 };
  let searched = 0;
  for (const outcome of outcomes) {
    if (!outcome) continue;
    searched++;
    if (outcome.kind === "text" && outcome.hits.total > 0) findings.hits.push(outcome.hits);
    else if (outcome.kind === "binary") findings.binaryWithMatches++;
    else if (outcome.kind === "large") findings.large++;
  }
  if (outOfTime)
    findings.stopped = `Stopped after ${budgetMs / 1000} s with ${searched} of ${files.length} files searched; narrow the path or glob.`;
  return findings;
}

/** A glob-only search: every file found is a result. */
export function listingFindings(files: { abs: string; rel: string }[]): Findings {
  const hits = files.map((f) => ({ rel: f.rel, abs: f.abs, lines: [], total: 1 }));
  return { files: files.length, hits, binaryWithMatches: 0, large: 0 };
}
