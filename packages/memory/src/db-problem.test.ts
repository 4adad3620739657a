import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { memoryDbProblem } from "./db-problem.js";
import { MemoryStore } from "./memory-store.js";
import { openMemoryDb } from "./open-db.js";

function realDb(): { path: string; db: NonNullable<ReturnType<typeof openMemoryDb>["db"]> } {
  const path = join(mkdtempSync(join(tmpdir(), "memory-problem-")), "memory.db");
  const opened = openMemoryDb(path);
  if (!opened.db) throw new Error(opened.problem);
  return { path, db: opened.db };
}

function errorOf(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

describe("memoryDbProblem: one line for what SQLite says", () => {
  it("a memory.db missing a table (another program changed it): names the file and how to move it aside", () => {
    const { path, db } = realDb();
    db.exec("DROP TABLE memories_fts");
    const error = errorOf(() => new MemoryStore(db, path));
    db.close();
    expect(memoryDbProblem(path, error)).toBe(
      `memory: ${path} is not a memory database this picasso can use (no such table: main.memories_fts); left as it is: move it aside (mv ${path} ${path}.damaged) and picasso starts a new one`,
    );
  });

  it("a write on a database opened read-only: says reading works and how to make it writable", () => {
    const { path, db } = realDb();
    const ro = new (db.constructor as typeof import("better-sqlite3"))(path, { readonly: true });
    db.close();
    const error = errorOf(() => ro.prepare("DELETE FROM memories").run());
    ro.close();
    expect(memoryDbProblem(path, error)).toMatch(
      new RegExp(
        `^memory: ${path.replace(/[.]/g, "\\.")} is read-only \\(.+\\); reading works, writing does not: make it writable`,
      ),
    );
  });

  it("a database another connection holds past the busy timeout: try again", () => {
    const { path, db } = realDb();
    const other = new (db.constructor as typeof import("better-sqlite3"))(path, { timeout: 0 });
    db.exec("BEGIN IMMEDIATE");
    const error = errorOf(() => other.exec("BEGIN IMMEDIATE"));
    db.exec("ROLLBACK");
    other.close();
    db.close();
    expect(memoryDbProblem(path, error)).toMatch(
      /^memory: .+ is busy: another process holds it \(.+\); try again/,
    );
  });

  it("is not about errors that are not the database's", () => {
    expect(memoryDbProblem("/x/memory.db", new Error("boom"))).toBeUndefined();
    expect(memoryDbProblem("/x/memory.db", new TypeError("x is undefined"))).toBeUndefined();
  });
});
