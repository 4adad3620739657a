/**
 * How the file tools reach the disk: one set of operations, chosen once per process. On Linux with
 * /proc (`hasProcSelfFd()`), the no-follow operations (no-follow-files.ts), which a symlink swapped
 * in after the boundary check cannot redirect; elsewhere (macOS) the operations by path
 * (by-path-files.ts), guarded only by that check.
 *
 * Mutations are reached through the one choke point, file-mutations.ts; reads (`openFile`, `stat`)
 * directly. Every path given here has passed `resolveWorkspacePath` (absolute, real when checked).
 */
import type { Stats } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import type { WorkspaceScope } from "../workspace-path.js";
import { BY_PATH_FILES } from "./by-path-files.js";
import { NO_FOLLOW_FILES } from "./no-follow-files.js";
import { hasProcSelfFd } from "./no-follow-walk.js";

export interface WorkspaceFs {
  /** Replace or create a whole file atomically (parents created, an existing file's mode kept). */
  writeFile(scope: WorkspaceScope, abs: string, data: string | Uint8Array): Promise<void>;
  /** Delete a file; a missing one is no error. */
  removeFile(scope: WorkspaceScope, abs: string): Promise<void>;
  /** mkdir -p. */
  makeFolder(scope: WorkspaceScope, abs: string): Promise<void>;
  /** Open for reading; the caller checks the kind with `handle.stat()` and closes it. */
  openFile(scope: WorkspaceScope, abs: string): Promise<FileHandle>;
  /** What is at `abs` (a symlink followed), undefined when nothing is. */
  stat(scope: WorkspaceScope, abs: string): Promise<Stats | undefined>;
}

let chosen: WorkspaceFs | undefined;

export function workspaceFs(): WorkspaceFs {
  chosen ??= hasProcSelfFd() ? NO_FOLLOW_FILES : BY_PATH_FILES;
  return chosen;
}
