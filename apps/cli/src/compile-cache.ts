/**
 * The binary's compile cache: the code V8 made for the bundle's chunks, kept between runs.
 *
 * Most of what start-up spends before a session is ready is V8 parsing and compiling the bundle
 * (~1.5 MB of it for the TUI). Given the code it made last time (its `cachedData`), V8 compiles a
 * chunk by reading that code instead. Node 22 does this for every module (`module.enableCompileCache`);
 * Node 20 does not, so the bundle is CommonJS (build.mjs) and this hook does it for its chunks:
 * - each `.js` file under `root` (the bundle's folder) that Node loads is compiled as Node would —
 *   the same wrapper, file name and line numbers (stacks and their source maps are unchanged) — with
 *   the cache written for that file last time, when there is one;
 * - `save()` writes, for each chunk compiled without a usable cache, the code V8 has for it by
 *   then: its top level and every function that has run so far (the way to a ready session). The
 *   binary calls it 3 s after it starts (main.ts), so the first session writes it and every later
 *   start reads it; a cache that is there and was taken is never written again;
 * - a cache file belongs to one chunk file, by name, size and modification time (a rebuilt bundle
 *   has other files, so other caches), in a folder of its own for each bundle folder, Node version
 *   and architecture; V8 checks the rest (its version and flags, the source's length) and ignores a
 *   cache that does not fit — counted as rejected, and written anew. V8 does not check a cache's
 *   body, and a damaged one crashes it: each file carries a digest, and one that does not match is
 *   rejected the same way before V8 sees it. Saving removes the caches of chunk files that are gone
 *   or changed;
 * - the folder is in PICASSO_HOME, which sandboxed commands cannot see, and is written only here
 *   (a file at a time, through a temporary file created afresh and a rename): model-written
 *   commands cannot plant code in it. Whatever else stands there — a FIFO, a folder, a symlink, a
 *   huge file — is read as damaged, never blocks, and is replaced by the next save. Any failure to
 *   read or write a cache only costs a start its speed.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import { homedir } from "node:os";
import { basename, dirname, join, sep } from "node:path";
import { constants, Script } from "node:vm";
import { readBoundedFile } from "@picasso/workspace/bounded-file";

declare global {
  namespace NodeJS {
    interface Module {
      /** Node's CommonJS compile-and-run of a module's source (what this file hooks). */
      _compile(content: string, filename: string): unknown;
    }
  }
}

/** How the chunks loaded so far were compiled. */
export interface CompileCacheCounts {
  /** From the cache. */
  cached: number;
  /** From the seed the build wrote (no cache of this install's own yet). */
  seeded: number;
  /** With no cache file. */
  compiled: number;
  /** With a cache file that was damaged, or that V8 would not take (another V8, other flags, another source). */
  rejected: number;
}

export interface CompileCache {
  /** Writes the caches of the chunks compiled without a usable one (each once); how many were written. */
  save(): number;
  counts(): CompileCacheCounts;
  /** Where the caches are. */
  dir: string;
  /** Chunks loaded from now on compile as Node compiles them (what is loaded stays loaded). */
  uninstall(): void;
}

/** The wrapper Node puts around a CommonJS module; its head is a line of its own (`lineOffset: -1`). */
const WRAPPER_HEAD = "(function (exports, require, module, __filename, __dirname) {";
const WRAPPER_TAIL = "\n})";
const SUFFIX = ".v8";

/** Where the caches of the bundle in `root` go: `<PICASSO_HOME>/cache/code/<node>-<arch>-<root's hash>`. */
export function compileCacheDir(root: string, env: NodeJS.ProcessEnv = process.env): string {
  // PICASSO_HOME as the workspace package resolves it (defaultPicassoHome), without loading that package.
  const home =
    env.PICASSO_HOME && env.PICASSO_HOME.length > 0 ? env.PICASSO_HOME : join(homedir(), ".picasso");
  const place = createHash("sha256").update(root).digest("hex").slice(0, 12);
  return join(home, "cache", "code", `${process.version}-${process.arch}-${place}`);
}

/** The cache file's name for a chunk file as it is now (undefined when it cannot be looked at). */
function cacheNameOf(filename: string): string | undefined {
  try {
    const { size, mtimeMs } = statSync(filename);
    return `${basename(filename)}.${size}.${Math.trunc(mtimeMs)}${SUFFIX}`;
  } catch {
    return undefined;
  }
}

/**
 * A cache file is a SHA-256 digest (of the cache file's name and the code) and then V8's code.
 * V8 checks a cache's header but not its body — a damaged body crashes Node as it is read — so a
 * file whose digest does not match is never handed to V8.
 */
const DIGEST_BYTES = 32;

function digestOf(name: string, code: Uint8Array): Buffer {
  return createHash("sha256").update(name).update(code).digest();
}

