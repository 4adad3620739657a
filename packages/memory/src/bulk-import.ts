/**
 * The write half of `picasso memory import` (memory-jsonl.ts checks every line first): all lines
 * applied in one transaction with exactly the outcome of writing them one by one — a live memory
 * with the same scope and title (case-insensitive as SQLite's NOCASE: ASCII letters only; the
 * lowest id if several) is updated when its body, class, importance or title differ and left alone
 * when they are equal; otherwise the line is added; a later line of the same file meets what an
 * earlier one wrote.
 *
 * Fast at 100,000 lines because the outcome is worked out in memory (one indexed title lookup per
 * distinct title, a reused statement) and then written in two statements: one INSERT … SELECT of
 * the new rows and one UPDATE … FROM of the changed ones, each from a temporary table. A statement
 * per row would make FTS5 flush its pending index at every statement (the `memories_ai` trigger
 * writes the FTS row), a new index segment per memory: 10× slower. Ids are given in the order of
 * the lines that added them, as before.
 */
import type BetterSqlite3 from "better-sqlite3";
import { LIVE } from "./memory-store.js";
import { DEFAULT_IMPORTANCE, type MemoryClass, type NewMemory } from "./memory-types.js";

export interface ImportResult {
  added: number;
  updated: number;
  unchanged: number;
  /** Lines of retired memories (superseded or archived), not imported. */
  retired: number;
}

/** A checked line: a memory to write, or a retired one to count and skip. */
export type ImportLine = NewMemory & { retired?: boolean };

/** The fields an import compares; what it writes when they differ. */
interface Current {
  class: MemoryClass;
  title: string;
  body: string;
  importance: number;
}

interface ExistingTarget extends Current {
  kind: "existing";
  id: number;
  /** The update to write, once a line changed it. */
  update?: NewMemory;
}

interface NewTarget extends Current {
  kind: "new";
  row: NewMemory;
}

/** SQLite's NOCASE: only ASCII letters fold. */
function titleKey(scope: string, title: string): string {
  return `${scope}\n${title.replace(/[A-Z]+/g, (s) => s.toLowerCase())}`;
}

function same(current: Current, m: NewMemory): boolean {
  return (
    current.body === m.body &&
    current.class === m.class &&
    current.importance === (m.importance ?? DEFAULT_IMPORTANCE) &&
    current.title === m.title
  );
}

/** Applies checked import lines in one transaction; ids added or updated go to `queue`. */
export function writeImport(
  db: BetterSqlite3.Database,
  lines: readonly ImportLine[],
  queue?: { enqueue(ids: readonly number[]): void },
): ImportResult {
  const result: ImportResult = { added: 0, updated: 0, unchanged: 0, retired: 0 };
  db.transaction(() => {
    const lookup = db.prepare(
      `SELECT id, class, title, body, importance FROM memories
       WHERE scope = ? AND title = ? COLLATE NOCASE AND ${LIVE} ORDER BY id LIMIT 1`,
    );
    const targets = new Map<string, ExistingTarget | NewTarget>();
    const added: NewMemory[] = [];
    for (const { retired, ...m } of lines) {
      if (retired) {
        result.retired++;
        continue;
      }
      const key = titleKey(m.scope, m.title);
      let target = targets.get(key);
      if (!target) {
        const row = lookup.get(m.scope, m.title) as (Current & { id: number }) | undefined;
        if (row) {
          target = { kind: "existing", ...row };
          targets.set(key, target);
        }
      }
      if (!target) {
        const row = { ...m };
        added.push(row);
        targets.set(key, {
          kind: "new",
          row,
          class: m.class,
          title: m.title,
          body: m.body,
          importance: m.importance ?? DEFAULT_IMPORTANCE,
        });
        result.added++;
        continue;
      }
      if (same(target, m)) {
        result.unchanged++;
        continue;
      }
      result.updated++;
      Object.assign(target, {
        class: m.class,
        title: m.title,
        body: m.body,
        importance: m.importance ?? DEFAULT_IMPORTANCE,
      });
      // What store.update writes: the fields, updated_at, and the source session unless none is given.
      const before = target.kind === "new" ? target.row : target.update;
      const sourceSession = m.sourceSession ?? before?.sourceSession;
      const next: NewMemory = {
        ...(before ?? {}),
        class: m.class,
        title: m.title,
        body: m.body,
        scope: m.scope,
        importance: m.importance ?? DEFAULT_IMPORTANCE,
        ...(m.updatedAt !== undefined ? { updatedAt: m.updatedAt } : {}),
        ...(sourceSession !== undefined ? { sourceSession } : {}),
      };
      if (target.kind === "new") Object.assign(target.row, next);
      else target.update = next;
    }
    const updates = [...targets.values()].flatMap((t) =>
      t.kind === "existing" && t.update ? [{ id: t.id, m: t.update }] : [],
    );
    const ids = [...insertRows(db, added), ...updateRows(db, updates)];
    if (ids.length > 0) queue?.enqueue(ids);
  }).immediate();
  return result;
}

const COLUMNS = "class, title, body, scope, importance, created_at, updated_at, used_at, source_session";

/** One INSERT … SELECT of `rows` (in order) through a temporary table; the new ids. */
function insertRows(db: BetterSqlite3.Database, rows: readonly NewMemory[]): number[] {
  if (rows.length === 0) return [];
  db.exec(`CREATE TEMP TABLE import_new (n INTEGER PRIMARY KEY, ${COLUMNS})`);
  try {
    const stage = db.prepare("INSERT INTO temp.import_new VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    const at = Date.now();
    rows.forEach((m, n) => {
      const createdAt = m.createdAt ?? at;
      stage.run(
        n,
        m.class,
        m.title,
        m.body,
        m.scope,
        m.importance ?? DEFAULT_IMPORTANCE,
        createdAt,
        m.updatedAt ?? createdAt,
        m.usedAt ?? null,
        m.sourceSession ?? null,
      );
    });
    return db
      .prepare(
        `INSERT INTO memories (${COLUMNS}) SELECT ${COLUMNS} FROM temp.import_new ORDER BY n RETURNING id`,
      )
      .pluck()
      .all() as number[];
  } finally {
    db.exec("DROP TABLE temp.import_new");
  }
}

/** One UPDATE … FROM of the changed memories (what store.update writes); their ids. */
function updateRows(db: BetterSqlite3.Database, rows: ReadonlyArray<{ id: number; m: NewMemory }>): number[] {
  if (rows.length === 0) return [];
  db.exec(
    "CREATE TEMP TABLE import_changed (id INTEGER PRIMARY KEY, class, title, body, scope, importance, updated_at, source_session)",
  );
  try {
    const stage = db.prepare("INSERT INTO temp.import_changed VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    const at = Date.now();
    for (const { id, m } of rows)
      stage.run(
        id,
        m.class,
        m.title,
        m.body,
        m.scope,
        m.importance ?? DEFAULT_IMPORTANCE,
        m.updatedAt ?? at,
        m.sourceSession ?? null,
      );
    db.exec(
      `UPDATE memories SET class = c.class, title = c.title, body = c.body, scope = c.scope,
         importance = c.importance, updated_at = c.updated_at,
         source_session = coalesce(c.source_session, memories.source_session)
       FROM temp.import_changed c WHERE memories.id = c.id`,
    );
    return rows.map((r) => r.id);
  } finally {
    db.exec("DROP TABLE temp.import_changed");
  }
}
