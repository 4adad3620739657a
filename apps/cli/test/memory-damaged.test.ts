/**
 * `picasso memory …` on a memory.db it cannot use, through the built binary: garbage bytes, a
 * truncated file, a file whose pages were overwritten, a folder in its place. Every subcommand
 * answers with one line naming the file and what to do, exits 2, and leaves the file (and its
 * folder) exactly as they were — moving a damaged file aside is for the user to decide here.
 */
import { createHash } from "node:crypto";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { picasso, workspace } from "./cli-harness.js";

function freshHome(): NodeJS.ProcessEnv {
  return { ...process.env, PICASSO_HOME: mkdtempSync(join(tmpdir(), "picasso-memory-damaged-")) };
}

/** What the folder holds, and each file's bytes (hashed), to see that nothing changed. */
function snapshot(home: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(home).sort()) {
    const path = join(home, name);
    out[name] = statSync(path).isDirectory()
      ? "folder"
      : createHash("sha256").update(readFileSync(path)).digest("hex");
  }
  return out;
}

/** A real memory.db with some memories, written by the binary itself (one import). */
async function realDb(dir: string, env: NodeJS.ProcessEnv): Promise<string> {
  const lines = Array.from({ length: 25 }, (_, i) =>
    JSON.stringify({
      class: "fact",
      title: `title ${i}`,
      body: `memory number ${i}: ${"the quick brown fox jumps over the lazy dog ".repeat(12)}`,
      scope: "user",
      importance: 3,
      createdAt: 1_000 + i,
      updatedAt: 1_000 + i,
    }),
  );
  writeFileSync(join(dir, "seed.jsonl"), `${lines.join("\n")}\n`);
  const seeded = await picasso(dir, ["memory", "import", join(dir, "seed.jsonl")], { env });
  expect(seeded.stdout).toBe(`imported from ${join(dir, "seed.jsonl")}: 25 added, 0 updated, 0 unchanged`);
  return join(env.PICASSO_HOME!, "memory.db");
}

const SUBCOMMANDS = (dir: string) => [
  ["list"],
  ["list", "--all", "--json"],
  ["add", "A title", "a body"],
  ["show", "m1"],
  ["rm", "m1"],
  ["search", "fox"],
  ["export"],
  ["export", "--out", join(dir, "out.jsonl")],
  ["import", join(dir, "in.jsonl")],
];

async function expectRefusedEverywhere(env: NodeJS.ProcessEnv, dir: string, kind: RegExp) {
  const home = env.PICASSO_HOME!;
  const db = join(home, "memory.db");
  writeFileSync(
    join(dir, "in.jsonl"),
    `${JSON.stringify({ class: "fact", title: "t", body: "b", scope: "user", importance: 3, createdAt: 1, updatedAt: 1 })}\n`,
  );
  const before = snapshot(home);
  for (const args of SUBCOMMANDS(dir)) {
    const run = await picasso(dir, ["memory", ...args], { env });
    const what = `picasso memory ${args.join(" ")}`;
    expect(run.stderr, what).not.toContain("\n");
    expect(run.stderr, what).toMatch(kind);
    expect(run.stderr, what).toContain(db);
    expect(run.stderr, what).toContain("move it aside");
    expect([run.exitCode, run.stdout], what).toEqual([2, ""]);
    expect(snapshot(home), what).toEqual(before);
  }
}

describe("picasso memory on a memory.db it cannot use", { timeout: 180_000 }, () => {
  it("garbage bytes: one line, exit 2, the file untouched", async () => {
    const env = freshHome();
    const dir = workspace();
    writeFileSync(join(env.PICASSO_HOME!, "memory.db"), Buffer.alloc(20_000, "garbage \x00\xff"));
    await expectRefusedEverywhere(env, dir, /^picasso: memory: .*memory\.db is damaged \(.+\)/);
  });

  it("a truncated file: one line, exit 2, the file untouched", async () => {
    const env = freshHome();
    const dir = workspace();
    const db = await realDb(dir, env);
    truncateSync(db, 5000);
    await expectRefusedEverywhere(env, dir, /^picasso: memory: .*memory\.db is damaged \(.+\)/);
  });

  it("pages overwritten after the header: one line, exit 2, the file untouched", async () => {
    const env = freshHome();
    const dir = workspace();
    const db = await realDb(dir, env);
    const bytes = readFileSync(db);
    for (let i = 8192; i < bytes.length; i++) bytes[i] = (i * 7) & 0xff;
    writeFileSync(db, bytes);
    await expectRefusedEverywhere(env, dir, /^picasso: memory: .*memory\.db is damaged \(.+\)/);
  });

  it("a session on a memory.db whose pages were overwritten runs without memory and says so, no stack trace", async () => {
    const env = freshHome();
    const dir = workspace();
    const db = await realDb(dir, env);
    const bytes = readFileSync(db);
    for (let i = 8192; i < bytes.length; i++) bytes[i] = (i * 7) & 0xff;
    writeFileSync(db, bytes);
    const run = await picasso(dir, ["-p", "hi", "--provider", "mock"], { env });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^picasso: warning: memory: .*memory\.db is damaged \(.+\)/m);
    expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it("a folder where the file should be: one line, exit 2, left in place", async () => {
    const env = freshHome();
    const dir = workspace();
    mkdirSync(join(env.PICASSO_HOME!, "memory.db"));
    await expectRefusedEverywhere(env, dir, /^picasso: memory: .*memory\.db cannot be opened \(.+\)/);
  });
});
