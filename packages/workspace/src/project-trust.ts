/**
 * Which project files the user approved — the one store behind "nothing from the workspace runs
 * until the user approved it" (docs/security.md).
 *
 * Project files that start programs or loosen Picasso's walls (`.mcp.json`, the project's patch
 * files, Claude Code's project settings with their allow rules) are used only when the user
 * approved their exact content. An approval is a SHA-256 digest of that content (the caller
 * decides what the content is: a patch file with its includes is one digest), kept per workspace
 * (its real path) and file (workspace-relative) in `$PICASSO_HOME/trust.json`:
 *
 *   { "version": 1, "workspaces": { "/real/root": { ".mcp.json": { "sha256": "…", "approvedAt": "…" } } } }
 *
 * `PICASSO_HOME` is hidden inside the command sandbox and outside every workspace, so nothing a
 * model writes can approve itself. A file whose digest is not the approved one is `changed`, one
 * never approved `new`; both are left unused until approved again. Writes are atomic (temporary
 * file + rename); a damaged store approves nothing and is never overwritten — approving then is a
 * `UserError` naming the file.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { sha256, UserError } from "@picasso/protocol/basics";
import { readBoundedFile } from "./bounded-file.js";
import { realPathOrResolved } from "./real-path.js";

export const TRUST_FILE = "trust.json";
const MAX_STORE_BYTES = 4 * 1024 * 1024;

export type ApprovalState = "approved" | "new" | "changed";

export interface Approval {
  sha256: string;
  approvedAt: string;
}

interface Store {
  version: 1;
  workspaces: Record<string, Record<string, Approval>>;
}

type Loaded = { ok: true; store: Store } | { ok: false; problem: string };

/** The digest an approval records for `content`. */
export function approvalDigest(content: string | Uint8Array): string {
  return sha256(content);
}

export function trustFilePath(picassoHome: string): string {
  return join(picassoHome, TRUST_FILE);
}

function workspaceKey(workspaceRoot: string): string {
  return realPathOrResolved(workspaceRoot);
}

function load(picassoHome: string): Loaded {
  const read = readBoundedFile(trustFilePath(picassoHome), MAX_STORE_BYTES);
  if (read.kind === "missing") return { ok: true, store: { version: 1, workspaces: {} } };
  if (read.kind !== "text" || read.truncated)
    return { ok: false, problem: read.kind === "not-a-file" ? `${read.what}, not a file` : "unreadable" };
  try {
    const parsed = JSON.parse(read.bytes.toString("utf8")) as Partial<Store>;
    if (parsed?.version !== 1 || typeof parsed.workspaces !== "object" || parsed.workspaces === null)
      return { ok: false, problem: "not a trust file of this Picasso (version 1)" };
    return { ok: true, store: parsed as Store };
  } catch {
    return { ok: false, problem: "not valid JSON" };
  }
}

/** Approval state of `file` (workspace-relative) with content digest `digest`. */
export function approvalState(
  picassoHome: string,
  workspaceRoot: string,
  file: string,
  digest: string,
): ApprovalState {
  const loaded = load(picassoHome);
  if (!loaded.ok) return "new";
  const approval = loaded.store.workspaces[workspaceKey(workspaceRoot)]?.[file];
  if (!approval) return "new";
  return approval.sha256 === digest ? "approved" : "changed";
}

/** The trust file's problem (damaged, not a file…), or undefined when it is usable. */
export function trustStoreProblem(picassoHome: string): string | undefined {
  const loaded = load(picassoHome);
  return loaded.ok
    ? undefined
    : `${trustFilePath(picassoHome)}: ${loaded.problem}; no project file counts as approved`;
}

/** Every approval recorded for this workspace. */
export function approvalsOf(picassoHome: string, workspaceRoot: string): Record<string, Approval> {
  const loaded = load(picassoHome);
  return loaded.ok ? { ...(loaded.store.workspaces[workspaceKey(workspaceRoot)] ?? {}) } : {};
}

function update(picassoHome: string, change: (store: Store) => void): void {
  const loaded = load(picassoHome);
  if (!loaded.ok)
    throw new UserError(
      `${trustFilePath(picassoHome)}: ${loaded.problem}; move it aside (approvals are then asked again) and retry`,
    );
  change(loaded.store);
  const path = trustFilePath(picassoHome);
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify(loaded.store, null, 2)}\n`, { flag: "wx", mode: 0o600 });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** Record that the user approved `file` with content digest `digest`. */
export function approveProjectFile(
  picassoHome: string,
  workspaceRoot: string,
  file: string,
  digest: string,
  now: Date = new Date(),
): void {
  update(picassoHome, (store) => {
    const key = workspaceKey(workspaceRoot);
    store.workspaces[key] = {
      ...(store.workspaces[key] ?? {}),
      [file]: { sha256: digest, approvedAt: now.toISOString() },
    };
  });
}

/** Forget the approval of `file` (or of every file of the workspace); true when there was one. */
export function revokeProjectFile(picassoHome: string, workspaceRoot: string, file?: string): boolean {
  let removed = false;
  update(picassoHome, (store) => {
    const key = workspaceKey(workspaceRoot);
    const approvals = store.workspaces[key];
    if (!approvals) return;
    if (file === undefined) {
      removed = Object.keys(approvals).length > 0;
      delete store.workspaces[key];
    } else if (approvals[file]) {
      removed = true;
      delete approvals[file];
    }
  });
  return removed;
}
