/**
 * What a search found, as both engines (ripgrep and the JavaScript walk) report it, and the line
 * rules they share so their results are identical.
 *
 * Rules: a line is a match when the JavaScript regex matches its first 10,000 characters (lines
 * split at `\n`, a `\r` before it dropped, no empty line after a final newline, invalid UTF-8
 * decoded as U+FFFD); its text is cut at 300 characters and trimmed. A file is binary when it has
 * a NUL byte in its first 8 KiB; binary files are never shown, but those with a matching line are
 * counted. Files over 5 MiB are skipped and counted. Each file keeps at most `limit` lines (no
 * more can ever be shown) and the count of all its matching lines. Files are read only through
 * @picasso/workspace `readBoundedFile`: a FIFO, socket or device is never opened.
 */
import { decodeLenient } from "../text-file.js";

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const BINARY_SCAN_BYTES = 8192;
const MAX_TEXT_CHARS = 300;
const MAX_TESTED_LINE_CHARS = 10_000;

export interface LineHit {
  line: number;
  text: string;
}

export interface FileHits {
  /** Path relative to the search folder, forward slashes (the sort key). */
  rel: string;
  abs: string;
  lines: LineHit[];
  /** All matching lines of the file, shown or not. */
  total: number;
}

export interface Findings {
  /**
   * Files the search looked at (matching the glob), binary and large ones included. Only shown
   * when nothing matched, so an engine may leave it undefined when there are hits.
   */
  files: number | undefined;
  /** Files with matching lines; for a glob-only search, every file found (total 1). */
  hits: FileHits[];
  binaryWithMatches: number;
  large: number;
  /** Why the search stopped before the end, when a budget ran out. */
  stopped?: string;
}

export interface SearchQuery {
  /** Absolute folder searched (or the folder of the one file searched). */
  root: string;
  /** The pattern as given (rg reads it), and compiled as JavaScript (which decides). */
  pattern: string;
  regex: RegExp;
  caseInsensitive: boolean;
  /** Predicate over paths relative to `root`. */
  matches: (rel: string) => boolean;
  limit: number;
  signal: AbortSignal;
}

export function isLineMatch(regex: RegExp, line: string): boolean {
  return regex.test(line.length > MAX_TESTED_LINE_CHARS ? line.slice(0, MAX_TESTED_LINE_CHARS) : line);
}

export function shownText(line: string): string {
  return (line.length > MAX_TEXT_CHARS ? `${line.slice(0, MAX_TEXT_CHARS)}…` : line).trim();
}

export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SCAN_BYTES).includes(0);
}

/** Adds one matching line to a file's hits, keeping at most `limit` of them. */
export function addHit(file: FileHits, line: number, text: string, limit: number): void {
  file.total++;
  if (file.lines.length < limit) file.lines.push({ line, text: shownText(text) });
}

/**
 * A whole-text pre-check: when it finds nothing in a file, no line of it can match, so the file
 * is not split into lines. Lookarounds could see across line ends, so patterns with negative
 * ones get no pre-check.
 */
export function wholeTextCheck(regex: RegExp): RegExp | undefined {
  if (/\(\?<?!/.test(regex.source)) return undefined;
  return new RegExp(regex.source, `${regex.flags.replace("m", "")}m`);
}

/**
 * An ASCII string every match of `regex` contains, found without a regex parser: the longest run
 * of literal characters outside groups, classes and escapes, in a pattern with no `|`; a
 * character followed by a quantifier is left out. Undefined when there is none worth using (under
 * 3 characters) or the regex ignores case. A file whose bytes lack it cannot have a matching
 * line (invalid UTF-8 decodes to U+FFFD, never to ASCII), so it is not even decoded.
 */
export function requiredLiteral(regex: RegExp): string | undefined {
  const source = regex.source;
  if (regex.flags.includes("i") || source.includes("|")) return undefined;
  let best = "";
  let run = "";
  const end = () => {
    if (run.length > best.length) best = run;
    run = "";
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    let literal: string | undefined;
    if (ch === "\\") {
      const next = source[++i] ?? "";
      literal = /[A-Za-z0-9]/.test(next) ? undefined : next;
    } else if (ch === "[") {
      while (i < source.length && source[i] !== "]") i += source[i] === "\\" ? 2 : 1;
    } else if (ch === "(") {
      let depth = 1;
      while (++i < source.length && depth > 0) {
        if (source[i] === "\\") i++;
        else if (source[i] === "(") depth++;
        else if (source[i] === ")") depth--;
      }
      i--;
    } else if (!"^$.*+?{}()".includes(ch)) literal = ch;
    const quantified = /[*+?{]/.test(source[i + 1] ?? "");
    if (literal !== undefined && !quantified && literal.charCodeAt(0) < 128) run += literal;
    else end();
  }
  end();
  return best.length >= 3 ? best : undefined;
}

/** The matching lines of a text file's bytes (already known not to be binary). */
export function searchText(
  bytes: Uint8Array,
  file: FileHits,
  regex: RegExp,
  precheck: RegExp | undefined,
  limit: number,
): void {
  const text = decodeLenient(bytes);
  if (precheck && !precheck.test(text)) return;
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (line.endsWith("\r")) line = line.slice(0, -1);
    if (isLineMatch(regex, line)) addHit(file, i + 1, line, limit);
  }
}

/** Whether a binary file has a line the regex matches (it is then counted, never shown). */
export function binaryHasMatch(bytes: Uint8Array, regex: RegExp, precheck: RegExp | undefined): boolean {
  const probe: FileHits = { rel: "", abs: "", lines: [], total: 0 };
  searchText(bytes, probe, regex, precheck, 0);
  return probe.total > 0;
}
