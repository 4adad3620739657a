/**
 * The schema's order: v3 is the governor's (`superseded_by`, `archived_at`), v4 vector
 * retrieval's (the embed queue, the KNN registry). A v2 database with a memory in it (main before
 * both) opens at v4 with the memory kept, both additions present, and the memory queued for a
 * vector by the catch-up; a database of a newer version is refused (also test/durability.test.ts).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import type { Embedder } from "./embeddings.js";
import { MemoryService } from "./memory-service.js";
import { MemoryStore } from "./memory-store.js";
import { openMemoryDb } from "./open-db.js";
import { MIGRATIONS, SCHEMA_VERSION, versionOf } from "./schema.js";

const columns = (db: Database.Database, table: string) =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name);

const embedder: Embedder = {
  model: "unit-2",
  embed: async (texts) => texts.map(() => Float32Array.from([1, 0])),
};

describe("the memory schema", () => {
  it("is v4: the governor's columns at v3, vector retrieval's tables at v4", () => {
    expect(SCHEMA_VERSION).toBe(4);
    expect(MIGRATIONS[2]).toContain("superseded_by");
    expect(MIGRATIONS[3]).toContain("CREATE TABLE memory_embed_queue");
  });

  it("migrates a v2 database with a memory to v4, keeping the memory and queueing it for a vector", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "memory-schema-")), "memory.db");
    const old = new Database(path);
    old.exec("CREATE TABLE schema_version (version INTEGER NOT NULL)");
    for (const sql of MIGRATIONS.slice(0, 2)) old.exec(sql);
    old.prepare("INSERT INTO schema_version (version) VALUES (2)").run();
    old
      .prepare(
        "INSERT INTO memories (class, title, body, scope, importance, created_at, updated_at) VALUES ('fact', 'Build', 'turbo builds it', 'user', 3, 1, 1)",
      )
      .run();
    expect(columns(old, "memories")).not.toContain("superseded_by");
    old.close();

    const opened = openMemoryDb(path);
    if (!opened.db) throw new Error(opened.problem);
    const db = opened.db;
    expect(versionOf(db)).toBe(4);
    expect(columns(db, "memories")).toEqual(expect.arrayContaining(["superseded_by", "archived_at"]));
    expect(columns(db, "memory_embed_queue")).toEqual(["id", "queued_at", "attempts", "last_error"]);
    expect(columns(db, "memory_vector_indexes")).toEqual(["name", "model", "dims"]);
    const service = new MemoryService(new MemoryStore(db, path), { embedder });
    expect(service.store.list().map((m) => [m.title, m.supersededBy, m.archivedAt])).toEqual([
      ["Build", undefined, undefined],
    ]);
    expect(await service.vectors?.catchUp()).toEqual({ embedded: 1, failed: 0 });
    expect(service.store.vectors([1], "unit-2").size).toBe(1);
    service.store.close();
  });
});
