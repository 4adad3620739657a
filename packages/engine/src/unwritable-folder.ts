/**
 * Errors that mean "this folder takes no file": a read-only filesystem, no permission, a full
 * disk, or the folder gone. The session lock and the sessions folder treat them alike: the session
 * runs unsaved and the session log says why in one line.
 */
const UNWRITABLE = new Set(["EROFS", "EACCES", "EPERM", "ENOSPC", "ENOENT"]);

export function isUnwritableFolderError(error: unknown): boolean {
  return UNWRITABLE.has((error as NodeJS.ErrnoException).code ?? "");
}
