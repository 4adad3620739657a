/**
 * Durability with real processes and real SQLite files: two writers at once lose nothing;
 * `kill -9` mid-writing loses no acknowledged write; a damaged file is moved aside and reported
 * in one line; an unreadable one is reported and left alone.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../src/memory-store.js";
import { openMemoryDb } from "../src/open-db.js";

const WRITER = join(dirname(fileURLToPath(import.meta.url)), "writer.mjs");

function dbPath(): string {
  return join(mkdtempSync(join(tmpdir(), "memory-durability-")), "memory.db");
}

function writer(
  path: string,
  count: number,
  label: string,
): { child: ChildProcess; acks: number[]; done: Promise<number | null> } {
  const child = spawn(process.execPath, [WRITER, path, String(count), label], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const acks: number[] = [];
  let buffered = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) if (line.startsWith("ack ")) acks.push(Number(line.slice(4)));
  });
  const done = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, acks, done };
}

function reopen(path: string): MemoryStore {
  const opened = openMemoryDb(path);
  if (!opened.db) throw new Error(opened.problem);
  return new MemoryStore(opened.db, path);
}

describe("durability", () => {
  it("two processes writing at once lose nothing", async () => {
    const path = dbPath();
    const a = writer(path, 300, "alpha");
    const b = writer(path, 300, "beta");
    expect(await a.done).toBe(0);
    expect(await b.done).toBe(0);
    const store = reopen(path);
    expect(store.count()).toBe(600);
    expect(new Set([...a.acks, ...b.acks]).size).toBe(600);
    store.close();
  });

  it("kill -9 during writes loses no acknowledged write", async () => {
    const path = dbPath();
    const w = writer(path, 1_000_000, "crash");
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (w.acks.length >= 200) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    w.child.kill("SIGKILL");
    await w.done;
    const acked = [...w.acks];
    const store = reopen(path);
    expect(store.getMany(acked).length).toBe(acked.length);
    // At most the write in flight when the process died is lost (it was never acknowledged).
    expect(store.count()).toBeGreaterThanOrEqual(acked.length);
    expect(store.count()).toBeLessThanOrEqual(acked.length + 1);
    store.close();
  });

  it("a damaged file is moved aside with a timestamp and reported in one line", () => {
    const path = dbPath();
    writeFileSync(path, "this is not a database at all, but it is the user's file ".repeat(100));
    const opened = openMemoryDb(path, { now: () => new Date("2026-12-01T10:00:00.000Z") });
    expect(opened.db).toBeUndefined();
    expect(opened.problem).toMatch(
      /^memory: .*memory\.db is damaged \(.*\); moved to .*memory\.db\.corrupt-2026-12-01T10-00-00-000Z; this session runs without memory$/,
    );
    expect(opened.problem).not.toContain("\n");
    expect(existsSync(path)).toBe(false);
    const aside = readdirSync(dirname(path)).find((f) => f.startsWith("memory.db.corrupt-"));
    expect(readFileSync(join(dirname(path), aside ?? "?"), "utf8")).toContain("the user's file");
    // The next session starts a new database.
    const next = openMemoryDb(path);
    expect(next.db).toBeDefined();
    next.db?.close();
  });

  it("for picasso memory, a damaged file is checked before any write and left exactly as it is", () => {
    const path = dbPath();
    const good = openMemoryDb(path);
    if (!good.db) throw new Error(good.problem);
    new MemoryStore(good.db, path).close();
    const bytes = readFileSync(path);
    for (let i = 8192; i < bytes.length; i++) bytes[i] = (i * 7) & 0xff; // past the schema pages
    writeFileSync(path, bytes);
    const opened = openMemoryDb(path, { damaged: "leave" });
    expect(opened.db).toBeUndefined();
    expect(opened.problem).toBe(
      `memory: ${path} is damaged (${opened.problem?.match(/\((.+)\);/)?.[1]}); left as it is: move it aside (mv ${path} ${path}.damaged) and picasso starts a new one`,
    );
    expect(readdirSync(dirname(path))).toEqual(["memory.db"]);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  it("a file that cannot be opened is reported and left where it is", () => {
    const path = dbPath();
    mkdirSync(path);
    const opened = openMemoryDb(path);
    expect(opened.problem).toMatch(
      /^memory: .*memory\.db cannot be opened \(.+\); this session runs without memory$/,
    );
    expect(existsSync(path)).toBe(true);
  });

  it("a database from a newer picasso is refused, not downgraded", () => {
    const path = dbPath();
    const first = openMemoryDb(path);
    first.db?.prepare("UPDATE schema_version SET version = 99").run();
    first.db?.close();
    const opened = openMemoryDb(path);
    expect(opened.problem).toContain("schema version 99 is newer than this picasso knows");
    expect(existsSync(path)).toBe(true);
  });
});
