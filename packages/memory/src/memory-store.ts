/**
 * `MemoryStore`: the memories in one SQLite database (open-db.ts opens it, schema.ts shapes it).
 * Every write is one transaction, acknowledged only after it commits; reads see committed rows of
 * every process (WAL).
 *
 * Retrieval never scans everything: `candidates(query)` takes a bounded set of FTS5 matches
 * (fts-candidates.ts) plus RECENT_CANDIDATES most recently updated memories of the scopes asked for;
 * the hybrid ranking (ranking.ts) then orders that set, with vector similarity read only for it.
 */

import { FtsCandidates } from "./fts-candidates.js";
import {
  DEFAULT_IMPORTANCE,
  isMemoryClass,
  type Memory,
  type MemoryClass,
  type NewMemory,
} from "./memory-types.js";
import type { Db } from "./open-db.js";
import type { Candidate } from "./ranking.js";
import { decodeVector, encodeVector } from "./vector-codec.js";

export const RECENT_CANDIDATES = 50;

/** A memory the governor has not retired (superseded or archived): only these are recalled. */
export const LIVE = "superseded_by IS NULL AND archived_at IS NULL";

interface Row {
  id: number;
  class: string;
  title: string;
  body: string;
  scope: string;
  importance: number;
  created_at: number;
  updated_at: number;
  used_at: number | null;
  source_session: string | null;
  superseded_by: number | null;
  archived_at: number | null;
}

function toMemory(row: Row): Memory {
  return {
    id: row.id,
    class: isMemoryClass(row.class) ? row.class : "fact",
    title: row.title,
    body: row.body,
    scope: row.scope,
    importance: row.importance,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.used_at !== null ? { usedAt: row.used_at } : {}),
    ...(row.source_session !== null ? { sourceSession: row.source_session } : {}),
    ...(row.superseded_by !== null ? { supersededBy: row.superseded_by } : {}),
    ...(row.archived_at !== null ? { archivedAt: row.archived_at } : {}),
  };
}

function placeholders(n: number): string {
  return Array.from({ length: n }, () => "?").join(", ");
}

export interface ListOptions {
  scopes?: readonly string[];
  classes?: readonly MemoryClass[];
  limit?: number;
  /** Retired memories too (superseded or archived); by default only live ones. */
  retired?: boolean;
}

export class MemoryStore {
  private readonly insert;
  private readonly byId;
  private readonly recentByScope;
  private readonly recentByScopeClass;
  private readonly facets;
  private readonly importantByScopeClass;
  private readonly fts: FtsCandidates;

  constructor(
    readonly db: Db,
    readonly path: string,
    private readonly now: () => number = Date.now,
  ) {
    this.insert = db.prepare(
      `INSERT INTO memories (class, title, body, scope, importance, created_at, updated_at, used_at, source_session)
       VALUES (@class, @title, @body, @scope, @importance, @createdAt, @updatedAt, @usedAt, @sourceSession)`,
    );
    this.byId = db.prepare("SELECT * FROM memories WHERE id = ?");
    this.fts = new FtsCandidates(db);
    this.importantByScopeClass = db.prepare(
      `SELECT id, importance, max(updated_at, coalesce(used_at, 0)) AS touched FROM memories
       WHERE scope = ? AND class = ? AND ${LIVE} ORDER BY importance DESC, updated_at DESC, id DESC LIMIT ?`,
    );
    this.facets = db.prepare(
      `SELECT id, importance, max(updated_at, coalesce(used_at, 0)) AS touched, scope, class FROM memories
       WHERE id IN (SELECT value FROM json_each(?)) AND ${LIVE}`,
    );
    const columns = "id, importance, max(updated_at, coalesce(used_at, 0)) AS touched, updated_at AS updated";
    this.recentByScope = db.prepare(
      `SELECT ${columns} FROM memories WHERE scope = ? AND ${LIVE} ORDER BY updated_at DESC, id DESC LIMIT ?`,
    );
    this.recentByScopeClass = db.prepare(
      `SELECT ${columns} FROM memories WHERE scope = ? AND class = ? AND ${LIVE} ORDER BY updated_at DESC, id DESC LIMIT ?`,
    );
  }

