/**
 * The search engine used when ripgrep is not installed: the project walk (workspace-walk.ts),
 * then the reads.
 *
 * Order of work: walk and filter by the glob; then each file is read into one reused buffer (a
 * file that overflows 5 MiB is "large"), skipped undecoded when it lacks a literal every match
 * needs (`requiredLiteral`), else decoded and tested whole by a multiline pre-check (search-findings.ts) and split
 * into lines only when that finds something. The regexes are compiled once per search. Reads are
 * synchronous, in slices of 12 ms between which the event loop runs (the TUI stays live and an
 * interrupt is seen): on small files that measured twice as fast as 16 parallel async reads,
 * whose per-call overhead outweighs the overlap. There is no file-count stop: the search stops
 * when it has run 20 s (then it says how many files it got through) or when interrupted.
 */
import { basename, sep } from "node:path";
import { readBoundedFile } from "@picasso/workspace";
import { walkFiles } from "../workspace-walk.js";
import {
  binaryHasMatch,
  type FileHits,
  type Findings,
  isBinary,
  MAX_FILE_BYTES,
  requiredLiteral,
  type SearchQuery,
  searchText,
  wholeTextCheck,
} from "./search-findings.js";

const SLICE_MS = 12;
export const SEARCH_TIME_BUDGET_MS = 20_000;

/** The files a search looks at: the walk of `root`, or the one file named, filtered by the glob. */
export async function filesToSearch(
  root: string,
  single: string | undefined,
  matches: (rel: string) => boolean,
  signal: AbortSignal,
): Promise<{ abs: string; rel: string }[]> {
  if (single) return [{ abs: single, rel: basename(single) }].filter((file) => matches(file.rel));
  const prefix = root.endsWith(sep) ? root.length : root.length + 1;
  const toRel =
    sep === "/"
      ? (abs: string) => abs.slice(prefix)
      : (abs: string) => abs.slice(prefix).split(sep).join("/");
  return (await walkFiles(root, { signal }))
    .map((abs) => ({ abs, rel: toRel(abs) }))
    .filter((file) => matches(file.rel));
}

type Outcome = { kind: "text"; hits: FileHits } | { kind: "binary" } | { kind: "large" } | { kind: "none" };

// One buffer for every read (searchOne is synchronous): no allocation per file. The files come
// from the walk (regular files only) or were checked by the caller; one swapped for a FIFO since
// is closed unread. A file over MAX_FILE_BYTES is large.
let readBuffer: Buffer | undefined;

function readSmall(abs: string): Buffer | "large" | undefined {
  readBuffer ??= Buffer.allocUnsafe(MAX_FILE_BYTES);
  const read = readBoundedFile(abs, MAX_FILE_BYTES, { buffer: readBuffer, listedAsFile: true });
  if (read.kind !== "text") return undefined;
  return read.truncated ? "large" : read.bytes;
}

interface Prechecks {
  literal: Buffer | undefined;
  text: RegExp | undefined;
}

function searchOne(file: { abs: string; rel: string }, query: SearchQuery, checks: Prechecks): Outcome {
  const bytes = readSmall(file.abs);
  if (bytes === undefined) return { kind: "none" };
  if (bytes === "large") return { kind: "large" };
  if (checks.literal && bytes.indexOf(checks.literal) === -1) return { kind: "none" };
  const precheck = checks.text;
  if (isBinary(bytes))
    return binaryHasMatch(bytes, query.regex, precheck) ? { kind: "binary" } : { kind: "none" };
  const hits: FileHits = { rel: file.rel, abs: file.abs, lines: [], total: 0 };
  searchText(bytes, hits, query.regex, precheck, query.limit);
  return { kind: "text", hits };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function searchWithJs(
  query: SearchQuery,
  files: { abs: string; rel: string }[],
  { budgetMs, sliceMs } = { budgetMs: SEARCH_TIME_BUDGET_MS, sliceMs: SLICE_MS },
): Promise<Findings> {
  const literal = requiredLiteral(query.regex);
  const checks = {
    literal: literal ? Buffer.from(literal, "latin1") : undefined,
    text: wholeTextCheck(query.regex),
  };
  const findings: Findings = { files: files.length, hits: [], binaryWithMatches: 0, large: 0 };
  const deadline = Date.now() + budgetMs;
  let searched = 0;
  let sliceEnd = Date.now() + sliceMs;
  for (const file of files) {
    if (Date.now() >= sliceEnd) {
      await nextTurn();
      if (query.signal.aborted) break;
      if (Date.now() >= deadline) {
        findings.stopped = `Stopped after ${budgetMs / 1000} s with ${searched} of ${files.length} files searched; narrow the path or glob.`;
        break;
      }
      sliceEnd = Date.now() + sliceMs;
    }
    const outcome = searchOne(file, query, checks);
    searched++;
    if (outcome.kind === "text" && outcome.hits.total > 0) findings.hits.push(outcome.hits);
    else if (outcome.kind === "binary") findings.binaryWithMatches++;
    else if (outcome.kind === "large") findings.large++;
  }
  return findings;
}

/** A glob-only search: every file found is a result. */
export function listingFindings(files: { abs: string; rel: string }[]): Findings {
  const hits = files.map((f) => ({ rel: f.rel, abs: f.abs, lines: [], total: 1 }));
  return { files: files.length, hits, binaryWithMatches: 0, large: 0 };
}
