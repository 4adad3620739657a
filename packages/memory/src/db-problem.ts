/**
 * One line for a memory.db that a query could not use — for `picasso memory …`, `/memory` and the
 * tools — naming the file and what to do, never a stack trace. SQLite's error code decides:
 * - SQLITE_CORRUPT*, SQLITE_NOTADB → damaged: left as it is, move it aside and a new one starts;
 * - SQLITE_READONLY*, or EROFS/EACCES → read-only: reading works, writing needs write permission;
 * - SQLITE_BUSY, SQLITE_LOCKED → another process holds it past the busy timeout: try again;
 * - any other SQLite error (a table or column missing: not a memory database this picasso can
 *   use, or one another program changed) → move it aside, as for a damaged one.
 * Anything that is not an SQLite or file-system error is not the database's problem: undefined.
 */

const CORRUPT = new Set(["SQLITE_NOTADB", "SQLITE_CORRUPT", "SQLITE_CORRUPT_VTAB", "SQLITE_CORRUPT_INDEX"]);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}

export const MOVE_ASIDE = (path: string) =>
  `left as it is: move it aside (mv ${path} ${path}.damaged) and picasso starts a new one`;

export const MAKE_WRITABLE = (path: string) =>
  `reading works, writing does not: make it writable (chmod u+w ${path} and its folder) or run picasso as its owner`;

export function isReadOnlyError(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && (code.startsWith("SQLITE_READONLY") || code === "EROFS");
}

/** The one line for `error` met using the memory database at `path`, or undefined. */
export function memoryDbProblem(path: string, error: unknown): string | undefined {
  const code = codeOf(error);
  if (!code) return undefined;
  const why = firstLine(error);
  if (CORRUPT.has(code)) return `memory: ${path} is damaged (${why}); ${MOVE_ASIDE(path)}`;
  if (isReadOnlyError(error)) return `memory: ${path} is read-only (${why}); ${MAKE_WRITABLE(path)}`;
  if (code === "SQLITE_BUSY" || code.startsWith("SQLITE_LOCKED"))
    return `memory: ${path} is busy: another process holds it (${why}); try again when it is done`;
  if (code.startsWith("SQLITE_"))
    return `memory: ${path} is not a memory database this picasso can use (${why}); ${MOVE_ASIDE(path)}`;
  return undefined;
}
