/**
 * The memory database's schema, as ordered migrations recorded in `schema_version` (one row: the
 * version reached). The migrations run in one write transaction; a database written by a newer
 * Picasso (a version above the last one known here) is refused, never downgraded.
 *
 * v1:
 * - `memories`: id, class, title, body, scope (`user` | `project:<key>`), importance (1–5),
 *   created/updated/used-at (ms since the epoch), source session;
 * - `memories_fts`: FTS5 over title + body (external content, kept in step by triggers);
 * - `memory_vectors`: one embedding per memory (model, dimensions, Float32 BLOB), when an
 *   embeddings endpoint is configured.
 * v2: indexes for the bounded reads at 100k memories — the newest and the most important of a
 *   scope and class (index lines), a title within a scope (remember's update-in-place); ascending,
 *   so a backward scan gives "newest first, then highest id" without a sort.
 * v3 (the governor, governor.ts): `memories.superseded_by` (the memory that replaced this one;
 *   set to NULL if that one is removed) and `memories.archived_at` (when `picasso memory gc`
 *   archived it). A memory with either set is *retired*: kept, shown by `show` and `list --all`,
 *   never in recall, candidates or index lines.
 * v4: vector retrieval's embed queue and KNN index registry (vector-schema.ts).
 * v5: quantised KNN, the binary codes of the indexed vectors (code-schema.ts).
 */
import type BetterSqlite3 from "better-sqlite3";
import { CODES_MIGRATION } from "./code-schema.js";
import { VECTOR_MIGRATION } from "./vector-schema.js";

/** The migrations in order: `MIGRATIONS[n]` takes a database from version n to n + 1. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE memories (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    class TEXT NOT NULL CHECK (class IN ('pinned','preference','fact','procedure','episode')),
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    scope TEXT NOT NULL,
    importance INTEGER NOT NULL CHECK (importance BETWEEN 1 AND 5),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    used_at INTEGER,
    source_session TEXT
  );
  CREATE INDEX memories_scope_updated ON memories (scope, updated_at DESC);
  CREATE INDEX memories_class ON memories (class);
  CREATE VIRTUAL TABLE memories_fts USING fts5 (
    title, body, content = 'memories', content_rowid = 'id', tokenize = 'porter unicode61'
  );
  CREATE TRIGGER memories_ai AFTER INSERT ON memories BEGIN
    INSERT INTO memories_fts (rowid, title, body) VALUES (new.id, new.title, new.body);
  END;
  CREATE TRIGGER memories_ad AFTER DELETE ON memories BEGIN
    INSERT INTO memories_fts (memories_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
  END;
  CREATE TRIGGER memories_au AFTER UPDATE OF title, body ON memories BEGIN
    INSERT INTO memories_fts (memories_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
    INSERT INTO memories_fts (rowid, title, body) VALUES (new.id, new.title, new.body);
  END;
  CREATE TABLE memory_vectors (
    id INTEGER PRIMARY KEY REFERENCES memories (id) ON DELETE CASCADE,
    model TEXT NOT NULL,
    dims INTEGER NOT NULL,
    vector BLOB NOT NULL
  );
  `,
  `
  DROP INDEX memories_class;
  DROP INDEX memories_scope_updated;
  CREATE INDEX memories_scope_updated_v2 ON memories (scope, updated_at);
  CREATE INDEX memories_scope_class_updated ON memories (scope, class, updated_at);
  CREATE INDEX memories_scope_class_importance ON memories (scope, class, importance, updated_at);
  CREATE INDEX memories_scope_title ON memories (scope, title COLLATE NOCASE);
  `,
  `
  ALTER TABLE memories ADD COLUMN superseded_by INTEGER REFERENCES memories (id) ON DELETE SET NULL;
  ALTER TABLE memories ADD COLUMN archived_at INTEGER;
  `,
  VECTOR_MIGRATION,
  CODES_MIGRATION,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** The schema version a database has reached (0: none yet). */
export function versionOf(db: BetterSqlite3.Database): number {
  const row = db.prepare("SELECT version FROM schema_version").get() as { version: number } | undefined;
  return row?.version ?? 0;
}

/** Brings the database to SCHEMA_VERSION; the version is re-read under the write lock, so two
 *  processes opening a new file at once migrate it once. */
export function migrate(db: BetterSqlite3.Database): void {
  db.exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
  if (versionOf(db) === SCHEMA_VERSION) return;
  db.transaction(() => {
    const current = versionOf(db);
    if (current > SCHEMA_VERSION)
      throw new Error(
        `its schema version ${current} is newer than this picasso knows (${SCHEMA_VERSION}); upgrade picasso`,
      );
    for (let version = current; version < SCHEMA_VERSION; version++) db.exec(MIGRATIONS[version] ?? "");
    db.prepare("DELETE FROM schema_version").run();
    db.prepare("INSERT INTO schema_version (version) VALUES (?)").run(SCHEMA_VERSION);
  }).immediate();
}