  add(memory: NewMemory): Memory {
    const at = this.now();
    const createdAt = memory.createdAt ?? at;
    const result = this.insert.run({
      class: memory.class,
      title: memory.title,
      body: memory.body,
      scope: memory.scope,
      importance: memory.importance ?? DEFAULT_IMPORTANCE,
      createdAt,
      updatedAt: memory.updatedAt ?? createdAt,
      usedAt: memory.usedAt ?? null,
      sourceSession: memory.sourceSession ?? null,
    });
    const added = this.get(Number(result.lastInsertRowid));
    if (!added) throw new Error("memory: the row just written cannot be read back");
    return added;
  }

  get(id: number): Memory | undefined {
    const row = this.byId.get(id) as Row | undefined;
    return row ? toMemory(row) : undefined;
  }

  /** The memories of `ids` that exist, in the order asked. */
  getMany(ids: readonly number[]): Memory[] {
    if (ids.length === 0) return [];
    const rows = this.db
      .prepare(`SELECT * FROM memories WHERE id IN (${placeholders(ids.length)})`)
      .all(...ids) as Row[];
    const found = new Map(rows.map((r) => [r.id, toMemory(r)]));
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** The live memory of `scope` with this title (case-insensitive), if any. */
  findByTitle(scope: string, title: string): Memory | undefined {
    const row = this.db
      .prepare(
        `SELECT * FROM memories WHERE scope = ? AND title = ? COLLATE NOCASE AND ${LIVE} ORDER BY id LIMIT 1`,
      )
      .get(scope, title) as Row | undefined;
    return row ? toMemory(row) : undefined;
  }

  /** Rewrites a memory's fields (its id and creation time stay). */
  update(id: number, memory: NewMemory, at = this.now()): Memory {
    this.db
      .prepare(
        `UPDATE memories SET class = ?, title = ?, body = ?, scope = ?, importance = ?, updated_at = ?,
         source_session = coalesce(?, source_session) WHERE id = ?`,
      )
      .run(
        memory.class,
        memory.title,
        memory.body,
        memory.scope,
        memory.importance ?? DEFAULT_IMPORTANCE,
        at,
        memory.sourceSession ?? null,
        id,
      );
    const updated = this.get(id);
    if (!updated) throw new Error(`memory: m${id} vanished while it was updated`);
    return updated;
  }

  remove(id: number): boolean {
    return this.db.prepare("DELETE FROM memories WHERE id = ?").run(id).changes > 0;
  }

  /** Sets the used-at time; a read-only database (open-db.ts) is read without it. */
  markUsed(ids: readonly number[], at = this.now()): void {
    if (ids.length === 0 || this.db.readonly) return;
    this.db
      .prepare(`UPDATE memories SET used_at = ? WHERE id IN (${placeholders(ids.length)})`)
      .run(at, ...ids);
  }

  count(): number {
    return (this.db.prepare("SELECT count(*) AS n FROM memories").get() as { n: number }).n;
  }

  /** Memories newest first (by last update), filtered by scope and class. */
  list(options: ListOptions = {}): Memory[] {
    const where: string[] = options.retired ? [] : [LIVE];
    const args: Array<string | number> = [];
    if (options.scopes) {
      where.push(`scope IN (${placeholders(options.scopes.length)})`);
      args.push(...options.scopes);
    }
    if (options.classes) {
      where.push(`class IN (${placeholders(options.classes.length)})`);
      args.push(...options.classes);
    }
    const sql = `SELECT * FROM memories ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY updated_at DESC, id DESC ${options.limit !== undefined ? "LIMIT ?" : ""}`;
    if (options.limit !== undefined) args.push(options.limit);
    return (this.db.prepare(sql).all(...args) as Row[]).map(toMemory);
  }

  /** Every memory in id order, one at a time (export). */
  *all(): Generator<Memory> {
    for (const row of this.db.prepare("SELECT * FROM memories ORDER BY id").iterate())
      yield toMemory(row as Row);
  }

  /** The candidate set for a query within `scopes`: FTS matches (fts-candidates.ts) plus the most recent. */
  candidates(query: string, scopes: readonly string[], classes?: readonly MemoryClass[]): Candidate[] {
    const out = new Map<number, Candidate>();
    const found = scopes.length > 0 ? this.fts.find(query) : [];
    if (found.length > 0) {
      const bm25 = new Map(found.map((f) => [f.id, f.bm25]));
      const rows = this.facets.all(JSON.stringify(found.map((f) => f.id))) as Array<{
        id: number;
        importance: number;
        touched: number;
        scope: string;
        class: MemoryClass;
      }>;
      for (const r of rows) {
        if (!scopes.includes(r.scope) || (classes && !classes.includes(r.class))) continue;
        out.set(r.id, {
          id: r.id,
          importance: r.importance,
          touchedAt: r.touched,
          bm25: bm25.get(r.id) ?? 0,
        });
      }
    }
    for (const r of this.recent(scopes, RECENT_CANDIDATES, classes)) {
      if (!out.has(r.id)) out.set(r.id, { id: r.id, importance: r.importance, touchedAt: r.touched });
    }
    return [...out.values()];
  }

  /**
   * The most recently updated memories of `scopes` (and `classes`), newest first: one indexed
   * LIMIT query per scope (and class), merged — never a sort over every row of a scope.
   */
  recent(
    scopes: readonly string[],
    limit: number,
    classes?: readonly MemoryClass[],
  ): Array<{ id: number; importance: number; touched: number }> {
    const rows: Array<{ id: number; importance: number; touched: number; updated: number }> = [];
    for (const scope of scopes) {
      if (classes) {
        for (const cls of classes)
          rows.push(...(this.recentByScopeClass.all(scope, cls, limit) as typeof rows));
      } else rows.push(...(this.recentByScope.all(scope, limit) as typeof rows));
    }
    return rows
      .sort((a, b) => b.updated - a.updated || b.id - a.id)
      .slice(0, limit)
      .map(({ id, importance, touched }) => ({ id, importance, touched }));
  }

  /** The most important memories of each scope and class (ties: newest), for the index lines. */
  important(
    scopes: readonly string[],
    limit: number,
    classes: readonly MemoryClass[],
  ): Array<{ id: number; importance: number; touched: number }> {
    const rows: Array<{ id: number; importance: number; touched: number }> = [];
    for (const scope of scopes)
      for (const cls of classes)
        rows.push(...(this.importantByScopeClass.all(scope, cls, limit) as typeof rows));
    return rows;
  }

  setVector(id: number, model: string, vector: Float32Array): void {
    this.db
      .prepare("INSERT OR REPLACE INTO memory_vectors (id, model, dims, vector) VALUES (?, ?, ?, ?)")
      .run(id, model, vector.length, encodeVector(vector));
  }

  /** Stored embeddings of `ids` made by `model` (a damaged BLOB is left out: vector-codec.ts). */
  vectors(ids: readonly number[], model: string): Map<number, Float32Array> {
    const out = new Map<number, Float32Array>();
    if (ids.length === 0) return out;
    const rows = this.db
      .prepare(
        `SELECT id, dims, vector FROM memory_vectors WHERE model = ? AND id IN (${placeholders(ids.length)})`,
      )
      .all(model, ...ids) as Array<{ id: number; dims: unknown; vector: unknown }>;
    for (const r of rows) {
      const decoded = decodeVector(r.vector, r.dims);
      if (decoded.vector) out.set(r.id, decoded.vector);
    }
    return out;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
