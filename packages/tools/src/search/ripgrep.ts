/**
 * The search engine used when `rg` (ripgrep) is on the PATH: ripgrep walks and matches, this
 * module keeps the rules of search-findings.ts so results equal the JavaScript walk's.
 *
 * `rg` runs from the search folder:
 * 1. `rg --json -a --max-filesize 5M --debug -e <pattern>`: candidate lines; the debug log's
 *    "ignoring <path>: <n> bytes" lines name the files skipped for size.
 * 2. only when nothing matched, `rg --files --max-filesize 5M`: the files searched, counted
 *    (after the glob) for the "N files searched" of the answer. (The `searches` count of
 *    `--json`'s summary is not the number of files: it skips some.)
 * ripgrep's regex dialect is not JavaScript's, so every line run 1 returns is tested again with
 * the JavaScript regex; for the usual patterns (literals, classes, `\w \d \s .`, case folding)
 * ripgrep's Unicode matching finds a superset of the lines, so the result is the JavaScript one.
 * Known exceptions: `.` or a negated class that would have to match an invalid UTF-8 byte, and
 * `\b` beside a non-ASCII letter (ripgrep finds fewer lines). A pattern ripgrep cannot read (even
 * with `--engine auto`, which brings PCRE2 for lookarounds and backreferences) makes
 * `searchWithRipgrep` return undefined, and the caller uses the JavaScript walk.
 * Both runs see the project as workspace-walk.ts does: hidden files in, `.gitignore` files only
 * (not `.ignore`, `.rgignore`, the global excludes or `.git/info/exclude`) even outside a git
 * repository, those of parent folders too unless they ignore the search folder itself, `.git`
 * and `node_modules` folders out, symlinks not followed, no user `rg` config. `-a` searches binary
 * files as text; a file with a candidate line is then checked for a NUL in its first 8 KiB, and a
 * binary one is read and judged exactly as the JavaScript walk would.
 * rg skips FIFOs, sockets and devices among the files, but opens every `.gitignore` it meets and
 * blocks on one that is a FIFO: an rg run still going after a second is checked for such a
 * `.gitignore` (search/ignore-file-trap.ts) and, when there is one, stopped — the search then
 * returns undefined and the caller walks in JavaScript, which never opens it.
 */
import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import { readBoundedFile } from "@picasso/workspace";
import { decodeLenient } from "../text-file.js";
import { inheritedIgnoreLevels } from "../workspace-walk.js";
import { ignoreFileTrap, RG_TRAP_CHECK_AFTER_MS } from "./ignore-file-trap.js";
import {
  addHit,
  BINARY_SCAN_BYTES,
  binaryHasMatch,
  type FileHits,
  type Findings,
  isBinary,
  isLineMatch,
  MAX_FILE_BYTES,
  type SearchQuery,
  wholeTextCheck,
} from "./search-findings.js";

const found = new Map<string, string | undefined>();

/** The `rg` executable on `PATH`, or undefined (looked up once per PATH). */
export function findRipgrep(path = process.env.PATH ?? ""): string | undefined {
  if (found.has(path)) return found.get(path);
  let hit: string | undefined;
  for (const dir of path.split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, process.platform === "win32" ? "rg.exe" : "rg");
    try {
      accessSync(candidate, constants.X_OK);
      hit = candidate;
      break;
    } catch {}
  }
  found.set(path, hit);
  return hit;
}

/** rg flags for the project view of workspace-walk.ts (see the module comment). */
async function commonFlags(root: string): Promise<string[]> {
  // No rules above the root, or rules that ignore the root itself: then none apply (as in the walk).
  const noParentRules = (await inheritedIgnoreLevels(root)).length === 0;
  return [
    "--no-config",
    "--hidden",
    "--no-require-git",
    "--no-ignore-dot",
    "--no-ignore-global",
    "--no-ignore-exclude",
    ...(noParentRules ? ["--no-ignore-parent"] : []),
    "--max-filesize",
    "5M",
    "-g",
    "!.git/",
    "-g",
    "!node_modules/",
  ];
}

interface Run {
  code: number | null;
  stderr: string;
}

/**
 * Runs rg in `cwd`, handing each stdout chunk to `onData`; code -1 when it could not run or was
 * stopped because a `.gitignore` on its way would trap it.
 */
function runRg(
  rg: string,
  args: string[],
  cwd: string,
  signal: AbortSignal,
  onData: (chunk: Buffer) => void,
) {
  return new Promise<Run>((resolve) => {
    const stop = new AbortController();
    const stopped = AbortSignal.any([signal, stop.signal]);
    const child = spawn(rg, args, { cwd, signal: stopped, stdio: ["ignore", "pipe", "pipe"] });
    const errors: Buffer[] = [];
    const check = new AbortController();
    const timer = setTimeout(() => {
      ignoreFileTrap(cwd, check.signal).then(
        (trap) => trap && stop.abort(),
        () => undefined, // the walk was cut short: rg finished first
      );
    }, RG_TRAP_CHECK_AFTER_MS);
    const done = (run: Run) => {
      clearTimeout(timer);
      check.abort();
      resolve(stop.signal.aborted ? { code: -1, stderr: "" } : run);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk: Buffer) => errors.push(chunk));
    child.on("error", () => done({ code: -1, stderr: "" }));
    child.on("close", (code) => done({ code, stderr: Buffer.concat(errors).toString("utf8") }));
  });
}

