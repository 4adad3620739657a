#!/usr/bin/env node
/**
 * The one native module Picasso needs — better-sqlite3, the SQLite behind memory — built where
 * only the npm registry is reachable. `npm ci` runs no dependency's install script (`.npmrc`:
 * `ignore-scripts=true`: nothing a package ships runs at install), so `npm run build` and
 * `npm test` call this first. It is quick when the module is there: it loads it and opens an
 * in-memory database, and stops.
 *
 * Otherwise it compiles it from the sources in node_modules/better-sqlite3 with npm's own node-gyp,
 * against Node's headers found on this machine, in order: `npm_config_nodedir` (npm's `nodedir`
 * setting), the prefix of the running `node` (`<prefix>/include/node/node.h`: Debian's and the
 * official tarballs' layout), node-gyp's cache (`~/.cache/node-gyp/<version>`). Headers are used
 * only when their version is the running Node's. With none found, node-gyp downloads them from
 * nodejs.org (said first, since that is what fails behind a registry-only network).
 * It compiles with as many jobs as there are cores.
 *
 * Once per machine, not once per checkout: a compiled binary is kept in a per-machine cache keyed by
 * better-sqlite3's version, Node's ABI, platform, architecture and C library, and a fresh checkout
 * copies it in after checking that it loads (native-cache.mjs; `PICASSO_NATIVE_CACHE=<dir>` moves
 * the cache, `PICASSO_NATIVE_CACHE=off` turns it off). A cached binary that does not load is removed
 * and the module compiled. `PICASSO_SQLITE_PREBUILT=1` tries better-sqlite3's prebuilt binary (a
 * GitHub download) before compiling; `npm_config_build_from_source=true` skips both the cache and
 * the download and compiles. Compiling needs python3, make and a C++ compiler; a missing one is one
 * line naming the Debian packages. Exit code 1 with one line on any failure; the build log is kept
 * in node_modules/better-sqlite3/build-picasso.log.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildFromSource, cacheKey, ensureNative, nativeCacheDir, works } from "./native-cache.mjs";
import { localNodedir } from "./node-headers.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(root, "package.json"));
const say = (line) => process.stdout.write(`native-addons: ${line}\n`);
const fail = (line) => {
  process.stderr.write(`native-addons: ${line}\n`);
  process.exit(1);
};

/** The module's folder, or undefined when `npm ci` has not run. */
function moduleDir() {
  try {
    return dirname(require.resolve("better-sqlite3/package.json"));
  } catch {
    return undefined;
  }
}

function onPath(program) {
  return spawnSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" }).status === 0;
}

/** npm's bundled node-gyp (npm runs this script; else the npm on PATH). */
function nodeGyp() {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: npm runs this script, not turbo
  const npmCli = process.env.npm_execpath;
  const fromNpm = npmCli
    ? resolve(dirname(npmCli), "..", "node_modules", "node-gyp", "bin", "node-gyp.js")
    : undefined;
  if (fromNpm && existsSync(fromNpm)) return fromNpm;
  const which = spawnSync("sh", ["-c", 'readlink -f "$(command -v npm)"'], {
    encoding: "utf8",
  }).stdout.trim();
  const guess = which ? resolve(dirname(which), "..", "node_modules", "node-gyp", "bin", "node-gyp.js") : "";
  return existsSync(guess) ? guess : undefined;
}

const dir = moduleDir();
if (!dir) fail("node_modules/better-sqlite3 is missing: run npm ci first");
const { version } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
const cacheDir = nativeCacheDir();
const cached = cacheDir
  ? join(cacheDir, cacheKey({ name: "better-sqlite3", version }), "better_sqlite3.node")
  : undefined;
const log = join(dir, "build-picasso.log");

function tryPrebuilt() {
  say("trying better-sqlite3's prebuilt binary (PICASSO_SQLITE_PREBUILT=1; a download from GitHub)");
  const prebuilt = spawnSync(process.execPath, [require.resolve("prebuild-install/bin.js")], {
    cwd: dir,
    encoding: "utf8",
    timeout: 120_000,
  });
  return prebuilt.status === 0;
}

function compile() {
  const missing = ["python3", "make"].filter((p) => !onPath(p));
  if (!onPath("g++") && !onPath("c++") && !onPath("clang++")) missing.push("g++");
  if (missing.length > 0)
    fail(
      `better-sqlite3 (memory's SQLite) must be compiled on this machine, which lacks ${missing.join(", ")}: install them (Debian/Ubuntu: sudo apt-get install -y python3 make g++) and run this again`,
    );
  const gyp = nodeGyp();
  if (!gyp) fail("npm's node-gyp was not found: run this through npm (npm run build)");
  const nodedir = localNodedir();
  const jobs = availableParallelism();
  say(
    nodedir
      ? `compiling better-sqlite3 against Node ${process.versions.node}'s headers in ${nodedir} (once per machine; 1–4 minutes, ${jobs} jobs)`
      : `compiling better-sqlite3; no local headers for Node ${process.versions.node} were found, so node-gyp downloads them from nodejs.org (set npm_config_nodedir to a Node install holding include/node to avoid that)`,
  );
  const started = Date.now();
  const build = spawnSync(
    process.execPath,
    [gyp, "rebuild", "--release", `--jobs=${jobs}`, ...(nodedir ? [`--nodedir=${nodedir}`] : [])],
    { cwd: dir, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  writeFileSync(log, `${build.stdout ?? ""}${build.stderr ?? ""}`);
  if (build.status !== 0) fail(`compiling better-sqlite3 failed (exit ${build.status}); the log is ${log}`);
  say(`better-sqlite3 built in ${Math.round((Date.now() - started) / 1000)} s`);
  return true;
}

const outcome = ensureNative({
  moduleDir: dir,
  cached,
  fromSource: buildFromSource(),
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: npm runs this script, not turbo
  prebuilt: process.env.PICASSO_SQLITE_PREBUILT === "1",
  works: () => works(dir),
  tryPrebuilt,
  compile,
  say,
});
if (outcome === "failed") fail(`better-sqlite3 was built but does not load; the log is ${log}`);
