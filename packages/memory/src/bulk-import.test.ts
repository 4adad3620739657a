import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type ImportLine, type ImportResult, writeImport } from "./bulk-import.js";
import { MemoryStore } from "./memory-store.js";
import { openMemoryDb } from "./open-db.js";

const stores: MemoryStore[] = [];
function newStore(): MemoryStore {
  const path = join(mkdtempSync(join(tmpdir(), "bulk-import-")), "memory.db");
  const opened = openMemoryDb(path);
  if (!opened.db) throw new Error(opened.problem);
  const store = new MemoryStore(opened.db, path, () => 9_000_000);
  stores.push(store);
  return store;
}
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

/** The import as it was written before: one line at a time through the store. */
function oneByOne(store: MemoryStore, lines: readonly ImportLine[], queued: number[]): ImportResult {
  const result: ImportResult = { added: 0, updated: 0, unchanged: 0, retired: 0 };
  store.db
    .transaction(() => {
      for (const { retired, ...m } of lines) {
        if (retired) {
          result.retired++;
          continue;
        }
        const existing = store.findByTitle(m.scope, m.title);
        if (!existing) {
          queued.push(store.add(m).id);
          result.added++;
        } else if (
          existing.body === m.body &&
          existing.class === m.class &&
          existing.importance === m.importance &&
          existing.title === m.title
        ) {
          result.unchanged++;
        } else {
          store.update(existing.id, m, m.updatedAt);
          queued.push(existing.id);
          result.updated++;
        }
      }
    })
    .immediate();
  return result;
}

/** A database with memories an import meets: a live one, a retired one and one with a session. */
function seeded(): MemoryStore {
  const store = newStore();
  store.add({
    class: "fact",
    title: "Deploy",
    body: "Deploy with helm.",
    scope: "user",
    importance: 3,
    createdAt: 10,
  });
  const old = store.add({
    class: "fact",
    title: "Port",
    body: "Port 3000.",
    scope: "user",
    importance: 2,
    createdAt: 20,
  });
  const next = store.add({
    class: "fact",
    title: "Port v2",
    body: "Port 4000.",
    scope: "user",
    importance: 2,
    createdAt: 21,
  });
  store.db.prepare("UPDATE memories SET superseded_by = ? WHERE id = ?").run(next.id, old.id);
  store.add({
    class: "preference",
    title: "Tabs",
    body: "Indent with tabs.",
    scope: "project:shop",
    importance: 4,
    createdAt: 30,
    sourceSession: "s-old",
  });
  return store;
}

const line = (title: string, body: string, extra: Partial<ImportLine> = {}): ImportLine => ({
  class: "fact",
  title,
  body,
  scope: "user",
  importance: 3,
  createdAt: 100,
  updatedAt: 200,
  ...extra,
});

/** Lines with every case: new, repeated, changed twice, case-folded titles, retired, a retired title. */
const LINES: ImportLine[] = [
  line("Deploy", "Deploy with helm."),
  line("deploy", "Deploy with Argo CD.", { updatedAt: 300 }),
  line("DEPLOY", "Deploy with Argo CD.", { title: "deploy" }),
  line("Port", "Port 5000."),
  line("Port", "Port 5001.", { updatedAt: 400, sourceSession: "s-new" }),
  line("Port", "Port 5001."),
  line("Tabs", "Indent with spaces.", { scope: "project:shop", class: "preference", importance: 4 }),
  line("Tabs", "Indent with spaces.", { scope: "project:shop", class: "preference", importance: 5 }),
  line("Straße", "Grüße."),
  line("STRASSE", "Another title."),
  line("straße", "Grüße, changed."),
  line("Retired", "Kept out.", { retired: true }),
  line("Fresh", "A new memory.", { usedAt: 150 }),
  line("fresh", "A new memory, changed.", { updatedAt: 500 }),
  line("Other scope", "Same title elsewhere.", { scope: "project:shop" }),
  line("Other scope", "Same title elsewhere."),
];

describe("writeImport", () => {
  it("leaves the database, the counts and the embed queue exactly as importing line by line does", () => {
    const reference = seeded();
    const bulk = seeded();
    const referenceQueued: number[] = [];
    const bulkQueued: number[] = [];
    const expected = oneByOne(reference, LINES, referenceQueued);
    const got = writeImport(bulk.db, LINES, { enqueue: (ids) => bulkQueued.push(...ids) });
    expect(got).toEqual(expected);
    expect(got).toEqual({ added: 6, updated: 6, unchanged: 3, retired: 1 });
    expect([...bulk.all()]).toEqual([...reference.all()]);
    expect([...new Set(bulkQueued)].sort()).toEqual([...new Set(referenceQueued)].sort());
  });

  it("keeps the full-text index in step: the words of the new and the changed bodies are found, the old ones not", () => {
    const store = seeded();
    writeImport(store.db, LINES);
    const found = (word: string) =>
      store.db
        .prepare("SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rowid")
        .pluck()
        .all(word);
    const id = (title: string, scope = "user") => store.findByTitle(scope, title)?.id;
    expect(found("argo")).toEqual([id("Deploy")]);
    expect(found("helm")).toEqual([]);
    expect(found("spaces")).toEqual([id("Tabs", "project:shop")]);
    expect(found("5001")).toEqual([id("Port")]);
    expect(found("kept")).toEqual([]);
    // FTS5's own check: throws when the index and the memories table disagree.
    expect(() =>
      store.db.prepare("INSERT INTO memories_fts (memories_fts) VALUES ('integrity-check')").run(),
    ).not.toThrow();
  });

  it("imports nothing twice: the same lines again are all unchanged", () => {
    const store = seeded();
    writeImport(store.db, LINES);
    const before = [...store.all()];
    expect(writeImport(store.db, LINES.slice(-3))).toEqual({
      added: 0,
      updated: 0,
      unchanged: 3,
      retired: 0,
    });
    expect([...store.all()]).toEqual(before);
  });
});
