/**
 * The workspace boundary: where a path given by the model really points, and whether it may go there.
 *
 * Algorithm:
 * 1. Relative paths resolve against `ctx.cwd`; absolute paths are taken as given.
 * 2. The path is made real: the longest existing ancestor is passed through `realpath` (so every
 *    symlink on the way is followed) and the not-yet-existing rest is appended. A dangling symlink
 *    is followed to its target the same way (bounded), so writing through it cannot escape.
 * 3. The real path must equal the real workspace root or lie under it. Otherwise it is refused,
 *    unless the user allowed it: `ctx.isOutsideAllowed` is asked with both the given absolute path
 *    and the real one.
 * The returned `abs` is the real path: the key used for read-before-write tracking.
 */
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { ToolContext } from "@picasso/protocol";

export type ResolvedPath =
  | { ok: true; abs: string; shown: string; exists: boolean }
  | { ok: false; error: string };

type PathContext = Pick<ToolContext, "cwd" | "workspaceRoot" | "isOutsideAllowed">;

/** What the file operations need to know to stay inside the boundary (workspace-fs/). */
export type WorkspaceScope = Pick<ToolContext, "workspaceRoot" | "isOutsideAllowed">;

const MAX_LINK_HOPS = 32;

function lstatOrUndefined(p: string) {
  try {
    return lstatSync(p);
  } catch {
    return undefined;
  }
}

/** The real path of `p`, following symlinks even where the final target does not exist yet. */
export function realPathOf(p: string, hops = 0): string {
  try {
    return realpathSync(p);
  } catch {
    // fall through: some part does not exist
  }
  const info = lstatOrUndefined(p);
  if (info?.isSymbolicLink() && hops < MAX_LINK_HOPS) {
    let target: string;
    try {
      target = readlinkSync(p);
    } catch {
      return realPathOf(p, hops + 1); // it stopped being a symlink meanwhile: look again
    }
    return realPathOf(isAbsolute(target) ? target : resolve(dirname(p), target), hops + 1);
  }
  const parent = dirname(p);
  if (parent === p) return p;
  const base = p.slice(parent.length).replace(/^[/\\]+/, "");
  return join(realPathOf(parent, hops), base);
}

export function isInside(root: string, p: string): boolean {
  return p === root || p.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** How a path is shown to the model: relative to cwd when inside it, else absolute. */
export function showPath(ctx: Pick<ToolContext, "cwd">, abs: string): string {
  const cwdReal = realPathOf(ctx.cwd);
  if (isInside(cwdReal, abs)) return relative(cwdReal, abs) || ".";
  return abs;
}

export function resolveWorkspacePath(ctx: PathContext, p: string): ResolvedPath {
  if (typeof p !== "string" || p.trim() === "") return { ok: false, error: "The path is empty." };
  if (p.includes("\0")) return { ok: false, error: "The path contains a NUL character." };
  const given = resolve(ctx.cwd, p);
  const abs = realPathOf(given);
  const root = realPathOf(resolve(ctx.workspaceRoot));
  if (!isInside(root, abs) && !ctx.isOutsideAllowed(given) && !ctx.isOutsideAllowed(abs)) {
    const via = abs === given ? "" : ` (it resolves to ${abs})`;
    return {
      ok: false,
      error:
        `The path ${p} is outside the workspace ${root}${via}. ` +
        "Tools only touch files inside the workspace unless the user allows the path; " +
        "work inside the workspace, or ask the user to allow this path.",
    };
  }
  return { ok: true, abs, shown: showPath(ctx, abs), exists: lstatOrUndefined(abs) !== undefined };
}