/** Larger than any cache V8 makes for a chunk (the largest is under 1 MB): more is not ours. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The cache file's code when it is there and whole; "damaged" when something is there that is not
 * (a FIFO, a folder or a device is never opened: `readBoundedFile`, which never blocks on one).
 */
function readCache(dir: string, name: string): Buffer | "damaged" | undefined {
  const read = readBoundedFile(join(dir, name), MAX_CACHE_BYTES);
  if (read.kind === "missing") return undefined;
  if (read.kind !== "text" || read.truncated || read.bytes.length <= DIGEST_BYTES) return "damaged";
  const code = read.bytes.subarray(DIGEST_BYTES);
  return digestOf(name, code).equals(read.bytes.subarray(0, DIGEST_BYTES)) ? code : "damaged";
}

/**
 * The seed: caches the build writes beside the bundle (`build-support/seed-compile-cache.cjs`) by loading
 * the chunks on the way to a session — their top levels and what runs as they load, not a
 * session's first render — so that even the first start on a fresh PICASSO_HOME skips most of the
 * parsing. Used by a chunk with no cache of its own; a session then saves its own, fuller one.
 */
export function compileCacheSeedDir(root: string): string {
  return join(root, "code-cache", `${process.version}-${process.arch}`);
}

/**
 * Compiles the CommonJS chunks under `root` with the caches in `dir` (else the seed in `seedDir`)
 * from now on. Installing it twice in one process would wrap the hook twice: the binary installs
 * it once, at its start.
 */
export function installCompileCache(root: string, dir: string, seedDir?: string): CompileCache {
  const under = root.endsWith(sep) ? root : `${root}${sep}`;
  const counts: CompileCacheCounts = { cached: 0, seeded: 0, compiled: 0, rejected: 0 };
  const unsaved: { script: Script; name: string }[] = [];
  const original = Module.prototype._compile;
  const compileWithCache = function compileWithCache(this: Module, content: string, filename: string) {
    // The entry (it has a #! line, and is what installs this) and anything else goes to Node as ever.
    if (!filename.startsWith(under) || !filename.endsWith(".js") || content.startsWith("#!"))
      return original.call(this, content, filename);
    const name = cacheNameOf(filename);
    const own = name ? readCache(dir, name) : undefined;
    const seeded = own === undefined && name && seedDir ? readCache(seedDir, name) : undefined;
    const found = own ?? seeded;
    const cachedData = found === "damaged" ? undefined : found;
    const script = new Script(`${WRAPPER_HEAD}\n${content}${WRAPPER_TAIL}`, {
      filename,
      lineOffset: -1,
      cachedData,
      importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    const taken = cachedData !== undefined && !script.cachedDataRejected;
    if (taken && own !== undefined) counts.cached++;
    else {
      if (taken) counts.seeded++;
      else if (found) counts.rejected++;
      else counts.compiled++;
      if (name) unsaved.push({ script, name });
    }
    const body: (...args: unknown[]) => unknown = script.runInThisContext({ displayErrors: true });
    return body.call(this.exports, this.exports, createRequire(filename), this, filename, dirname(filename));
  };
  Module.prototype._compile = compileWithCache;
  return {
    dir,
    uninstall() {
      if (Module.prototype._compile === compileWithCache) Module.prototype._compile = original;
    },
    counts: () => ({ ...counts }),
    save() {
      if (unsaved.length === 0) return 0;
      let written = 0;
      let temp: string | undefined;
      try {
        mkdirSync(dir, { recursive: true });
        for (const { script, name } of unsaved.splice(0)) {
          temp = join(dir, `${name}.${process.pid}.tmp`);
          const code = script.createCachedData();
          // Created afresh (O_EXCL): whatever stood at that name (a symlink planted to send the
          // write elsewhere, say) is removed, never written through.
          rmSync(temp, { force: true });
          writeFileSync(temp, Buffer.concat([digestOf(name, code), code]), { flag: "wx" });
          renameSync(temp, join(dir, name));
          temp = undefined;
          written++;
        }
        removeStale(root, dir);
      } catch {
        // A full disk or a read-only PICASSO_HOME: the next start compiles as this one did, and
        // no half-written file is left.
        try {
          if (temp) rmSync(temp, { force: true });
        } catch {
          // Not a file of ours after all (a folder in its place): left as it is.
        }
      }
      return written;
    },
  };
}

/** Removes the caches of chunk files that are no longer in `root` as they were, and stray temp files. */
function removeStale(root: string, dir: string): void {
  for (const entry of readdirSync(dir)) {
    const chunk = /^(.+\.js)\.\d+\.\d+\.v8$/.exec(entry)?.[1];
    if (!chunk || cacheNameOf(join(root, chunk)) !== entry) rmSync(join(dir, entry), { force: true });
  }
}
