/**
 * Whether the state folder (`PICASSO_HOME`) can be used — checked once before any command runs, so
 * an unusable one is a `UserError` (one line naming the path and what to do), never a stack trace
 * from a log write deep inside a session.
 *
 * Usable: an existing folder Picasso may write to and enter, or a path that does not exist yet
 * whose nearest existing parent is such a folder (the folder is created on first write). Its
 * `sessions` folder, when present, must be such a folder too. Running as root, permission bits do
 * not stop writes, so a read-only folder passes — as it should, since writing to it works.
 */
import { accessSync, constants, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { UserError } from "@picasso/protocol/basics";

const ELSEWHERE = "point PICASSO_HOME at a folder Picasso may write to (or unset it to use ~/.picasso)";

/** `canWrite` is the permission check (a seam: running as root, every folder is writable). */
export function checkPicassoHome(home: string, canWrite: (folder: string) => boolean = writable): void {
  const full = resolve(home);
  const existing = nearestExisting(full);
  if (existing.path === full) {
    usableFolder(full, `PICASSO_HOME (${full})`, canWrite);
    const sessions = join(full, "sessions");
    if (nearestExisting(sessions).path === sessions)
      usableFolder(sessions, `the sessions folder ${sessions}`, canWrite);
    return;
  }
  if (!existing.folder)
    throw new UserError(
      `PICASSO_HOME (${full}) cannot be created: ${existing.path} is a file, not a folder; ${ELSEWHERE}`,
    );
  if (!canWrite(existing.path))
    throw new UserError(
      `PICASSO_HOME (${full}) does not exist and cannot be created in ${existing.path} (no write permission); create it yourself or ${ELSEWHERE}`,
    );
}

function usableFolder(path: string, label: string, canWrite: (folder: string) => boolean): void {
  if (!statSync(path).isDirectory()) throw new UserError(`${label} is a file, not a folder; ${ELSEWHERE}`);
  if (!canWrite(path))
    throw new UserError(
      `${label} is not writable: give yourself write permission (chmod u+rwx ${path}) or ${ELSEWHERE}`,
    );
}

/** The path itself or its nearest ancestor that exists, and whether that is a folder. */
function nearestExisting(path: string): { path: string; folder: boolean } {
  for (let current = path; ; current = dirname(current)) {
    try {
      return { path: current, folder: statSync(current).isDirectory() };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR")
        throw new UserError(`PICASSO_HOME: cannot inspect ${current} (${code}); ${ELSEWHERE}`);
      if (dirname(current) === current) return { path: current, folder: false };
    }
  }
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK | constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
