/**
 * `workspaceFacts(root)`: what a session records and tells the model about its workspace — the
 * git branch (worktrees included), whether this is a linked worktree, and whether tracked files
 * were dirty. The one owner of these facts; session facts, `session_start` and the surfaces read
 * them from here.
 */
import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import type { WorkspaceFacts } from "@picasso/protocol";
import { gitBranch, gitDirOf, gitDirty, gitDirtySoon } from "./git-facts.js";

export function workspaceFacts(root: string, options: { dirty?: boolean } = {}): WorkspaceFacts {
  const dir = gitDirOf(root);
  if (!dir) return {};
  return factsOf(root, dir.linked, options.dirty === false ? undefined : gitDirty(root));
}

/**
 * `workspaceFacts`, without blocking on git: a session starts it as it begins to open and takes the
 * answer once its Tier 1 is assembled, so `git status` (slow in a large repository) runs beside that
 * work instead of before it. It takes the answer `prefetchWorkspaceFacts` asked for, when that is
 * recent enough.
 */
export function workspaceFactsSoon(root: string): Promise<WorkspaceFacts> {
  const key = canonicalRoot(root);
  const early = ahead.get(key);
  ahead.delete(key);
  if (early && Date.now() - early.at <= PREFETCH_FRESH_MS) return early.facts;
  return askGit(root);
}

/** How long facts asked for ahead stay the session's: a snapshot of the moment the session starts. */
export const PREFETCH_FRESH_MS = 5_000;

const ahead = new Map<string, { facts: Promise<WorkspaceFacts>; at: number }>();

/**
 * Asks git now for the facts the next session of `root` will want (`workspaceFactsSoon` takes
 * them): a surface that knows early where a session will open (the TUI, before the engine has
 * loaded) lets git run beside its loading. Git runs through the same safe runner; a failure is
 * no facts, as for the session itself. Returns the answer's promise (a caller need not wait for it).
 */
export function prefetchWorkspaceFacts(root: string): Promise<WorkspaceFacts> {
  const key = canonicalRoot(root);
  const asked = ahead.get(key);
  if (asked) return asked.facts;
  const facts = askGit(root);
  facts.catch(() => {});
  ahead.set(key, { facts, at: Date.now() });
  return facts;
}

async function askGit(root: string): Promise<WorkspaceFacts> {
  const dir = gitDirOf(root);
  if (!dir) return {};
  return factsOf(root, dir.linked, await gitDirtySoon(root));
}

function canonicalRoot(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return resolve(root);
  }
}

function factsOf(root: string, linked: boolean, dirty: boolean | undefined): WorkspaceFacts {
  const branch = gitBranch(root);
  return {
    ...(branch ? { gitBranch: branch } : {}),
    ...(linked ? { gitWorktree: true } : {}),
    ...(dirty !== undefined ? { gitDirty: dirty } : {}),
  };
}
