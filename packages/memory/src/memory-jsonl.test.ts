import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { exportJsonl, importJsonl } from "./memory-jsonl.js";
import { MemoryStore } from "./memory-store.js";
import { openMemoryDb } from "./open-db.js";

const stores: MemoryStore[] = [];
function newStore(): MemoryStore {
  const path = join(mkdtempSync(join(tmpdir(), "memory-jsonl-")), "memory.db");
  const opened = openMemoryDb(path);
  if (!opened.db) throw new Error(opened.problem);
  const store = new MemoryStore(opened.db, path);
  stores.push(store);
  return store;
}
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

describe("JSONL export and import", () => {
  it("moves every memory with its fields and times to another database; a second import changes nothing", () => {
    const from = newStore();
    from.add({
      class: "preference",
      title: "Tabs",
      body: "Indent with tabs.",
      scope: "user",
      importance: 4,
      createdAt: 1000,
      usedAt: 5000,
      sourceSession: "s-1",
    });
    from.add({
      class: "fact",
      title: "DB",
      body: "Postgres 16\nin docker",
      scope: "project:shop-1",
      importance: 3,
      createdAt: 2000,
      updatedAt: 3000,
    });
    const text = [...exportJsonl(from)].join("");
    expect(text.split("\n").filter(Boolean)).toHaveLength(2);
    const to = newStore();
    expect(importJsonl(to, text, "backup.jsonl")).toEqual({ added: 2, updated: 0, unchanged: 0, retired: 0 });
    const strip = (s: MemoryStore) => [...s.all()].map(({ id: _id, ...rest }) => rest);
    expect(strip(to)).toEqual(strip(from));
    expect(importJsonl(to, text, "backup.jsonl")).toEqual({ added: 0, updated: 0, unchanged: 2, retired: 0 });
    const changed = text.replace("Postgres 16", "Postgres 17");
    expect(importJsonl(to, changed, "backup.jsonl")).toEqual({
      added: 0,
      updated: 1,
      unchanged: 1,
      retired: 0,
    });
    expect(to.count()).toBe(2);
  });

  it("exports a retired memory with its governor fields, and import skips it (counted), twice alike", () => {
    const from = newStore();
    const old = from.add({
      class: "fact",
      title: "Deploy day",
      body: "Fridays",
      scope: "user",
      importance: 3,
    });
    const next = from.add({
      class: "fact",
      title: "Release window",
      body: "Tuesdays",
      scope: "user",
      importance: 3,
    });
    from.db.prepare("UPDATE memories SET superseded_by = ? WHERE id = ?").run(next.id, old.id);
    const text = [...exportJsonl(from)].join("");
    expect(JSON.parse(text.split("\n")[0]!)).toMatchObject({ title: "Deploy day", supersededBy: next.id });
    const to = newStore();
    expect(importJsonl(to, text, "b.jsonl")).toEqual({ added: 1, updated: 0, unchanged: 0, retired: 1 });
    expect(importJsonl(to, text, "b.jsonl")).toEqual({ added: 0, updated: 0, unchanged: 1, retired: 1 });
    expect([...to.all()].map((m) => m.title)).toEqual(["Release window"]);
  });

  it.each([
    ["{not json", "backup.jsonl:2: not a JSON object"],
    [
      '{"class":"fact","title":"t","body":"b","scope":"team","importance":3,"createdAt":1,"updatedAt":1}',
      "backup.jsonl:2: scope: user or project:<key> is required",
    ],
    [
      '{"class":"fact","title":"t","body":"b","scope":"user","importance":3,"createdAt":1}',
      "backup.jsonl:2: updatedAt: a time in ms",
    ],
    [
      '{"class":"fact","title":"k","body":"ghp_abcdefghijklmnopqrstuvwxyz0123456789","scope":"user","importance":3,"createdAt":1,"updatedAt":1}',
      "backup.jsonl:2: refused: this looks like a GitHub token",
    ],
  ])("a bad line (%s) is refused naming the line and field, and nothing is written", (bad, message) => {
    const store = newStore();
    const good =
      '{"class":"fact","title":"ok","body":"fine","scope":"user","importance":3,"createdAt":1,"updatedAt":1}';
    expect(() => importJsonl(store, `${good}\n${bad}\n`, "backup.jsonl")).toThrow(message);
    expect(store.count()).toBe(0);
  });
});
