/**
 * better-sqlite3 built once per machine (native-cache.mjs): a good cached binary is copied into a
 * fresh checkout and nothing is compiled; a cached binary that does not load — checked for real,
 * in a child process — is removed and the compile path taken, never a crash; builds are written
 * to the cache atomically; `npm_config_build_from_source` skips the cache.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  BINARY,
  buildFromSource,
  cacheKey,
  ensureNative,
  nativeCacheDir,
  restoreFromCache,
  saveToCache,
  works,
  // @ts-expect-error: a plain .mjs script of the repository's tooling, without types
} from "./native-cache.mjs";

const require = createRequire(import.meta.url);
/** This checkout's real better-sqlite3 (`npm test` builds it before the scripts' tests run). */
const realModule = dirname(require.resolve("better-sqlite3/package.json"));
const realBinary = join(realModule, BINARY);

/** Compared as one Buffer (vitest's deep equality walks a 2 MB binary byte by byte). */
function sameBytes(a: string, b: string): boolean {
  return readFileSync(a).equals(readFileSync(b));
}

function tmp(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * A module folder shaped like better-sqlite3 whose binary is `build/Release/better_sqlite3.node`
 * in it: its entry point opens databases with the real library code and that binary.
 */
function fakeModule(): string {
  const dir = tmp("fake-sqlite-");
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "better-sqlite3", main: "index.js" }));
  writeFileSync(
    join(dir, "index.js"),
    `const path = require("path");
const Database = require(${JSON.stringify(realModule)});
module.exports = function (file) {
  return new Database(file, { nativeBinding: path.join(__dirname, ${JSON.stringify(BINARY)}) });
};\n`,
  );
  return dir;
}

function cachedFile(contents: string | undefined, from?: string): string {
  const file = join(
    tmp("native-cache-"),
    "better-sqlite3-1.0.0-node115-linux-x64-glibc",
    "better_sqlite3.node",
  );
  mkdirSync(dirname(file), { recursive: true });
  if (from) copyFileSync(from, file);
  else if (contents !== undefined) writeFileSync(file, contents);
  return file;
}

/** Every effect recorded; `compile` writes `built` as the module's binary. */
function effects(built: string | (() => void)) {
  const calls: string[] = [];
  const said: string[] = [];
  return {
    calls,
    said,
    say: (line: string) => said.push(line),
    tryPrebuilt: () => {
      calls.push("prebuilt");
      return false;
    },
    compile: (moduleDir: string) => () => {
      calls.push("compile");
      if (typeof built === "function") built();
      else {
        mkdirSync(join(moduleDir, dirname(BINARY)), { recursive: true });
        copyFileSync(built, join(moduleDir, BINARY));
      }
      return true;
    },
  };
}

describe("the real load check", () => {
  it("loads this checkout's better-sqlite3, and refuses a binary that is not one", () => {
    expect(works(realModule)).toBe(true);
    const bad = fakeModule();
    mkdirSync(join(bad, dirname(BINARY)), { recursive: true });
    writeFileSync(join(bad, BINARY), "not an ELF file");
    expect(works(bad)).toBe(false);
    const good = fakeModule();
    mkdirSync(join(good, dirname(BINARY)), { recursive: true });
    copyFileSync(realBinary, join(good, BINARY));
    expect(works(good)).toBe(true);
  });
});

