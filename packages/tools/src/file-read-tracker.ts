/**
 * The session's memory of which files it has read, for the read-before-write rule.
 *
 * Keys are real absolute paths as returned by `resolveWorkspacePath`, so a file reached through
 * a symlink or a different relative spelling counts as the same file. `write` and `edit` mark
 * the file read after changing it: the session knows its new content.
 */
import type { FileReadTracker } from "@picasso/protocol";

export function createFileReadTracker(): FileReadTracker & { readonly paths: ReadonlySet<string> } {
  const paths = new Set<string>();
  return {
    paths,
    markRead: (absPath) => void paths.add(absPath),
    wasRead: (absPath) => paths.has(absPath),
  };
}

/** The refusal `write` and `edit` give for an existing file the session has not read. */
export function notReadError(shown: string): string {
  return (
    `${shown} exists but has not been read in this session. Read it first with the read tool, ` +
    "then retry, so the change is based on its current content."
  );
}
