/**
 * The one choke point for file mutations: every file the tools create, replace or delete and
 * every folder they make goes through one of these three functions, each given the call's
 * `ToolContext` — so a rule about which paths may change (say, a protected path that needs the
 * user's approval) is added here, once, and holds for `write`, `edit`, `multi_edit`,
 * `apply_patch`, `notebook_edit` and `worktree_create` alike.
 *
 * - `writeWholeFile(ctx, abs, text, via)`: create or replace a whole file, atomically, missing
 *   parent folders created. `via` is the session's `FileAccess` for the tools that honour it
 *   (`write`, `edit`: an ACP editor takes the write into its buffer), else the disk.
 * - `removeFile(ctx, abs)`: delete a file (a missing one is no error).
 * - `makeFolder(ctx, abs)`: mkdir -p.
 * `abs` has passed `resolveWorkspacePath`. On the disk the work is workspace-fs/'s: on Linux a
 * symlink swapped in after that check cannot redirect it (no-follow-walk.ts). Not here: what
 * commands do (`bash`, terminals, git for worktrees) and Picasso's own files (spill files,
 * process-group records), which are not the workspace's.
 */
import type { ToolContext } from "@picasso/protocol";
import { DISK_FILES, type FileAccess } from "./file-access.js";
import { workspaceFs } from "./workspace-fs/workspace-fs.js";

export function writeWholeFile(
  ctx: ToolContext,
  abs: string,
  text: string,
  via: FileAccess = DISK_FILES,
): Promise<void> {
  return via.write(abs, text, ctx);
}

export function removeFile(ctx: ToolContext, abs: string): Promise<void> {
  return workspaceFs().removeFile(ctx, abs);
}

export function makeFolder(ctx: ToolContext, abs: string): Promise<void> {
  return workspaceFs().makeFolder(ctx, abs);
}
