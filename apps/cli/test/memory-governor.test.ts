/**
 * The memory governor and memory.db problems through the built binary, on real SQLite files:
 * the same fact added three ways is one memory; `add --supersedes` retires the old one (kept for
 * `show` and `list --all`); `gc --dry-run` lists exactly what `gc` then archives; a memory.db
 * missing a table is one line; a read-only one is read, refuses writes in one line, and a session
 * on it warns and runs on. Permissions do not bind root, so as root those runs are as `nobody`.
 */
import { chmodSync, chownSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openMemoryDb } from "@picasso/memory";
import { type MockServer, startMockServer } from "@picasso/mock-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { picasso, workspace } from "./cli-harness.js";

const DAY = 86_400_000;
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

function freshHome(): NodeJS.ProcessEnv {
  return { ...process.env, PICASSO_HOME: mkdtempSync(join(tmpdir(), "picasso-memory-gov-")) };
}

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({});
});
afterAll(() => server.close());

describe("picasso memory: the governor", { timeout: 180_000 }, () => {
  it("the same fact added three ways is one memory; --supersedes retires the old one, kept for show and list --all", async () => {
    const env = freshHome();
    const dir = workspace();
    const add = (...args: string[]) => picasso(dir, ["memory", "add", ...args], { env });
    const first = await add("Use pnpm, not npm", "Use pnpm, not npm", "--scope", "user");
    expect(first.stdout).toBe("remembered m1 (fact, user): Use pnpm, not npm");
    const second = await add("use PNPM not NPM.", "use PNPM not NPM.", "--scope", "user");
    expect(second.stdout).toBe(
      "already remembered as m1 (fact, user): Use pnpm, not npm (the same fact; importance now 4)",
    );
    const third = await add("We use pnpm rather than npm", "We use pnpm rather than npm", "--scope", "user");
    expect(third.stdout).toMatch(/^already remembered as m1 .*importance now 5\)$/);
    expect((await picasso(dir, ["memory", "list"], { env })).stdout).toBe(
      "m1     fact       5  user  Use pnpm, not npm",
    );

    const update = await add(
      "Package manager",
      "Yarn 4 everywhere now",
      "--scope",
      "user",
      "--supersedes",
      "m1",
    );
    expect(update.stdout).toBe(
      "remembered m2 (fact, user): Package manager; supersedes m1 (kept, no longer recalled)",
    );
    expect((await picasso(dir, ["memory", "list"], { env })).stdout).toBe(
      "m2     fact       5  user  Package manager",
    );
    expect((await picasso(dir, ["memory", "list", "--all"], { env })).stdout).toBe(
      [
        "m2     fact       5  user  Package manager",
        "m1     fact       5  user  Use pnpm, not npm  [superseded by m2]",
      ].join("\n"),
    );
    expect((await picasso(dir, ["memory", "show", "m1"], { env })).stdout).toContain(
      "superseded by m2 (not recalled)",
    );
    expect((await picasso(dir, ["memory", "search", "pnpm"], { env })).stdout).toBe(
      'no memory matches "pnpm"',
    );

    const bad = await add("x", "y", "--supersedes", "m1");
    expect([bad.exitCode, bad.stderr]).toEqual([2, "picasso: supersedes: m1 is already superseded by m2"]);
  });

  it("gc --dry-run lists exactly what gc archives, and gc archives exactly that, vectors included", async () => {
    const env = freshHome();
    const dir = workspace();
    // Embeddings from the mock's endpoint, so gc has vectors to drop.
    writeFileSync(
      join(env.PICASSO_HOME!, "picasso.patch.yml"),
      `- insert:\n    settings:\n      memory.embeddings.baseUrl: ${server.url}/v1\n      memory.embeddings.model: mock-embed\n`,
    );
    const now = Date.now();
    const line = (
      title: string,
      body: string,
      cls: string,
      importance: number,
      ageDays: number,
      used?: number,
    ) =>
      JSON.stringify({
        class: cls,
        title,
        body,
        scope: "user",
        importance,
        createdAt: now - ageDays * DAY,
        updatedAt: now - ageDays * DAY,
        ...(used !== undefined ? { usedAt: now - used * DAY } : {}),
      });
    writeFileSync(
      join(dir, "seed.jsonl"),
      `${[
        line("Coffee machine", "The office coffee machine is on floor 2", "fact", 1, 40), // m1: decayed
        line("Build tool", "The repo builds with turbo", "fact", 3, 10), // m2: kept
        line("Old CI", "CI ran on Jenkins", "fact", 4, 500, 400), // m3: unused for 400 days
        line("Tabs", "Indent with tabs", "preference", 1, 900), // m4: preferences do not decay
        line("Deploy day", "We deploy on Fridays", "fact", 3, 5), // m5: superseded below
      ].join("\n")}\n`,
    );
    const seeded = await picasso(dir, ["memory", "import", join(dir, "seed.jsonl")], { env });
    expect(seeded.stdout).toMatch(/: 5 added, 0 updated, 0 unchanged\nembedded 5$/);
    await picasso(
      dir,
      [
        "memory",
        "add",
        "Release window",
        "Releases go out Tuesday mornings",
        "--scope",
        "user",
        "--supersedes",
        "m5",
      ],
      { env },
    );

    const dry = await picasso(dir, ["memory", "gc", "--dry-run"], { env });
    const expected = [
      "m1  fact  user  Coffee machine  (decayed: importance 1 → 0, never used, 40 days)",
      "m3  fact  user  Old CI  (unused for 400 days)",
      "m5  fact  user  Deploy day  (superseded by m6)",
    ];
    expect(dry.stdout).toBe(["would archive 3:", ...expected].join("\n"));
    expect((await picasso(dir, ["memory", "gc", "--dry-run"], { env })).stdout).toBe(dry.stdout);

    const gc = await picasso(dir, ["memory", "gc"], { env });
    expect(gc.stdout).toBe(
      [
        "archived 3 (kept in memory.db; picasso memory list --all shows them):",
        ...expected,
        // Their vectors go: recall never reads them again.
        "vectors dropped: 3 stored, 3 KNN rows (archived or removed memories)",
      ].join("\n"),
    );
    expect((await picasso(dir, ["memory", "gc", "--dry-run"], { env })).stdout).toBe("nothing to archive");
    const live = (await picasso(dir, ["memory", "list"], { env })).stdout
      .split("\n")
      .map((l) => l.slice(0, 3).trim());
    expect(live.sort()).toEqual(["m2", "m4", "m6"]);
    expect((await picasso(dir, ["memory", "list", "--all"], { env })).stdout).toContain("Old CI  [archived]");
  });
});

