import { execFileSync } from "node:child_process";
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type CompileCache,
  compileCacheDir,
  compileCacheSeedDir,
  installCompileCache,
} from "./compile-cache.js";

const requireHere = createRequire(import.meta.url);

// Two CommonJS "chunks" as the bundle has them: one requires the other; the first throws from a known
// line and column, and says whether it runs strict (a bundle chunk starts with "use strict").
const CHUNK_A = [
  '"use strict"; exports.first = () => new Error("first").stack;',
  'const b = require("./b.js");',
  "exports.answer = () => b.twice(21);",
  "exports.strict = (function () { return this === undefined; })();",
  "exports.file = __filename;",
  'exports.fail = () => { throw new Error("from a"); };',
].join("\n");
const CHUNK_B = "exports.twice = (n) => n * 2;\n";

let root: string;
let dir: string;
let installed: CompileCache[] = [];

/** What chunk a exports. */
interface ChunkA {
  answer(): number;
  strict: boolean;
  file: string;
  fail(): never;
  first(): string;
}

/** A fresh load of the chunks (as a new process would), with the hook installed; the chunk a's exports. */
function load(seedDir?: string): { a: ChunkA; cache: CompileCache } {
  for (const name of ["a.js", "b.js"]) delete requireHere.cache[join(root, name)];
  const cache = installCompileCache(root, dir, seedDir);
  installed.push(cache);
  try {
    const a: ChunkA = requireHere(join(root, "a.js"));
    return { a, cache };
  } finally {
    cache.uninstall();
  }
}

beforeEach(() => {
  const base = mkdtempSync(join(tmpdir(), "compile-cache-"));
  root = join(base, "dist");
  dir = join(base, "home", "cache");
  mkdirSync(root);
  writeFileSync(join(root, "a.js"), CHUNK_A);
  writeFileSync(join(root, "b.js"), CHUNK_B);
  writeFileSync(join(root, "package.json"), '{ "type": "commonjs" }\n');
});

afterEach(() => {
  for (const cache of installed) cache.uninstall();
  installed = [];
  rmSync(join(root, ".."), { recursive: true, force: true });
});