/** Splits a UTF-8 byte stream into records at `separator` (strings: cheaper than sub-buffers). */
function records(separator: string, onRecord: (record: string) => void) {
  const decoder = new StringDecoder("utf8");
  let rest = "";
  return {
    push(chunk: Buffer) {
      const parts = (rest + decoder.write(chunk)).split(separator);
      rest = parts.pop() ?? "";
      for (const part of parts) onRecord(part);
    },
    end() {
      const last = rest + decoder.end();
      if (last !== "") onRecord(last);
    },
  };
}

const relOf = (path: string) => (path.startsWith("./") ? path.slice(2) : path);

type RgText = { text: string } | { bytes: string };
const rgText = (value: RgText): string =>
  "text" in value ? value.text : decodeLenient(Buffer.from(value.bytes, "base64"));

/** Files rg skipped for size, from its `--debug` log ("ignoring ./a.bin: 6000000 bytes"). */
function skippedForSize(stderr: string): string[] {
  const large: string[] = [];
  for (const line of stderr.split("\n")) {
    const skipped = /ignoring (.+): \d+ bytes$/.exec(line);
    if (skipped) large.push(relOf(skipped[1]!));
  }
  return large;
}

/** Files under `root` as rg sees them: those searched, and those skipped for size. */
async function listFiles(rg: string, root: string, flags: string[], signal: AbortSignal) {
  const files: string[] = [];
  const list = records("\0", (record) => files.push(relOf(record)));
  const run = await runRg(rg, ["--files", "-0", "--debug", ...flags, "."], root, signal, (c) => list.push(c));
  list.end();
  return { ok: run.code === 0 || run.code === 1, files, large: skippedForSize(run.stderr) };
}

type RgMessage = { type: string; data: { path?: RgText; lines?: RgText; line_number?: number } };

/** Candidate lines from rg, kept when the JavaScript regex matches them too. */
async function matchLines(rg: string, query: SearchQuery, flags: string[]) {
  const byFile = new Map<string, FileHits>();
  let summary = false;
  const json = records("\n", (record) => {
    // Only match lines are parsed (rg writes their "type" first, the summary's last).
    if (record.endsWith('"type":"summary"}')) summary = true;
    if (!record.startsWith('{"type":"match"')) return;
    const message = JSON.parse(record) as RgMessage;
    if (!message.data.path || !message.data.lines) return;
    const rel = relOf(rgText(message.data.path));
    if (!query.matches(rel)) return;
    const line = rgText(message.data.lines).replace(/\r?\n$/, "");
    if (!isLineMatch(query.regex, line)) return;
    let file = byFile.get(rel);
    if (!file) {
      file = { rel, abs: join(query.root, rel), lines: [], total: 0 };
      byFile.set(rel, file);
    }
    addHit(file, message.data.line_number ?? 0, line, query.limit);
  });
  const args = [
    "--json",
    "-a",
    "--crlf",
    "--engine",
    "auto",
    "--debug",
    ...(query.caseInsensitive ? ["-i"] : []),
  ];
  const run = await runRg(rg, [...args, ...flags, "-e", query.pattern, "."], query.root, query.signal, (c) =>
    json.push(c),
  );
  json.end();
  const ok = summary && run.code !== null && run.code >= 0 && run.code <= 2;
  return { ok, files: [...byFile.values()], large: skippedForSize(run.stderr) };
}

const head = Buffer.allocUnsafe(BINARY_SCAN_BYTES);
const headIsBinary = (abs: string) => {
  const read = readBoundedFile(abs, BINARY_SCAN_BYTES, { buffer: head, listedAsFile: true });
  return read.kind === "text" && isBinary(read.bytes);
};

/** The findings for `query`, or undefined when rg could not run it (use the JavaScript walk). */
export async function searchWithRipgrep(rg: string, query: SearchQuery): Promise<Findings | undefined> {
  const flags = await commonFlags(query.root);
  const lines = await matchLines(rg, query, flags);
  if (!lines.ok) return undefined;
  const large = lines.large.filter((rel) => query.matches(rel)).length;
  const findings: Findings = { files: undefined, hits: [], binaryWithMatches: 0, large };
  const precheck = wholeTextCheck(query.regex);
  for (const file of lines.files) {
    if (!headIsBinary(file.abs)) findings.hits.push(file);
    else {
      const read = readBoundedFile(file.abs, MAX_FILE_BYTES, { listedAsFile: true });
      if (read.kind === "text" && binaryHasMatch(read.bytes, query.regex, precheck))
        findings.binaryWithMatches++;
    }
  }
  if (findings.hits.length === 0) {
    const listing = await listFiles(rg, query.root, flags, query.signal);
    if (!listing.ok) return undefined;
    findings.files = listing.files.filter((rel) => query.matches(rel)).length + large;
  }
  return findings;
}

/** Every file rg lists under `root` (glob-only searches), or undefined when it could not run. */
export async function listWithRipgrep(
  rg: string,
  root: string,
  matches: (rel: string) => boolean,
  signal: AbortSignal,
): Promise<{ abs: string; rel: string }[] | undefined> {
  const listing = await listFiles(rg, root, await commonFlags(root), signal);
  if (!listing.ok) return undefined;
  return [...listing.files, ...listing.large]
    .filter((rel) => matches(rel))
    .map((rel) => ({ rel, abs: join(root, rel) }));
}