describe("picasso memory on a memory.db it cannot fully use", { timeout: 180_000 }, () => {
  it("a memory.db missing a table: one line naming the file and what to do, exit 2, no stack trace", async () => {
    const env = freshHome();
    const dir = workspace();
    await picasso(dir, ["memory", "add", "Build tool", "The repo builds with turbo"], { env });
    const path = join(env.PICASSO_HOME!, "memory.db");
    const { db } = openMemoryDb(path);
    db?.exec("DROP TABLE memories_fts");
    db?.close();
    for (const args of [["list"], ["search", "turbo"], ["add", "a", "b"], ["gc", "--dry-run"]]) {
      const run = await picasso(dir, ["memory", ...args], { env });
      expect([run.exitCode, run.stdout], args.join(" ")).toEqual([2, ""]);
      expect(run.stderr).toBe(
        `picasso: memory: ${path} is not a memory database this picasso can use (no such table: main.memories_fts); left as it is: move it aside (mv ${path} ${path}.damaged) and picasso starts a new one`,
      );
    }
  });

  it("a read-only memory.db: reads work, writes are one line, a session warns and runs on", async () => {
    const env = freshHome();
    const home = env.PICASSO_HOME!;
    const dir = workspace();
    await picasso(dir, ["memory", "add", "Build tool", "The repo builds with turbo"], { env });
    const path = join(home, "memory.db");
    const as = asRoot ? { uid: NOBODY, gid: NOBODY } : {};
    if (asRoot)
      for (const [root, names] of [
        [home, readdirSync(home)],
        [dir, [".picasso"]],
      ] as const) {
        chownSync(root, NOBODY, NOBODY);
        for (const name of names) chownSync(join(root, name), NOBODY, NOBODY);
      }
    chmodSync(path, 0o444);
    const run = (args: string[]) => picasso(dir, args, { env: { ...env, HOME: home }, ...as });

    expect((await run(["memory", "list"])).stdout).toMatch(/^m1 +fact +3 +project:\S+ +Build tool$/);
    expect((await run(["memory", "search", "turbo"])).stdout).toMatch(/Build tool$/);
    const add = await run(["memory", "add", "Port", "The API listens on 8080"]);
    expect([add.exitCode, add.stdout]).toEqual([2, ""]);
    expect(add.stderr).toMatch(
      new RegExp(
        `^picasso: memory: ${path.replace(/[.]/g, "\\.")} is read-only \\(.+\\); reading works, writing does not: make it writable`,
      ),
    );
    expect(add.stderr).not.toContain("\n");

    const session = await run(["-p", "hi", "--provider", "mock"]);
    expect(session.exitCode, session.stderr).toBe(0);
    expect(session.stderr).toContain(`picasso: warning: memory: ${path} is read-only (no write permission)`);
    expect(session.stderr).not.toMatch(/internal error|\n\s+at /);
  });
});
