/**
 * `picasso context timeline [thread] [--last] [--json | --html FILE]`: the context timeline of a saved session,
 * folded from its log with no engine running and no model call (`@picasso/timeline`).
 *
 * `thread` is a path to a log file, or a session id of the current workspace (looked up in
 * `$PICASSO_HOME/sessions/<project-key>/`; a unique prefix of an id is enough). `--last`, or no
 * thread at all, takes the workspace's newest session. Text output is the per-turn table; `--json`
 * the documented schema (docs/timeline.md); `--html FILE` writes one self-contained page (the
 * per-step chart, the per-turn table, what entered, drops with their reason) and prints where. Lines of the log that are not events (a crashed
 * session's torn last line, a corrupt line) and fold problems are reported on stderr, one line
 * each, and the rest is folded. Bad input is a `UserError` (one line, exit 2).
 *
 * Registered as a subcommand of `picasso context`; the parent's options are made positional so
 * `picasso context --json` and `picasso context timeline --json` each get their own `--json`.
 */
import { existsSync, realpathSync, writeFileSync } from "node:fs";
import { isAbsolute, resolve, sep } from "node:path";
import { defaultPicassoHome, listSessions, projectSessionsDir, type SessionFile } from "@picasso/engine";
import { UserError } from "@picasso/protocol";
import { foldTimelineFile, renderTimeline, renderTimelineHtml, type Timeline } from "@picasso/timeline";
import { findWorkspaceRoot } from "@picasso/workspace";
import type { Command } from "commander";

export interface TimelineFlags {
  last?: boolean;
  json?: boolean;
  /** Write the HTML page to this file. */
  html?: string;
}

export interface TimelineIo {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Where skipped lines and fold problems are reported (default: stderr). */
  warn?: (line: string) => void;
}

function looksLikePath(thread: string): boolean {
  return thread.includes(sep) || thread.includes("/") || thread.endsWith(".jsonl") || isAbsolute(thread);
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The log file a `thread` argument (or `--last`) names, or a UserError saying what to do. */
export function resolveTimelineLog(
  thread: string | undefined,
  flags: TimelineFlags,
  io: TimelineIo = {},
): string {
  if (thread !== undefined && flags.last)
    throw new UserError("give either a session id / log path or --last, not both");
  const cwd = io.cwd ?? process.cwd();
  if (thread !== undefined && (looksLikePath(thread) || existsSync(resolve(cwd, thread))))
    return resolve(cwd, thread);
  const home = defaultPicassoHome(io.env ?? process.env);
  const workspace = realPath(resolve(findWorkspaceRoot(cwd)));
  const dir = projectSessionsDir(home, workspace);
  const sessions = listSessions(home, workspace);
  if (thread === undefined) {
    const newest = sessions[0];
    if (!newest)
      throw new UserError(`no session to show: this workspace has no sessions yet (looked in ${dir})`);
    return newest.path;
  }
  const exact = sessions.find((s) => s.id === thread);
  if (exact) return exact.path;
  const byPrefix = sessions.filter((s) => s.id.startsWith(thread));
  if (byPrefix.length === 1) return byPrefix[0]!.path;
  if (byPrefix.length > 1)
    throw new UserError(`session id "${thread}" is ambiguous: it starts ${list(byPrefix)}; give more of it`);
  const hint = sessions.length
    ? `known sessions: ${list(sessions)} (all in ${dir})`
    : `this workspace has no sessions yet (${dir})`;
  throw new UserError(`unknown session id "${thread}"; ${hint}`);
}

function list(sessions: SessionFile[]): string {
  const ids = sessions.slice(0, 5).map((s) => s.id);
  return `${ids.join(", ")}${sessions.length > 5 ? ", …" : ""}`;
}

/** Fold the log and return what the command prints on stdout; notes go to `io.warn`. */
export async function timelineOutput(
  thread: string | undefined,
  flags: TimelineFlags,
  io: TimelineIo = {},
): Promise<{ text: string; timeline: Timeline }> {
  if (flags.json && flags.html !== undefined) throw new UserError("give --json or --html FILE, not both");
  const path = resolveTimelineLog(thread, flags, io);
  const warn = io.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const timeline = await foldTimelineFile(path);
  // A line a resume already repaired (and reported) is not reported again.
  for (const skip of timeline.skipped.filter((s) => !s.repaired))
    warn(
      `picasso: ${path}:${skip.line}: ${skip.torn ? "torn final line skipped (the session did not finish writing it)" : "line skipped"} — ${skip.reason}`,
    );
  for (const problem of timeline.problems) warn(`picasso: ${path}: ${problem}`);
  if (flags.html !== undefined)
    return { text: writeHtml(resolve(io.cwd ?? process.cwd(), flags.html), timeline), timeline };
  const text = flags.json
    ? `${JSON.stringify(timeline, null, 2)}\n`
    : renderTimeline(timeline, { omitNotes: true });
  return { text, timeline };
}

/** Write the page; what the command prints: where, and how big. */
function writeHtml(file: string, timeline: Timeline): string {
  const html = renderTimelineHtml(timeline);
  try {
    writeFileSync(file, html);
  } catch (error) {
    throw new UserError(
      `--html: cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  const kb = (Buffer.byteLength(html) / 1024).toFixed(1);
  return `wrote ${file} (${timeline.totals.steps} steps, ${kb} KB)\n`;
}

/** Add `timeline` under the `context` command. */
export function registerTimeline(context: Command): void {
  context.enablePositionalOptions();
  context
    .command("timeline")
    .argument(
      "[thread]",
      "a session id of this workspace (or a unique prefix of one), or a path to a log file",
    )
    .description(
      "per-turn context timeline of a saved session: what entered the context, cache reads and writes, prefix drops, compactions",
    )
    .option("--last", "the newest session of this workspace (the default when no thread is given)")
    .option("--json", "print the timeline as JSON (schema: docs/timeline.md)")
    .option(
      "--html <file>",
      "write the timeline as one self-contained HTML page (chart per step, turns, drops) to <file>",
    )
    .action(async (thread: string | undefined, flags: TimelineFlags) => {
      const { text } = await timelineOutput(thread, flags);
      process.stdout.write(text);
    });
}
