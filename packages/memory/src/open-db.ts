/**
 * Opening `$PICASSO_HOME/memory.db` (better-sqlite3, loaded on first use so a missing native
 * build costs a warning, not the session):
 * - WAL journal, `synchronous=NORMAL` (a committed transaction survives a killed process; only
 *   a write not yet acknowledged can be lost), a busy timeout so two Picasso processes writing at
 *   once wait for each other instead of failing, foreign keys on;
 * - schema migrations in order, recorded in `schema_version` (schema.ts), each in a transaction.
 * What can go wrong, and what happens (never a crash, never a silent re-creation):
 * - the file is not a database or is corrupted → for a session (`damaged: "move-aside"`, the
 *   default) it is moved aside to `memory.db.corrupt-<UTC timestamp>` (its -wal/-shm with it) and
 *   the problem is reported in one line; this session runs without memory and the next one starts
 *   a new file. For `picasso memory …` (`damaged: "leave"`) the whole file is checked first
 *   (`PRAGMA quick_check`, before any write), and a damaged one is left exactly as it is, the
 *   line saying how to move it aside;
 * - the file cannot be opened (permissions, a folder in its place, a newer schema) → reported in
 *   one line, left untouched, the session runs without memory;
 * - the file exists but this process may not write it (read-only permissions or file system) →
 *   opened read-only (no pragma that writes, no migration; a schema older than this picasso's is
 *   refused, as it cannot be upgraded), `readOnly` saying so in one line: recall still reads.
 * Damage found later, by a query (`damagedMemoryProblem`), is reported the same way.
 */
import { accessSync, constants, existsSync, mkdirSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { MAKE_WRITABLE } from "./db-problem.js";
import { migrate, SCHEMA_VERSION, versionOf } from "./schema.js";

export type Db = BetterSqlite3.Database;

export const BUSY_TIMEOUT_MS = 5000;

/**
 * The outcome of opening: a database, or one line saying why there is none. A file this process
 * may not write is opened read-only, `readOnly` the line saying so (recall reads, writes refused).
 */
export type Opened =
  | { db: Db; problem?: undefined; readOnly?: string }
  | { db?: undefined; problem: string; readOnly?: undefined };

/** An existing file this process may not write (permissions, a read-only file system). */
function readOnlyFile(path: string): boolean {
  if (!existsSync(path)) return false;
  try {
    accessSync(path, constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

export interface OpenMemoryOptions {
  /** The clock of the moved-aside file's name. */
  now?: () => Date;
  /** A damaged file: moved aside (a session), or left as it is for the user (`picasso memory`). */
  damaged?: "move-aside" | "leave";
}

let driver: typeof BetterSqlite3 | undefined;

/** better-sqlite3, loaded once on first use (every SQLite connection of memory opens through it). */
export function loadDriver(): typeof BetterSqlite3 {
  driver ??= createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;
  return driver;
}

const CORRUPT_CODES = new Set(["SQLITE_NOTADB", "SQLITE_CORRUPT", "SQLITE_CORRUPT_VTAB"]);

function sqliteCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

function stamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, "-");
}

/** Moves a damaged database (and its -wal/-shm) aside; returns where it went. */
function moveAside(path: string, now: Date): string {
  const target = `${path}.corrupt-${stamp(now)}`;
  for (const suffix of ["-wal", "-shm"]) {
    if (existsSync(path + suffix)) renameSync(path + suffix, target + suffix);
  }
  renameSync(path, target);
  return target;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}

const LEFT_AS_IT_IS = (path: string) =>
  `left as it is: move it aside (mv ${path} ${path}.damaged) and picasso starts a new one`;

/** Damage `PRAGMA quick_check` found (its first line the message), classed like SQLite's own. */
class QuickCheckFailed extends Error {
  readonly code = "SQLITE_CORRUPT";
}

/**
 * The one line for `error` when it says the database at `path` is damaged (a query found it
 * after the file opened), for a caller that leaves the file as it is; undefined for any other
 * error.
 */
export function damagedMemoryProblem(path: string, error: unknown): string | undefined {
  const code = sqliteCode(error);
  if (!code || !CORRUPT_CODES.has(code)) return undefined;
  return `memory: ${path} is damaged (${firstLine(error)}); ${LEFT_AS_IT_IS(path)}`;
}

/** Opens (creating if absent) and migrates the memory database at `path`. */
export function openMemoryDb(path: string, options: OpenMemoryOptions = {}): Opened {
  const leave = options.damaged === "leave";
  let Database: typeof BetterSqlite3;
  try {
    Database = loadDriver();
  } catch (error) {
    return { problem: `memory: the SQLite driver (better-sqlite3) did not load: ${firstLine(error)}` };
  }
  let db: Db | undefined;
  try {
    mkdirSync(dirname(path), { recursive: true });
    const readOnly = readOnlyFile(path);
    db = new Database(path, {
      timeout: BUSY_TIMEOUT_MS,
      ...(readOnly ? { readonly: true, fileMustExist: true } : {}),
    });
    if (leave) {
      const check = String(db.pragma("quick_check", { simple: true }));
      if (check !== "ok") throw new QuickCheckFailed(check);
    }
    if (readOnly) {
      const version = versionOf(db);
      if (version !== SCHEMA_VERSION)
        throw new Error(
          `it is read-only and its schema version ${version} is not this picasso's (${SCHEMA_VERSION}), so it cannot be upgraded`,
        );
      db.pragma("foreign_keys = ON");
      return { db, readOnly: `memory: ${path} is read-only (no write permission); ${MAKE_WRITABLE(path)}` };
    }
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    migrate(db);
    return { db };
  } catch (error) {
    db?.close();
    const code = sqliteCode(error);
    if (code && CORRUPT_CODES.has(code) && existsSync(path)) {
      if (leave) return { problem: damagedMemoryProblem(path, error) as string };
      try {
        const aside = moveAside(path, (options.now ?? (() => new Date()))());
        return {
          problem: `memory: ${path} is damaged (${firstLine(error)}); moved to ${aside}; this session runs without memory`,
        };
      } catch (moveError) {
        return {
          problem: `memory: ${path} is damaged (${firstLine(error)}) and could not be moved aside (${firstLine(moveError)}); this session runs without memory`,
        };
      }
    }
    return {
      problem: `memory: ${path} cannot be opened (${firstLine(error)}); ${
        leave
          ? "left as it is: make it a readable SQLite file, or move it aside"
          : "this session runs without memory"
      }`,
    };
  }
}
