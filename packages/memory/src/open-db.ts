/**
 * Opening `$PICASSO_HOME/memory.db` (better-sqlite3, loaded on first use so a missing native
 * build costs a warning, not the session):
 * - WAL journal, `synchronous=NORMAL` (a committed transaction survives a killed process; only
 *   a write not yet acknowledged can be lost), a busy timeout so two Picasso processes writing at
 *   once wait for each other instead of failing, foreign keys on;
 * - schema migrations in order, recorded in `schema_version` (schema.ts), each in a transaction.
 * What can go wrong, and what happens (never a crash, never a silent re-creation):
 * - the file is not a database or is corrupted → it is moved aside to
 *   `memory.db.corrupt-<UTC timestamp>` (its -wal/-shm with it) and the problem is reported in
 *   one line; this session runs without memory and the next one starts a new file;
 * - the file cannot be opened (permissions, a folder in its place, a newer schema) → reported in
 *   one line, left untouched, the session runs without memory.
 */
import { existsSync, mkdirSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { migrate } from "./schema.js";

export type Db = BetterSqlite3.Database;

export const BUSY_TIMEOUT_MS = 5000;

/** The outcome of opening: a database, or one line saying why there is none. */
export type Opened = { db: Db; problem?: undefined } | { db?: undefined; problem: string };

let driver: typeof BetterSqlite3 | undefined;

function loadDriver(): typeof BetterSqlite3 {
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

/** Opens (creating if absent) and migrates the memory database at `path`. */
export function openMemoryDb(path: string, now: () => Date = () => new Date()): Opened {
  let Database: typeof BetterSqlite3;
  try {
    Database = loadDriver();
  } catch (error) {
    return { problem: `memory: the SQLite driver (better-sqlite3) did not load: ${firstLine(error)}` };
  }
  let db: Db | undefined;
  try {
    mkdirSync(dirname(path), { recursive: true });
    db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    migrate(db);
    return { db };
  } catch (error) {
    db?.close();
    const code = sqliteCode(error);
    if (code && CORRUPT_CODES.has(code) && existsSync(path)) {
      try {
        const aside = moveAside(path, now());
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
      problem: `memory: ${path} cannot be opened (${firstLine(error)}); this session runs without memory`,
    };
  }
}
