/**
 * The schema's order: v3 is the governor's (`superseded_by`, `archived_at`), v4 vector
 * retrieval's (the embed queue, the KNN registry), v5 quantised KNN's (the binary codes). A v2
 * database with a memory in it (main before all three) opens at v5 with the memory kept, the
 * additions present, and the memory queued for a vector by the catch-up; a v4 database with
 * vectors and a KNN table opens at v5 and its first KNN query writes the codes; a database of a
 * newer version is refused (also test/durability.test.ts).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { load as loadSqliteVec } from "sqlite-vec";
import { describe, expect, it } from "vitest";
import type { Embedder } from "./embeddings.js";
import { MemoryService } from "./memory-service.js";
import { MemoryStore } from "./memory-store.js";
import { openMemoryDb } from "./open-db.js";
import { MIGRATIONS, SCHEMA_VERSION, versionOf } from "./schema.js";
import { knnTableName, openVectorIndex } from "./vector-index.js";

const columns = (db: Database.Database, table: string) =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name);

const embedder: Embedder = {
  model: "unit-2",
  embed: async (texts) => texts.map(() => Float32Array.from([1, 0])),
};

describe("the memory schema", () => {
  it("is v5: the governor's columns at v3, vector retrieval's tables at v4, the binary codes at v5", () => {
    expect(SCHEMA_VERSION).toBe(5);
    expect(MIGRATIONS[4]).toContain("CREATE TABLE memory_vector_codes");
    expect(MIGRATIONS[2]).toContain("superseded_by");
    expect(MIGRATIONS[3]).toContain("CREATE TABLE memory_embed_queue");
  });

  it("migrates a v2 database with a memory to v5, keeping the memory and queueing it for a vector", async () => {
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
    expect(versionOf(db)).toBe(5);
    expect(columns(db, "memories")).toEqual(expect.arrayContaining(["superseded_by", "archived_at"]));
    expect(columns(db, "memory_embed_queue")).toEqual(["id", "queued_at", "attempts", "last_error"]);
    expect(columns(db, "memory_vector_indexes")).toEqual(["name", "model", "dims", "coded"]);
    expect(columns(db, "memory_vector_codes")).toEqual(["seq", "id", "model", "dims", "scope", "code"]);
    const service = new MemoryService(new MemoryStore(db, path), { embedder });
    expect(service.store.list().map((m) => [m.title, m.supersededBy, m.archivedAt])).toEqual([
      ["Build", undefined, undefined],
    ]);
    expect(await service.vectors?.catchUp()).toEqual({ embedded: 1, failed: 0 });
    expect(service.store.vectors([1], "unit-2").size).toBe(1);
    service.store.close();
  });

  it("opens a v4 database with vectors and a KNN table at v5; the first KNN query writes every code and ranks by cosine", () => {
    const path = join(mkdtempSync(join(tmpdir(), "memory-schema-")), "memory.db");
    const old = new Database(path);
    old.exec("CREATE TABLE schema_version (version INTEGER NOT NULL)");
    for (const sql of MIGRATIONS.slice(0, 4)) old.exec(sql);
    old.prepare("INSERT INTO schema_version (version) VALUES (4)").run();
    loadSqliteVec(old);
    const name = knnTableName("unit-3", 3);
    old.exec(
      `CREATE VIRTUAL TABLE ${name} USING vec0(embedding float[3] distance_metric=cosine, scope text partition key)`,
    );
    old.prepare("INSERT INTO memory_vector_indexes (name, model, dims) VALUES (?, 'unit-3', 3)").run(name);
    const vectors = [
      [1, 0, 0],
      [0.9, 0.1, 0],
      [0, 1, 0],
      [-1, 0, 0],
    ];
    vectors.forEach((v, i) => {
      old
        .prepare(
          "INSERT INTO memories (class, title, body, scope, importance, created_at, updated_at) VALUES ('fact', ?, 'b', 'user', 3, 1, 1)",
        )
        .run(`m${i + 1}`);
      const blob = Buffer.from(Float32Array.from(v).buffer);
      old
        .prepare("INSERT INTO memory_vectors (id, model, dims, vector) VALUES (?, 'unit-3', 3, ?)")
        .run(i + 1, blob);
      old
        .prepare(`INSERT INTO ${name} (rowid, embedding, scope) VALUES (?, ?, 'user')`)
        .run(BigInt(i + 1), blob);
    });
    old.close();

    const opened = openMemoryDb(path);
    if (!opened.db) throw new Error(opened.problem);
    const db = opened.db;
    expect(versionOf(db)).toBe(5);
    const coded = () => db.prepare("SELECT coded FROM memory_vector_indexes").pluck().get();
    expect(coded()).toBe(0);
    const index = openVectorIndex(db);
    if ("problem" in index) throw new Error(index.problem);
    const hits = index.knn("unit-3", Float32Array.from([1, 0.05, 0]), ["user"], 3);
    expect(hits.map((h) => h.id)).toEqual([1, 2, 3]);
    expect(coded()).toBe(1);
    expect(db.prepare("SELECT id FROM memory_vector_codes ORDER BY id").pluck().all()).toEqual([1, 2, 3, 4]);
    db.close();
  });
});
