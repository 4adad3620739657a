/**
 * better-sqlite3 built once per machine (native-addons.mjs): after a compile, the binary
 * `build/Release/better_sqlite3.node` is kept in a per-machine cache, and the next fresh checkout
 * copies it in — after checking in a child process that it loads and opens a database — instead of
 * compiling again for 1–4 minutes.
 *
 * - Where: `$PICASSO_NATIVE_CACHE` when set (`off` turns the cache off), else
 *   `${XDG_CACHE_HOME:-~/.cache}/picasso/native/`.
 * - Keyed by what a binary must match: better-sqlite3's version, Node's ABI
 *   (`process.versions.modules`), platform, architecture and, on Linux, the C library (glibc or
 *   musl): `better-sqlite3-12.4.1-node115-linux-x64-glibc/better_sqlite3.node`.
 * - A cached file that does not load (corrupt, truncated, another Node's) is removed, and the
 *   checkout compiles as if there were none; it never fails the build.
 * - Written atomically (a temporary file in the same folder, then a rename), so two checkouts
 *   building at once, or a build killed half-way, never leave a half-written binary in the cache.
 * - `npm_config_build_from_source=true` (npm's setting, `--build-from-source`) skips the cache
 *   and any prebuilt download: a checkout whose module does not load yet compiles it, and the
 *   cache is refreshed with the result.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";

export const BINARY = join("build", "Release", "better_sqlite3.node");

/** The cache's folder, or undefined when `PICASSO_NATIVE_CACHE=off`. */
export function nativeCacheDir(env = process.env, home = homedir()) {
  const set = env.PICASSO_NATIVE_CACHE;
  if (set === "off" || set === "0") return undefined;
  if (set) return resolve(set);
  return join(env.XDG_CACHE_HOME || join(home, ".cache"), "picasso", "native");
}

/** `glibc` or `musl` on Linux (a binary linked against one does not load with the other). */
export function libcFamily(platform = process.platform) {
  if (platform !== "linux") return undefined;
  const header = process.report?.getReport?.().header;
  return header?.glibcVersionRuntime ? "glibc" : "musl";
}

/** The cache entry's folder name for one build of a module. */
export function cacheKey({
  name,
  version,
  abi = process.versions.modules,
  platform = process.platform,
  arch = process.arch,
  libc = libcFamily(platform),
}) {
  return [name, version, `node${abi}`, platform, arch, libc].filter(Boolean).join("-");
}

/** Whether npm was asked to compile from source (`--build-from-source`, as prebuild-install reads it). */
export function buildFromSource(env = process.env, name = "better-sqlite3") {
  const value = env.npm_config_build_from_source;
  return value === "true" || value === "" || value === name;
}

/**
 * Copies the cached binary into the module (through a temporary file and a rename) and keeps it if
 * `works()` then loads it: "restored"; "missing" when the cache has none; "rejected" when it does
 * not load — the copy and the bad cache entry are both removed.
 */
export function restoreFromCache({ cached, target, works }) {
  if (!cached || !existsSync(cached)) return "missing";
  try {
    placeAtomically(cached, target);
    if (works()) return "restored";
  } catch {
    // an unreadable entry or an unwritable module folder: compile instead
  }
  rmSync(target, { force: true });
  rmSync(cached, { force: true });
  return "rejected";
}

/** Keeps a built binary in the cache (atomically); false, never a throw, when it cannot. */
export function saveToCache({ built, cached }) {
  if (!cached || !existsSync(built)) return false;
  try {
    placeAtomically(built, cached);
    return true;
  } catch {
    return false;
  }
}

function placeAtomically(from, to) {
  mkdirSync(dirname(to), { recursive: true });
  const temporary = `${to}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    copyFileSync(from, temporary);
    renameSync(temporary, to);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * The whole decision, with every effect injected (native-addons.mjs passes the real ones):
 * already working → keep it (and seed the cache from it when the cache has none); else the cache
 * (unless building from source); else the prebuilt download when asked; else compile. Whatever was
 * built or downloaded and loads goes into the cache. Returns how the module came to work, or
 * "failed".
 */
export function ensureNative({ moduleDir, cached, fromSource, prebuilt, works, tryPrebuilt, compile, say }) {
  const target = join(moduleDir, BINARY);
  if (works()) {
    if (cached && !existsSync(cached) && existsSync(target) && saveToCache({ built: target, cached }))
      say(`kept this checkout's better-sqlite3 in this machine's cache (${cached})`);
    return "present";
  }
  if (!fromSource) {
    const restored = restoreFromCache({ cached, target, works });
    if (restored === "restored") {
      say(`better-sqlite3 taken from this machine's cache (${cached}); nothing compiled`);
      return "cache";
    }
    if (restored === "rejected")
      say(`the cached better-sqlite3 in ${cached} does not load: removed, compiling`);
    if (prebuilt) {
      if (tryPrebuilt() && works()) {
        say("prebuilt binary installed");
        saveToCache({ built: target, cached });
        return "prebuilt";
      }
      say("no prebuilt binary could be installed; compiling instead");
    }
  }
  if (!compile() || !works()) return "failed";
  if (saveToCache({ built: target, cached }))
    say(`kept in this machine's cache for the next checkout (${cached})`);
  return "compiled";
}

/** Loads the module at `moduleDir` in a child process (a broken binary may crash it) and opens a database. */
export function works(moduleDir) {
  const probe = spawnSync(
    process.execPath,
    ["-e", `const D=require(${JSON.stringify(moduleDir)});new D(':memory:').prepare('select 1').get()`],
    { encoding: "utf8", timeout: 60_000 },
  );
  return probe.status === 0;
}
