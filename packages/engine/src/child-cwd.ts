/**
 * The folder a subagent works in: the session's, or a request's `cwd` relative to the workspace
 * root (a worktree, a package). Refused unless it is an existing folder inside the workspace.
 */
import { statSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { UserError } from "@picasso/protocol";
import type { EngineRuntime } from "./runtime.js";

/** Where a child lane works: the absolute folder, and its path in the workspace when not the session's. */
export interface ChildCwd {
  absolute: string;
  relative?: string;
}

export function childCwd(
  rt: Pick<EngineRuntime, "workspaceRoot" | "cwd">,
  requested: string | undefined,
): ChildCwd {
  if (requested === undefined || requested.trim() === "" || requested.trim() === ".")
    return { absolute: rt.cwd };
  const absolute = resolve(rt.workspaceRoot, requested.trim());
  const rel = relative(rt.workspaceRoot, absolute);
  if (rel.startsWith(`..${sep}`) || rel === ".." || isAbsolute(rel))
    throw new UserError(
      `cwd "${requested}" is outside the workspace; give a folder inside it (e.g. a worktree)`,
    );
  let isFolder = false;
  try {
    isFolder = statSync(absolute).isDirectory();
  } catch {
    isFolder = false;
  }
  if (!isFolder) throw new UserError(`cwd "${requested}" is not an existing folder in the workspace`);
  return rel === "" ? { absolute } : { absolute, relative: rel };
}
