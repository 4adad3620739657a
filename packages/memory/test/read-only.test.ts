/**
 * A read-only memory.db (no write permission): a session reads it — the index lines, `recall` by
 * query and by id — warns once that it is read-only, and `remember` refuses in one line; the file
 * is not changed. Permissions do not bind root, so as root the session runs as `nobody`.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MemoryService } from "../src/memory-service.js";
import { MemoryStore } from "../src/memory-store.js";
import { openMemoryDb } from "../src/open-db.js";

const SESSION = join(dirname(fileURLToPath(import.meta.url)), "read-only-session.mjs");
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

/** Runs the session script as a user the file's permissions bind. */
function readOnlySession(db: string): Record<string, unknown> {
  const out = execFileSync(process.execPath, [SESSION, db], {
    encoding: "utf8",
    ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  return JSON.parse(out) as Record<string, unknown>;
}

describe("a read-only memory.db", () => {
  it("is read (index lines, recall), warned about, and never written", async () => {
    const dir = mkdtempSync(join(tmpdir(), "memory-ro-"));
    const path = join(dir, "memory.db");
    const opened = openMemoryDb(path);
    if (!opened.db) throw new Error(opened.problem);
    const service = new MemoryService(new MemoryStore(opened.db, path), { projectScope: "project:ro-1" });
    await service.remember({ title: "Package manager", body: "Use pnpm, not npm" });
    opened.db.pragma("wal_checkpoint(TRUNCATE)");
    opened.db.close();
    if (asRoot) {
      chownSync(dir, NOBODY, NOBODY);
      for (const f of ["memory.db", "memory.db-wal", "memory.db-shm"])
        try {
          chownSync(join(dir, f), NOBODY, NOBODY);
        } catch {
          // -wal/-shm are optional
        }
    }
    chmodSync(path, 0o444);
    const before = readFileSync(path);

    const session = readOnlySession(path);

    expect(session.problem).toBe(
      `memory: ${path} is read-only (no write permission); reading works, writing does not: make it writable (chmod u+w ${path} and its folder) or run picasso as its owner`,
    );
    expect(session.facts).toContain("m1 · fact · Package manager · project");
    expect((session.byQuery as { content: string }).content).toContain('<memory id="m1"');
    expect((session.byId as { content: string }).content).toContain("Use pnpm, not npm");
    expect(session.remember).toMatchObject({
      isError: true,
      content: `remember: nothing stored, memory is read-only in this session: ${session.problem}`,
    });
    expect(readFileSync(path).equals(before)).toBe(true);
  });
});