describe("the compile cache", () => {
  it("compiles the first time, saves, and the next load takes the cache: same results, nothing saved again", () => {
    const first = load();
    expect(first.cache.counts()).toEqual({ cached: 0, seeded: 0, compiled: 2, rejected: 0 });
    expect(first.a.answer()).toBe(42);
    expect(first.a.strict).toBe(true);
    expect(first.a.file).toBe(join(root, "a.js"));
    expect(first.cache.save()).toBe(2);
    expect(readdirSync(dir).sort()).toEqual([
      expect.stringMatching(/^a\.js\.\d+\.\d+\.v8$/),
      expect.stringMatching(/^b\.js\.\d+\.\d+\.v8$/),
    ]);
    expect(first.cache.save()).toBe(0);

    const second = load();
    expect(second.cache.counts()).toEqual({ cached: 2, seeded: 0, compiled: 0, rejected: 0 });
    expect(second.a.answer()).toBe(42);
    expect(second.a.strict).toBe(true);
    expect(second.cache.save()).toBe(0);
  });

  it("keeps each chunk's line and column in its stacks, cached or not", () => {
    for (const round of [0, 1]) {
      const { a, cache } = load();
      expect(cache.counts().cached).toBe(round === 0 ? 0 : 2);
      let stack = "";
      try {
        a.fail();
      } catch (error) {
        if (error instanceof Error) stack = error.stack ?? "";
      }
      // Where each error was made, line and column: the wrapper adds neither lines nor columns.
      const at = (line: number) =>
        `${join(root, "a.js")}:${line}:${CHUNK_A.split("\n")[line - 1]!.indexOf("new Error") + 1}`;
      expect(stack).toContain(at(6));
      expect(a.first()).toContain(at(1));
      cache.save();
    }
  });

  it("never hands V8 a damaged cache: it is rejected, compiled afresh, and written whole again", () => {
    load().cache.save();
    const name = readdirSync(dir).find((f) => f.startsWith("a.js"))!;
    const bytes = readFileSync(join(dir, name));
    for (let i = 40; i < bytes.length; i += 97) bytes[i]! ^= 0x5a;
    writeFileSync(join(dir, name), bytes);

    const damaged = load();
    expect(damaged.cache.counts()).toEqual({ cached: 1, seeded: 0, compiled: 0, rejected: 1 });
    expect(damaged.a.answer()).toBe(42);
    expect(damaged.cache.save()).toBe(1);
    expect(load().cache.counts()).toEqual({ cached: 2, seeded: 0, compiled: 0, rejected: 0 });

    // Cut short, or empty: the same.
    writeFileSync(join(dir, name), bytes.subarray(0, 20));
    expect(load().cache.counts()).toEqual({ cached: 1, seeded: 0, compiled: 0, rejected: 1 });
  });

  it("gives a changed chunk a cache of its own and removes the old one when it saves", () => {
    load().cache.save();
    const old = readdirSync(dir).find((f) => f.startsWith("b.js"))!;
    writeFileSync(join(root, "b.js"), "exports.twice = (n) => n + n;\n");
    const changed = load();
    expect(changed.cache.counts()).toEqual({ cached: 1, seeded: 0, compiled: 1, rejected: 0 });
    expect(changed.cache.save()).toBe(1);
    expect(readdirSync(dir)).not.toContain(old);
    expect(readdirSync(dir).filter((f) => f.startsWith("b.js"))).toHaveLength(1);

    // Touched, not changed: another modification time is another cache too (a rebuilt bundle).
    utimesSync(join(root, "b.js"), new Date(), new Date(Date.now() + 5000));
    expect(load().cache.counts()).toEqual({ cached: 1, seeded: 0, compiled: 1, rejected: 0 });
  });

  it("leaves files outside its folder to Node, and a cache that cannot be written costs nothing but speed", () => {
    const outside = join(root, "..", "outside.js");
    writeFileSync(outside, "exports.value = 7;\n");
    const cache = installCompileCache(root, dir);
    installed.push(cache);
    expect(requireHere(outside).value).toBe(7);
    expect(cache.counts()).toEqual({ cached: 0, seeded: 0, compiled: 0, rejected: 0 });
    cache.uninstall();

    dir = join(root, "..", "a-file");
    writeFileSync(dir, "not a folder\n");
    const unwritable = load();
    expect(unwritable.a.answer()).toBe(42);
    expect(unwritable.cache.save()).toBe(0);
  });

  it("starts from the build's seed when there is no cache of its own, then saves its own", () => {
    // The build writes the seed as a first load does (build-support/seed-compile-cache.cjs).
    const seedDir = compileCacheSeedDir(root);
    const home = dir;
    dir = seedDir;
    expect(load().cache.save()).toBe(2);
    dir = home;

    const seeded = load(seedDir);
    expect(seeded.cache.counts()).toEqual({ cached: 0, seeded: 2, compiled: 0, rejected: 0 });
    expect(seeded.a.answer()).toBe(42);
    expect(seeded.cache.save()).toBe(2);
    expect(load(seedDir).cache.counts()).toEqual({ cached: 2, seeded: 0, compiled: 0, rejected: 0 });

    // A damaged seed is rejected like a damaged cache, and the seed itself is never written.
    rmSync(dir, { recursive: true });
    const name = readdirSync(seedDir).find((f) => f.startsWith("b.js"))!;
    writeFileSync(join(seedDir, name), Buffer.alloc(100, 7));
    const damaged = load(seedDir);
    expect(damaged.cache.counts()).toEqual({ cached: 0, seeded: 1, compiled: 0, rejected: 1 });
    damaged.cache.save();
    expect(readFileSync(join(seedDir, name)).equals(Buffer.alloc(100, 7))).toBe(true);
  });

  it("stops a save that fails part-way without throwing, and leaves no file of its own half written", () => {
    const { cache } = load();
    // b.js's temporary file cannot be written: a folder stands where it would go.
    const { size, mtimeMs } = statSync(join(root, "b.js"));
    const blocker = join(dir, `b.js.${size}.${Math.trunc(mtimeMs)}.v8.${process.pid}.tmp`);
    mkdirSync(blocker, { recursive: true });
    expect(cache.save()).toBe(1);
    expect(readdirSync(dir).sort()).toEqual([expect.stringMatching(/^a\.js\..*\.v8$/), basename(blocker)]);
    expect(load().cache.counts()).toEqual({ cached: 1, seeded: 0, compiled: 1, rejected: 0 });
  });

  it("reads what is planted where a cache goes as damaged, never blocking, and saves past it", () => {
    load().cache.save();
    const [aName, bName] = readdirSync(dir).sort();
    // A FIFO would hold a plain read forever; a symlink to a device would read without end.
    rmSync(join(dir, aName!));
    execFileSync("mkfifo", [join(dir, aName!)]);
    rmSync(join(dir, bName!));
    symlinkSync("/dev/zero", join(dir, bName!));
    const planted = load();
    expect(planted.cache.counts()).toEqual({ cached: 0, seeded: 0, compiled: 0, rejected: 2 });
    expect(planted.a.answer()).toBe(42);
    expect(planted.cache.save()).toBe(2);
    expect(lstatSync(join(dir, aName!)).isFile()).toBe(true);
    expect(lstatSync(join(dir, bName!)).isFile()).toBe(true);
    expect(load().cache.counts()).toEqual({ cached: 2, seeded: 0, compiled: 0, rejected: 0 });
  });

  it("never writes through a symlink planted at its temporary file's name", () => {
    const victim = join(root, "..", "victim.txt");
    writeFileSync(victim, "keep me\n");
    const { cache } = load();
    mkdirSync(dir, { recursive: true });
    for (const chunk of ["a.js", "b.js"]) {
      const { size, mtimeMs } = statSync(join(root, chunk));
      symlinkSync(victim, join(dir, `${chunk}.${size}.${Math.trunc(mtimeMs)}.v8.${process.pid}.tmp`));
    }
    expect(cache.save()).toBe(2);
    expect(readFileSync(victim, "utf8")).toBe("keep me\n");
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(load().cache.counts()).toEqual({ cached: 2, seeded: 0, compiled: 0, rejected: 0 });
  });

  it("keeps the caches in PICASSO_HOME, apart for each bundle folder and Node version", () => {
    const here = compileCacheDir("/opt/picasso/dist", { PICASSO_HOME: "/home/u/.ph" });
    expect(here).toMatch(
      new RegExp(`^/home/u/\\.ph/cache/code/${process.version}-${process.arch}-[0-9a-f]{12}$`),
    );
    expect(compileCacheDir("/elsewhere/dist", { PICASSO_HOME: "/home/u/.ph" })).not.toBe(here);
    expect(compileCacheDir("/opt/picasso/dist", { HOME: "/home/u" })).toMatch(/\/\.picasso\/cache\/code\//);
    expect(compileCacheSeedDir("/opt/picasso/dist")).toBe(
      `/opt/picasso/dist/code-cache/${process.version}-${process.arch}`,
    );
  });
});
