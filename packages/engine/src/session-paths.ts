/**
 * Where sessions live on disk:
 *   $PICASSO_HOME/sessions/<project-key>/<session-id>.jsonl      the log
 *   $PICASSO_HOME/sessions/<project-key>/<session-id>/outputs/   full outputs of truncated tool results
 *   $PICASSO_HOME/sessions/<project-key>/<session-id>/process-groups   tool process groups not yet
 *                                                                 seen to end (@picasso/tools)
 * The project key is the workspace path made filename-safe (at most 48 characters, from its end)
 * plus the first 8 hex digits of the SHA-256 of the full path, so two workspaces never share a
 * folder and the folder still says which project it is. Session ids sort by creation time.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { sha256, UserError } from "@picasso/protocol/basics";

/** Where Picasso keeps its state: `$PICASSO_HOME`, else `~/.picasso` (owned by @picasso/workspace). */
export { defaultPicassoHome } from "@picasso/workspace";

export function projectKey(workspaceRoot: string): string {
  const full = resolve(workspaceRoot);
  const safe = full
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(-48);
  return `${safe || "root"}-${sha256(full).slice(0, 8)}`;
}

export function projectSessionsDir(picassoHome: string, workspaceRoot: string): string {
  return join(picassoHome, "sessions", projectKey(workspaceRoot));
}

export function sessionLogPath(picassoHome: string, workspaceRoot: string, sessionId: string): string {
  return join(projectSessionsDir(picassoHome, workspaceRoot), `${sessionId}.jsonl`);
}

export function sessionOutputsDir(picassoHome: string, workspaceRoot: string, sessionId: string): string {
  return join(projectSessionsDir(picassoHome, workspaceRoot), sessionId, "outputs");
}

/** Where a session's tools record their live process groups, so a later run can end strays. */
export function sessionProcessGroupsPath(
  picassoHome: string,
  workspaceRoot: string,
  sessionId: string,
): string {
  return join(projectSessionsDir(picassoHome, workspaceRoot), sessionId, "process-groups");
}

/** A new session id: UTC time to the second, then 6 random hex digits (`20261129T120635-a1b2c3`). */
export function newSessionId(now: Date = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "");
  return `${stamp}-${randomBytes(3).toString("hex")}`;
}

export interface SessionFile {
  id: string;
  path: string;
  mtimeMs: number;
}

/** The sessions of a workspace, most recently written first. */
export function listSessions(picassoHome: string, workspaceRoot: string): SessionFile[] {
  const dir = projectSessionsDir(picassoHome, workspaceRoot);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".jsonl"))
    .map((name) => {
      const path = join(dir, name);
      return { id: name.slice(0, -".jsonl".length), path, mtimeMs: statSync(path).mtimeMs };
    })
    .sort((a, b) => b.mtimeMs - a.mtimeMs || b.id.localeCompare(a.id));
}

/** Resolve `--resume <id>` or `--continue` to a log file, or a UserError saying what to do. */
export function findSessionLog(
  picassoHome: string,
  workspaceRoot: string,
  which: { id: string } | "newest",
): SessionFile {
  const sessions = listSessions(picassoHome, workspaceRoot);
  const dir = projectSessionsDir(picassoHome, workspaceRoot);
  if (which === "newest") {
    const newest = sessions[0];
    if (!newest) throw new UserError(`no session to continue for this workspace (looked in ${dir})`);
    return newest;
  }
  const found = sessions.find((s) => s.id === which.id);
  if (!found) {
    const hint = sessions.length
      ? `known sessions: ${sessions
          .slice(0, 5)
          .map((s) => s.id)
          .join(", ")}${sessions.length > 5 ? ", …" : ""} (all in ${dir})`
      : `this workspace has no sessions yet (${dir})`;
    throw new UserError(
      `unknown session id "${which.id}" for --resume; ${hint}; list them with \`picasso sessions\``,
    );
  }
  return found;
}
