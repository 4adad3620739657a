/**
 * The plans of statements that run on every write or recall, checked on a fresh database (no
 * statistics, as users have): each looks rows up by key instead of walking every memory of a scope.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NEXT_BATCH } from "./embed-queue.js";
import { LIVE_IN_SCOPE } from "./governor.js";
import { openMemoryDb } from "./open-db.js";

describe("query plans", () => {
  it("the governor's live-in-scope check looks its candidate ids up by primary key", () => {
    const opened = openMemoryDb(join(mkdtempSync(join(tmpdir(), "query-plans-")), "memory.db"));
    if (!opened.db) throw new Error(opened.problem);
    const plan = (
      opened.db.prepare(`EXPLAIN QUERY PLAN ${LIVE_IN_SCOPE}`).all("[1, 2]", "user") as Array<{
        detail: string;
      }>
    ).map((r) => r.detail);
    opened.db.close();
    expect(plan).toContain("SEARCH memories USING INTEGER PRIMARY KEY (rowid=?)");
    expect(plan.join("\n")).not.toMatch(/memories_scope|TEMP B-TREE/);
  });

  it("the embed queue's next batch walks the queue's index instead of sorting the whole queue", () => {
    const opened = openMemoryDb(join(mkdtempSync(join(tmpdir(), "query-plans-")), "memory.db"));
    if (!opened.db) throw new Error(opened.problem);
    const plan = (
      opened.db.prepare(`EXPLAIN QUERY PLAN ${NEXT_BATCH}`).all(32) as Array<{ detail: string }>
    ).map((r) => r.detail);
    opened.db.close();
    expect(plan).toEqual([
      "SCAN q USING COVERING INDEX memory_embed_queue_order",
      "SEARCH m USING INTEGER PRIMARY KEY (rowid=?)",
    ]);
  });
});