describe("a fresh checkout with a machine cache", () => {
  it("takes a good cached binary and compiles nothing", () => {
    const moduleDir = fakeModule();
    const cached = cachedFile(undefined, realBinary);
    const fx = effects(realBinary);
    const outcome = ensureNative({
      moduleDir,
      cached,
      fromSource: false,
      prebuilt: false,
      works: () => works(moduleDir),
      tryPrebuilt: fx.tryPrebuilt,
      compile: fx.compile(moduleDir),
      say: fx.say,
    });
    expect(outcome).toBe("cache");
    expect(fx.calls).toEqual([]);
    expect(sameBytes(join(moduleDir, BINARY), realBinary)).toBe(true);
    expect(fx.said.join("\n")).toContain("nothing compiled");
  });

  it("removes a cached binary that does not load, compiles, and caches the new build", () => {
    const moduleDir = fakeModule();
    const cached = cachedFile("\x7fELF truncated");
    const fx = effects(realBinary);
    const outcome = ensureNative({
      moduleDir,
      cached,
      fromSource: false,
      prebuilt: false,
      works: () => works(moduleDir),
      tryPrebuilt: fx.tryPrebuilt,
      compile: fx.compile(moduleDir),
      say: fx.say,
    });
    expect(outcome).toBe("compiled");
    expect(fx.calls).toEqual(["compile"]);
    expect(fx.said.join("\n")).toContain("does not load");
    expect(sameBytes(cached, realBinary)).toBe(true);
    expect(works(moduleDir)).toBe(true);
  });

  it("compiles when the cache is empty, then the next checkout reuses that build", () => {
    const cached = cachedFile(undefined);
    const first = fakeModule();
    const fx = effects(realBinary);
    const run = (moduleDir: string) =>
      ensureNative({
        moduleDir,
        cached,
        fromSource: false,
        prebuilt: false,
        works: () => works(moduleDir),
        tryPrebuilt: fx.tryPrebuilt,
        compile: fx.compile(moduleDir),
        say: fx.say,
      });
    expect(run(first)).toBe("compiled");
    expect(run(fakeModule())).toBe("cache");
    expect(fx.calls).toEqual(["compile"]);
  });

  it("with npm_config_build_from_source ignores a good cache and compiles", () => {
    const moduleDir = fakeModule();
    const cached = cachedFile(undefined, realBinary);
    const fx = effects(realBinary);
    expect(
      ensureNative({
        moduleDir,
        cached,
        fromSource: buildFromSource({ npm_config_build_from_source: "true" }),
        prebuilt: true,
        works: () => works(moduleDir),
        tryPrebuilt: fx.tryPrebuilt,
        compile: fx.compile(moduleDir),
        say: fx.say,
      }),
    ).toBe("compiled");
    expect(fx.calls).toEqual(["compile"]);
  });

  it("reports a failure when the compiled binary does not load either", () => {
    const moduleDir = fakeModule();
    const cached = cachedFile(undefined);
    const fx = effects(() => {
      mkdirSync(join(moduleDir, dirname(BINARY)), { recursive: true });
      writeFileSync(join(moduleDir, BINARY), "garbage");
    });
    expect(
      ensureNative({
        moduleDir,
        cached,
        fromSource: false,
        prebuilt: false,
        works: () => works(moduleDir),
        tryPrebuilt: fx.tryPrebuilt,
        compile: fx.compile(moduleDir),
        say: fx.say,
      }),
    ).toBe("failed");
    expect(existsSync(cached)).toBe(false);
  });

  it("seeds the cache from a checkout whose module already works", () => {
    const moduleDir = fakeModule();
    mkdirSync(join(moduleDir, dirname(BINARY)), { recursive: true });
    copyFileSync(realBinary, join(moduleDir, BINARY));
    const cached = cachedFile(undefined);
    const fx = effects(realBinary);
    expect(
      ensureNative({
        moduleDir,
        cached,
        fromSource: false,
        prebuilt: false,
        works: () => works(moduleDir),
        tryPrebuilt: fx.tryPrebuilt,
        compile: fx.compile(moduleDir),
        say: fx.say,
      }),
    ).toBe("present");
    expect(fx.calls).toEqual([]);
    expect(sameBytes(cached, realBinary)).toBe(true);
  });
});

describe("the cache itself", () => {
  it("is written atomically, replacing what was there and leaving no temporary file", () => {
    const cached = cachedFile("old contents");
    const built = join(tmp("built-"), "better_sqlite3.node");
    writeFileSync(built, "new build");
    expect(saveToCache({ built, cached })).toBe(true);
    expect(readFileSync(cached, "utf8")).toBe("new build");
    expect(readdirSync(dirname(cached))).toEqual(["better_sqlite3.node"]);
  });

  it("fails quietly when it cannot be written", () => {
    const blocker = join(tmp("blocked-"), "file");
    writeFileSync(blocker, "a file where the cache folder would be");
    const built = join(tmp("built-"), "better_sqlite3.node");
    writeFileSync(built, "a build");
    expect(saveToCache({ built, cached: join(blocker, "key", "better_sqlite3.node") })).toBe(false);
  });

  it("reports a missing entry without touching the module", () => {
    const moduleDir = fakeModule();
    expect(
      restoreFromCache({ cached: cachedFile(undefined), target: join(moduleDir, BINARY), works: () => true }),
    ).toBe("missing");
    expect(existsSync(join(moduleDir, BINARY))).toBe(false);
  });

  it("lives under XDG_CACHE_HOME or ~/.cache, moves with PICASSO_NATIVE_CACHE, and turns off", () => {
    expect(nativeCacheDir({}, "/home/u")).toBe("/home/u/.cache/picasso/native");
    expect(nativeCacheDir({ XDG_CACHE_HOME: "/x" }, "/home/u")).toBe("/x/picasso/native");
    expect(nativeCacheDir({ PICASSO_NATIVE_CACHE: "/c" }, "/home/u")).toBe("/c");
    expect(nativeCacheDir({ PICASSO_NATIVE_CACHE: "off" }, "/home/u")).toBeUndefined();
  });

  it("keys a binary by module version, Node ABI, platform, architecture and C library", () => {
    const key = { name: "better-sqlite3", version: "12.4.1", abi: "115", platform: "linux", arch: "x64" };
    expect(cacheKey({ ...key, libc: "glibc" })).toBe("better-sqlite3-12.4.1-node115-linux-x64-glibc");
    const others = [
      cacheKey({ ...key, libc: "musl" }),
      cacheKey({ ...key, abi: "127", libc: "glibc" }),
      cacheKey({ ...key, version: "12.5.0", libc: "glibc" }),
      cacheKey({ ...key, arch: "arm64", libc: "glibc" }),
      cacheKey({ ...key, platform: "darwin", libc: undefined }),
    ];
    expect(new Set([...others, cacheKey({ ...key, libc: "glibc" })]).size).toBe(6);
  });

  it("reads npm's build-from-source setting as prebuild-install does", () => {
    expect(buildFromSource({ npm_config_build_from_source: "true" })).toBe(true);
    expect(buildFromSource({ npm_config_build_from_source: "better-sqlite3" })).toBe(true);
    expect(buildFromSource({ npm_config_build_from_source: "sharp" })).toBe(false);
    expect(buildFromSource({})).toBe(false);
  });
});
