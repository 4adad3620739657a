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
 * Protected paths (@picasso/workspace `protectedPathReason`: `.git/**`, `.mcp.json`, `.picasso/**`,
 * `.envrc`, `.gitattributes`, shell start-up files, `.vscode/**`…) are written only when the user
 * allows that path (`ctx.confirmProtectedWrite`), in every permission mode — auto included; a
 * surface without approvals refuses them. The refusal is an error the model can act on.
 *
 * `abs` has passed `resolveWorkspacePath`. On the disk the work is workspace-fs/'s: on Linux a
 * symlink swapped in after that check cannot redirect it (no-follow-walk.ts). Not here: what
 * commands do (`bash`, terminals, git for worktrees) and Picasso's own files (spill files,
 * process-group records), which are not the workspace's.
 */
import { realpathSync } from "node:fs";
import { relative, resolve, sep } from "node:path";
import type { ToolContext } from "@picasso/protocol";
import { protectedPathReason } from "@picasso/workspace";
import { DISK_FILES, type FileAccess } from "./file-access.js";
import { workspaceFs } from "./workspace-fs/workspace-fs.js";

/** A protected path was not allowed: the tool's error says which, why, and what to do. */
export class ProtectedPathRefused extends Error {}

export async function writeWholeFile(
  ctx: ToolContext,
  abs: string,
  text: string,
  via: FileAccess = DISK_FILES,
): Promise<void> {
  await guardProtected(ctx, abs, "write");
  return via.write(abs, text, ctx);
}

export async function removeFile(ctx: ToolContext, abs: string): Promise<void> {
  await guardProtected(ctx, abs, "delete");
  return workspaceFs().removeFile(ctx, abs);
}

export async function makeFolder(ctx: ToolContext, abs: string): Promise<void> {
  await guardProtected(ctx, abs, "create");
  return workspaceFs().makeFolder(ctx, abs);
}

function workspaceRelative(ctx: ToolContext, abs: string): string {
  let root: string;
  try {
    root = realpathSync(ctx.workspaceRoot);
  } catch {
    root = resolve(ctx.workspaceRoot);
  }
  return relative(root, resolve(abs)).split(sep).join("/");
}

async function guardProtected(ctx: ToolContext, abs: string, verb: string): Promise<void> {
  const path = workspaceRelative(ctx, abs);
  const reason = protectedPathReason(path);
  if (reason === undefined) return;
  if (ctx.confirmProtectedWrite && (await ctx.confirmProtectedWrite({ path, reason }))) return;
  throw new ProtectedPathRefused(
    `${path} is a protected path (${reason}), so it is never changed without the user's approval, and the user did not allow this ${verb}. ` +
      "Tell the user what you wanted to change and why; they can make the change themselves or allow it.",
  );
}
